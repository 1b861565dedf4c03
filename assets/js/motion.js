/* Ludi motion: pieces move from where they were to where they went (FLIP with the Web
 * Animations API), over both boards, from stable piece ids. Python (ui/motion.py) calls:
 *
 *   ludiMotion.before(root)            before the screen is drawn again: remember every piece
 *   ludiMotion.after(root, ms, clear, from, to, person)
 *                                      after: animate what moved, appeared, left or changed
 *                                      for ms milliseconds (0: no motion) and mark it
 *                                      data-changed; clear forgets the earlier marks first;
 *                                      from/to are the log entries this drawing shows (a recap
 *                                      line asks for the pieces of its entry; from < 0: none);
 *                                      person: a person's decision starts with this drawing:
 *                                      what still moves from earlier drawings lands at once,
 *                                      and only the map's pieces move (cards and panels are
 *                                      only marked), so nothing flies over the sheet the
 *                                      person opens next (issue 45).
 *                                      Returns how many pieces changed.
 *   ludiMotion.spotEntries(root, entries, selectors)
 *                                      highlight (data-spot) the pieces changed by these log
 *                                      entries (space-separated) and the elements matching
 *                                      these selectors (separated by "|")
 *   ludiMotion.reset()                 forget every mark (a new game)
 *
 * Pieces are elements carrying data-pid="<stable id>" and optionally
 *   data-kind="<what kind of piece>"  a unit of a kind that leaves one place and arrives at
 *                                     another (a family member, a citizen) flies between them
 *   data-count="<n>"                  a stack of n units of its kind (counts, not positions)
 *   data-state="<text>"               anything else that shows (a good, money): a change marks it
 *   data-source="<kind> <kind>…"      where units of these kinds come from when no piece of
 *                                     that kind left anywhere (the bag for citizens)
 *   data-via="x y x y …"              a map piece that moved went through these points (its
 *                                     map's units), in order: it travels along them
 * A piece of a map moved when it stands elsewhere in its <svg>; HTML pieces (panels, cards)
 * move only as units of a kind that left one place for another, never because the layout
 * around them shifted.
 *
 * With prefers-reduced-motion: reduce, nothing moves or fades: the changed pieces are only
 * marked (data-changed, drawn by assets/css/motion.css).
 * Every animation made here has an id starting with "ludi-" (tests tell them from CSS ones).
 */
(function () {
  "use strict";

  var snapshot = null;
  var marked = new Set();
  var byEntry = [];  // [{from, to, ids: [...]}], newest last, a bounded list

  function frameOf(el) {
    var svg = el.ownerSVGElement;
    return svg || el.closest("[data-motion-root]") || document.body;
  }

  var frames = null;  // frame -> its rect, during one reading of the pieces

  function describe(el) {
    var r = el.getBoundingClientRect();
    var frame = frameOf(el);
    var f = frames && frames.get(frame);
    if (!f) {
      f = frame.getBoundingClientRect();
      if (frames) frames.set(frame, f);
    }
    return {
      el: el, x: r.left + r.width / 2, y: r.top + r.height / 2,
      rx: r.left - f.left + r.width / 2, ry: r.top - f.top + r.height / 2,
      w: r.width, h: r.height,
      kind: el.getAttribute("data-kind") || "",
      count: parseInt(el.getAttribute("data-count") || "1", 10) || 0,
      state: el.getAttribute("data-state") || "",
      svg: !!el.ownerSVGElement
    };
  }

  function pieces(root) {
    var out = new Map();
    if (!root) return out;
    frames = new Map();
    var list = root.querySelectorAll("[data-pid]");
    for (var i = 0; i < list.length; i++) {
      var el = list[i];
      if (!el.getClientRects().length) continue;  // not shown (a closed sheet)
      out.set(el.getAttribute("data-pid"), describe(el));
    }
    frames = null;
    return out;
  }

  function before(root) {
    snapshot = pieces(root);
  }

  /* Moving pieces in place would repaint the whole map (or restyle the page) at every frame.
   * Instead a copy of the piece is lifted into a small fixed box of its own above the page
   * (moved by the compositor), and the piece itself is hidden until the copy lands. */
  var NS = "http://www.w3.org/2000/svg";
  var PAD = 8;

  /* The lifted copies live in one box of their own: adding or removing one there never makes
   * the browser restyle the page's other children of <body>. */
  var lifts = null;

  function layer() {
    if (!lifts || !lifts.isConnected) {
      lifts = document.createElement("div");
      lifts.id = "ludi-lifts";
      lifts.setAttribute("aria-hidden", "true");
      document.body.appendChild(lifts);
    }
    return lifts;
  }

  function liftHtml(node, rect) {
    var box = document.createElement("div");
    box.className = "ludi-lift";
    box.setAttribute("aria-hidden", "true");
    box.style.cssText = "position:fixed;margin:0;left:" + rect.left + "px;top:" + rect.top +
      "px;width:" + rect.width + "px;height:" + rect.height + "px;pointer-events:none;" +
      "z-index:40;will-change:transform,opacity;transform-origin:50% 50%";
    var copy = node.cloneNode(true);
    strip(copy);
    copy.style.margin = "0";
    copy.style.width = "100%";
    copy.style.height = "100%";
    copy.style.boxSizing = "border-box";
    box.appendChild(copy);
    layer().appendChild(box);
    return box;
  }

  function strip(copy) {
    ["id", "data-pid", "data-changed", "data-spot", "data-hint", "tabindex", "role",
     "data-cmd"].forEach(function (a) { copy.removeAttribute(a); });
    copy.style.opacity = "";
  }

  /* Every read of the page's geometry happens before the first write (an overlay added,
   * a piece hidden): a read after a write would make the browser lay out the page again,
   * once per piece. ctms holds each map's screen transform, read up front. */
  var ctms = new Map();

  function readCtms(root, pieceMaps) {
    ctms = new Map();
    var svgs = root ? root.querySelectorAll("svg[class]") : [];
    for (var i = 0; i < svgs.length; i++) {
      if (svgs[i].querySelector("[data-pid]")) ctms.set(svgs[i], svgs[i].getScreenCTM());
    }
  }

  function lift(node, svgRef, rect) {
    var m = svgRef && ctms.get(svgRef);
    if (!m || !m.a || !m.d || !rect.width) return null;
    var left = rect.left - PAD, top = rect.top - PAD;
    var w = rect.width + 2 * PAD, h = rect.height + 2 * PAD;
    var svg = document.createElementNS(NS, "svg");
    svg.setAttribute("viewBox", [(left - m.e) / m.a, (top - m.f) / m.d, w / m.a, h / m.d].join(" "));
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("class", "ludi-lift");
    var font = svgRef.getAttribute("font-family");
    if (font) svg.setAttribute("font-family", font);
    svg.style.cssText = "position:fixed;left:" + left + "px;top:" + top + "px;width:" + w +
      "px;height:" + h + "px;overflow:visible;pointer-events:none;z-index:40;" +
      "will-change:transform,opacity;transform-origin:50% 50%";
    var copy = node.cloneNode(true);
    strip(copy);
    svg.appendChild(copy);
    layer().appendChild(svg);
    return svg;
  }

  /* Run keyframes on `el` (HTML) or on a lifted copy of it (SVG); the SVG piece is hidden
   * while its copy moves, and every hidden piece shows again at once when the last copy has
   * landed (one repaint of the map, not one per piece). */
  var batch = null;

  function play(el, rect, keyframes, timing) {
    var copy = el.ownerSVGElement ? lift(el, el.ownerSVGElement, rect) : liftHtml(el, rect);
    if (!copy) return null;
    el.style.opacity = "0";  // still hit by clicks while its copy moves
    var a = copy.animate(keyframes, timing);
    var landed = a.finished.catch(function () {});
    if (batch) {
      batch.push([el, copy, landed]);
    } else {  // a highlight outside a drawing (a recap line): it lands on its own
      landed.then(function () { el.style.opacity = ""; copy.remove(); });
    }
    return a;
  }

  function land(list) {
    Promise.all(list.map(function (x) { return x[2]; })).then(function () {
      var t0 = performance.now();
      list.forEach(function (x) { x[0].style.opacity = ""; x[1].remove(); });
      performance.measure("ludi-land", {start: t0, end: performance.now()});
      performance.mark("ludi-landed");
    });
  }

  function rectOf(p) {
    return {left: p.x - p.w / 2, top: p.y - p.h / 2, width: p.w, height: p.h};
  }

  function slide(p, dx, dy, ms, delay) {
    var way = trail(p, dx, dy);
    var frames = way.map(function (pt) {
      return {transform: "translate(" + pt[0] + "px," + pt[1] + "px)", offset: pt[2]};
    });
    var longer = Math.min(1.8, 1 + 0.3 * (way.length - 2));
    return play(p.el, rectOf(p), frames,
                {duration: ms * longer, delay: delay || 0,
                 easing: way.length > 2 ? "ease-in-out" : "cubic-bezier(.3,.7,.3,1)",
                 fill: "backwards", id: "ludi-move"});
  }

  /* The way of a moved map piece, as offsets from where it lands: straight from where it
   * stood, or through the points of its data-via ("x y x y …" in its map's units: the
   * cities a Concordia colonist passed). Keyframe offsets follow the distance, so the pace
   * along the way is even. */
  function trail(p, dx, dy) {
    var pts = [[dx, dy]];
    var via = p.svg ? (p.el.getAttribute("data-via") || "").trim() : "";
    var m = via && ctms.get(p.el.ownerSVGElement);
    if (m) {
      var n = via.split(/\s+/).map(Number);
      for (var i = 0; i + 1 < n.length; i += 2) {
        pts.push([m.a * n[i] + m.e - p.x, m.d * n[i + 1] + m.f - p.y]);
      }
    }
    pts.push([0, 0]);
    var total = 0, run = [0];
    for (var k = 1; k < pts.length; k++) {
      total += Math.hypot(pts[k][0] - pts[k - 1][0], pts[k][1] - pts[k - 1][1]);
      run.push(total);
    }
    return pts.map(function (pt, j) { return [pt[0], pt[1], total ? run[j] / total : j / (pts.length - 1)]; });
  }

  function pop(p, ms, delay) {
    return play(p.el, rectOf(p), [{transform: "scale(.3)", opacity: 0},
                                  {transform: "scale(1.15)", opacity: 1, offset: 0.7},
                                  {transform: "scale(1)", opacity: 1}],
                {duration: ms, delay: delay || 0, easing: "ease-out", fill: "backwards",
                 id: "ludi-appear"});
  }

  function pulse(p, ms) {
    return play(p.el, rectOf(p), [{transform: "scale(1)"}, {transform: "scale(1.25)"},
                                  {transform: "scale(1)"}],
                {duration: ms, easing: "ease-in-out", id: "ludi-change"});
  }

  /* A piece that left: a copy of it fades and shrinks where it was (SVG pieces: the old node
   * is detached, but it draws the same in the new map's space). */
  function vanish(old, root, ms) {
    if (!old.svg) return;
    var svg = root.querySelector("svg");
    var cls = old.el.ownerSVGElement && old.el.ownerSVGElement.getAttribute("class");
    if (cls) svg = root.querySelector("svg[class=\"" + cls + "\"]") || svg;
    var ghost = svg && lift(old.el, svg, rectOf(old));
    if (!ghost) return;
    var a = ghost.animate([{opacity: 1, transform: "scale(1)"},
                           {opacity: 0, transform: "scale(.4)"}],
                          {duration: ms, easing: "ease-in", fill: "forwards", id: "ludi-leave"});
    a.onfinish = function () { ghost.remove(); };
    a.oncancel = a.onfinish;
  }

  function units(map) {
    var byKind = {};
    map.forEach(function (p, id) {
      if (!p.kind) return;
      (byKind[p.kind] = byKind[p.kind] || []).push([id, p]);
    });
    return byKind;
  }

  function sourceFor(root, kind) {
    var list = root.querySelectorAll("[data-source]");
    for (var i = 0; i < list.length; i++) {
      if ((" " + list[i].getAttribute("data-source") + " ").indexOf(" " + kind + " ") >= 0) {
        return describe(list[i]);
      }
    }
    return null;
  }

  function reducedMotion() {
    return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  }

  /* Timing marks for the page's own tests (e2e/test_motion.py): "ludi-layout" is the
   * browser laying out the new screen (it would do that anyway, at the next frame),
   * "ludi-motion" our own work, "ludi-painted" when the first frame of the new screen has
   * been drawn, "ludi-landed" when the pieces of this drawing have landed ("ludi-land": our
   * work then). */
  function after(root, ms, clear, from, to, person) {
    var t0 = performance.now();
    if (root) void root.offsetHeight;
    var t1 = performance.now();
    performance.measure("ludi-layout", {start: t0, end: t1});
    try {
      if (person) landNow();
      return animate(root, ms, clear, from, to, !!person);
    } finally {
      performance.measure("ludi-motion", {start: t1, end: performance.now()});
      requestAnimationFrame(function () {
        setTimeout(function () { performance.mark("ludi-painted"); }, 0);
      });
    }
  }

  /* Every animation of ours still running ends where it lands (its copy goes, its piece
   * shows). */
  function landNow() {
    document.getAnimations().forEach(function (a) {
      if ((a.id || "").indexOf("ludi-") !== 0 || a.playState === "finished") return;
      try { a.finish(); } catch (e) { a.cancel(); }
    });
  }

  function animate(root, ms, clear, from, to, mapOnly) {
    ms = +ms || 0;
    var reduced = reducedMotion();
    if (clear) marked.clear();
    var old = snapshot || new Map();
    snapshot = null;
    var now = pieces(root);
    var changed = [];
    var moved = [];      // [piece now, dx, dy]
    var appeared = [];
    var left = [];
    var restated = [];
    now.forEach(function (p, id) {
      var o = old.get(id);
      if (!o) { appeared.push(id); return; }
      // A piece on a map moved if it stands elsewhere on the map; in the HTML panels a
      // shift in the layout (a list that grew) is not a move.
      var dx = o.rx - p.rx, dy = o.ry - p.ry;
      if (p.svg && (Math.abs(dx) > 1.5 || Math.abs(dy) > 1.5)) {
        moved.push([id, o.x - p.x, o.y - p.y]);
      } else if (o.state !== p.state || o.count !== p.count) {
        restated.push(id);
      }
    });
    old.forEach(function (o, id) { if (!now.has(id)) left.push(id); });
    if (old.size === 0) {  // the first drawing of a game: nothing moved
      appeared = [];
      left = [];
    }
    // Units that left one place and arrived at another fly between them.
    var gone = {}, come = {};
    old.forEach(function (o, id) {
      if (!o.kind) return;
      var n = now.get(id);
      var lost = o.count - (n && n.kind === o.kind ? n.count : 0);
      for (var k = 0; k < lost; k++) (gone[o.kind] = gone[o.kind] || []).push(o);
    });
    now.forEach(function (p, id) {
      if (!p.kind || old.size === 0) return;
      var o = old.get(id);
      var gained = p.count - (o && o.kind === p.kind ? o.count : 0);
      for (var k = 0; k < gained; k++) (come[p.kind] = come[p.kind] || []).push([id, p]);
    });
    var flights = [];
    var flown = new Set();
    Object.keys(come).forEach(function (kind) {
      var from = gone[kind] || [];
      come[kind].forEach(function (pair, k) {
        var src = from[k] || sourceFor(root, kind);
        if (src && !flown.has(pair[0])) {
          flown.add(pair[0]);
          flights.push([pair[0], src.x - pair[1].x, src.y - pair[1].y]);
        }
      });
      from.slice(come[kind].length).forEach(function (o) { o.unpaired = true; });
    });
    Object.keys(gone).forEach(function (kind) {
      if (!come[kind]) gone[kind].forEach(function (o) { o.unpaired = true; });
    });

    moved.concat(flights).forEach(function (m) { changed.push(m[0]); });
    appeared.concat(restated).forEach(function (id) { changed.push(id); });
    changed.forEach(function (id) { marked.add(id); });
    if (from != null && +from >= 0 && changed.length) {
      byEntry.push({from: +from, to: +to, ids: changed.slice()});
      if (byEntry.length > 400) byEntry.shift();
    }
    readCtms(root);
    if (ms > 0 && !reduced) {
      batch = [];
      var stagger = Math.min(40, ms / 10);
      var k = 0;
      var shown = function (id) { return !mapOnly || now.get(id).svg; };
      moved.forEach(function (m) {
        if (!flown.has(m[0])) slide(now.get(m[0]), m[1], m[2], ms, stagger * k++);
      });
      flights.forEach(function (m) {
        if (shown(m[0])) slide(now.get(m[0]), m[1], m[2], ms, stagger * k++);
      });
      appeared.forEach(function (id) {
        if (!flown.has(id) && shown(id)) pop(now.get(id), Math.round(ms * 0.7), stagger * k++);
      });
      restated.forEach(function (id) {
        if (!flown.has(id) && shown(id)) pulse(now.get(id), Math.round(ms * 0.6));
      });
      left.forEach(function (id) { vanish(old.get(id), root, Math.round(ms * 0.6)); });
      land(batch);
      batch = null;
      applyMarks(root);
    } else {
      applyMarks(root);
    }
    return changed.length;
  }

  /* Put data-changed on every marked piece that is drawn now. */
  function applyMarks(root) {
    if (!root) return;
    marked.forEach(function (id) {
      var el = root.querySelector("[data-pid=\"" + CSS.escape(id) + "\"]");
      if (el) el.setAttribute("data-changed", "");
    });
  }

  /* The pieces changed by the drawing that showed log entry `entry` (none if not seen). */
  function idsOf(entry) {
    for (var i = byEntry.length - 1; i >= 0; i--) {
      var e = byEntry[i];
      if (entry >= e.from && entry < e.to) return e.ids;
    }
    return [];
  }

  function spotEntries(root, entries, selectors) {
    var ids = [];
    String(entries || "").split(" ").forEach(function (e) {
      if (e !== "") ids = ids.concat(idsOf(+e));
    });
    return spot(root, ids, String(selectors || "").split("|").filter(Boolean));
  }

  function spot(root, ids, selectors) {
    if (!root) return 0;
    var old = root.querySelectorAll("[data-spot]");
    for (var i = 0; i < old.length; i++) old[i].removeAttribute("data-spot");
    var found = [];
    (ids || []).forEach(function (id) {
      var el = root.querySelector("[data-pid=\"" + CSS.escape(id) + "\"]");
      if (el) found.push(el);
    });
    (selectors || []).forEach(function (sel) {
      try {
        var list = root.querySelectorAll(sel);
        for (var j = 0; j < list.length; j++) found.push(list[j]);
      } catch (e) { /* a bad selector spots nothing */ }
    });
    // a zoomed map moves its view to them first (assets/js/mapzoom.js)
    if (found.length && window.ludiMapZoom && window.ludiMapZoom.reveal) window.ludiMapZoom.reveal(found);
    var reduced = reducedMotion();
    found.forEach(function (el) {
      el.setAttribute("data-spot", "");
      if (!reduced) pulse(describe(el), 600);
    });
    if (found.length) {
      var first = found[0];
      if (first.scrollIntoView) first.scrollIntoView({block: "nearest", inline: "nearest"});
    }
    return found.length;
  }

  function reset() {
    marked.clear();
    byEntry = [];
    snapshot = null;
  }

  window.ludiMotion = {
    before: before, after: after, spot: spot, spotEntries: spotEntries, reset: reset,
    idsOf: idsOf,
    marks: function () { return Array.from(marked); }
  };
})();
