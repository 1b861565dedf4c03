/* Ludi map zoom: a map frame ([data-zoom-frame], holding one <svg> whose viewBox is the whole
 * map) opens fitted to the whole map; the wheel, two fingers, the frame's buttons
 * ([data-map-zoom="in|out|fit"]), the keys + − 0 and the arrows (when the frame has the focus)
 * and a double tap (or double click) zoom and pan it by changing the <svg>'s viewBox only.
 * The view is kept per game and map (the frame's data-view-key) in localStorage, and put back
 * whenever the app draws the board again (it redraws the whole <svg> after every decision):
 * a MutationObserver applies it before the new drawing is painted. The page never zooms.
 * The <svg> gets data-fitted (the view is applied) and data-zoom (1: the whole map). */
(function () {
  "use strict";

  var STORE = "ludi.mapview";
  var KEEP = 30;       // games whose view is kept
  var MAX = 8;         // the largest zoom, times the whole map's fit
  var STEP = 1.6;      // one button press or key
  var MOVED = 6;       // px a pointer moves before it pans (a shorter move is a click)
  var views = load();
  var pointers = {};   // pointerId -> {x, y}
  var gesture = null;  // {frame, moved, x, y, spread}
  var swallow = 0;     // time until which a click ends a drag, not a decision
  var lastTap = null;  // {t, x, y}
  var sizes = typeof ResizeObserver === "function" ? new ResizeObserver(function (entries) {
    entries.forEach(function (entry) { apply(entry.target); });
  }) : null;

  function load() {
    try { return JSON.parse(localStorage.getItem(STORE)) || {}; } catch (e) { return {}; }
  }

  var saving = 0;
  function flush() {
    if (!saving) return;
    clearTimeout(saving);
    saving = 0;
    var keys = Object.keys(views).sort(function (a, b) { return views[b].t - views[a].t; });
    keys.slice(KEEP).forEach(function (k) { delete views[k]; });
    try { localStorage.setItem(STORE, JSON.stringify(views)); } catch (e) { /* full: keep in memory */ }
  }
  function save() {
    clearTimeout(saving);
    saving = setTimeout(flush, 250);
  }
  // a reload or a closed tab within the wait still keeps the last view
  window.addEventListener("pagehide", flush);

  function view(frame) {
    var key = frame.getAttribute("data-view-key") || "map";
    var v = views[key];
    if (!v || !(v.z >= 1 && v.z <= MAX) || !isFinite(v.x) || !isFinite(v.y)) {
      v = views[key] = {z: 1, x: NaN, y: NaN, t: 0};
    }
    return v;
  }

  function mapSize(svg) {
    if (!svg.hasAttribute("data-map-w")) {
      var box = (svg.getAttribute("viewBox") || "0 0 1000 700").split(/[\s,]+/);
      svg.setAttribute("data-map-x", box[0]);
      svg.setAttribute("data-map-y", box[1]);
      svg.setAttribute("data-map-w", box[2]);
      svg.setAttribute("data-map-h", box[3]);
    }
    return [+svg.getAttribute("data-map-w"), +svg.getAttribute("data-map-h"),
            +svg.getAttribute("data-map-x"), +svg.getAttribute("data-map-y")];
  }

  function metrics(frame) {
    var svg = frame.querySelector("svg");
    if (!svg) return null;
    var wh = mapSize(svg), fw = frame.clientWidth, fh = frame.clientHeight;
    if (!fw || !fh) return null;
    var fit = Math.min(fw / wh[0], fh / wh[1]);
    return {svg: svg, w: wh[0], h: wh[1], x0: wh[2], y0: wh[3], fw: fw, fh: fh, fit: fit};
  }

  function centre(c, span, total) {
    return span >= total ? total / 2 : Math.min(Math.max(c, span / 2), total - span / 2);
  }

  function apply(frame) {
    var m = metrics(frame);
    if (!m) return;
    var v = view(frame), k = m.fit * v.z, vw = m.fw / k, vh = m.fh / k;
    v.x = m.x0 + centre(isFinite(v.x) ? v.x - m.x0 : m.w / 2, vw, m.w);
    v.y = m.y0 + centre(isFinite(v.y) ? v.y - m.y0 : m.h / 2, vh, m.h);
    var box = [v.x - vw / 2, v.y - vh / 2, vw, vh].map(function (n) { return n.toFixed(2); });
    m.svg.setAttribute("viewBox", box.join(" "));
    m.svg.setAttribute("data-fitted", "");
    m.svg.setAttribute("data-zoom", v.z.toFixed(2));
    frame.setAttribute("data-zoomed", v.z > 1.001 ? "true" : "false");
    var wrap = frame.closest(".cc-map-wrap") || frame.parentNode;
    wrap.querySelectorAll("[data-map-zoom]").forEach(function (button) {
      var kind = button.getAttribute("data-map-zoom");
      button.disabled = kind === "in" ? v.z >= MAX - 1e-3 : v.z <= 1.001;
    });
  }

  function zoomAt(frame, factor, clientX, clientY) {
    var m = metrics(frame);
    if (!m) return;
    var v = view(frame), rect = frame.getBoundingClientRect();
    var dx = (clientX === undefined ? rect.left + m.fw / 2 : clientX) - rect.left - m.fw / 2;
    var dy = (clientY === undefined ? rect.top + m.fh / 2 : clientY) - rect.top - m.fh / 2;
    var k = m.fit * v.z, px = v.x + dx / k, py = v.y + dy / k;
    v.z = Math.min(MAX, Math.max(1, v.z * factor));
    k = m.fit * v.z;
    v.x = px - dx / k;
    v.y = py - dy / k;
    v.t = Date.now();
    apply(frame);
    save();
  }

  function panBy(frame, dx, dy) {
    var m = metrics(frame);
    if (!m) return;
    var v = view(frame), k = m.fit * v.z;
    v.x -= dx / k;
    v.y -= dy / k;
    v.t = Date.now();
    apply(frame);
    save();
  }

  function fitWhole(frame) {
    var v = view(frame);
    v.z = 1; v.x = NaN; v.y = NaN; v.t = Date.now();
    apply(frame);
    save();
  }

  // pieces a recap line spots (assets/js/motion.js spot): when some of a zoomed map's are
  // out of its window, move the view to centre them, or show the whole map if they do not fit
  function reveal(elements) {
    var byFrame = new Map();
    (elements || []).forEach(function (el) {
      var frame = el.ownerSVGElement ? frameOf(el.ownerSVGElement) : null;
      if (!frame) return;
      var r = el.getBoundingClientRect();
      var u = byFrame.get(frame);
      byFrame.set(frame, u ? {left: Math.min(u.left, r.left), top: Math.min(u.top, r.top),
                              right: Math.max(u.right, r.right), bottom: Math.max(u.bottom, r.bottom)}
                           : {left: r.left, top: r.top, right: r.right, bottom: r.bottom});
    });
    byFrame.forEach(function (u, frame) {
      var f = frame.getBoundingClientRect();
      if (u.left >= f.left && u.right <= f.right && u.top >= f.top && u.bottom <= f.bottom) return;
      if (u.right - u.left > f.width * 0.9 || u.bottom - u.top > f.height * 0.9) {
        fitWhole(frame);
      } else {
        panBy(frame, (f.left + f.right - u.left - u.right) / 2, (f.top + f.bottom - u.top - u.bottom) / 2);
      }
    });
  }

  function frameOf(target) {
    return target && target.closest ? target.closest("[data-zoom-frame]") : null;
  }

  // a phone's decision sheet is fixed at the foot of the screen: the map above it takes the
  // rest (--decide-h, assets/css/concordia.css), kept up to date as the sheet changes
  var sheets = typeof ResizeObserver === "function" ? new ResizeObserver(function (entries) {
    var h = entries[entries.length - 1].target.offsetHeight;
    document.documentElement.style.setProperty("--decide-h", h + "px");
  }) : null;

  function sweep() {
    var sheet = document.querySelector("#screen .decide");
    if (sheets && sheet && !sheet.hasAttribute("data-observed")) {
      sheet.setAttribute("data-observed", "");
      sheets.observe(sheet);
    }
    document.querySelectorAll("[data-zoom-frame]").forEach(function (frame) {
      var svg = frame.querySelector("svg");
      if (svg && !svg.hasAttribute("data-fitted")) apply(frame);
      if (sizes && !frame.hasAttribute("data-observed")) {
        frame.setAttribute("data-observed", "");
        sizes.observe(frame);
      }
    });
  }

  new MutationObserver(sweep).observe(document.documentElement, {childList: true, subtree: true});

  document.addEventListener("wheel", function (event) {
    var frame = frameOf(event.target);
    if (!frame) return;
    event.preventDefault();
    var delta = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
    zoomAt(frame, Math.exp(-delta * (event.ctrlKey ? 0.01 : 0.002)), event.clientX, event.clientY);
  }, {passive: false});

  function spread() {
    var p = Object.keys(pointers).map(function (id) { return pointers[id]; });
    return p.length < 2 ? null : {d: Math.hypot(p[0].x - p[1].x, p[0].y - p[1].y),
                                  x: (p[0].x + p[1].x) / 2, y: (p[0].y + p[1].y) / 2};
  }

  document.addEventListener("pointerdown", function (event) {
    var frame = frameOf(event.target);
    if (!frame || (event.pointerType === "mouse" && event.button !== 0)) return;
    pointers[event.pointerId] = {x: event.clientX, y: event.clientY};
    if (!gesture || gesture.frame !== frame) {
      gesture = {frame: frame, moved: false, x: event.clientX, y: event.clientY, pinch: null};
    }
    gesture.pinch = spread();
  });

  document.addEventListener("pointermove", function (event) {
    var g = gesture, here = pointers[event.pointerId];
    if (!g || !here) return;
    var dx = event.clientX - here.x, dy = event.clientY - here.y;
    if (!g.moved && Math.hypot(event.clientX - g.x, event.clientY - g.y) < MOVED && !g.pinch) return;
    if (!g.moved) {
      g.moved = true;
      try { g.frame.setPointerCapture(event.pointerId); } catch (e) { /* gone */ }
    }
    here.x = event.clientX;
    here.y = event.clientY;
    var now = spread();
    if (now && g.pinch) {
      if (g.pinch.d > 0) zoomAt(g.frame, now.d / g.pinch.d, now.x, now.y);
      panBy(g.frame, now.x - g.pinch.x, now.y - g.pinch.y);
      g.pinch = now;
    } else if (view(g.frame).z > 1.001) {
      panBy(g.frame, dx, dy);
    } else if (event.pointerType !== "mouse") {
      window.scrollBy(0, -dy);  // the whole map in view: a finger scrolls the page
    }
  });

  function lift(event) {
    var g = gesture;
    if (!pointers[event.pointerId]) return;
    delete pointers[event.pointerId];
    if (!g) return;
    if (g.moved) swallow = Date.now() + 350;
    g.pinch = spread();
    if (Object.keys(pointers).length) return;
    gesture = null;
    if (g.moved || event.type === "pointercancel" || event.pointerType === "mouse") return;
    var now = Date.now();
    if (lastTap && now - lastTap.t < 320 && Math.hypot(event.clientX - lastTap.x,
                                                       event.clientY - lastTap.y) < 30) {
      lastTap = null;
      swallow = now + 350;  // the second tap zooms; it decides nothing
      zoomAt(g.frame, 2, event.clientX, event.clientY);
    } else {
      lastTap = {t: now, x: event.clientX, y: event.clientY};
    }
  }
  document.addEventListener("pointerup", lift);
  document.addEventListener("pointercancel", lift);

  document.addEventListener("click", function (event) {
    if (Date.now() < swallow && frameOf(event.target)) {
      event.stopPropagation();
      event.preventDefault();
    }
  }, true);

  document.addEventListener("dblclick", function (event) {
    var frame = frameOf(event.target);
    if (frame) zoomAt(frame, 2, event.clientX, event.clientY);
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-map-zoom]");
    if (!button) return;
    var wrap = button.closest(".cc-map-wrap") || document;
    var frame = wrap.querySelector("[data-zoom-frame]");
    if (!frame) return;
    var kind = button.getAttribute("data-map-zoom");
    if (kind === "fit") fitWhole(frame);
    else zoomAt(frame, kind === "in" ? STEP : 1 / STEP);
  });

  var KEYS = {ArrowLeft: [1, 0], ArrowRight: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1]};
  document.addEventListener("keydown", function (event) {
    var frame = frameOf(event.target);
    if (!frame || event.altKey || event.ctrlKey || event.metaKey) return;
    var key = event.key;
    if (key === "+" || key === "=") zoomAt(frame, STEP);
    else if (key === "-" || key === "_") zoomAt(frame, 1 / STEP);
    else if (key === "0") fitWhole(frame);
    else if (KEYS[key]) {
      panBy(frame, KEYS[key][0] * frame.clientWidth * 0.2, KEYS[key][1] * frame.clientHeight * 0.2);
    } else return;
    event.preventDefault();
    event.stopPropagation();
  }, true);

  window.ludiMapZoom = {apply: sweep, fit: fitWhole, zoomAt: zoomAt, views: views, reveal: reveal};
})();
