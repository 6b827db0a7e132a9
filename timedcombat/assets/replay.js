// The replay of one fight (timedcombat show --html): the hex map at the tenth the scrubber
// shows, the swimlanes with a time cursor, the events as text. Everything is read from
// the JSON embedded in the page (the log's events and what timedcombat worked out from
// them); no network. window.replay lets tests and tools drive the page.
(function () {
  "use strict";
  var DATA = JSON.parse(document.getElementById("replay-data").textContent);
  var SVGNS = "http://www.w3.org/2000/svg";
  var FACINGS = ["E", "NE", "NW", "W", "SW", "SE"];
  var DIRS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
  var GONE = { out: 1, fled: 1, dead: 1 };
  var SIZE = 20;  // hex radius in map units
  var SQ3 = Math.sqrt(3);
  var events = DATA.events;
  var END = DATA.end;

  function el(name, attrs, parent) {
    var node = document.createElementNS(SVGNS, name);
    for (var k in attrs) { if (Object.prototype.hasOwnProperty.call(attrs, k)) node.setAttribute(k, attrs[k]); }
    if (parent) parent.appendChild(node);
    return node;
  }
  function html(name, text, parent, cls) {
    var node = document.createElement(name);
    if (text !== undefined && text !== null) node.textContent = text;
    if (cls) node.className = cls;
    if (parent) parent.appendChild(node);
    return node;
  }
  function sec(t) { return (Math.floor(t / 10)) + "." + (t % 10); }
  function isHex(v) {
    return Array.isArray(v) && v.length === 2 && Number.isInteger(v[0]) && Number.isInteger(v[1]);
  }
  // where n figures on one hex are drawn: [dx, dy (north), radius] in hex radii, as
  // mapview.crowd_layout draws them
  function crowdLayout(n) {
    if (n === 1) return [[0, 0, 0.55]];
    if (n === 2) return [[-0.45, 0, 0.36], [0.45, 0, 0.36]];
    var out = [], radius = Math.min(0.26, 0.44 * Math.sin(Math.PI / n));
    for (var i = 0; i < n; i++) {
      var a = Math.PI / 2 - 2 * Math.PI * i / n;
      out.push([0.45 * Math.cos(a), 0.45 * Math.sin(a), radius]);
    }
    return out;
  }
  // where the figures of one hex are drawn when each holds a side of it (a facing name;
  // GURPS half hexes), as mapview.crowd_spots: on the ring towards its side, neighbours
  // pushed apart
  function crowdSpots(sides) {
    var n = sides.length, FULL = 2 * Math.PI;
    if (n < 2 || sides.some(function (s) { return FACINGS.indexOf(s) < 0; })) return crowdLayout(n);
    function mod(v) { return ((v % FULL) + FULL) % FULL; }
    var angles = sides.map(function (s) { return Math.PI / 180 * 60 * FACINGS.indexOf(s); });
    // neighbours pushed apart, order kept (mapview._spread)
    var least = Math.min(Math.PI / 3, FULL / n), idx = angles.map(function (a, i) { return i; });
    idx.sort(function (p, q) { return mod(angles[p]) - mod(angles[q]) || p - q; });
    var x = idx.map(function (i) { return mod(angles[i]); });
    for (var round = 0; round < 200; round++) {
      var moved = false;
      for (var k = 0; k < n; k++) {
        var j = (k + 1) % n, gap = j ? x[j] - x[k] : x[0] + FULL - x[k];
        if (gap < least - 1e-9) { x[k] -= (least - gap) / 2; x[j] += (least - gap) / 2; moved = true; }
      }
      if (!moved) break;
    }
    idx.forEach(function (i, k) { angles[i] = x[k]; });
    var gapMin = Infinity;
    for (var i = 0; i < n; i++) {
      for (var m = i + 1; m < n; m++) gapMin = Math.min(gapMin, Math.abs(mod(angles[i] - angles[m] + Math.PI) - Math.PI));
    }
    var radius = Math.min(crowdLayout(n)[0][2], 0.44 * Math.sin(gapMin / 2));
    return angles.map(function (a) { return [0.45 * Math.cos(a), 0.45 * Math.sin(a), radius]; });
  }
  // where a figure's name goes: [-1 left, 0, 1 right], [-1 above, 0 beside, 1 below]
  // (as mapview.label_place)
  function labelPlace(spot) {
    if (spot[2] > 0.3) return [0, 1];  // alone or two side by side: below
    if (spot[0] < -0.1) return [-1, 0];
    if (spot[0] > 0.1) return [1, 0];
    return [0, spot[1] > 0 ? -1 : 1];
  }
  function centre(q, r) { return [SIZE * SQ3 * (q + r / 2), SIZE * 1.5 * r]; }
  function hexPoints(q, r, k) {
    var c = centre(q, r), pts = [];
    for (var i = 0; i < 6; i++) {
      var a = Math.PI / 180 * (60 * i - 30);
      pts.push((c[0] + SIZE * k * Math.cos(a)).toFixed(2) + "," + (c[1] + SIZE * k * Math.sin(a)).toFixed(2));
    }
    return pts.join(" ");
  }

  // ---------------------------------------------------------------- the log, read once
  var sideOf = {}, order = [];
  DATA.sides.forEach(function (p) { sideOf[p[0]] = p[1]; order.push(p[0]); });
  var tracks = {}, statesOf = {}, damageOf = {};  // id -> [[t, ...], ...] in log order
  var sidesOf = {};  // id -> [[t, side or null], ...]: the side of a shared hex it holds
  (DATA.hexSides || []).forEach(function (s) { (sidesOf[s[1]] = sidesOf[s[1]] || []).push([s[0], s[2]]); });
  var marksT = [], turns = [], phases = [];
  var healthOf = {};  // id -> [[t, left, most], ...]: what is left of its body / ST / HP
  (DATA.health || []).forEach(function (h) { (healthOf[h[0]] = healthOf[h[0]] || []).push([h[1], h[2], h[3]]); });
  var HEALTH = DATA.healthName || "body";
  function healthColour(frac) { return frac > 0.5 ? "#59a14f" : frac > 0.25 ? "#edc948" : "#e15759"; }
  function healthFrac(h) { return h[2] > 0 ? Math.max(0, Math.min(1, h[1] / h[2])) : 0; }
  events.forEach(function (e, i) {
    var a = e.actor;
    if (e.event && /\.turn$/.test(e.event)) turns.push(e);
    if (e.event && /\.phase$/.test(e.event)) phases.push(e);
    if (typeof a !== "string") return;
    if (e.event === "placed" && isHex(e.at)) {
      (tracks[a] = tracks[a] || []).push([e.t, e.at[0], e.at[1], e.facing || null, i]);
    } else if (e.event === "move" && isHex(e.to)) {
      if (!tracks[a] && isHex(e.from)) tracks[a] = [[e.t, e.from[0], e.from[1], null, i]];
      var prev = tracks[a][tracks[a].length - 1];
      tracks[a].push([e.t, e.to[0], e.to[1], FACINGS.indexOf(e.facing) >= 0 ? e.facing : prev[3], i]);
    } else if (e.event === "state" && typeof e.state === "string") {
      (statesOf[a] = statesOf[a] || []).push([e.t, e.state, e.value]);
    } else if (e.event === "damage" && Number.isInteger(e.total)) {
      (damageOf[a] = damageOf[a] || []).push([e.t, e.total]);
    }
  });
  Object.keys(tracks).forEach(function (a) { if (!(a in sideOf)) { sideOf[a] = "?"; order.push(a); } });
  var sideNames = [];
  order.forEach(function (a) { if (sideNames.indexOf(sideOf[a]) < 0) sideNames.push(sideOf[a]); });
  function colour(side) { return DATA.colours[side] || "#888888"; }

  function lastAt(list, t) {  // the last entry with entry[0] <= t (entries in time order)
    var found = null;
    if (!list) return null;
    for (var i = 0; i < list.length && list[i][0] <= t; i++) found = list[i];
    return found;
  }
  function stateAt(a, t) {
    var held = {}, list = statesOf[a] || [];
    for (var i = 0; i < list.length && list[i][0] <= t; i++) held[list[i][1]] = list[i][2];
    var gone = ["out", "fled", "dead"].filter(function (s) { return held[s]; });
    if (gone.length) return gone.indexOf("dead") >= 0 ? "dead" : gone[gone.length - 1];
    if (held.down || held.prone) return "down";
    return held.hurt ? "hurt" : "ok";
  }
  function positionsAt(t) {
    var out = {};
    order.forEach(function (a) {
      var p = lastAt(tracks[a], t);
      if (p) out[a] = { q: p[1], r: p[2], facing: p[3], state: stateAt(a, t) };
    });
    return out;
  }

  // ---------------------------------------------------------------- the map
  var map = document.getElementById("map");
  var all = [];
  DATA.walls.forEach(function (h) { all.push(h); });
  Object.keys(tracks).forEach(function (a) { tracks[a].forEach(function (p) { all.push([p[1], p[2]]); }); });
  DATA.marks.forEach(function (m) { m.hexes.forEach(function (h) { all.push(h); }); });
  if (!all.length) all.push([0, 0]);
  var xs = all.map(function (h) { return centre(h[0], h[1])[0]; });
  var ys = all.map(function (h) { return centre(h[0], h[1])[1]; });
  var pad = SIZE * 1.8;
  var x0 = Math.min.apply(null, xs) - pad, x1 = Math.max.apply(null, xs) + pad;
  var y0 = Math.min.apply(null, ys) - pad, y1 = Math.max.apply(null, ys) + pad;
  // the map fills its box: as wide as the box, a hex at most about 90 px across, and at
  // least half as high as wide (a long narrow fight gets more rows of the grid, not an
  // empty page under a strip)
  var boxW = Math.max(320, (document.getElementById("mapbox").clientWidth || 700) - 2);
  var boxH = Math.max(260, Math.min(window.innerHeight * 0.56 - 30, boxW * 0.8));
  var scale = Math.min(boxW / (x1 - x0), boxH / (y1 - y0), 90 / (SQ3 * SIZE));
  var mapW = boxW, mapH = Math.round(boxH);
  var FS = 12 / scale;  // the names' font: 12 px whatever the map's scale
  var cx = (x0 + x1) / 2, cy = (y0 + y1) / 2, vw = mapW / scale, vh = mapH / scale;
  x0 = cx - vw / 2; x1 = cx + vw / 2; y0 = cy - vh / 2; y1 = cy + vh / 2;
  map.setAttribute("viewBox", [x0, y0, vw, vh].map(function (v) { return v.toFixed(1); }).join(" "));
  map.setAttribute("width", mapW);
  map.setAttribute("height", mapH);
  var gridLayer = el("g", { "class": "grid" }, map);
  var rmin = Math.floor(y0 / (1.5 * SIZE)), rmax = Math.ceil(y1 / (1.5 * SIZE));
  var perRow = Math.ceil((x1 - x0) / (SQ3 * SIZE)) + 2;
  if ((rmax - rmin + 1) * perRow <= 6000) {  // a faint grid on maps of a few thousand hexes
    for (var r = rmin; r <= rmax; r++) {
      var qmin = Math.floor(x0 / (SQ3 * SIZE) - r / 2), qmax = Math.ceil(x1 / (SQ3 * SIZE) - r / 2);
      for (var q = qmin; q <= qmax; q++) el("polygon", { points: hexPoints(q, r, 1), "class": "hexgrid" }, gridLayer);
    }
  }
  var wallLayer = el("g", { "class": "walls" }, map);
  DATA.walls.forEach(function (h) {
    el("polygon", { points: hexPoints(h[0], h[1], 1), "class": "wall", "data-q": h[0], "data-r": h[1] }, wallLayer);
  });
  var defs = el("defs", {}, map);
  var markLayer = el("g", { "class": "marks" }, map);
  var markEls = DATA.marks.map(function (m, i) {
    var style = DATA.markStyles[m.kind] || { colour: "#937860", label: m.kind, shape: "zone" };
    var g = el("g", { "class": "mark", "data-kind": m.kind, "data-label": m.label }, markLayer);
    var tip = el("title", {}, g);
    tip.textContent = style.label + ": " + m.label;
    if (style.shape === "item") {
      m.hexes.forEach(function (h) {
        var c = centre(h[0], h[1]);
        var x = c[0] + SIZE * 0.45, y = c[1] + SIZE * 0.45, s = SIZE * 0.22;
        el("polygon", { points: [x, y - s, x + s, y, x, y + s, x - s, y].join(" "), fill: style.colour, stroke: "#333" }, g);
        var label = el("text", { x: x, y: y + s + 8, "font-size": 7, "text-anchor": "middle" }, g);
        label.textContent = m.label;
      });
    } else {
      var pid = "hatch-" + i;
      var pat = el("pattern", { id: pid, width: 6, height: 6, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, defs);
      el("rect", { width: 6, height: 6, fill: style.colour, "fill-opacity": 0.25 }, pat);
      el("line", { x1: 0, y1: 0, x2: 0, y2: 6, stroke: style.colour, "stroke-width": 2 }, pat);
      var edge = m.actor && sideOf[m.actor] ? colour(sideOf[m.actor]) : style.colour;
      m.hexes.forEach(function (h) {
        el("polygon", { points: hexPoints(h[0], h[1], 0.92), fill: "url(#" + pid + ")", stroke: edge, "stroke-width": 1.4 }, g);
      });
    }
    return g;
  });
  var crowdLayer = el("g", { "class": "crowds" }, map);
  var figLayer = el("g", { "class": "figures" }, map);
  attackLayer = el("g", { "class": "attacks" }, map);
  Object.keys(DATA.results).forEach(function (r) {  // an arrowhead per blow result
    var st = DATA.results[r], mk = el("marker", { id: "arrow-" + r, viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" }, defs);
    el("path", { d: "M0,0L10,5L0,10z", fill: r === "miss" ? "#555555" : st.face }, mk);
  });
  var figEls = {};
  order.forEach(function (a) {
    if (!tracks[a]) return;
    var g = el("g", { "class": "figure", "data-id": a }, figLayer);
    var body = el("circle", { r: SIZE * 0.55, fill: colour(sideOf[a]), stroke: "#222", "stroke-width": 1 }, g);
    var nose = el("line", { x1: 0, y1: 0, x2: SIZE * 0.8, y2: 0, stroke: "#222", "stroke-width": 2.2, "stroke-linecap": "round" }, g);
    var cross = el("path", { d: "M-6,-6L6,6M-6,6L6,-6", stroke: "#222", "stroke-width": 1.6, visibility: "hidden" }, g);
    var hpBox = el("g", { "class": "hp", visibility: "hidden" }, g);  // health: a bar above it
    el("rect", { x: -SIZE * 0.55, y: -SIZE * 0.55 - 7, width: SIZE * 1.1, height: 4, fill: "#e4e4e4", stroke: "#777", "stroke-width": 0.4 }, hpBox);
    var hpFill = el("rect", { x: -SIZE * 0.55, y: -SIZE * 0.55 - 7, width: SIZE * 1.1, height: 4, "class": "hp-fill" }, hpBox);
    var label = el("text", { y: SIZE * 0.55 + FS }, g);
    label.style.fontSize = FS.toFixed(2) + "px";
    label.textContent = a;
    var tip = el("title", {}, g);
    figEls[a] = { g: g, body: body, nose: nose, cross: cross, label: label, tip: tip, hpBox: hpBox, hpFill: hpFill };
  });

  function marksAt(t) {
    DATA.marks.forEach(function (m, i) {
      var shown = m.start <= t && (m.stop === null || t < m.stop);
      markEls[i].setAttribute("visibility", shown ? "visible" : "hidden");
      markEls[i].setAttribute("data-shown", shown ? "1" : "0");
    });
  }

  var ATTACK_SHOWN = 6;  // tenths a blow's line stays on the map (fading)
  var attackLayer;  // made just after the figures' layer (drawn over it)
  function drawAttacks(t, placed) {
    while (attackLayer.firstChild) attackLayer.removeChild(attackLayer.firstChild);
    events.forEach(function (e, i) {
      if (e.event !== "attack" || e.t > t || e.t <= t - ATTACK_SHOWN) return;
      var from = placed[e.actor], to = placed[e.target];
      if (!from || !to || e.actor === e.target) return;
      // an arc bowed to the striker's left: visible between neighbours, and a blow each
      // way between two figures is two arcs, not one line
      var dx = to[0] - from[0], dy = to[1] - from[1], len = Math.sqrt(dx * dx + dy * dy) || 1;
      var ux = dx / len, uy = dy / len, nx = uy, ny = -ux, ca = 0.77, sa = 0.64;
      var sx = from[0] + from[2] * (ca * ux + sa * nx), sy = from[1] + from[2] * (ca * uy + sa * ny);
      var ex = to[0] + (to[2] + 2) * (-ca * ux + sa * nx), ey = to[1] + (to[2] + 2) * (-ca * uy + sa * ny);
      var bow = Math.max(SIZE * 0.55, len * 0.3);
      var qx = (from[0] + to[0]) / 2 + nx * bow, qy = (from[1] + to[1]) / 2 + ny * bow;
      var st = DATA.results[e.result] || { face: "#ffffff", edge: "#555555" };
      var colour = e.result === "miss" ? "#555555" : st.face;
      var line = el("path", {
        d: "M" + sx.toFixed(2) + "," + sy.toFixed(2) + "Q" + qx.toFixed(2) + "," + qy.toFixed(2) + " " + ex.toFixed(2) + "," + ey.toFixed(2),
        fill: "none", stroke: colour, "stroke-width": ((e.result === "hit" ? 3 : 2) * FS / 12).toFixed(2), "marker-end": "url(#arrow-" + (DATA.results[e.result] ? e.result : "miss") + ")",
        "stroke-dasharray": e.result === "hit" ? "none" : (5 * FS / 12).toFixed(2) + "," + (3 * FS / 12).toFixed(2), opacity: (1 - (t - e.t) / ATTACK_SHOWN).toFixed(2),
        "class": "attack-line", "data-seq": e.seq, "data-from": e.actor, "data-to": e.target, "data-result": e.result
      }, attackLayer);
      el("title", {}, line).textContent = sec(e.t) + " s " + (DATA.text[i] ? e.actor + " " + DATA.text[i] : e.actor + " attacks " + e.target);
    });
  }

  function drawMap(t) {
    var pos = positionsAt(t), placed = {};
    var byHex = {};
    Object.keys(pos).forEach(function (a) {
      var key = pos[a].q + "," + pos[a].r;
      (byHex[key] = byHex[key] || []).push(a);
    });
    while (crowdLayer.firstChild) crowdLayer.removeChild(crowdLayer.firstChild);
    Object.keys(byHex).forEach(function (key) {
      var here = byHex[key];
      var standing = here.filter(function (a) { return !GONE[pos[a].state]; });
      var h = key.split(",").map(Number);
      if (standing.length > 1) {
        var ring = el("polygon", { points: hexPoints(h[0], h[1], 0.98), "class": "crowded", "data-q": h[0], "data-r": h[1] }, crowdLayer);
        el("title", {}, ring).textContent = "close quarters: " + standing.join(", ");
      }
      var spots = crowdSpots(here.map(function (a) { var s = lastAt(sidesOf[a], t); return s ? s[1] : null; }));
      here.forEach(function (a, i) {
        var p = pos[a], f = figEls[a], c = centre(p.q, p.r), spot = spots[i];
        var k = spot[2] / 0.55;
        f.g.setAttribute("transform", "translate(" + (c[0] + spot[0] * SIZE).toFixed(2) + "," + (c[1] - spot[1] * SIZE).toFixed(2) + ") scale(" + k + ")");
        // the name keeps its size (not scaled with the figure) and sits outside the crowd
        var place = labelPlace(spot), rad = SIZE * spot[2];
        f.label.setAttribute("transform", "scale(" + (1 / k).toFixed(4) + ")");
        f.label.setAttribute("x", place[0] * (rad + 2));
        f.label.setAttribute("y", place[1] < 0 ? -(rad + FS / 3) : place[1] > 0 ? rad + FS : FS / 3);
        f.label.style.textAnchor = place[0] < 0 ? "end" : place[0] > 0 ? "start" : "middle";
        f.g.setAttribute("data-q", p.q);
        f.g.setAttribute("data-r", p.r);
        f.g.setAttribute("data-facing", p.facing || "");
        f.g.setAttribute("data-dx", spot[0].toFixed(3));
        f.g.setAttribute("data-dy", spot[1].toFixed(3));
        f.g.setAttribute("data-state", p.state);
        f.g.setAttribute("visibility", "visible");
        var gone = !!GONE[p.state];
        f.body.setAttribute("fill", gone ? "#bbbbbb" : colour(sideOf[a]));
        f.body.setAttribute("stroke-width", p.state === "hurt" || p.state === "down" ? 2.4 : 1);
        f.body.setAttribute("stroke-dasharray", p.state === "fled" ? "3,2" : "none");
        f.cross.setAttribute("visibility", gone ? "visible" : "hidden");
        if (p.facing && !gone) {
          var d = DIRS[FACINGS.indexOf(p.facing)], v = centre(d[0], d[1]);
          var norm = Math.sqrt(v[0] * v[0] + v[1] * v[1]);
          f.nose.setAttribute("x2", (v[0] / norm * SIZE * 0.8).toFixed(2));
          f.nose.setAttribute("y2", (v[1] / norm * SIZE * 0.8).toFixed(2));
          f.nose.setAttribute("visibility", "visible");
        } else {
          f.nose.setAttribute("visibility", "hidden");
        }
        var dmg = lastAt(damageOf[a], t), hp = lastAt(healthOf[a], t);
        f.label.textContent = a + (p.state === "ok" || p.state === "hurt" ? "" : " (" + p.state + ")") +
          (hp && !gone && order.length <= 8 ? " " + hp[1] + "/" + hp[2] : "");
        f.hpBox.setAttribute("visibility", hp && !gone ? "visible" : "hidden");
        if (hp) {
          f.hpFill.setAttribute("width", (SIZE * 1.1 * healthFrac(hp)).toFixed(2));
          f.hpFill.setAttribute("fill", healthColour(healthFrac(hp)));
          f.g.setAttribute("data-hp", hp[1]);
          f.g.setAttribute("data-hp-max", hp[2]);
        } else {
          f.g.removeAttribute("data-hp");
          f.g.removeAttribute("data-hp-max");
        }
        placed[a] = [c[0] + spot[0] * SIZE, c[1] - spot[1] * SIZE, SIZE * spot[2]];
        f.label.setAttribute("font-weight", p.state === "hurt" || p.state === "down" ? "bold" : "normal");
        f.tip.textContent = a + " (" + sideOf[a] + ") at [" + p.q + ", " + p.r + "]" +
          (p.facing ? " facing " + p.facing : "") + ", " + p.state + (dmg ? ", damage " + dmg[1] : "") +
          (hp ? ", " + HEALTH + " " + hp[1] + "/" + hp[2] : "");
      });
    });
    Object.keys(figEls).forEach(function (a) {
      if (!pos[a]) {
        var g = figEls[a].g;
        g.setAttribute("visibility", "hidden");
        g.removeAttribute("data-q");
        g.removeAttribute("data-r");
      }
    });
    marksAt(t);
    drawAttacks(t, placed);
    return pos;
  }

  // ---------------------------------------------------------------- the swimlanes
  var lanes = document.getElementById("lanes");
  var L = DATA.lanes;
  var laneOrder = L.order.length ? L.order : order;
  // a lane, top to bottom: damage labels, the bars (blows on them), the health band
  var ROW = 36, LEFT = 110, TOP = 24, BAR_Y = 9, BAR_H = 15, BAND_Y = 27, BAND_H = 6;
  var box = document.getElementById("lanesbox");
  var avail = Math.max(600, (box.clientWidth || 1000) - LEFT - 48);
  var PX = Math.max(1.2, Math.min(30, avail / Math.max(END, 10)));
  var W = LEFT + Math.max(END, 10) * PX + 44, H = TOP + ROW * laneOrder.length + 8;
  lanes.setAttribute("width", Math.ceil(W));
  lanes.setAttribute("height", H);
  lanes.setAttribute("viewBox", "0 0 " + Math.ceil(W) + " " + H);
  var rowOf = {};
  laneOrder.forEach(function (a, i) { rowOf[a] = i; });
  function X(t) { return LEFT + t * PX; }
  function Y(a) { return TOP + ROW * rowOf[a]; }
  var ldefs = el("defs", {}, lanes);
  laneOrder.forEach(function (a, i) {
    el("rect", { x: 0, y: Y(a), width: W, height: ROW, fill: i % 2 ? "#ffffff" : "#f4f4f4" }, lanes);
    // lanes in the order of who fought whom (swimlanes.lanes_of): the side is the colour
    var name = el("text", { x: 6, y: Y(a) + ROW / 2 + 4, "font-size": 11, "font-weight": 600, fill: colour(sideOf[a]) }, lanes);
    name.textContent = a + " (" + sideOf[a] + ")";
    el("rect", { x: LEFT - 8, y: Y(a) + 5, width: 4, height: ROW - 10, fill: colour(sideOf[a]) }, lanes);
  });
  var step = [1, 2, 5, 10, 15, 30, 60, 120].filter(function (s) { return s * 10 * PX >= 40; })[0] || 300;
  for (var s = 0; s * 10 <= END; s += step) {
    el("line", { x1: X(s * 10), x2: X(s * 10), y1: TOP - 4, y2: H, stroke: "#dddddd" }, lanes);
    var tick = el("text", { x: X(s * 10), y: TOP - 8, "font-size": 10, "text-anchor": "middle", fill: "#555" }, lanes);
    tick.textContent = s + " s";
  }
  turns.forEach(function (e) {
    el("line", { x1: X(e.t), x2: X(e.t), y1: TOP, y2: H, stroke: "#888", "stroke-dasharray": "4,3" }, lanes);
  });
  phases.forEach(function (e) {
    el("line", { x1: X(e.t), x2: X(e.t), y1: TOP, y2: H, stroke: "#bbb", "stroke-dasharray": "2,3" }, lanes);
  });
  L.spans.forEach(function (sp, i) {
    var a = sp[0], style = L.spanStyles[sp[3]] || { colour: "#999", label: sp[3] };
    if (!(a in rowOf)) return;
    if (style.hatch) {
      var pid = "lanehatch-" + i;
      var pat = el("pattern", { id: pid, width: 6, height: 6, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, ldefs);
      el("line", { x1: 0, y1: 0, x2: 0, y2: 6, stroke: style.colour, "stroke-width": 1.2 }, pat);
      var sr = el("rect", { x: X(sp[1]), y: Y(a) + 2, width: Math.max(PX, (sp[2] - sp[1]) * PX), height: ROW - 4, fill: "url(#" + pid + ")" }, lanes);
      el("title", {}, sr).textContent = style.label + " " + sec(sp[1]) + "-" + sec(sp[2]) + " s";
    } else {
      var tr = el("rect", { x: X(sp[1]), y: Y(a) + BAR_Y + BAR_H, width: Math.max(PX, (sp[2] - sp[1]) * PX), height: 2.5, fill: style.colour }, lanes);
      el("title", {}, tr).textContent = style.label + " " + sec(sp[1]) + "-" + sec(sp[2]) + " s";
    }
  });
  var closing = (L.styles.closing || L.styles.attack || { colour: "#4c72b0" }).colour;
  L.waits.forEach(function (w) {
    if (!(w[0] in rowOf)) return;
    el("rect", { x: X(w[1]), y: Y(w[0]) + BAR_Y + BAR_H / 2 - 3, width: (w[2] - w[1]) * PX, height: 6, fill: closing, "fill-opacity": 0.35 }, lanes);
  });
  L.bars.forEach(function (b) {
    var style = L.styles[b[3]] || { colour: "#64b5cd", label: b[3] };
    if (!(b[0] in rowOf)) return;
    var rect = el("rect", { x: X(b[1]), y: Y(b[0]) + BAR_Y, width: Math.max(PX, (b[2] - b[1]) * PX), height: BAR_H, fill: style.colour, stroke: "#fff", "stroke-width": 0.5, "class": "bar" }, lanes);
    el("title", {}, rect).textContent = b[0] + ": " + b[4] + " (" + style.label + "), " + sec(b[1]) + " to " + sec(b[2]) + " s";
  });
  var outAt = {};
  events.forEach(function (e) { if (e.event === "state" && e.state === "out" && e.value && !(e.actor in outAt)) outAt[e.actor] = e.t; });
  Object.keys(healthOf).forEach(function (a) {  // the health band: a trough, filled by share
    if (!(a in rowOf)) return;
    var steps = healthOf[a], by = Y(a) + BAND_Y;
    el("rect", { x: X(steps[0][0]), y: by, width: Math.max(PX, (END - steps[0][0]) * PX), height: BAND_H, fill: "#e4e4e4", stroke: "#bbb", "stroke-width": 0.4 }, lanes);
    steps.forEach(function (h, k) {
      var t1 = Math.min(k + 1 < steps.length ? steps[k + 1][0] : END, a in outAt ? outAt[a] : END);
      var frac = healthFrac(h);
      var seg = el("rect", { x: X(h[0]), y: by, width: Math.max(0, (t1 - h[0]) * PX), height: BAND_H * frac, "class": "hp-band", fill: healthColour(frac), "data-id": a, "data-t": h[0], "data-hp": h[1] }, lanes);
      el("title", {}, seg).textContent = a + ": " + HEALTH + " " + h[1] + "/" + h[2] + " from " + sec(h[0]) + " s";
    });
  });
  var blowLayer = el("g", {}, lanes);
  var tipBox = document.getElementById("tip");
  function fmtValue(v) {
    if (v === null || v === undefined) return "";
    if (typeof v === "object") return JSON.stringify(v);
    return String(v);
  }
  var SHOWN = { t: 1, seq: 1, event: 1, actor: 1, target: 1, weapon: 1, roll: 1, dice: 1, total: 1, against: 1, result: 1, margin: 1, modifiers: 1, simultaneous: 1 };
  function blowTip(e) {
    var rows = [];
    var dice = e.dice || DATA.dice;
    var die = dice ? " (" + dice + ")" : "";
    rows.push(["roll" + die, fmtValue(e.roll)]);
    if (e.total !== undefined) rows.push(["total", fmtValue(e.total)]);
    if (e.against !== undefined) rows.push(["bar to beat", fmtValue(e.against)]);
    var res = String(e.result || "").toUpperCase();
    if (Number.isInteger(e.margin)) res += " (margin " + (e.margin >= 0 ? "+" : "") + e.margin + ")";
    rows.push(["result", res]);
    if (e.simultaneous) rows.push(["simultaneous", "yes"]);
    var mods = e.modifiers && typeof e.modifiers === "object" ? e.modifiers : {};
    var names = Object.keys(mods);
    names.forEach(function (k) {
      var v = mods[k];
      rows.push(["modifier " + k, typeof v === "number" ? (v >= 0 ? "+" : "") + v : fmtValue(v)]);
    });
    if (!names.length) rows.push(["modifiers", "none"]);
    Object.keys(e).forEach(function (k) { if (!SHOWN[k]) rows.push([k, fmtValue(e[k])]); });
    return { head: e.actor + " \u2192 " + e.target + (e.weapon ? " (" + e.weapon + ")" : "") + " at " + sec(e.t) + " s", rows: rows };
  }
  function showTip(content, x, y) {
    while (tipBox.firstChild) tipBox.removeChild(tipBox.firstChild);
    html("div", content.head, tipBox, "head");
    var table = html("table", null, tipBox);
    content.rows.forEach(function (row) {
      var tr = html("tr", null, table);
      html("td", row[0], tr);
      html("td", row[1], tr);
    });
    tipBox.hidden = false;
    var w = tipBox.offsetWidth, h = tipBox.offsetHeight;
    tipBox.style.left = Math.max(4, Math.min(window.innerWidth - w - 4, x + 14)) + "px";
    tipBox.style.top = Math.max(4, Math.min(window.innerHeight - h - 4, y + 14)) + "px";
  }
  function hideTip() { tipBox.hidden = true; }
  events.forEach(function (e) {
    if (e.event === "attack" && e.actor in rowOf) {
      var x = X(e.t), y = Y(e.actor) + BAR_Y + BAR_H / 2;
      if (e.target in rowOf && e.target !== e.actor) {
        el("line", { x1: x, x2: x, y1: y, y2: Y(e.target) + BAR_Y + BAR_H / 2, stroke: "#555", "stroke-opacity": 0.35 }, blowLayer);
      }
      var st = DATA.results[e.result] || { marker: "o", face: "#ffffff", edge: "#555555" };
      var m;
      if (st.marker === "s") m = el("rect", { x: x - 4.5, y: y - 4.5, width: 9, height: 9 }, blowLayer);
      else if (st.marker === "^") m = el("polygon", { points: [x, y - 6, x + 5.5, y + 4, x - 5.5, y + 4].join(" ") }, blowLayer);
      else if (st.marker === "X") m = el("path", { d: "M" + (x - 5) + "," + (y - 5) + "L" + (x + 5) + "," + (y + 5) + "M" + (x - 5) + "," + (y + 5) + "L" + (x + 5) + "," + (y - 5), "stroke-width": 3 }, blowLayer);
      else m = el("circle", { cx: x, cy: y, r: 5 }, blowLayer);
      m.setAttribute("fill", st.face);
      m.setAttribute("stroke", st.marker === "X" ? st.face : st.edge);
      if (st.marker !== "X") m.setAttribute("stroke-width", 1.2);
      m.setAttribute("class", "blow");
      m.setAttribute("data-seq", e.seq);
      m.addEventListener("mousemove", function (ev) { showTip(blowTip(e), ev.clientX, ev.clientY); });
      m.addEventListener("mouseenter", function (ev) { showTip(blowTip(e), ev.clientX, ev.clientY); });
      m.addEventListener("mouseleave", hideTip);
    } else if (e.event === "damage" && e.actor in rowOf) {
      var dx = X(e.t), dy = Y(e.actor);
      var tick = el("line", { x1: dx, x2: dx, y1: dy + BAR_Y, y2: dy + BAND_Y + BAND_H, stroke: "#7a1f22", "stroke-width": 1.5 }, blowLayer);
      el("title", {}, tick).textContent = e.actor + " takes " + e.amount + " (" + e.total + (e.body !== undefined ? "/" + e.body : "") + ")";
      if (Number.isInteger(e.amount)) {  // "0" for a blow that did nothing, never "-0"
        var lab = el("text", { x: dx, y: dy + 8, "font-size": 9, "font-weight": 600, "text-anchor": "middle", fill: e.amount ? "#7a1f22" : "#777", "class": "damage-label" }, blowLayer);
        lab.textContent = e.amount > 0 ? "-" + e.amount : e.amount === 0 ? "0" : "+" + (-e.amount);
      }
    } else if (e.event === "state" && GONE[e.state] && e.value && e.actor in rowOf) {
      var oy = Y(e.actor);
      el("rect", { x: X(e.t), y: oy, width: Math.max(0, X(END) - X(e.t)), height: ROW, fill: "#000", "fill-opacity": 0.09 }, blowLayer);
      var out = el("text", { x: X(e.t) + 3, y: oy + BAR_Y + BAR_H / 2 + 4, "font-size": 10, "font-weight": "bold" }, blowLayer);
      out.textContent = String(e.state).toUpperCase();
    }
  });
  var cursor = el("line", { x1: X(0), x2: X(0), y1: TOP - 4, y2: H, "class": "cursor" }, lanes);
  var dragging = false;
  function laneSeek(ev) {
    var rect = lanes.getBoundingClientRect();
    var t = Math.round((ev.clientX - rect.left - LEFT) / PX);
    seek(Math.max(0, Math.min(END, t)));
  }
  lanes.addEventListener("mousedown", function (ev) { dragging = true; laneSeek(ev); });
  window.addEventListener("mousemove", function (ev) { if (dragging) laneSeek(ev); });
  window.addEventListener("mouseup", function () { dragging = false; });

  // ---------------------------------------------------------------- legends
  function legendItem(box, colour, label, style) {
    var span = html("span", null, box);
    var swatch = html("i", null, span);
    swatch.style.background = colour;
    if (style) Object.keys(style).forEach(function (k) { swatch.style[k] = style[k]; });
    span.appendChild(document.createTextNode(label));
  }
  var mapLegend = document.getElementById("maplegend");
  sideNames.forEach(function (s) { legendItem(mapLegend, colour(s), "side " + s, { borderRadius: "50%" }); });
  if (DATA.walls.length) legendItem(mapLegend, "#555", "wall");
  var kinds = {};
  DATA.marks.forEach(function (m) { kinds[m.kind] = 1; });
  Object.keys(kinds).forEach(function (k) {
    var st = DATA.markStyles[k];
    legendItem(mapLegend, st.colour, st.label, st.shape === "item" ? { transform: "rotate(45deg)", width: "9px", height: "9px" } : { opacity: 0.6 });
  });
  legendItem(mapLegend, "transparent", "close quarters (sharing a hex)", { border: "2px solid #dd8452" });
  legendItem(mapLegend, "#bbbbbb", "out of the fight (\u00d7)");
  legendItem(mapLegend, "transparent", "line: facing; thick outline: hurt", { border: "2px solid #222" });
  if ((DATA.health || []).length) legendItem(mapLegend, "#59a14f", "bar: " + HEALTH + " left", { height: "4px" });
  legendItem(mapLegend, "#c44e52", "arrow: a blow, striker \u2192 target (solid: hit), for " + ATTACK_SHOWN / 10 + " s", { height: "3px" });
  var lanesLegend = document.getElementById("laneslegend");
  var usedKinds = {};
  L.bars.forEach(function (b) { usedKinds[b[3]] = 1; });
  Object.keys(L.styles).forEach(function (k) { if (usedKinds[k]) legendItem(lanesLegend, L.styles[k].colour, L.styles[k].label); });
  var usedResults = {};
  events.forEach(function (e) { if (e.event === "attack") usedResults[e.result] = 1; });
  Object.keys(DATA.results).forEach(function (r) {
    if (usedResults[r]) legendItem(lanesLegend, DATA.results[r].face, "blow " + DATA.results[r].label, { borderRadius: "50%", borderColor: DATA.results[r].edge });
  });
  if (Object.keys(usedResults).length) html("span", "(hover a blow: its roll, total, the bar it had to beat, every modifier)", lanesLegend);
  var usedSpans = {};
  L.spans.forEach(function (sp) { usedSpans[sp[3]] = 1; });
  Object.keys(usedSpans).forEach(function (k) { var st = L.spanStyles[k]; if (st) legendItem(lanesLegend, st.colour, st.label, { opacity: 0.6 }); });
  if (L.waits.length) legendItem(lanesLegend, closing, "waiting to strike", { opacity: 0.35 });
  if (events.some(function (e) { return e.event === "damage"; })) legendItem(lanesLegend, "#7a1f22", "damage taken (-n)", { width: "2px" });
  if ((DATA.health || []).length) legendItem(lanesLegend, "#59a14f", "health left (" + HEALTH + "; amber under half, red under a quarter)");
  if (turns.length) legendItem(lanesLegend, "transparent", "turn (dashed) / phase (dotted)", { border: "1px dashed #888" });
  legendItem(lanesLegend, "#d62728", "now (click or drag to move)", { width: "2px" });

  // ---------------------------------------------------------------- the events as text
  var list = document.getElementById("events");
  var items = [];
  events.forEach(function (e, i) {
    var text = DATA.text[i];
    if (text === null || text === undefined) return;
    var li = html("li", null, list, /\.(turn|phase)$/.test(e.event) ? "mark" : "");
    li.setAttribute("data-t", e.t);
    li.setAttribute("data-seq", e.seq);
    html("span", sec(e.t), li, "tt");
    if (typeof e.actor === "string") html("span", e.actor, li, "who");
    li.appendChild(document.createTextNode(text));
    li.addEventListener("click", function () { pause(); seek(e.t); });
    if (e.event === "attack") {
      li.addEventListener("mousemove", function (ev) { showTip(blowTip(e), ev.clientX, ev.clientY); });
      li.addEventListener("mouseleave", hideTip);
    }
    items.push([e.t, li]);
  });
  function listAt(t) {
    var lastPast = -1, nowT = -1;
    items.forEach(function (it, k) { if (it[0] <= t) { lastPast = k; nowT = it[0]; } });
    items.forEach(function (it, k) {
      it[1].classList.toggle("past", k <= lastPast);
      it[1].classList.toggle("now", it[0] === nowT && it[0] === t);
    });
    if (lastPast >= 0) {
      var li = items[lastPast][1];
      var top = li.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - li.offsetHeight) {
        list.scrollTop = Math.max(0, top - list.clientHeight / 2);
      }
    }
  }

  // ---------------------------------------------------------------- time
  var scrub = document.getElementById("scrub");
  var clock = document.getElementById("clock");
  var whenBox = document.getElementById("when");
  var playBtn = document.getElementById("play");
  var speedSel = document.getElementById("speed");
  scrub.max = END;
  document.getElementById("outcome").textContent = DATA.outcome;
  var current = 0, timer = null;
  function when(t) {
    var turn = null, phase = null;
    turns.forEach(function (e) { if (e.t <= t) turn = e; });
    phases.forEach(function (e) { if (e.t <= t && (!turn || e.t >= turn.t)) phase = e; });
    if (!turn) return "";
    var text = "turn " + turn.turn;
    if (phase && (!Number.isInteger(phase.end) || t < phase.end)) text += ", " + phase.phase + " phase";
    return text;
  }
  function seek(t) {
    t = Math.max(0, Math.min(END, Math.round(Number(t) || 0)));
    current = t;
    scrub.value = t;
    clock.textContent = sec(t) + " s (tenth " + t + ")";
    whenBox.textContent = when(t);
    var pos = drawMap(t);
    cursor.setAttribute("x1", X(t));
    cursor.setAttribute("x2", X(t));
    listAt(t);
    document.body.setAttribute("data-t", t);
    return pos;
  }
  function pause() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    playBtn.innerHTML = "&#9654; play";
  }
  function play() {
    if (timer !== null) return;
    if (current >= END) seek(0);
    playBtn.innerHTML = "&#10074;&#10074; pause";
    timer = setInterval(function () {
      if (current >= END) { pause(); return; }
      seek(current + 1);
    }, 100 / Number(speedSel.value || 1));
  }
  speedSel.addEventListener("change", function () { if (timer !== null) { pause(); play(); } });
  playBtn.addEventListener("click", function () { if (timer === null) play(); else pause(); });
  document.getElementById("back").addEventListener("click", function () { pause(); seek(current - 1); });
  document.getElementById("fwd").addEventListener("click", function () { pause(); seek(current + 1); });
  scrub.addEventListener("input", function () { pause(); seek(scrub.value); });
  document.addEventListener("keydown", function (ev) {
    if (ev.target && ev.target.tagName === "SELECT") return;
    if (ev.key === " ") { ev.preventDefault(); if (timer === null) play(); else pause(); }
    else if (ev.key === "ArrowLeft" && ev.target !== scrub) { pause(); seek(current - 1); }
    else if (ev.key === "ArrowRight" && ev.target !== scrub) { pause(); seek(current + 1); }
  });

  window.replay = {
    seek: seek,
    play: play,
    pause: pause,
    get t() { return current; },
    get playing() { return timer !== null; },
    end: END,
    positions: function () {
      var out = {};
      Array.prototype.forEach.call(document.querySelectorAll("#map .figure"), function (g) {
        if (g.hasAttribute("data-q")) out[g.getAttribute("data-id")] = [Number(g.getAttribute("data-q")), Number(g.getAttribute("data-r"))];
      });
      return out;
    }
  };
  seek(DATA.at || 0);
})();
