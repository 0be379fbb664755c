// The Rokugan page's board: the drawing (daimyo/rokugan/board_svg.py) with the pieces on it, the places that light up,
// the keyboard (Tab to the board, arrows among lit places, Enter acts, Escape cancels, ? lists the keys) and, on a
// narrow screen, zoom and pan. Loaded before rokugan.js, whose state (G) and clickPlace it uses. Plain JavaScript.
"use strict";

// -- clan marks: a shape of each clan's own, drawn on every token and control token, so that no clan is told by colour alone
const CLAN_MARKS = {
  crab: { d: "M-4,-4h8v8h-8z" },
  crane: { d: "M0,-5.2L4.8,3.6H-4.8z" },
  dragon: { d: "M0,-5.6L4.4,0L0,5.6L-4.4,0z" },
  lion: { d: "M-4.4,0a4.4,4.4 0 1 0 8.8,0a4.4,4.4 0 1 0 -8.8,0z" },
  phoenix: { d: "M0,-5.4L1.5,-1.7L5.4,-1.6L2.4,0.9L3.4,4.6L0,2.5L-3.4,4.6L-2.4,0.9L-5.4,-1.6L-1.5,-1.7z" },
  scorpion: { d: "M-4,-4L4,4M4,-4L-4,4", line: true },
  unicorn: { d: "M-3.4,-4.6V0.6a3.4,3.4 0 0 0 6.8,0V-4.6", line: true },
};

// The clan's mark at (x, y) in the drawing: a light disc with the clan's shape in ink.
function clanMark(clan, x, y, r) {
  const m = CLAN_MARKS[clan];
  if (!m) return null;
  const s = (r || 8) / 8;
  return svgEl("g", { class: "clan-mark mark-" + clan, transform: `translate(${x.toFixed(1)},${y.toFixed(1)}) scale(${s})`, "aria-hidden": "true" },
    svgEl("circle", { class: "mark-disc", r: 7.5 }), svgEl("path", { class: m.line ? "mark-line" : "mark-shape", d: m.d }));
}

// The mark as a small picture for the page's tables and lists.
function clanMarkIcon(clan) {
  if (!CLAN_MARKS[clan]) return null;
  return svgEl("svg", { class: "clan-icon", viewBox: "-8 -8 16 16", width: 16, height: 16, "aria-hidden": "true" }, clanMark(clan, 0, 0, 8));
}

// Dark or light ink on a clan's colour: whichever reads better (WCAG contrast).
function inkClass(colour) {
  const lum = (hex) => {
    const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const L = lum(colour);
  return (L + 0.05) / 0.05 >= 1.05 / (L + 0.05) ? "ink-dark" : "ink-light";
}

// -- the drawing ---------------------------------------------------------------------------------------------------
async function loadBoard() {
  const text = await (await fetch("/api/rokugan/board.svg")).text();
  const wrap = document.getElementById("board");
  wrap.innerHTML = text;
  const svg = wrap.querySelector("svg");
  svg.setAttribute("id", "board-svg");
  svg.setAttribute("role", "group");
  for (const t of svg.querySelectorAll("[data-place]")) {
    G.targets[t.dataset.place] = t;
    if (/^[a-z_]+\d?$/.test(t.dataset.place) && !t.dataset.place.includes(">")) G.provinces.add(t.dataset.place);
    t.addEventListener("click", () => clickPlace(t.dataset.place));
  }
  for (const p of svg.querySelectorAll(".province")) p.addEventListener("click", () => clickPlace(p.dataset.province));
  svg.addEventListener("keydown", boardKey);
  G.boardReady = true;
  labelBoard();
}

function labelBoard() {
  if (!G.boardReady) return;
  applyI18n(document.getElementById("board"));
  document.getElementById("board-svg").setAttribute("aria-label", t("board.name"));
  for (const e of document.querySelectorAll("[data-i18n-aria]")) e.setAttribute("aria-label", t(e.dataset.i18nAria));
  for (const e of document.querySelectorAll("#board .territory-label")) e.textContent = territoryName(e.dataset.territory);
  for (const e of document.querySelectorAll("#board .province-label")) e.textContent = provinceName(e.dataset.province);
  for (const e of document.querySelectorAll("#board .targets [data-place]")) {
    let title = e.querySelector("title");
    if (!title) { title = document.createElementNS(SVGNS, "title"); e.prepend(title); }
    title.textContent = placeName(e.dataset.place);
  }
}

function anchor(place) {
  const tg = G.targets[place];
  if (!tg) return null;
  const [x, y] = tg.dataset.anchor.split(" ").map(Number);
  return { x, y };
}

const SPECIAL_MARK = { peace: "☮", scorched_earth: "✹", battlefield: "⚔", harbor: "⚓", honor_1: "+1", honor_2: "+2", honor_4: "+4", defense_1: "+1", defense_2: "+2" };
const TOKEN_R = 17;

// The pieces of a view on the drawing: control and special tokens under the click targets (#marks), combat tokens above them (#overlay).
function drawOverlay(view) {
  if (!G.boardReady || !view) return;
  const overlay = document.getElementById("overlay");
  const marks = document.getElementById("marks");
  const keep = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.place : null;
  overlay.replaceChildren();
  marks.replaceChildren();
  for (const p of document.querySelectorAll("#board .province")) {
    const info = view.provinces[p.dataset.province];
    p.classList.toggle("owned", !!(info && info.owner));
  }
  for (const [pid, info] of Object.entries(view.provinces)) {
    const c = G.targets[pid];
    if (!c) continue;
    const [cx, cy] = c.dataset.controlAnchor.split(" ").map(Number);
    if (info.owner) marks.append(controlGroup(pid, info, cx, cy));
    if (info.special) {
      const [sx, sy] = c.dataset.specialAnchor.split(" ").map(Number);
      marks.append(svgEl("g", { class: "special special-" + info.special, "data-province": pid, "data-special": info.special },
        svgEl("rect", { x: sx - 13, y: sy - 13, width: 26, height: 26, rx: 4 }),
        info.special === "shrine"
          ? svgEl("path", { class: "torii", d: `M${sx - 9},${sy - 7} h18 M${sx - 7},${sy - 2} h14 M${sx - 5},${sy - 7} v15 M${sx + 5},${sy - 7} v15` })
          : svgEl("text", { x: sx, y: sy + 6 }, SPECIAL_MARK[info.special] || "?"),
        svgEl("title", {}, specialName(info.special))));
    }
  }
  // combat tokens: spread the ones sharing a place; a blessing sits beside the token it blesses, clear of its centre
  const at = {};
  const pos = {};
  for (const tok of view.tokens) (at[tok.at] = at[tok.at] || []).push(tok);
  const order = [...view.tokens].sort((a, b) => (a.at.startsWith("#") ? 1 : 0) - (b.at.startsWith("#") ? 1 : 0));
  for (const tok of order) {
    let p;
    if (tok.at.startsWith("#")) {
      const under = pos[Number(tok.at.slice(1))];
      p = under ? { x: under.x + 20, y: under.y - 20 } : null;
    } else {
      const a = anchor(tok.at);
      if (!a) continue;
      const group = at[tok.at];
      const i = group.indexOf(tok);
      const centre = !tok.at.includes(">") && !tok.at.startsWith("~");
      const along = spreadWay(tok.at);
      const k = (i - (group.length - 1) / 2) * (2 * TOKEN_R + 2);
      p = { x: a.x + k * along.x, y: a.y + k * along.y + (centre ? -2 : 0) };
    }
    if (!p) continue;
    pos[tok.token] = p;
    overlay.append(tokenGroup(tok, p, tok.at.startsWith("#") ? 12 : TOKEN_R));
  }
  for (const k of Object.keys(G.targets)) if (k.startsWith("#") && !view.tokens.some((x) => "#" + x.token === k)) delete G.targets[k];
  lightUp();
  if (keep && G.targets[keep] && G.targets[keep].classList.contains("lit")) G.targets[keep].focus();
}

// Which way tokens sharing a place are spread: across a border (so that they stay clear of the way back), else sideways.
function spreadWay(place) {
  if (!place.includes(">")) return { x: 1, y: 0 };
  const [a, b] = place.split(">");
  const here = anchor(place), back = anchor(`${b}>${a}`);
  if (!here || !back) return { x: 1, y: 0 };
  const d = Math.hypot(here.x - back.x, here.y - back.y) || 1;
  return { x: -(here.y - back.y) / d, y: (here.x - back.x) / d };
}

function controlGroup(pid, info, cx, cy) {
  const colour = CLAN_COLOURS[info.owner] || "#777";
  const ink = inkClass(colour);
  const g = svgEl("g", { class: "control", "data-province": pid, "data-owner": info.owner, "data-faceup": info.faceup, "data-facedown": info.facedown });
  let x = cx - ((info.faceup > 0) + (info.facedown > 0) - 1) * 16;
  if (info.faceup > 0) {
    g.append(svgEl("circle", { cx: x, cy, r: 14, fill: colour, class: "control-up" }),
      svgEl("text", { x: x + 3, y: cy + 6, class: "control-n " + ink }, String(info.faceup)), clanMark(info.owner, x - 10, cy - 10, 7));
    x += 32;
  }
  if (info.facedown > 0) {
    g.append(svgEl("circle", { cx: x, cy, r: 14, fill: colour, class: "control-down" }),
      svgEl("circle", { cx: x, cy, r: 9, class: "control-down-inner" }),
      svgEl("text", { x: x + 3, y: cy + 6, class: "control-n ink-light" }, String(info.facedown)), clanMark(info.owner, x - 10, cy - 10, 7));
  }
  g.append(svgEl("title", {}, t("board.control", { clan: clanName(info.owner), up: info.faceup, down: info.facedown })));
  return g;
}

function tokenGroup(tok, p, r) {
  const colour = CLAN_COLOURS[tok.owner] || "#777";
  const g = svgEl("g", {
    class: `token target combat ${tok.faceup ? "faceup" : "facedown"}${G.recent && G.recent.has(tok.token) ? " recent" : ""}`, "data-place": "#" + tok.token,
    "data-token": tok.token, "data-owner": tok.owner, "data-code": tok.code || "", "data-at": tok.at,
  });
  g.append(svgEl("path", { d: hexPath(p.x, p.y, r), fill: colour, class: "token-body" }));
  if (!tok.faceup) g.append(svgEl("path", { d: hexPath(p.x, p.y, r - 4), class: "token-facedown" }));
  g.append(svgEl("text", { x: p.x, y: p.y + r * 0.42 + 2, class: "token-code " + (tok.faceup ? inkClass(colour) : "ink-light") + (r < TOKEN_R ? " small" : "") },
    tok.code ? shortCode(tok.code) : "?"));
  g.append(clanMark(tok.owner, p.x, p.y - r - 1, r < TOKEN_R ? 6 : 7));
  g.append(svgEl("title", {}, tokenWords(tok)));
  g.addEventListener("click", (ev) => {
    ev.stopPropagation();
    // a token covers the place it stands on: a click on it means that place unless the token itself is a choice
    const here = "#" + tok.token;
    const under = tok.at.startsWith("#") ? null : tok.at;
    const options = G.head ? choicesNow() : new Set([...parseLegal(G.legal).heads.values()].flat().map((refs) => refs[0]));
    clickPlace(!options.has(here) && under && options.has(under) ? under : here);
  });
  G.targets["#" + tok.token] = g;
  return g;
}

function tokenWords(tok) {
  return `#${tok.token} ${clanName(tok.owner)} ${tok.code ? tokenName(tok.code) : t("token.hidden")}${tok.faceup ? "" : " · " + t("board.facedown")}`
    + (tok.at.startsWith("#") ? "" : ", " + placeName(tok.at));
}

function hexPath(x, y, r) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = Math.PI / 6 + (k * Math.PI) / 3;
    pts.push(`${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`);
  }
  return "M" + pts.join(" L") + "Z";
}

function shortCode(code) {
  return { dip: "D", raid: "R", bluff: "B" }[code] || code.toUpperCase();
}

function focusProvince(pid) {
  for (const e of document.querySelectorAll("#board .focus")) e.classList.remove("focus");
  if (pid) {
    const p = document.getElementById("prov-" + pid);
    if (p) p.classList.add("focus");
  }
}

// -- the places that light up: each a button with its name, reached by Tab (one stop) and the arrow keys --------------
// A place in words, the way a player says it: "army from Crane 1 to Lion 1".
function placeWords(place) {
  if (place.startsWith("#")) {
    const tok = G.shownView && G.shownView.tokens.find((x) => "#" + x.token === place);
    return tok ? tokenWords(tok) : placeName(place);
  }
  if (place.startsWith("~")) return t("board.by_sea", { province: provinceName(place.slice(1)) });
  if (place.includes(">")) {
    const [a, b] = place.split(">");
    return t("board.by_land", { from: provinceName(a), to: provinceName(b) });
  }
  return provinceName(place);
}

function lightUp() {
  for (const e of document.querySelectorAll("#board .lit")) e.classList.remove("lit");
  for (const e of document.querySelectorAll("#board .picked")) e.classList.remove("picked");
  for (const e of document.querySelectorAll("#board [data-place][tabindex]")) { e.removeAttribute("tabindex"); e.removeAttribute("role"); e.removeAttribute("aria-label"); }
  const what = G.head ? headLabel(G.head) : "";
  const lit = [];
  for (const place of choicesNow()) {
    const e = G.targets[place];
    if (e) {
      e.classList.add("lit");
      e.setAttribute("tabindex", "-1");
      e.setAttribute("role", "button");
      e.setAttribute("aria-label", `${what}: ${placeWords(place)}`);
      lit.push(e);
    }
    if (G.provinces.has(place)) {
      const p = document.getElementById("prov-" + place);
      if (p) p.classList.add("lit");
    }
  }
  for (const place of G.picked) if (G.targets[place]) G.targets[place].classList.add("picked");
  document.body.classList.toggle("choosing", !!G.head);
  document.body.dataset.lit = String(lit.length);
  const first = litInOrder()[0];
  if (first) first.setAttribute("tabindex", "0");
  // a new set of lit places (not a redraw of the same) zooms to them: a player panning away is left where they are
  const key = lit.map((e) => e.dataset.place).join(" ");
  if (key !== ZOOM.litKey) { ZOOM.litKey = key; zoomToLit(); }
  showChoice();
}

// The lit places in reading order: by rows of the board, then left to right.
function litInOrder() {
  const items = [...document.querySelectorAll("#board [data-place].lit")].map((e) => ({ e, ...targetCentre(e) }));
  items.sort((a, b) => (Math.round(a.y / 60) - Math.round(b.y / 60)) || (a.x - b.x));
  return items.map((i) => i.e);
}

// A target's centre in the drawing's coordinates.
function targetCentre(e) {
  const b = e.getBBox();
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

// Keyboard focus to the first lit place (after a choice that lights places up).
function focusFirstLit() {
  const first = litInOrder()[0];
  if (first) { rove(first); return true; }
  return false;
}

function rove(e) {
  for (const x of document.querySelectorAll("#board [data-place][tabindex='0']")) x.setAttribute("tabindex", "-1");
  e.setAttribute("tabindex", "0");
  e.focus({ preventScroll: true });
  e.scrollIntoView({ block: "nearest", inline: "nearest" });
}

const ARROWS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

// The lit place nearest in the arrow's direction (a place straight ahead counts nearer than one off to the side).
function nextLit(from, dir) {
  const a = targetCentre(from);
  let best = null;
  for (const e of document.querySelectorAll("#board [data-place].lit")) {
    if (e === from) continue;
    const b = targetCentre(e);
    const ahead = (b.x - a.x) * dir[0] + (b.y - a.y) * dir[1];
    if (ahead <= 0) continue;
    const side = Math.abs((b.x - a.x) * dir[1] - (b.y - a.y) * dir[0]);
    const score = ahead + 2 * side;
    if (!best || score < best.score) best = { e, score };
  }
  return best ? best.e : null;
}

function boardKey(ev) {
  const from = ev.target.closest ? ev.target.closest("[data-place]") : null;
  if (!from || !from.classList.contains("lit")) return;
  if (ARROWS[ev.key]) {
    ev.preventDefault();
    let to = nextLit(from, ARROWS[ev.key]);
    if (!to) {   // at the edge: go round to the other end of the reading order
      const all = litInOrder();
      to = ev.key === "ArrowRight" || ev.key === "ArrowDown" ? all[0] : all[all.length - 1];
    }
    if (to && to !== from) rove(to);
  } else if (ev.key === "Enter" || ev.key === " ") {
    ev.preventDefault();
    from.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  }
}

// -- zoom and pan on a narrow screen: the board scrolls inside its frame; places that light up are made big enough to touch
const ZOOM = { level: 1, min: 1, max: 8, litKey: "" };

function setZoom(level, centre) {
  const frame = document.getElementById("board");
  const svg = document.getElementById("board-svg");
  if (!frame || !svg) return;
  const old = ZOOM.level;
  ZOOM.level = Math.max(ZOOM.min, Math.min(ZOOM.max, level));
  // keep the point at the frame's centre (or the given one, in the drawing's units) in view
  const w = frame.clientWidth;
  const c = centre || { x: (frame.scrollLeft + w / 2) / (w * old) * 1600, y: (frame.scrollTop + frame.clientHeight / 2) / (w * old) * 1600 };
  svg.style.setProperty("width", `${ZOOM.level * 100}%`);
  const scale = (w * ZOOM.level) / 1600;
  frame.scrollLeft = c.x * scale - w / 2;
  frame.scrollTop = c.y * scale - frame.clientHeight / 2;
  document.getElementById("zoom-level").textContent = `${Math.round(ZOOM.level * 100)}%`;
  document.body.dataset.zoom = ZOOM.level.toFixed(2);
}

// On a touch-sized screen: every lit place in view (the zoom that fits them all, centred on them), zoomed in no further
// than makes the smallest of them 44 px across (issue 30: one lit place at 484% left the others out of the frame).
function zoomToLit() {
  const frame = document.getElementById("board");
  if (!frame || !window.matchMedia("(max-width: 700px)").matches) return;
  const lit = [...document.querySelectorAll("#board [data-place].lit")];
  if (!lit.length) return;
  const boxes = lit.map((e) => e.getBBox());
  const smallest = Math.min(...boxes.map((b) => Math.min(b.width, b.height)));
  const need = (44 * 1600) / (frame.clientWidth * Math.max(smallest, 1));
  const x0 = Math.min(...boxes.map((b) => b.x)), x1 = Math.max(...boxes.map((b) => b.x + b.width));
  const y0 = Math.min(...boxes.map((b) => b.y)), y1 = Math.max(...boxes.map((b) => b.y + b.height));
  const high = window.innerHeight * 0.62;   // the frame's greatest height (style.css)
  const fit = Math.min((0.9 * 1600) / Math.max(x1 - x0, 1), (0.9 * high * 1600) / (frame.clientWidth * Math.max(y1 - y0, 1)));
  setZoom(Math.min(fit, need * 1.05), { x: (x0 + x1) / 2, y: (y0 + y1) / 2 });
}

// The move being built, beside the board (the hand it was picked from may be scrolled away): its words, and the token.
function showChoice() {
  const box = document.getElementById("board-choice");
  if (!box) return;
  const code = G.head && G.head.startsWith("place ") ? G.head.slice(6) : null;
  const you = G.shownView && G.shownView.you;
  box.hidden = !G.head;
  fillBox(box, G.head ? [
    code ? el("span", { class: "hand-token selected chip", style: `--clan: ${CLAN_COLOURS[you && you.clan] || "#777"}` }, el("span", { class: "code", text: shortCode(code) })) : null,
    el("span", { class: "choice-words", text: headLabel(G.head) })] : []);
}

function setupZoom() {
  document.getElementById("zoom-in").addEventListener("click", () => setZoom(ZOOM.level * 1.5));
  document.getElementById("zoom-out").addEventListener("click", () => setZoom(ZOOM.level / 1.5));
  const frame = document.getElementById("board");
  // two fingers: pinch to zoom (one finger pans: the frame scrolls)
  let pinch = null;
  const gap = (ts) => Math.hypot(ts[0].clientX - ts[1].clientX, ts[0].clientY - ts[1].clientY);
  frame.addEventListener("touchstart", (e) => { if (e.touches.length === 2) pinch = { d: gap(e.touches), z: ZOOM.level }; }, { passive: true });
  frame.addEventListener("touchmove", (e) => {
    if (pinch && e.touches.length === 2) { e.preventDefault(); setZoom(pinch.z * gap(e.touches) / pinch.d); }
  }, { passive: false });
  frame.addEventListener("touchend", () => { pinch = null; });
  setZoom(1);
}

// -- the keys, listed by ? ------------------------------------------------------------------------------------------
function showKeys(open) {
  const box = document.getElementById("keys-help");
  box.hidden = !open;
  if (open) document.getElementById("keys-close").focus();
}
