// Analysis after a game (GET /api/games/<id>/analysis; docs/web.md, "Analysis after a game"): on a finished game's
// replay, a chart of each seat's chance of winning after each move (from that seat's own view, as the search bot
// estimated it) under the replay bar, and at each step what the bot would have played. Its own file: a game page
// includes it and nothing else changes; it follows the replay bar (#rp-slider, #rp-pos) the page already keeps.
"use strict";

const AN = { data: null, pos: 0, timer: null, said: null };
const AN_COLOURS = ["#c0392b", "#2471a3", "#1e8449", "#b9770e", "#7d3c98"];
const AN_W = 320;
const AN_BUSY_MS = 5000;   // how long a page waits before asking again when the server is busy with other analyses
const AN_H = 96;

// A seat's name and colour as its page shows them (the page's PLAY.opts, set in a replay too): its words for the
// seat's choice (the clan or character, not its id) and, where the page colours its clans, that colour.
function anName(seat) {
  const choice = AN.data.names[seat];
  if (!choice) return String(seat + 1);
  return PLAY.opts && PLAY.opts.choiceName ? PLAY.opts.choiceName(choice) : choice;
}
function anColour(seat) {
  const choice = AN.data.names[seat];
  const own = choice && PLAY.opts && PLAY.opts.choiceColour ? PLAY.opts.choiceColour(choice) : null;
  return own || AN_COLOURS[seat % AN_COLOURS.length];
}

function anGameId() { return decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || ""); }

function anPanel() {
  let box = document.getElementById("analysis");
  if (box) return box;
  box = document.createElement("section");
  box.id = "analysis";
  box.setAttribute("aria-live", "polite");
  box.style.cssText = "margin:.5em 0;font-size:.9em";
  const bar = document.getElementById("replay-bar");
  bar.parentNode.insertBefore(box, bar.nextSibling);
  return box;
}

function anSay(key) {
  AN.said = key;   // said again in the page's language once its words are loaded
  const box = anPanel();
  box.textContent = "";
  box.appendChild(Object.assign(document.createElement("p"), { className: "an-note", textContent: t(key) }));
}

async function anLoad() {
  const gid = anGameId();
  let r;
  try { r = await fetch(`/api/games/${encodeURIComponent(gid)}/analysis`, { headers: keyHeaders(gid) }); } catch (e) { r = null; }
  if (r && r.status === 202) { anSay("analysis.pending"); AN.timer = setTimeout(anLoad, 2000); return; }
  // the workers are busy with other games (503), or this address asked for many (429): ask again a little later
  if (r && (r.status === 503 || r.status === 429)) { anSay("analysis.busy"); AN.timer = setTimeout(anLoad, AN_BUSY_MS); return; }
  let body = null;
  try { body = r ? await r.json() : null; } catch (e) { body = null; }
  if (!r || !r.ok || !body) { anSay("analysis.failed"); return; }
  if (body.status === "none") { anSay("analysis.none"); return; }
  AN.data = body;
  anDraw();
}

function anPoints(seat) {
  const rows = AN.data.positions, last = Math.max(1, rows.length - 1);
  const pts = [];
  rows.forEach((row, i) => {
    const c = row.chances[seat];
    if (c !== null && c !== undefined) pts.push(`${(i / last * AN_W).toFixed(1)},${((1 - c) * AN_H).toFixed(1)}`);
  });
  return pts.join(" ");
}

function anSvg(tag, attrs) {
  const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

function anDraw() {
  const box = anPanel(), d = AN.data;
  box.textContent = "";
  box.appendChild(Object.assign(document.createElement("h3"), { textContent: t("analysis.title"), style: "margin:.2em 0;font-size:1em" }));
  const svg = anSvg("svg", { id: "an-chart", viewBox: `-4 -4 ${AN_W + 8} ${AN_H + 8}`, width: AN_W + 8, height: AN_H + 8,
                             role: "img", "aria-label": t("analysis.chart") });
  svg.style.cssText = "max-width:100%;height:auto;cursor:pointer;background:rgba(127,127,127,.08)";
  svg.appendChild(anSvg("line", { x1: 0, x2: AN_W, y1: AN_H / 2, y2: AN_H / 2, stroke: "#999", "stroke-dasharray": "3 3" }));
  for (let s = 0; s < d.seats; s++) {
    const line = anSvg("polyline", { points: anPoints(s), fill: "none", stroke: anColour(s),
                                     "stroke-width": 2, class: "an-seat", "data-seat": s });
    line.appendChild(anSvg("title", {})).textContent = anName(s);
    svg.appendChild(line);
  }
  svg.appendChild(anSvg("line", { id: "an-now", y1: 0, y2: AN_H, stroke: "currentColor", "stroke-width": 1 }));
  svg.addEventListener("click", (e) => {   // a click on the chart steps the replay there
    const rect = svg.getBoundingClientRect();
    const i = Math.round((e.clientX - rect.left) / rect.width * (d.positions.length - 1));
    const slider = document.getElementById("rp-slider");
    slider.value = String(Math.max(0, Math.min(d.positions.length - 1, i)));
    slider.dispatchEvent(new Event("input"));
  });
  box.appendChild(svg);
  const legend = document.createElement("p");
  legend.id = "an-legend";
  legend.style.margin = ".2em 0";
  box.appendChild(legend);
  box.appendChild(Object.assign(document.createElement("p"), { id: "an-move", style: "margin:.2em 0" }));
  if (!d.complete) box.appendChild(Object.assign(document.createElement("p"), { className: "an-note", textContent: t("analysis.partial") }));
  anShow();
}

function anShow() {
  const d = AN.data;
  if (!d) return;
  const slider = document.getElementById("rp-slider");
  const i = Math.max(0, Math.min(d.positions.length - 1, Number(slider ? slider.value : 0) || 0));
  AN.pos = i;
  const x = (i / Math.max(1, d.positions.length - 1) * AN_W).toFixed(1);
  const now = document.getElementById("an-now");
  if (now) { now.setAttribute("x1", x); now.setAttribute("x2", x); }
  const row = d.positions[i];
  const legend = document.getElementById("an-legend");
  legend.textContent = "";
  row.chances.forEach((c, s) => {
    const span = document.createElement("span");
    span.style.cssText = `color:${anColour(s)};margin-right:1em`;
    span.className = "an-who";
    span.textContent = `${anName(s)}: ${c === null ? "–" : Math.round(100 * c) + "%"}`;
    legend.appendChild(span);
  });
  const move = document.getElementById("an-move");
  move.textContent = "";
  if (row.seat === null) return;
  const who = anName(row.seat);
  let text = t("analysis.played", { who, action: row.action });
  if (row.suggestion) text += " — " + (row.suggestion === row.action ? t("analysis.same") : t("analysis.bot", { action: row.suggestion }));
  move.textContent = text;
  move.dataset.suggestion = row.suggestion || "";
}

function anStart() {   // true where a replay is shown
  if (new URLSearchParams(location.search).get("replay") !== "1" || !document.getElementById("replay-bar")) return false;
  const pos = document.getElementById("rp-pos");
  if (pos) new MutationObserver(anShow).observe(pos, { childList: true, characterData: true, subtree: true });
  const slider = document.getElementById("rp-slider");
  if (slider) slider.addEventListener("input", anShow);
  if (typeof I18N !== "undefined" && I18N.listeners) I18N.listeners.push(() => { if (AN.data) anDraw(); else if (AN.said) anSay(AN.said); });
  anLoad();
  return true;
}

const AN_STARTED = anStart();   // at once: a page's scripts come last in its body, after the replay bar
