// The Senjutsu page's turn as a story (issue 11): once every card is chosen, the revealed cards lie face up together
// with the initiative order, then each card is resolved in turn, a step at a time: its movement animated on the
// battlefield, its blocks and its hits marked. The story is built only from the public events the server sends this
// seat (never anything else); the board, the log and the duellists show only the steps reached, and the next
// decision is offered once the story has caught up. Loaded after senjutsu.js; plain JavaScript, no build step.
"use strict";

// How long each step stays before the next one (ms); "manual" waits for the player, "off" shows the end at once.
const STORY_PACES = { manual: null, slow: 2200, normal: 1200, fast: 500, off: 0 };
const STORY_PACE_KEY = "daimyo:sj:pace";
// The events that are a step of the story (each one shown with a pause); the others are applied at once.
const STORY_BEATS = new Set(["reveal", "order", "resolve", "instant", "replaced", "moved", "shoved", "swap", "rotated", "collision",
  "block", "attack", "harm", "defeated", "execution", "advantage", "cancel-active", "move-cancelled", "terrain-removed", "game-over"]);

const STORY = {
  queue: [],        // events received, not yet shown
  target: null,     // the server's latest {view, legal, seq}: shown once the queue is empty
  timer: null,
  playing: false,
  beat: null,       // the event of the step shown (its sentence is written when drawn: in the page's language now)
};

function storyPace() {
  const p = localStorage.getItem(STORY_PACE_KEY);
  return p in STORY_PACES ? p : "normal";
}

// -- the turn's stage: what the events shown so far tell about this turn ----------------------------------------------
function newStage(turn) { return { turn, cards: {}, order: [], step: 0, current: null, inits: {}, instants: [], blocks: [], marks: [], revealed: false }; }

// One shown event on the stage (and on the shown view's positions, where it moves a character).
function stageApply(e) {
  const st = G.stage;
  switch (e.kind) {
    case "turn": G.stage = { ...newStage(e.turn), last: st && st.revealed ? { ...st, current: null, step: st.order.length, last: null } : null }; return;
    case "reveal": st.cards = { ...e.cards }; st.revealed = true; return;
    case "replaced": st.cards[e.seat] = e.card; return;
    case "initiative": st.inits[e.seat] = e.initiative; return;
    case "order": st.order = e.segments; for (const [seat, n] of e.segments) if (!(seat in st.inits)) st.inits[seat] = n; return;
    case "resolve": st.step += 1; st.current = e.seat; st.inits[e.seat] = e.initiative; st.marks = []; st.blocks = st.blocks.filter((b) => b.seat !== e.seat); return;
    case "instant": st.instants.push({ seat: e.seat, card: e.card }); return;
    case "block": st.blocks.push({ seat: e.seat, cells: e.cells, initiative: e.initiative }); return;
    case "attack": for (const s of e.targets || []) st.marks.push({ seat: s, kind: "target", text: "" }); return;
    case "harm": st.marks.push({ seat: e.seat, kind: "hit", text: effectName(e.effect) }); return;
    case "collision": st.marks.push({ seat: e.seat, kind: "hit", text: "!" }); return;
    case "game-over": st.current = null; return;
    default: return;
  }
}

// The positions a shown event changes, on the view being shown (a copy: the server's view stays as it came).
function viewApply(view, e) {
  if (!view) return;
  const seat = (name) => view.seats[seatIndex(name)];
  const s = e.seat ? seat(e.seat) : null;
  if (!s) return;
  if (e.kind === "moved" || e.kind === "placed") { s.hex = e.hex; s.facing = e.facing; }
  else if (e.kind === "shoved") s.hex = e.hex;
  else if (e.kind === "rotated") s.facing = e.facing;
  else if (e.kind === "swap") { const o = seat(e.target); if (o) [s.hex, o.hex] = [o.hex, s.hex]; }
  else if (e.kind === "defeated") s.defeated = true;
}

// -- taking the server's messages --------------------------------------------------------------------------------------
// A state message: its events join the story; its view, legal actions and step are shown when the story reaches them.
function storyTake(msg) {
  STORY.target = { view: msg.view, legal: msg.legal, seq: msg.seq };
  if (!G.view || storyPace() === "off") {   // the first view (or no story wanted): everything at once
    for (const e of STORY.queue.concat(msg.events)) { stageApply(e); G.log.push(e); }
    STORY.queue = [];
    storyFinish();
    return;
  }
  STORY.queue = STORY.queue.concat(msg.events);
  if (msg.legal.length && clockRunsForMe()) {   // a real-time clock runs for our decision: no story eats into it
    if (STORY.playing) storySkip(); else { storyFlush(); storyFinish(); }
    return;
  }
  if (!STORY.playing) {
    if (!STORY.queue.some((e) => STORY_BEATS.has(e.kind))) { storyFlush(); storyFinish(); return; }
    STORY.playing = true;
    G.view = JSON.parse(JSON.stringify(G.view));   // the copy the story moves the characters on
    G.legal = [];
    storyStep();
    // on a narrow screen the board may be scrolled away (the hand is under it): the story is told on the board
    const board = document.getElementById("board");
    if (window.innerWidth <= 600 && board.getBoundingClientRect().top < -board.offsetHeight / 2) board.scrollIntoView({ block: "start" });
  }
}

// Whether this seat's real-time clock (per move or a bank, not days) is running: then the decision is shown at once.
function clockRunsForMe() {
  const kind = PLAY.summary && PLAY.summary.clock ? PLAY.summary.clock.kind : "none";
  const mine = PLAY.clocks && PLAY.seat !== null ? PLAY.clocks.seats[String(PLAY.seat)] : null;
  return (kind === "move" || kind === "bank") && !!mine;
}

// The whole log at (re)connection: the stage of the turn so far, without a story.
function storyTakeLog(events) {
  clearTimeout(STORY.timer);   // a reconnection: the story under way is in this log already
  STORY.queue = [];
  STORY.playing = false;
  STORY.beat = null;
  G.stage = newStage(0);
  for (const e of events) stageApply(e);
  G.log = events.slice();
}

// Shows the events up to and including the next step; false when none is left.
function storyStep() {
  clearTimeout(STORY.timer);
  let beat = null;
  while (STORY.queue.length && !beat) {
    const e = STORY.queue.shift();
    const before = e.seat && G.view && G.view.seats[seatIndex(e.seat)] ? { ...G.view.seats[seatIndex(e.seat)] } : null;
    stageApply(e);
    viewApply(G.view, e);
    G.log.push(e);
    if (STORY_BEATS.has(e.kind)) beat = { e, before };
  }
  if (!beat) { storyFinish(); return false; }
  STORY.beat = beat.e;
  render();
  animateBeat(beat);
  storyWait();
  return true;
}

// The pause after a step: the next step (or the end) comes by itself, or when the player asks for it.
function storyWait() {
  const ms = STORY_PACES[storyPace()];
  if (ms === null) return;
  STORY.timer = setTimeout(() => { if (!STORY.queue.some((e) => STORY_BEATS.has(e.kind))) { storyFlush(); storyFinish(); } else storyStep(); }, ms);
}

function storyNext() {
  if (!STORY.playing) return;
  if (STORY.queue.some((e) => STORY_BEATS.has(e.kind))) storyStep();
  else { storyFlush(); storyFinish(); }
}

// "Skip to the end": every event left, at once.
function storySkip() {
  if (!STORY.playing) return;
  storyFlush();
  storyFinish();
}

function storyFlush() {
  for (const e of STORY.queue) { stageApply(e); G.log.push(e); }
  STORY.queue = [];
}

// The story has caught up: the server's view, with its decisions.
function storyFinish() {
  clearTimeout(STORY.timer);
  STORY.playing = false;
  STORY.beat = null;
  const tg = STORY.target;
  if (tg) { G.view = tg.view; G.legal = tg.legal; G.seq = tg.seq; }
  if (!G.legal.some((a) => a.startsWith("place " + G.placeHex + " "))) G.placeHex = null;
  render();
}

// -- drawing the story ------------------------------------------------------------------------------------------------------
// A moving character glides along the hexes it passed through (the plan's steps from where it stood).
function animateBeat(beat) {
  const { e, before } = beat;
  if (!before || !before.hex || !["moved", "shoved", "swap", "placed"].includes(e.kind)) return;
  const fig = document.querySelector(`#board .figure[data-seat="${e.seat}"]`);
  const now = G.view.seats[seatIndex(e.seat)];
  if (!fig || !now.hex || now.hex === before.hex) return;
  const at = (key) => battlefield()[key].centre.map((c) => c * HEX);
  let path = [before.hex];
  if (e.kind === "moved" && e.plan && e.plan !== "-") path = planPath(before.hex, before.facing, e.plan.split(" ")).hexes;
  if (path[path.length - 1] !== now.hex) path.push(now.hex);
  const [ex, ey] = at(now.hex);
  const frames = path.map((h) => { const [x, y] = at(h); return { transform: `translate(${x - ex}px, ${y - ey}px)` }; });
  if (frames.length < 2 || !fig.animate) return;
  const ms = Math.min(1400, 350 * (frames.length - 1));
  fig.animate(frames, { duration: storyPace() === "fast" ? ms / 2 : ms, easing: "ease-in-out" });
}

// Where a plan of steps and turns ("F F R") takes a character from hex `from` facing `facing`: the hexes passed
// through and the facing at the end (a step off the battlefield is not drawn).
function planPath(from, facing, atoms) {
  let at = from;
  let f = facingIndex(facing);
  const hexes = [at];
  for (const a of atoms) {
    if (a === "L") f = (f + 5) % 6;
    else if (a === "R") f = (f + 1) % 6;
    else {
      const next = battlefield()[at].neighbours[(f + G.geometry.relative.indexOf(a)) % 6];
      if (!next) break;
      at = next;
      hexes.push(at);
    }
  }
  return { hexes, facing: G.geometry.facings[f] };
}

// The hex a grid cell ("F", "F+FR") of a character at `hex` facing `facing` names; null off the battlefield.
function cellHex(hex, facing, path) {
  let at = hex;
  const f = facingIndex(facing);
  for (const p of path.split("+")) {
    at = at && battlefield()[at].neighbours[(f + G.geometry.relative.indexOf(p)) % 6];
  }
  return at || null;
}

// The stage's marks on the battlefield: blocked hexes, targets and hits.
function stageMarks() {
  const st = G.stage;
  if (!st || !G.view) return [];
  const out = [];
  for (const b of st.blocks) {
    const s = G.view.seats[seatIndex(b.seat)];
    if (!s || !s.hex) continue;
    for (const c of b.cells) {
      const h = cellHex(s.hex, s.facing, c);
      if (!h) continue;
      const [x, y] = battlefield()[h].centre.map((v) => v * HEX);
      out.push(svgEl("g", { class: "block-mark", "data-hex": h }, svgEl("polygon", { points: hexPoints(x, y, HEX - 6), fill: "none", stroke: "#1f4e8c", "stroke-width": 4, "stroke-dasharray": "7 4" }),
        title(t("sj.story.block_tip", { who: shortWho(b.seat), n: b.initiative }))));
    }
  }
  const count = {};
  for (const m of st.marks) {
    const s = G.view.seats[seatIndex(m.seat)];
    if (!s || !s.hex) continue;
    const [x, y] = battlefield()[s.hex].centre.map((v) => v * HEX);
    if (m.kind === "target") { out.push(svgEl("circle", { class: "target-mark", cx: x, cy: y, r: HEX * .72, fill: "none", stroke: "#111", "stroke-width": 3, "stroke-dasharray": "3 3" })); continue; }
    const k = count[m.seat] = (count[m.seat] || 0) + 1;
    const w = Math.max(30, 8 * m.text.length + 10);
    out.push(svgEl("g", { class: "hit-mark", "data-seat": m.seat }, svgEl("rect", { x: x - w / 2, y: y - HEX - 6 - 20 * k, width: w, height: 19, rx: 6, fill: "#8e1b17", stroke: "#fff" }),
      svgEl("text", { x, y: y - HEX + 8 - 20 * k, class: "hit-text" }, m.text)));
  }
  return out;
}

// The stage panel: the revealed cards face up, the initiative order with the step reached, the sentence of the step,
// and the story's controls while it plays.
function drawStage() {
  const v = G.view;
  const st = G.stage;
  const box = document.getElementById("stage-cards");
  const order = document.getElementById("order");
  const items = [];
  const shown = st && (st.revealed ? st : st.last);
  if (v && st && !st.revealed && v.phase === "choose") {
    for (const s of v.seats) {
      if (s.defeated) continue;
      const what = s.chosen ? (typeof s.chosen === "string" ? t("sj.turn.you_chose", { card: cardName(s.chosen) }) : t("sj.turn.chosen")) : t("sj.turn.choosing");
      items.push(el("div", { class: "turn-card", "data-seat": s.seat }, el("span", { class: "swatch", style: `background:${SEAT_COLOURS[seatIndex(s.seat)]}` }),
        el("strong", { text: shortWho(s.seat) + ": " }), what));
    }
  }
  const isLast = shown !== st;
  if (shown && shown.revealed) {
    if (isLast) items.push(el("h3", { class: "last-turn", text: t("sj.story.title", { n: shown.turn }) }));
    const st = shown;   // (this block draws the turn shown: this one, or the last one while the cards are chosen)
    const seats = st.order.length ? [...new Set(st.order.map(([s]) => s))] : Object.keys(st.cards);
    for (const s of Object.keys(st.cards)) if (!seats.includes(s)) seats.push(s);
    for (const s of seats) {
      const card = st.cards[s];
      const done = st.current !== s && st.order.slice(0, st.step).some(([x]) => x === s);
      const cls = "stage-card" + (st.current === s ? " resolving" : "") + (done ? " done" : "");
      const init = st.inits[s];
      items.push(el("figure", { class: cls, "data-seat": s },
        el("figcaption", {}, el("span", { class: "swatch", style: `background:${SEAT_COLOURS[seatIndex(s)]}` }), el("strong", { text: shortWho(s) }),
          init !== undefined ? el("span", { class: "init-badge", title: t("sj.help.initiative"), text: t("sj.story.init", { n: init }) }) : null,
          st.current === s ? el("span", { class: "badge now", text: t("sj.story.now") }) : done ? el("span", { class: "badge", text: t("sj.story.done") }) : null),
        cardBox(card, {})));
    }
    for (const x of st.instants) items.push(el("p", { class: "small instant-note", text: t("sj.event.instant", { seat: shortWho(x.seat), card: cardName(x.card) }) }));
  }
  // before the first cards (the duellists being placed) a short line says what the panel is for
  if (!items.length && !STORY.beat) items.push(el("p", { class: "small stage-empty", text: t("sj.turn.empty") }));
  box.replaceChildren(...items);
  const segs = shown ? shown.order : [];
  order.replaceChildren(...segs.map(([seat, init], i) => el("li", { class: i === shown.step - 1 && shown.current ? "now" : i < shown.step ? "done" : "" },
    el("span", { class: "swatch", style: `background:${SEAT_COLOURS[seatIndex(seat)]}` }), t("sj.turn.order_item", { who: shortWho(seat), n: init }))));
  order.hidden = !segs.length;
  document.getElementById("order-head").hidden = order.hidden;
  document.getElementById("stage-title").textContent = st && st.revealed ? t("sj.story.title", { n: st.turn }) : t("sj.turn.title");
  document.getElementById("story-line").textContent = STORY.beat ? eventText(STORY.beat) : "";
  document.getElementById("story-controls").hidden = !STORY.playing;
  const pace = document.getElementById("story-pace");
  if (pace.value !== storyPace()) pace.value = storyPace();
  document.body.dataset.story = STORY.playing ? "1" : "0";
}

function setupStory() {
  const pace = document.getElementById("story-pace");
  pace.replaceChildren(...Object.keys(STORY_PACES).map((p) => el("option", { value: p, "data-i18n": "sj.story.pace." + p, text: t("sj.story.pace." + p) })));
  pace.value = storyPace();
  pace.addEventListener("change", () => {
    localStorage.setItem(STORY_PACE_KEY, pace.value);
    if (!STORY.playing) return;
    if (pace.value === "off") storySkip();
    else { clearTimeout(STORY.timer); storyWait(); }
  });
  document.getElementById("story-next").addEventListener("click", storyNext);
  document.getElementById("story-skip").addEventListener("click", storySkip);
}
