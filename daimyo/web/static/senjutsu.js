// The Senjutsu page: the hex battlefield in SVG, your hand, the Kamae trees, this turn's cards and order, the log.
// Protocol: docs/server-protocol.md (Senjutsu). Plain JavaScript, no build step.
"use strict";

const gameId = pageGameId();
const REPLAY = new URLSearchParams(location.search).get("replay") === "1";
const HEX = 36;                 // a battlefield hex's radius in pixels (the geometry comes from the server at radius 1)
const SEAT_COLOURS = ["#b3261e", "#2f5b9a", "#2e7d32", "#7b3fa0"];
const KAMAE_AT = { determination: [80, 16], aggression: [22, 62], balance: [138, 62], neutral: [80, 108] };
const EFFECT_COLOURS = { wound: "#d9534f", wound2: "#8e1b17", bleeding: "#c2185b", execution: "#111", asterisk: "#7e57c2",
  hobble: "#ef8a17", stun: "#f2c80f", poison: "#3c9d3c", advantage: "#d4a017", target: "#ffffff" };
const TERRAIN_COLOURS = { rock: "#8d8a85", shrine: "#c0504d", tree: "#4c8c3a", torii: "#e8e2d3", bamboo: "#9cc46b", cart: "#a0703c" };

const G = {
  conn: null, seat: null, summary: null,   // the connection (client.js), the seat the server seated us in
  view: null, legal: [], seq: -1, log: [], placeHex: null, lastCard: {}, data: null, cards: {}, characters: {},
  geometry: null,   // the battlefield's hexes, centres, neighbours and directions (GET /api/senjutsu/data, from hexgrid.py)
  replay: null, replayPos: 0, hover: null,
  stage: null,      // this turn as far as the story has shown it (senjutsu-story.js)
};

// -- names -----------------------------------------------------------------------------------------------------
function seatIndex(name) { return Number(String(name).slice(1)) - 1; }
function seatInfo(name) { return G.view ? G.view.seats[seatIndex(name)] : null; }
// A name of the sample set in the page's language: the catalogue's, where the data's name is the sample's own (a card
// file of the player's own may use the same id for another card, which keeps its own name).
function sampleName(key, name) { return I18N.fallback[key] === name ? t(key) : name; }
function characterName(id) { const c = G.characters[id]; return c ? sampleName("sj.charname." + id, c.name) : id; }
function seatName(s) { return s.character ? sampleName("sj.charname." + s.character, s.name) : s.name; }
function who(name) {
  const s = seatInfo(name);
  if (!s) return name;
  const person = G.summary && G.summary.seats[seatIndex(name)];
  const label = person ? (person.kind === "bot" ? botWords(person) : person.name || "") : "";
  return label ? `${seatName(s)} (${label})` : seatName(s);
}
// the short name: a sample character's own name ("Tetsu" of "Master Tetsu"), else the first word
function shortWho(name) {
  const s = seatInfo(name);
  if (!s) return name;
  if (s.character && I18N.fallback["sj.charname." + s.character] === s.name) return s.character[0].toUpperCase() + s.character.slice(1);
  return s.name.split(" ")[0];
}
function cardName(id) {
  if (id === "stun") return t("sj.status.stun");
  if (id === "poison") return t("sj.status.poison");
  if (id === "face-down") return t("sj.face_down");
  const c = G.cards[id];
  return c ? sampleName("sj.cardname." + id, c.name) : id;
}
// the cells of a grid ("F", "F+FR") in words
function cellsWords(cells) { return cells.map((c) => c.split("+").map((p) => t("sj.cell." + p)).join("+")).join(", "); }
function kamaeName(k) { return t("sj.kamae." + k); }
function kamaeIn(k) { return t("sj.kamae_in." + k); }   // the name after "in" (Polish: "w Agresji")
function facingName(f) { return t("sj.facing." + f); }
function effectName(e) { return t("sj.effect." + e); }

// -- card text ---------------------------------------------------------------------------------------------------
function initiativeText(c) {
  return Array.isArray(c.initiative) ? `${c.initiative[0]}–${c.initiative[1]}` : String(c.initiative);
}

function lineText(ln) {
  const pre = [];
  if (ln.kamae) pre.push(t("sj.line.in_kamae", { kamae: kamaeIn(ln.kamae) }));
  if (ln.focus) pre.push(t("sj.line.pay_focus", { n: ln.focus }));
  if (ln.if === "successful") pre.push(t("sj.line.if_successful"));
  if (ln.when) pre.push(t("sj.line.when." + ln.when));
  if (ln.range && !ln.attack) pre.push(t("sj.line.in_range", { range: ln.range }));
  let body = "";
  if (ln.move) {
    const atoms = ln.move.map((m) => (m.step ? t("sj.line.step." + m.step, { n: m.n || 1 }) : t("sj.line.rotate", { n: m.rotate })));
    body = t(ln.mandatory ? "sj.line.move_mandatory" : "sj.line.move", { atoms: atoms.join(ln.then ? t("sj.line.then") : ", ") });
  } else if (ln.attack) {
    const a = ln.attack;
    if (a.grid) body = t("sj.line.attack_grid", { effects: [...new Set(Object.values(a.grid).flat())].map(effectName).join(", ") });
    else if (a.lower) body = t("sj.line.attack_lower", { effects: a.effects.map(effectName).join(", "), range: a.range || "∞" });
    else body = t("sj.line.attack_range", { effects: a.effects.map(effectName).join(", "), range: a.range });
  } else if (ln.block) {
    body = t("sj.line.block", { cells: cellsWords(ln.block) }) + (ln.counter ? " " + t("sj.line.counter", { speeds: ln.counter.join(", ") }) : "");
  } else if (ln.or) {
    body = ln.or.map(lineText).join(" " + t("sj.line.or") + " ");
  } else {
    for (const k of ["push", "pull", "rotate_target", "discard", "draw", "gain_focus", "change"]) if (k in ln) body = t("sj.line." + k, { n: ln[k] });
    if ("swap" in ln) body = t("sj.line.swap");
    if ("advantage" in ln) body = t("sj.line.advantage");
    if ("search" in ln) body = ln.search.top ? t("sj.line.search_top", { n: ln.search.top }) : t("sj.line.search");
    if ("cancel_active" in ln) body = t("sj.line.cancel." + ln.cancel_active);
    if ("switch" in ln) body = t("sj.line.switch", { kamae: ln.switch === "any" ? t("sj.line.any_kamae") : kamaeName(ln.switch) });
  }
  return (pre.length ? pre.join(" ") + ": " : "") + body;
}

// -- SVG helpers ---------------------------------------------------------------------------------------------------
function title(text) { const e = document.createElementNS(SVGNS, "title"); e.textContent = text; return e; }
// The geometry is the server's (daimyo/senjutsu/hexgrid.py through GET /api/senjutsu/data), at a hex radius of 1.
function battlefield() { return G.geometry.boards[G.view.board]; }
function facingIndex(f) { return G.geometry.facings.indexOf(f); }
// where hex q,r (on the battlefield or not: a card's grid) is drawn, for hexes of radius `size`
function centre(q, r, size) {
  const a = G.geometry.axes;
  return [size * (q * a.q[0] + r * a.r[0]), size * (q * a.q[1] + r * a.r[1])];
}
function hexPoints(x, y, size) { return G.geometry.corners.map(([dx, dy]) => `${(x + size * dx).toFixed(1)},${(y + size * dy).toFixed(1)}`).join(" "); }
function parseHex(text) { const [q, r] = text.split(",").map(Number); return [q, r]; }
// the offset of a grid cell such as "F+FR" for a character facing n
function cellOffset(path) {
  let q = 0, r = 0;
  for (const p of path.split("+")) { const d = G.geometry.directions[G.geometry.relative.indexOf(p)]; q += d[0]; r += d[1]; }
  return [q, r];
}

// -- the battlefield -------------------------------------------------------------------------------------------------
function terrainMark(kind, x, y) {
  const s = HEX;
  if (kind === "rock") return svgEl("path", { class: "terrain-mark", d: `M${x - s * .45},${y + s * .3} L${x - s * .25},${y - s * .25} L${x + s * .1},${y - s * .38} L${x + s * .45},${y - s * .05} L${x + s * .4},${y + s * .3} Z`, fill: "#6f6b66", stroke: "#3d3a36" });
  if (kind === "tree") return svgEl("g", { class: "terrain-mark" }, svgEl("rect", { x: x - 3, y: y, width: 6, height: s * .45, fill: "#6b4a2b" }),
    svgEl("circle", { cx: x, cy: y - s * .12, r: s * .38, fill: "#2f6b2a", stroke: "#1d4519" }));
  if (kind === "bamboo") return svgEl("g", { class: "terrain-mark", stroke: "#3d7a1f", "stroke-width": 4, "stroke-linecap": "round" },
    [-.3, 0, .3].map((dx, i) => svgEl("line", { x1: x + dx * s, y1: y + s * .45, x2: x + dx * s + (i - 1) * 3, y2: y - s * .5 })));
  if (kind === "shrine") return svgEl("g", { class: "terrain-mark" }, svgEl("rect", { x: x - s * .3, y: y - s * .05, width: s * .6, height: s * .4, fill: "#f2e6c9", stroke: "#5b3a1e" }),
    svgEl("path", { d: `M${x - s * .5},${y} L${x},${y - s * .45} L${x + s * .5},${y} Z`, fill: "#8c2f24" }));
  if (kind === "torii") return svgEl("g", { class: "terrain-mark", stroke: "#b3261e", "stroke-width": 5, "stroke-linecap": "round" },
    svgEl("line", { x1: x, y1: y - s * .45, x2: x, y2: y + s * .5 }), svgEl("line", { x1: x - s * .35, y1: y - s * .4, x2: x + s * .35, y2: y - s * .4 }));
  if (kind === "cart") return svgEl("g", { class: "terrain-mark" }, svgEl("rect", { x: x - s * .45, y: y - s * .3, width: s * .9, height: s * .4, fill: "#8a5a2b", stroke: "#4a2f14" }),
    svgEl("circle", { cx: x - s * .25, cy: y + s * .2, r: s * .15, fill: "#333" }), svgEl("circle", { cx: x + s * .25, cy: y + s * .2, r: s * .15, fill: "#333" }));
  return null;
}

function drawBoard() {
  const v = G.view;
  if (!v || !G.geometry) return;
  const hexes = Object.entries(battlefield());
  const xs = hexes.map(([, h]) => h.centre[0] * HEX), ys = hexes.map(([, h]) => h.centre[1] * HEX);
  const pad = HEX + 8;
  const minX = Math.min(...xs) - pad, minY = Math.min(...ys) - pad, w = Math.max(...xs) - minX + pad, h = Math.max(...ys) - minY + pad;
  const placeable = {};
  for (const a of G.legal) {
    const m = /^place (-?\d+,-?\d+) (\w+)$/.exec(a);
    if (m) (placeable[m[1]] = placeable[m[1]] || []).push(m[2]);
  }
  const cells = hexes.map(([key, hex]) => {
    const [q, r] = parseHex(key);
    const [x, y] = [hex.centre[0] * HEX, hex.centre[1] * HEX];
    const kind = v.terrain[key];
    const cls = ["hex"];
    if (kind) cls.push("terrain", "terrain-" + kind);
    if (placeable[key]) cls.push("lit");
    if (G.placeHex === key) cls.push("picked");
    const g = svgEl("g", { class: cls.join(" "), "data-hex": key },
      svgEl("polygon", { points: hexPoints(x, y, HEX - 1), fill: kind ? TERRAIN_COLOURS[kind] : ((q + 2 * r) % 3 === 0 ? "#d9c9a0" : "#e3d5b0") }),
      kind ? terrainMark(kind, x, y) : null,
      svgEl("text", { class: "coord", x: x, y: y + HEX * .72 }, key),
      title(kind ? `${key} — ${t("sj.terrain." + kind)}: ${t("sj.terrain_effect." + kind)}` : key));
    if (placeable[key]) {
      g.setAttribute("role", "button");
      g.setAttribute("tabindex", "-1");
      g.setAttribute("aria-label", t("sj.a11y.place_hex", { who: G.seat !== null ? shortWho(v.seats[G.seat].seat) : "", hex: key }) + (kind ? ` (${t("sj.terrain." + kind)})` : ""));
      g.addEventListener("click", () => pickPlaceHex(key));
    }
    return g;
  });
  const figures = v.seats.filter((s) => s.hex && !s.defeated).map((s) => drawCharacter(s));
  const svg = svgEl("svg", { viewBox: `${minX.toFixed(0)} ${minY.toFixed(0)} ${w.toFixed(0)} ${h.toFixed(0)}`, id: "board-svg" },
    svgEl("rect", { x: minX, y: minY, width: w, height: h, fill: "#5d7b4f", rx: 12 }), cells, figures, stageMarks());
  svg.setAttribute("aria-label", t("sj.a11y.board"));
  document.getElementById("board").replaceChildren(svg);
  rovingHex();
  if (G.hover && G.legal.includes(G.hover)) showGhost(G.hover);
}

function drawCharacter(s) {
  const i = seatIndex(s.seat);
  const [q, r] = parseHex(s.hex);
  const [x, y] = centre(q, r, HEX);
  const angle = -90 + 60 * facingIndex(s.facing);
  const rad = HEX * .56;
  const col = SEAT_COLOURS[i];
  // status badges sit behind the character (away from the facing arrow), fanned out
  const marks = [];
  const wounds = s.wounds + s.bleeding;
  if (wounds) marks.push(["#b71c1c", String(wounds), "wounds", t("sj.wounds_of", { n: wounds, limit: s.wound_limit })]);
  if (s.stuns) marks.push(["#c9a100", String(s.stuns), "stuns", t("sj.stuns_n", { n: s.stuns })]);
  if (s.focus) marks.push(["#1565c0", String(s.focus), "focus", t("sj.focus_n", { n: s.focus })]);
  if (s.hobbles) marks.push(["#ef8a17", String(s.hobbles), "hobbles", t("sj.hobbles_n", { n: s.hobbles })]);
  const badges = marks.map(([fill, text, cls, tip], k) => {
    const a = (angle + 180 + (k - (marks.length - 1) / 2) * 42) * Math.PI / 180;
    const bx = x + (rad + 2) * Math.cos(a), by = y + (rad + 2) * Math.sin(a);
    return svgEl("g", { class: "badge badge-" + cls }, svgEl("circle", { cx: bx, cy: by, r: 9, fill, stroke: "#fff", "stroke-width": 1.5 }),
      svgEl("text", { x: bx, y: by + 4, class: "badge-text" }, text), title(tip));
  });
  return svgEl("g", { class: "figure", "data-seat": s.seat, "data-hex": s.hex, "data-facing": s.facing },
    svgEl("g", { transform: `rotate(${angle} ${x} ${y})` },
      svgEl("path", { class: "facing", d: `M${x + rad + 15},${y} L${x + rad - 4},${y - 12} L${x + rad - 4},${y + 12} Z`, fill: col, stroke: "#fff", "stroke-width": 1.5 })),
    svgEl("circle", { class: "body", cx: x, cy: y, r: rad, fill: col, stroke: s.poison ? "#3c9d3c" : "#fff", "stroke-width": s.poison ? 4 : 2.5 }),
    svgEl("text", { class: "figure-name", x: x, y: y + 6 }, shortWho(s.seat).slice(0, 1)),
    badges,
    title(`${who(s.seat)} — ${facingName(s.facing)}, ${kamaeName(s.kamae)}; ${t("sj.wounds_of", { n: wounds, limit: s.wound_limit })}`));
}

// a movement answer previewed on the board: the hexes passed through and where the character ends, facing which way
function showGhost(action) {
  hideGhost();
  G.hover = action;
  const svg = document.getElementById("board-svg");
  const me = G.view && G.seat !== null ? G.view.seats[G.seat] : null;
  if (!svg || !me || !me.hex) return;
  const [verb, ...rest] = action.split(" ");
  if (verb === "target") {
    const fig = svg.querySelector(`.figure[data-seat="${rest[0]}"]`);
    if (fig) fig.classList.add("targeted");
    return;
  }
  if (verb !== "move" || rest[0] === "-") return;
  // each step goes to the neighbour in that direction; a step off the battlefield is not taken (the character stays)
  const plan = planPath(me.hex, me.facing, rest);
  const point = (key) => battlefield()[key].centre.map((c) => c * HEX);
  const path = plan.hexes.map(point);
  const f = facingIndex(plan.facing);
  const [x, y] = path[path.length - 1];
  const rad = HEX * .56;
  const angle = -90 + 60 * f;
  svg.append(svgEl("g", { id: "ghost", "pointer-events": "none" },
    path.length > 1 ? svgEl("polyline", { points: path.map((pt) => pt.join(",")).join(" "), fill: "none", stroke: "#222", "stroke-width": 3, "stroke-dasharray": "6 4" }) : null,
    svgEl("g", { transform: `rotate(${angle} ${x} ${y})` }, svgEl("path", { d: `M${x + rad + 15},${y} L${x + rad - 4},${y - 12} L${x + rad - 4},${y + 12} Z`, fill: "#222", opacity: .6 })),
    svgEl("circle", { cx: x, cy: y, r: rad, fill: SEAT_COLOURS[G.seat], opacity: .45, stroke: "#222", "stroke-width": 2, "stroke-dasharray": "4 3" })));
}
function hideGhost(ev) {
  if (ev) G.hover = null;   // the pointer left the button (a redraw keeps the preview)
  const g = document.getElementById("ghost");
  if (g) g.remove();
  for (const f of document.querySelectorAll("#board .figure.targeted")) f.classList.remove("targeted");
}

function pickPlaceHex(key) {
  G.placeHex = key;
  KEYS.litHex = key;
  drawBoard();
  drawActions();
  const first = document.querySelector("#actions button.facing-button");
  if (KEYS.keyboard && first) first.focus();
  else if (first && first.getBoundingClientRect().bottom > window.innerHeight) first.scrollIntoView({ block: "nearest" });   // the facings in sight
}

// -- a card, with its grid drawn ------------------------------------------------------------------------------------
function cardGrid(c) {
  const cells = {};
  const blocks = new Set();
  const visit = (ln) => {
    if (ln.attack && ln.attack.grid) for (const [p, effs] of Object.entries(ln.attack.grid)) cells[p] = (cells[p] || []).concat(effs);
    if (ln.block) for (const p of ln.block) blocks.add(p);
    if (ln.or) ln.or.forEach(visit);
  };
  c.lines.forEach(visit);
  if (!Object.keys(cells).length && !blocks.size) return null;
  const size = 10;
  const spots = new Map([["0,0", { q: 0, r: 0, kind: "self" }]]);
  for (const d of G.geometry.directions) spots.set(`${d[0]},${d[1]}`, { q: d[0], r: d[1], kind: "" });
  for (const [p, effs] of Object.entries(cells)) { const [q, r] = cellOffset(p); spots.set(`${q},${r}`, { q, r, kind: "hit", effs, path: p }); }
  for (const p of blocks) {
    const [q, r] = cellOffset(p);
    const old = spots.get(`${q},${r}`);
    spots.set(`${q},${r}`, { q, r, kind: old && old.kind === "hit" ? "hit" : "block", effs: old && old.effs, path: p, block: true });
  }
  const pts = [...spots.values()].map((s) => centre(s.q, s.r, size));
  const minX = Math.min(...pts.map((p) => p[0])) - size - 2, minY = Math.min(...pts.map((p) => p[1])) - size - 2;
  const w = Math.max(...pts.map((p) => p[0])) - minX + size + 2, h = Math.max(...pts.map((p) => p[1])) - minY + size + 2;
  const shapes = [...spots.values()].map((s) => {
    const [x, y] = centre(s.q, s.r, size);
    let fill = "#efe6cf";
    if (s.kind === "self") fill = "#3a2d20";
    if (s.kind === "block") fill = "#7fa7d9";
    if (s.kind === "hit") fill = EFFECT_COLOURS[s.effs[0]] || "#d9534f";
    const tip = s.kind === "hit" ? `${cellsWords([s.path])}: ${s.effs.map(effectName).join(", ")}` : s.kind === "block" ? `${cellsWords([s.path])}: ${t("sj.block_cell")}` : "";
    return svgEl("g", { class: "cell cell-" + (s.kind || "empty") }, svgEl("polygon", { points: hexPoints(x, y, size - .8), fill, stroke: s.block ? "#1f4e8c" : "#8a7a5c", "stroke-width": s.block ? 2 : .8 }),
      s.kind === "hit" && s.effs.length > 1 ? svgEl("circle", { cx: x, cy: y, r: 3, fill: EFFECT_COLOURS[s.effs[1]] || "#fff", stroke: "#000", "stroke-width": .5 }) : null,
      s.kind === "self" ? svgEl("path", { d: `M${x},${y - 6} L${x - 4},${y + 3} L${x + 4},${y + 3} Z`, fill: "#fff" }) : null,
      tip ? title(tip) : null);
  });
  return svgEl("svg", { class: "card-grid", viewBox: `${minX} ${minY} ${w} ${h}`, width: w * 1.6, height: h * 1.6 }, shapes);
}

function cardBox(id, opts) {
  const c = G.cards[id];
  if (!c) return el("div", { class: "sj-card status", "data-card": id }, el("div", { class: "card-name", text: cardName(id) }));
  const facts = [el("span", { class: "init", title: t("sj.card.initiative"), text: initiativeText(c) })];
  if (c.alt) facts.push(el("span", { class: "alt", text: t(c.alt.kamae ? "sj.card.alt_kamae" : "sj.card.alt_focus", { n: c.alt.initiative, kamae: c.alt.kamae ? kamaeIn(c.alt.kamae) : "", focus: c.alt.focus || 0 }) }));
  if (c.split) facts.push(el("span", { class: "alt", text: t("sj.card.split", { n: c.split.initiative }) }));
  if (c.focus) facts.push(el("span", { class: "cost", text: t("sj.card.focus_cost", { n: c.focus }) }));
  if (c.kamae) facts.push(el("span", { class: "req", text: t("sj.card.needs_kamae", { kamae: kamaeName(c.kamae) }) }));
  if (c.instant) facts.push(el("span", { class: "instant", text: t("sj.card.instant." + c.instant) + (c.play ? " · " + t("sj.card.play." + c.play) : "") }));
  const lines = c.lines.map((ln, i) => el("li", { class: c.split && i >= c.split.line ? "below" : "", text: lineText(ln) }));
  if (c.asterisk && c.asterisk.length) lines.push(el("li", { text: "✱ " + c.asterisk.map(lineText).join("; ") }));
  const cls = ["sj-card", "type-" + (c.core ? "core" : c.type)];
  if (opts && opts.playable) cls.push("playable");
  const named = opts && opts.playable ? { role: "button", tabindex: "0", "aria-label": t("sj.a11y.card", { card: cardName(id), n: initiativeText(c) }) } : {};
  return el("div", { class: cls.join(" "), "data-card": id, onclick: opts && opts.onclick, ...named },
    el("div", { class: "card-head" }, el("span", { class: "card-name", text: cardName(id) }), el("span", { class: "card-type", text: t("sj.type." + (c.core ? "core_" + c.core : c.type)) })),
    el("div", { class: "card-facts" }, facts),
    el("div", { class: "card-body" }, cardGrid(c), el("ul", { class: "card-lines" }, lines)));
}

// -- the hand ---------------------------------------------------------------------------------------------------------
function drawHand() {
  const v = G.view;
  const panel = document.getElementById("hand-panel");
  const me = G.seat !== null && v ? v.seats[G.seat] : null;
  if (!me || !me.hand) { panel.hidden = true; return; }
  panel.hidden = false;
  const playable = new Set(G.legal.filter((a) => a.startsWith("play ")).map((a) => a.slice(5)));
  document.getElementById("hand-hint").textContent = playable.size ? t("sj.hand.choose_hint") : me.chosen ? t("sj.hand.chosen", { card: cardName(me.chosen) }) : "";
  const boxes = me.hand.map((id) => cardBox(id, { playable: playable.has(id), onclick: playable.has(id) ? () => send("play " + id) : null }));
  const named = (card) => (playable.has(card) ? { role: "button", tabindex: "0", "aria-label": t("sj.act.play", { card: cardName(card) }) } : {});
  for (let k = 0; k < me.stuns; k++) boxes.push(el("div", { class: "sj-card status stun" + (playable.has("stun") ? " playable" : ""), "data-card": "stun", onclick: playable.has("stun") ? () => send("play stun") : null, ...named("stun") },
    el("div", { class: "card-name", text: t("sj.status.stun") }), el("p", { class: "small", text: t("sj.status.stun_text") })));
  if (me.poison) boxes.push(el("div", { class: "sj-card status poison" + (playable.has("poison") ? " playable" : ""), "data-card": "poison", onclick: playable.has("poison") ? () => send("play poison") : null, ...named("poison") },
    el("div", { class: "card-name", text: t("sj.status.poison") }), el("p", { class: "small", text: t("sj.status.poison_text") })));
  document.getElementById("hand").replaceChildren(...boxes);
}

// -- the actions ---------------------------------------------------------------------------------------------------------
function actionWords(a) {
  const [verb, ...rest] = a.split(" ");
  const arg = rest.join(" ");
  switch (verb) {
    case "move": return arg === "-" ? t("sj.act.no_move") : t("sj.act.move", { atoms: rest.map((x) => t("sj.atom." + x)).join(", ") });
    case "target": return t("sj.act.target", { who: who(arg) });
    case "push": case "pull": return t("sj.act." + verb, { dirs: rest.map(facingName).join(", ") });
    case "kamae": return arg === "-" ? t("sj.act.kamae_stay") : t("sj.act.kamae", { path: rest.map(kamaeName).join(" → ") });
    case "switch": return t("sj.act.switch", { kamae: kamaeName(arg) });
    case "turn": return t("sj.act.turn." + arg);
    case "speed": return t("sj.act.speed." + arg);
    case "focus": return t("sj.act.focus." + arg);
    case "initiative": return t("sj.act.initiative", { n: arg });
    case "order": return t("sj.act.order", { n: arg });
    case "or": return orWords(Number(arg));
    case "play": return t("sj.act.play", { card: cardName(arg) });
    case "prepare": return arg === "done" ? t("sj.act.prepare_done") : t("sj.act.prepare", { card: cardName(arg) });
    case "terrain": return t("sj.act.terrain", { terrain: t("sj.terrain." + rest[0]), hexes: rest.slice(1).join(" ") });
    case "discard": case "replace": case "counter": case "instant": case "search":
      return ["no", "none"].includes(arg) ? t("sj.act." + verb + "_no") : t("sj.act." + verb, { card: cardName(arg) });
    default: return a;
  }
}

function orWords(n) {
  // the -OR- line of the card this seat is resolving
  const c = G.cards[G.lastCard[G.seat]];
  const ln = c && [...c.lines, ...(c.asterisk || [])].find((x) => x.or);
  return ln && ln.or[n - 1] ? t("sj.act.or", { n, text: lineText(ln.or[n - 1]) }) : t("sj.act.or", { n, text: "" });
}

// An answer's accessible name: a movement says where it takes the character and which way it faces there.
function actionName(a) {
  const [verb, ...rest] = a.split(" ");
  const me = G.view && G.seat !== null ? G.view.seats[G.seat] : null;
  if (verb === "move" && rest[0] !== "-" && me && me.hex && G.geometry) {
    const plan = planPath(me.hex, me.facing, rest);
    return t("sj.a11y.move", { who: shortWho(me.seat), atoms: actionWords(a), hex: plan.hexes[plan.hexes.length - 1], facing: facingName(plan.facing) });
  }
  return actionWords(a);
}

function drawActions() {
  const box = document.getElementById("actions");
  const prompt = document.getElementById("prompt");
  const v = G.view;
  box.replaceChildren();
  if (!v) return;
  document.getElementById("actions-title").textContent = movePanelTitle(G.legal.length > 0, G.seat, gameOver(v));
  if (gameOver(v)) { prompt.textContent = t("sj.prompt.over"); return; }
  if (STORY.playing) { prompt.textContent = t("sj.story.playing"); return; }
  if (!G.legal.length) {
    prompt.textContent = G.seat === null ? t("sj.prompt.spectator") : t("sj.prompt.waiting", { who: v.to_act.map(shortWho).join(", ") || "…" });
    return;
  }
  const verb = G.legal[0].split(" ")[0];
  if (verb === "place") {
    if (!G.placeHex) { prompt.textContent = t("sj.prompt.place"); return; }
    prompt.textContent = t("sj.prompt.facing", { hex: G.placeHex });
    for (const a of G.legal) {
      const m = /^place (\S+) (\w+)$/.exec(a);
      if (m && m[1] === G.placeHex) box.append(el("button", { class: "act facing-button", "data-action": a, onclick: () => send(a), text: facingName(m[2]),
        "aria-label": t("sj.a11y.place", { who: shortWho(v.seats[G.seat].seat), hex: m[1], facing: facingName(m[2]) }) }));
    }
    return;
  }
  prompt.textContent = t("sj.ask." + verb);
  for (const a of G.legal) {
    if (a.startsWith("play ") && a !== "play stun" && a !== "play poison") continue;   // chosen by clicking the card
    box.append(el("button", { class: "act", "data-action": a, onclick: () => send(a), onmouseenter: () => showGhost(a), onmouseleave: hideGhost,
      onfocus: () => showGhost(a), onblur: hideGhost, text: actionWords(a), "aria-label": actionName(a) }));
  }
}

// -- this turn, the duellists, the Kamae trees ---------------------------------------------------------------------------
function kamaeTree(character, current) {
  const ch = G.characters[character];
  if (!ch) return null;
  const pink = "#d63384";
  const lines = ch.kamae.branches.map(([a, b, focus]) => {
    const [x1, y1] = KAMAE_AT[a], [x2, y2] = KAMAE_AT[b];
    const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy);
    const ux = dx / len, uy = dy / len;
    const back = ch.kamae.branches.some(([c, d]) => c === b && d === a);
    const off = back ? 4 : 0;     // two-way branches drawn side by side
    const sx = x1 + ux * 17 - uy * off, sy = y1 + uy * 17 + ux * off, ex = x2 - ux * 19 - uy * off, ey = y2 - uy * 19 + ux * off;
    return svgEl("g", { class: "branch" + (focus ? " focus" : "") }, svgEl("line", { x1: sx, y1: sy, x2: ex, y2: ey, stroke: focus ? pink : "#5b4a36", "stroke-width": 2 }),
      svgEl("path", { d: `M${ex},${ey} L${ex - ux * 7 - uy * 4},${ey - uy * 7 + ux * 4} L${ex - ux * 7 + uy * 4},${ey - uy * 7 - ux * 4} Z`, fill: focus ? pink : "#5b4a36" }),
      title(`${kamaeName(a)} → ${kamaeName(b)}${focus ? " (+1 " + t("sj.focus") + ")" : ""}`));
  });
  const nodes = Object.entries(KAMAE_AT).map(([k, [x, y]]) => svgEl("g", { class: "kamae-node" + (k === current ? " current" : ""), "data-kamae": k },
    svgEl("circle", { cx: x, cy: y, r: 15, fill: k === current ? "#ffd23f" : "#fffaf0", stroke: "#3a2d20", "stroke-width": k === current ? 3 : 1.2 }),
    svgEl("text", { x, y: y + 4, class: "kamae-label" }, kamaeName(k).slice(0, 3)), title(kamaeName(k))));
  return svgEl("svg", { class: "kamae-tree", viewBox: "0 0 160 125", width: 160, height: 125 }, lines, nodes);
}

function drawDuellists() {
  const v = G.view;
  const adv = v.advantage.map(shortWho).join(" › ");
  const boxes = v.seats.map((s) => {
    const i = seatIndex(s.seat);
    const facts = el("dl", { class: "facts" },
      el("dt", { text: t("sj.wounds") }), el("dd", { class: "wounds", text: `${s.wounds + s.bleeding} / ${s.wound_limit}` + (s.bleeding ? ` (${t("sj.bleeding_n", { n: s.bleeding })})` : "") }),
      el("dt", { text: t("sj.stuns") }), el("dd", { class: "stuns", text: `${s.stuns} / ${s.hand_limit}` }),
      el("dt", { text: t("sj.focus") }), el("dd", { class: "focus", text: String(s.focus) }),
      el("dt", { text: t("sj.kamae") }), el("dd", { class: "kamae", text: kamaeName(s.kamae) }),
      el("dt", { text: t("sj.cards") }), el("dd", { text: t("sj.cards_counts", { hand: s.hand_size, deck: s.deck_size, discard: s.discard.length }) }),
      s.hobbles ? el("dt", { text: t("sj.hobbles") }) : null, s.hobbles ? el("dd", { text: String(s.hobbles) }) : null,
      s.poison ? el("dt", { text: t("sj.status.poison") }) : null, s.poison ? el("dd", { text: "✓" }) : null);
    const cls = ["duellist"];
    if (s.defeated) cls.push("defeated");
    if (v.to_act.includes(s.seat)) cls.push("acting");
    if (i === G.seat) cls.push("me");
    return el("div", { class: cls.join(" "), "data-seat": s.seat },
      el("h3", {}, el("span", { class: "swatch", style: `background:${SEAT_COLOURS[i]}` }), who(s.seat), s.defeated ? el("span", { class: "badge", text: t("sj.defeated") }) : null,
        i === G.seat ? el("span", { class: "badge", text: t("sj.you") }) : null),
      el("div", { class: "duellist-body" }, facts, kamaeTree(s.character, s.kamae)));
  });
  document.getElementById("duellists").replaceChildren(el("p", { class: "small", text: t("sj.advantage_order", { order: adv }) }), ...boxes);
}

// -- the log -------------------------------------------------------------------------------------------------------------
// daimyo/words/senjutsu.py says the same sentences in Python (the terminal); a test checks both give the same text.
function terrainWord(val) {
  return t("sj.terrain." + val) === "sj.terrain." + val ? (val === "character" ? t("sj.a_character") : val) : t("sj.terrain." + val);
}

// The engine's reason for harm (English) in words.
function harmWhy(why) {
  const key = { "empty deck": "sj.why.empty_deck", "moved off the battlefield": "sj.why.off_field", "collision": "sj.why.collision",
    "attack": "sj.why.attack", "counter": "sj.why.counter" }[why];
  if (key) return t(key);
  const m = /^collided with (\w+)$/.exec(why);
  return m ? t("sj.why.collided", { terrain: terrainWord(m[1]) }) : why;
}

function eventText(e) {
  if (isPlayNote(e)) return playNoteText(e);   // not the engine's: a stand-in or a resignation (play.js)
  const p = {};
  for (const [k, val] of Object.entries(e)) {
    if (k === "kind") continue;
    if (k === "seat" || k === "target" || k === "by") p[k] = who(val);
    else if (k === "card" || k === "old") p[k] = cardName(val);
    else if (k === "targets" || k === "winners") p[k] = val.map(shortWho).join(", ") || t("nobody");
    else if (k === "facing") p[k] = facingName(val);
    else if (k === "kamae") p[k] = kamaeIn(val);   // the one event naming a Kamae: "is now in {kamae}"
    else if (k === "effect") p[k] = effectName(val);
    else if (k === "hand") p[k] = val.map(cardName).join(", ");
    else if (k === "terrain" || k === "into") p[k] = terrainWord(val);
    else if (k === "cards") p[k] = Object.entries(val).map(([s, c]) => `${shortWho(s)}: ${cardName(c)}`).join(", ");
    else if (k === "segments") p[k] = val.map(([s, n]) => `${shortWho(s)} (${n})`).join(", ");
    else if (k === "plan") p[k] = val === "-" ? t("sj.act.no_move") : val.split(" ").map((x) => t("sj.atom." + x)).join(", ");
    else if (k === "cells") p[k] = cellsWords(val);
    else if (k === "hexes") p[k] = val.join(" ");
    else if (k === "why") p[k] = harmWhy(val);
    else p[k] = val;
  }
  if (e.kind === "speed") return t(e.alternative ? "sj.event.speed-alt" : "sj.event.speed-normal", p);
  if (e.kind === "attack") return t(e.successful ? "sj.event.attack-hit" : "sj.event.attack-miss", p);
  if (e.kind === "cancel-active") return t(e.cancelled === "card" ? "sj.event.cancel-active" : e.cancelled === "movement" ? "sj.event.cancel-movement" : "sj.event.cancel-nothing", p);
  return t("sj.event." + e.kind, p);
}

function drawLog() {
  const list = document.getElementById("log");
  const items = G.log.map((e) => el("li", { class: "ev-" + e.kind, text: eventText(e) }));
  list.replaceChildren(...items);
  list.scrollTop = list.scrollHeight;
  requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
}

// -- the result ------------------------------------------------------------------------------------------------------------
function drawResult() {
  const v = G.view;
  const box = document.getElementById("result");
  if (!v || v.phase !== "over" || !v.winners || box.dataset.shown === "1") return;
  box.dataset.shown = "1";
  document.getElementById("result-text").textContent = v.winners.length === 1 ? t("sj.result.winner", { who: who(v.winners[0]) }) : t("sj.result.draw", { who: v.winners.map(shortWho).join(", ") });
  const head = el("tr", {}, el("th", { text: t("sj.duellist") }), el("th", { text: t("sj.wounds") }), el("th", { text: t("sj.stuns") }), el("th", {}));
  const rows = v.seats.map((s) => el("tr", { class: v.winners.includes(s.seat) ? "winner" : "" }, el("td", { text: who(s.seat) }),
    el("td", { class: "num", text: `${s.wounds + s.bleeding} / ${s.wound_limit}` }), el("td", { class: "num", text: `${s.stuns} / ${s.hand_limit}` }),
    el("td", { text: v.winners.includes(s.seat) ? t(v.winners.length === 1 ? "sj.result.wins" : "sj.result.draws") : t("sj.defeated") })));
  document.getElementById("result-table").replaceChildren(head, ...rows);
  recordLink(document.getElementById("result-record"), gameId);
  document.getElementById("result-open").hidden = false;   // closed, the result opens again from here
  openResultBox("result");   // the box takes the focus; Escape closes it (senjutsu-keys.js)
}

// -- everything ------------------------------------------------------------------------------------------------------------
function render() {
  const v = G.view;
  if (!v) return;
  document.getElementById("turn").textContent = t("sj.turn_n", { n: v.turn });
  const over = gameOver(v);
  document.getElementById("phase").textContent = t("sj.phase." + (STORY.playing ? "decide" : over ? "over" : v.phase));
  document.getElementById("to-act").textContent = !v.to_act.length || STORY.playing || over ? ""
    : waiting() ? t("status.table_waits") : t("sj.to_act", { who: v.to_act.map(shortWho).join(", ") });   // (a table before its start)
  document.body.dataset.phase = over ? "over" : v.phase;
  document.body.dataset.legal = String(G.legal.length);
  document.body.dataset.seq = String(G.seq);
  const keep = focusKey(document.activeElement);
  drawBoard();
  drawStage();
  drawActions();
  drawHand();
  drawDuellists();
  drawLog();
  drawResult();
  restoreFocus(keep);
}

function send(action) {
  if (document.body.dataset.busy === "1") return;   // a move is on its way: no second one (client.js)
  if (!confirmMove(actionWords(action))) { G.placeHex = null; render(); return; }
  showMessage("");
  // a card is chosen at the same time as the others (Choose), and prepared cards too (Player Setup 7): another seat's
  // step, which arrives meanwhile, changes nothing we may do, so ours goes without the step number that would make it
  // stale (every decision several seats make at once: more than one seat to act)
  const msg = { type: "act", action };
  if (!(G.view && (G.view.phase === "choose" || (G.view.to_act || []).length > 1))) msg.seq = G.seq;
  G.conn.send(msg);
}

// The server's messages (the connection itself, its badge and its errors are client.js's).
function onMessage(msg) {
  const note = playMessage(msg);   // the table, chat, clocks and stand-ins (play.js)
  if (note) { G.log = G.log.concat([note]); drawLog(); }
  if (msg.type === "welcome") { G.summary = msg.game; G.seat = msg.seat; showPracticeBanner(G.summary); }
  else if (msg.type === "log") { storyTakeLog(msg.events); noteCards(msg.events); }
  else if (msg.type === "state") {
    noteCards(msg.events);
    storyTake(msg);   // the events as a story; the view and the decisions once it has caught up (senjutsu-story.js)
  }
}

function noteCards(events) {
  for (const e of events) if (e.kind === "resolve" || e.kind === "instant") G.lastCard[seatIndex(e.seat)] = e.card;
}

// -- a finished duel, step by step (GET /api/games/<id>/replay: public views and events only) ----------------------
async function startReplay() {
  G.seat = null;
  await startReplayOf(G, gameId, replayTo);
}

function replayTo(i) {
  storyTakeLog(replayStepTo(G, i));
  render();
}

async function main() {
  document.getElementById("game-id").textContent = gameId;
  loadPracticeBanner(gameId);
  await loadLang(chooseLang());
  setupLangSwitch(document.getElementById("lang"));
  try {
    G.data = await (await fetch("/api/senjutsu/data?game=" + encodeURIComponent(gameId), { headers: keyHeaders(gameId) })).json();   // with the table's own cards
    for (const c of G.data.cards) G.cards[c.id] = c;
    for (const c of G.data.characters) G.characters[c.id] = c;
    G.geometry = G.data.geometry;
  } catch (e) { showMessage(t("client.no_data"), "error"); }   // the log and the answers still work, without the board
  I18N.listeners.push(() => { if (REPLAY && G.replay) replayTo(G.replayPos); else render(); });
  setupResultBox("result");
  setupStory();
  setupKeys();
  // the seats' words, for the table and, in a replay too, the analysis (analysis.js)
  PLAY.opts = { resultBox: "result", choiceName: (c) => (c ? characterName(c) : t("lobby.random_character")), onStatus: render };
  if (REPLAY) { await startReplay(); return; }
  G.conn = connectGame(gameId, { onMessage });
  setupPlay(gameId, G.conn, PLAY.opts);
}
main();
