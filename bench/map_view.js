// The Concordia map's view measured in the page (bench/map_view.py, e2e/test_map_view.py):
// the share of the screen showing the map, how tall its texts are drawn, and which labels
// something covers. Evaluated as a function expression; returns a plain object.
() => {
  const svg = document.querySelector('#board svg.cc-map');
  const frame = svg.getBoundingClientRect();  // the map's own window (its frame's inside)
  const vh = window.innerHeight;
  const decide = document.querySelector('.decide');
  const phone = window.innerWidth <= 700;
  const bottom = Math.min(frame.bottom, vh, phone && decide ? decide.getBoundingClientRect().top : vh);
  const mapShare = Math.max(0, bottom - Math.max(frame.top, 0)) / vh;
  const scale = (el) => { const m = el.getScreenCTM(); return Math.hypot(m.a, m.b); };
  const drawn = (el) => {
    const s = getComputedStyle(el);
    return s.display !== 'none' && s.visibility !== 'hidden' && +s.opacity !== 0;
  };
  const texts = [...svg.querySelectorAll('.cc-city-name, .cc-letter')].filter(drawn);
  // a goods sign is a drawn symbol (ui/art.py): its height on screen counts as a text's
  const signs = [...svg.querySelectorAll('.cc-city .cc-good use')].filter(drawn);
  const px = [...texts.map((t) => parseFloat(getComputedStyle(t).fontSize) * scale(t)),
              ...signs.map((u) => u.getBoundingClientRect().height)].sort((a, b) => a - b);
  const names = [...svg.querySelectorAll('.cc-city-name')];
  const hidden = names.filter((t) => !drawn(t)).length;
  // boxes, shrunk by 1 px (a text's box holds its line's spacing, not only ink)
  const box = (el, label) => {
    const r = el.getBoundingClientRect();
    return {label, l: r.left + 1, t: r.top + 1, r: r.right - 1, b: r.bottom - 1};
  };
  const inFrame = (b) => b.r > frame.left && b.l < frame.right && b.b > frame.top && b.t < frame.bottom;
  const labels = [
    ...names.filter(drawn).map((t) => box(t, 'name ' + t.textContent)),
    ...[...svg.querySelectorAll('.cc-province-name')].map((t) => box(t, 'province ' + t.textContent)),
  ].filter(inFrame);
  const covers = [
    ...[...svg.querySelectorAll('.cc-pad .badge')].map((c) => box(c, 'pad')),
    ...[...svg.querySelectorAll('.cc-preview rect')].map((c) => box(c, 'tag')),
    ...[...svg.querySelectorAll('.cc-good-disc')].map((c) => box(c, 'good')),
    ...[...document.querySelectorAll('.map-zoom button, .sheet-head button')]
      .filter((c) => c.getClientRects().length).map((c) => box(c, 'control')),
  ];
  const hit = (a, b) => Math.min(a.r, b.r) - Math.max(a.l, b.l) > 0.5
    && Math.min(a.b, b.b) - Math.max(a.t, b.t) > 0.5;
  const found = [];
  labels.forEach((a, i) => {
    labels.forEach((b, j) => { if (j > i && hit(a, b)) found.push(a.label + ' / ' + b.label); });
    covers.forEach((c) => { if (hit(a, c)) found.push(a.label + ' / ' + c.label); });
  });
  return {
    mapShare, frameH: frame.height, frameW: frame.width,
    p10: px.length ? px[Math.floor(px.length * 0.1)] : 0, min: px.length ? px[0] : 0,
    texts: px.length, names: names.length, hidden, covers: found,
  };
}
