/* Ludi pinch: two fingers on a map that zooms inside its own frame (the Concordia map on a
 * phone, ui/screens/play.py zoom_buttons) make it larger or smaller; the page itself never
 * zooms there (touch-action in assets/css/app.css). While the fingers move, the map follows
 * them (a CSS scale); when they lift, a pinch wider or narrower than STEP takes one zoom step
 * by the zoom buttons, so the app draws the map again at that size, as with the buttons. */
(function () {
  "use strict";

  var STEP = 1.25;     // how much farther apart (or closer) the fingers move for a zoom step
  var gesture = null;  // {frame, map, start}

  function spread(touches) {
    return Math.hypot(touches[0].clientX - touches[1].clientX,
                      touches[0].clientY - touches[1].clientY);
  }

  function zoomable(target) {
    var frame = target && target.closest && target.closest('[data-role="board"]');
    return frame && frame.querySelector('.zoom [data-cmd="zoom"]') ? frame : null;
  }

  document.addEventListener("touchstart", function (event) {
    if (event.touches.length !== 2) return;
    var frame = zoomable(event.target);
    var map = frame && frame.querySelector("[data-keep-scroll] svg");
    if (!map) return;
    gesture = {frame: frame, map: map, start: spread(event.touches), scale: 1};
    map.style.transformOrigin = "50% 50%";
  }, {passive: true});

  document.addEventListener("touchmove", function (event) {
    if (!gesture || event.touches.length !== 2) return;
    gesture.scale = Math.max(0.4, Math.min(2.5, spread(event.touches) / gesture.start));
    gesture.map.style.transform = "scale(" + gesture.scale + ")";
  }, {passive: true});

  function finish() {
    if (!gesture) return;
    var g = gesture;
    gesture = null;
    g.map.style.transform = "";
    var step = g.scale >= STEP ? 1 : g.scale <= 1 / STEP ? -1 : 0;
    var button = step && g.frame.querySelector('.zoom [data-step="' + step + '"]');
    if (button && !button.disabled) button.click();
  }

  document.addEventListener("touchend", function (event) {
    if (event.touches.length < 2) finish();
  }, {passive: true});
  document.addEventListener("touchcancel", finish, {passive: true});
})();
