// Battle for Rokugan's page: the board, your screen, the moves you may make, the resolution step by step, the log; or a replay.
// Protocol: docs/server-protocol.md. Plain JavaScript, no build step.
"use strict";

const gameId = pageGameId();
const REPLAY = new URLSearchParams(location.search).get("replay") === "1";

const G = {
  conn: null, seat: null, summary: null,   // the connection (client.js), the seat the server seated us in
  view: null, legal: [], seq: -1, toAct: [],
  shownView: null,           // the view on the board (an older one while resolution steps are shown)
  steps: [], stepIndex: 0, pendingView: null,
  logQueue: [],              // events that arrived with resolution steps, logged as the steps reach them
  head: null, picked: [],    // the action being built: its words before the board places, and the places picked so far
  handPick: -1,              // the hand token picked (its index): of two tokens alike only that one lights up
  sentNote: null,            // the "Sent: ..." line under the board, cleared when the state after the move comes
  log: [],
  replay: null, replayPos: 0,
  keyboard: false,           // whether the player last used the keys (then focus follows the game) or a pointer
  boardReady: false, targets: {}, provinces: new Set(),
};

// -- legal actions -------------------------------------------------------------
function isRef(w) { return w.startsWith("#") || w.startsWith("~") || w.includes(">") || G.provinces.has(w); }

function parseLegal(legal) {
  const heads = new Map();   // head -> [refs...]
  const direct = [];
  for (const a of legal) {
    const words = a.split(" ");
    let i = words.length;
    while (i > 1 && isRef(words[i - 1])) i--;
    if (i === words.length) { direct.push(a); continue; }
    const head = words.slice(0, i).join(" ");
    if (!heads.has(head)) heads.set(head, []);
    heads.get(head).push(words.slice(i));
  }
  return { heads, direct };
}

function choicesNow() {
  if (!G.head || stepsActive()) return new Set();
  const parsed = parseLegal(G.legal);
  const out = new Set();
  for (const refs of parsed.heads.get(G.head) || []) {
    if (G.picked.every((p, i) => refs[i] === p) && refs.length > G.picked.length) out.add(refs[G.picked.length]);
  }
  return out;
}

function selectHead(head) {
  G.head = head;
  G.picked = [];
  renderActions();
  lightUp();
  if (G.shownView) renderScreen(G.shownView);
  if (head && G.keyboard) focusFirstLit();
  // on a phone the hand lies under the board: the board comes into view, the chosen token shown above it (board.js)
  else if (head && window.matchMedia("(max-width: 700px)").matches) document.getElementById("board-wrap").scrollIntoView({ block: "start" });
}

// Whether the move being built can be given up: not when picking places for the only thing there is to do.
function cancellable() {
  if (!G.head) return false;
  const parsed = parseLegal(G.legal);
  return G.picked.length > 0 || parsed.heads.size > 1 || parsed.direct.length > 0;
}

function cancelMove() {
  if (!cancellable()) return;
  G.head = null;
  G.picked = [];
  autoHead();
  renderActions();
  lightUp();
  if (G.shownView) renderScreen(G.shownView);
  focusFirstControl();
}

// After a redraw: a keyboard player whose focus went away with the buttons redrawn is given a useful one.
function keepFocus() {
  if (G.keyboard && (!document.activeElement || document.activeElement === document.body)) focusFirstControl();
}

// Keyboard focus somewhere useful when the one it was on went away: the resolution's next step, the lit places, the moves.
function focusFirstControl() {
  const next = document.getElementById("step-next");
  if (stepsActive() && !next.hidden) { next.focus(); return; }
  if (G.head && focusFirstLit()) return;
  const first = document.querySelector("#hand .hand-token.playable, #actions button.act");
  if (first) first.focus();
}

function clickPlace(place) {
  if (REPLAY || G.steps.length || document.body.dataset.busy === "1") return;   // a move is on its way: no second one
  if (!G.legal.length) { showMessage(t(G.seat === null ? "msg.spectator" : "msg.not_your_turn")); return; }
  const parsed = parseLegal(G.legal);
  if (!G.head) {
    const heads = [...parsed.heads.entries()].filter(([, list]) => list.some((refs) => refs[0] === place)).map(([h]) => h);
    if (heads.length === 1) { G.head = heads[0]; G.picked = []; }
    else if (heads.length > 1) { offerHeads(heads, place); return; }
    else {
      const hasPlace = [...parsed.heads.keys()].some((h) => h.startsWith("place "));
      showMessage(t(hasPlace ? "msg.pick_token_first" : "msg.nothing_there", { place: placeName(place) }), "error");
      return;
    }
  }
  const lit = choicesNow();
  if (!lit.has(place)) {
    const list = parsed.heads.get(G.head) || [];
    const single = list.length && list.every((refs) => refs.length === 1);
    if (single) { send(`${G.head} ${place}`); return; }  // the server says why it is illegal
    showMessage(t("msg.not_a_choice", { place: placeName(place) }), "error");
    return;
  }
  G.picked.push(place);
  const full = (parsed.heads.get(G.head) || []).find((refs) => refs.length === G.picked.length && refs.every((r, i) => r === G.picked[i]));
  if (full) { send(`${G.head} ${G.picked.join(" ")}`); return; }
  renderActions();
  lightUp();
  if (G.keyboard) focusFirstLit();
}

// When the only thing to do is to pick places for one kind of action (a starting control token, a card's
// province), pick that action at once so that its places light up.
function autoHead() {
  const parsed = parseLegal(G.legal);
  if (parsed.heads.size === 1 && !parsed.direct.length && !G.head) {
    G.head = [...parsed.heads.keys()][0];
    G.picked = [];
  }
}

function offerHeads(heads, place) {
  const box = document.getElementById("prompt");
  box.replaceChildren(el("p", { text: t("msg.which", { place: placeName(place) }) }),
    ...heads.map((h) => el("button", { class: "act choice", "data-action": `${h} ${place}`, text: headLabel(h), onclick: () => {
      const list = parseLegal(G.legal).heads.get(h);
      if (list.some((refs) => refs.length === 1 && refs[0] === place)) send(`${h} ${place}`);
      else { G.head = h; G.picked = [place]; renderActions(); lightUp(); focusFirstLit(); }
    } })));
  const first = box.querySelector("button");
  if (first) first.focus();
}

function send(action) {
  if (document.body.dataset.busy === "1") return;   // a move is on its way: no second one (client.js)
  if (!confirmMove(actionLabel(action))) { G.head = null; G.picked = []; autoHead(); renderActions(); lightUp(); return; }
  // a decision several seats make at once (the Setup's secret objectives): another seat's, arriving meanwhile, changes
  // nothing this seat may do, so it goes without the step number that would make it stale
  const msg = { type: "act", action };
  if (!(G.view && (G.view.to_act || []).length > 1)) msg.seq = G.seq;
  if (!G.conn.send(msg)) return;
  G.head = null;
  G.picked = [];
  lightUp();
  G.sentNote = t("msg.sent", { action: actionLabel(action) });
  showMessage(G.sentNote);
}

// -- labels for actions ----------------------------------------------------------
function headLabel(head) {
  const w = head.split(" ");
  switch (w[0]) {
    case "place": return t("act.head.place", { token: tokenName(w[1]) });
    case "play": return t("act.head.play", { card: cardName(w[1]) });
    case "control": case "province": case "token": case "special": case "look": case "swap": return t("act.head." + w[0]);
    default: return head;
  }
}

// What a card or objective does, for a button's tooltip.
function actionHelp(a) {
  const w = a.split(" ");
  if (w[0] === "play" && w[1]) return cardText(w[1]);
  if (w[0] === "objective" && w[1]) return objectiveText(w[1]);
  return "";
}

function actionLabel(a) {
  const w = a.split(" ");
  const rest = w.slice(1);
  switch (w[0]) {
    case "objective": return t("act.objective", { objective: objectiveName(w[1]) });
    case "clan": return t("act.clan", { clan: clanName(w[1]) });
    case "play": return rest.length > 1 ? `${cardName(w[1])}: ${placeName(w[2])}` : t("act.play", { card: cardName(w[1]) });
    case "pass": return t("act.pass");
    case "done": return t("act.done");
    case "take": case "discard": case "return": return t("act." + w[0], { token: tokenName(w[1]) });
    case "player": return t("act.player", { clan: clanName(w[1]) });
    case "place": return t("act.place", { token: tokenName(w[1]), place: placeName(w[2]) });
    case "control": return t("act.control", { province: placeName(w[1]) });
    case "province": case "special": return t("act." + w[0], { province: placeName(w[1]) });
    case "token": case "look": return t("act." + w[0], { n: (w[1] || "").slice(1) });
    case "swap": return t("act.swap", { a: (w[1] || "").slice(1), b: (w[2] || "").slice(1) });
    default: return a;
  }
}

// -- rendering -------------------------------------------------------------------
function playerLabel(p) {
  const s = G.summary ? G.summary.seats.find((x) => x.seat === p.seat) : null;
  const who = s ? (s.kind === "bot" ? botWords(s) : s.name || "") : "";
  return `${p.clan ? clanName(p.clan) : t("players.seat", { n: p.seat + 1 })}${who ? " · " + who : ""}`;
}

function render() {
  const view = G.shownView;
  if (!view) return;
  document.getElementById("game-id").textContent = gameId;
  document.getElementById("round").textContent = view.round ? t("status.round", { round: view.round }) : t("status.setup");
  const over = gameOver(view);
  document.getElementById("phase").textContent = over ? "" : view.phase === "resolution" ? t("board.phase_resolution") : t("phase." + view.phase);
  const acting = (view.to_act || []).map(clanName).join(", ");
  document.getElementById("turn").textContent = over ? t("status.over") : stepsActive() ? ""
    : waiting() ? t("status.table_waits") : t("status.to_act", { clans: acting || "—" });   // (a table before its start: nobody acts)
  // a separator only between two parts that are there ("Round 5 of 5 · Game over")
  const parts = ["round", "phase", "turn"].map((id) => !!document.getElementById(id).textContent);
  const seps = document.querySelectorAll("#status-line .sep");
  seps[0].hidden = !(parts[0] && (parts[1] || parts[2]));
  seps[1].hidden = !(parts[1] && parts[2]);
  document.body.dataset.phase = over ? "over" : view.phase;
  document.body.dataset.canAct = !REPLAY && G.legal.length && !stepsActive() ? "1" : "0";
  drawOverlay(view);
  renderPlayers(view);
  renderScreen(view);
  renderActions();
  if (view.phase === "over" && view.result && !G.steps.length) renderScores(view);
}

function renderPlayers(view) {
  const cols = [["players.clan", "players.clan"], ["players.hand", "players.hand_short"], ["players.pool", "players.pool_short"], ["players.discard", "players.discard_short"],
    ["players.control", "players.control_short"], ["players.scouts", "players.scouts_short"], ["players.shugenja", "players.shugenja_short"],
    ["players.cards", "players.cards_short"]];
  const head = el("tr", {}, cols.map(([long, short]) => el("th", { title: t(long), text: t(short) })));
  const rows = view.players.map((p) => el("tr", {
    class: [!waiting() && (view.to_act || []).includes(p.clan) ? "acting" : "", p.seat === G.seat ? "me" : ""].join(" "), "data-clan": p.clan || "",
  },
  el("td", { class: "who", title: p.clan ? t("ability." + p.clan) : "" }, p.clan ? swatch(p.clan) : "", p.clan ? clanMarkIcon(p.clan) : "", playerLabel(p), p.first_player ? el("span", { class: "badge", title: t("players.first_player"), text: "①" }) : "",
    p.ronin ? el("span", { class: "badge", text: t("players.ronin") }) : "", p.done_placing ? el("span", { class: "badge", text: t("players.done") }) : "",
    p.bluff_out ? el("span", { class: "badge", text: t("players.bluff_out") }) : "",
    // the secret objective under the name, not in a column of its own: the table then fits the side panel
    p.objective || p.objective_chosen ? el("div", { class: "objective", text: t("players.objective_is", { objective: p.objective ? objectiveName(p.objective) : t("players.chosen") }) }) : ""),
  el("td", { class: "num", text: String(p.hand_size) }),
  el("td", { class: "num", text: String(p.pool_size) }),
  el("td", { class: "num", title: (p.discard || []).map(tokenName).join(", "), text: String((p.discard || []).length) }),
  el("td", { class: "num", title: t("players.control_title"), text: `${p.control_on_board}/${p.control_supply}` }),
  el("td", { class: "num", text: String(p.scouts) }),
  el("td", { class: "num", text: String(p.shugenja) }),
  el("td", { class: "num", text: String(p.territory_cards) })));
  document.getElementById("players").replaceChildren(head, ...rows);
  // the territory cards played so far keep their text
  const played = (view.played_cards || []).map((c) => el("li", {}, el("strong", { text: cardName(c) + ": " }), cardText(c)));
  document.getElementById("played").replaceChildren(...(played.length ? [el("h3", { text: t("board.played_cards") }), el("ul", { class: "played" }, played)] : []));
}

function renderScreen(view) {
  const you = view.you;
  const screen = document.getElementById("screen");
  screen.hidden = !you;
  if (!you) return;
  const me = view.players[you.seat];
  const parsed = parseLegal(stepsActive() ? [] : G.legal);
  const hand = el("div", { class: "hand" });
  const tokens = you.hand || [];
  // two tokens alike (two army 2) are one move: only the one picked lights up (the first alike when picked another way)
  const picked = G.head && G.head === "place " + tokens[G.handPick] ? G.handPick : tokens.findIndex((c) => G.head === "place " + c);
  tokens.forEach((code, i) => {
    const head = "place " + code;
    const playable = parsed.heads.has(head) && inHand(code);
    hand.append(el("button", {
      class: `hand-token${playable ? " playable" : ""}${i === picked ? " selected" : ""}`, "data-code": code, "data-index": i,
      style: `--clan: ${CLAN_COLOURS[you.clan] || "#777"}`, title: tokenName(code),
      onclick: () => { if (!playable) { showMessage(t("msg.cannot_place_now", { token: tokenName(code) }), "error"); return; } G.handPick = i; selectHead(G.head === head && picked === i ? null : head); },
    }, el("span", { class: "code", text: shortCode(code) }), el("span", { class: "name", text: tokenName(code) })));
  });
  const cards = (you.territory_cards || []).map((c) => el("li", {}, el("strong", { text: cardName(c) }), el("div", { class: "small", text: cardText(c) })));
  const seen = (you.seen || []).map((s) => el("li", { text: seenText(s) }));
  const parts = [
    el("h3", { text: t("screen.hand", { n: (you.hand || []).length }) }), hand,
    el("dl", { class: "facts" },
      el("dt", { text: t("screen.pool") }), el("dd", { text: `${(you.pool || []).length}` }),
      el("dt", { text: t("screen.discard") }), el("dd", { text: (me.discard || []).map(tokenName).join(", ") || "—" }),
      el("dt", { text: t("screen.scouts") }), el("dd", { text: String(me.scouts) }),
      el("dt", { text: t("screen.shugenja") }), el("dd", { text: String(me.shugenja) }),
      el("dt", { text: t("screen.first_player") }), el("dd", { text: me.first_player ? t(view.first_player_card_used ? "screen.first_player_card_used" : "screen.fp_yours") : "—" }),
      el("dt", { text: t("screen.control") }), el("dd", { text: t("screen.control_counts", { board: me.control_on_board, supply: me.control_supply }) }),
      el("dt", { text: t("screen.objective") }), el("dd", { class: "objective" }, you.objective ? objectiveName(you.objective) : t("screen.objective_none"),
        you.objective ? el("div", { class: "small", text: objectiveText(you.objective) }) : null),
    ),
  ];
  if (you.objectives_dealt && you.objectives_dealt.length) {
    parts.push(el("div", { class: "dealt" }, el("p", { text: t("screen.dealt", { a: objectiveName(you.objectives_dealt[0]), b: objectiveName(you.objectives_dealt[1]) }) }),
      el("ul", {}, you.objectives_dealt.map((o) => el("li", {}, el("strong", { text: objectiveName(o) + ": " }), objectiveText(o))))));
  }
  if (you.clan) parts.push(el("p", { class: "small ability" }, el("strong", { text: t("screen.ability", { clan: clanName(you.clan) }) + " " }), t("ability." + you.clan)));
  parts.push(el("h3", { text: t("screen.cards") }), cards.length ? el("ul", {}, cards) : el("p", { class: "hint", text: "—" }));
  if (seen.length) parts.push(el("h3", { text: t("screen.seen") }), el("ul", { class: "seen" }, seen));
  document.getElementById("mine").replaceChildren(...parts.slice(2));
  document.getElementById("hand").replaceChildren(...parts.slice(0, 2));
}

function seenText(s) {
  // [source, token number, owner, code], or ["spy-network", seat, clan, [codes]]
  if (s[0] === "spy-network") return t("screen.seen_hand", { clan: clanName(s[2]), tokens: (s[3] || []).map(tokenName).join(", ") });
  return t("screen.seen_token", { n: s[1], owner: clanName(s[2]), token: tokenName(s[3]), source: sourceName(s[0]) });
}

function stepsActive() { return G.steps.length > 0; }

// Whether this seat's real-time clock (per move or a bank, not days) is kept: then a decision is never kept waiting by a story.
function myClockRuns() {
  const kind = G.summary && G.summary.clock ? G.summary.clock.kind : "none";
  return (kind === "move" || kind === "bank") && G.seat !== null && !myStandIn();
}

// Why a bot plays for this seat ("time" or "absent"), or null.
function myStandIn() {
  const c = PLAY.clocks && G.seat !== null ? PLAY.clocks.seats[String(G.seat)] : null;
  return c ? c.stand_in : null;
}

// While a bot plays for this seat: the way back, where the decisions are (a stand-in out of time waits a decision's time).
function standInLine() {
  if (!myStandIn() || gameOver(G.view)) return null;   // a game ended (a resignation too) has no bot playing
  if (myStandIn() === "resigned") return el("div", { class: "stand-in-note" }, el("p", { text: t("board.stand_in_resigned") }));
  return el("div", { class: "stand-in-note" }, el("p", { text: t(myStandIn() === "time" ? "board.stand_in_time" : "board.stand_in_absent") }),
    el("button", { type: "button", id: "im-back", class: "primary", text: t("play.im_back"), onclick: () => G.conn.send({ type: "resume" }) }));
}

function renderActions() {
  const box = document.getElementById("actions");
  const prompt = document.getElementById("prompt");
  document.getElementById("actions-panel").hidden = REPLAY;
  if (REPLAY) return;
  if (stepsActive()) {   // the resolution panel above says what to do
    document.getElementById("actions-panel").hidden = true;
    prompt.replaceChildren(el("p", { text: t("msg.finish_steps") }));
    box.replaceChildren();
    return;
  }
  const view = G.view;
  const title = document.getElementById("actions-title");
  title.textContent = movePanelTitle(G.legal.length > 0, G.seat, gameOver(view));
  const back = standInLine();
  if (!G.legal.length) {
    const words = waiting() ? t("status.table_waits") + "." : view && !gameOver(view)
      ? t("msg.waiting", { clans: (G.toAct || view.to_act || []).map(clanName).join(", ") }) : t("status.over");
    fillBox(prompt, back, el("p", { text: G.seat === null ? t("msg.spectator") + " " + words : words }));
    box.replaceChildren();
    return;
  }
  const parsed = parseLegal(G.legal);
  const awaiting = view ? view.awaiting : "";
  const card = awaiting.startsWith("card:") ? awaiting.slice(5) : null;
  const lines = [el("p", { class: "awaiting", text: t("awaiting." + awaitingKey(awaiting), { card: card ? cardName(card) : "" }) })];
  // a card's follow-up choice says which card asks and why: its name on the choice, its text under it
  if (card) lines.push(el("p", { class: "card-text", text: cardText(card) }));
  if (G.head) {
    const what = card ? t("board.card_choice", { card: cardName(card), what: headLabel(G.head) }) : headLabel(G.head);
    lines.push(el("p", { class: "choosing-text", text: t("msg.choose_place", { what }) }));
    if (cancellable()) lines.push(el("button", { class: "cancel", text: t("act.cancel"), onclick: cancelMove }));
  }
  fillBox(prompt, back, lines);
  const buttons = [];
  for (const head of parsed.heads.keys()) {
    if (head.startsWith("place ") && inHand(head.slice(6))) continue;  // picked from the hand
    buttons.push(el("button", { class: `act head${G.head === head ? " selected" : ""}`, "data-head": head, title: actionHelp(head), text: headLabel(head) + " …", onclick: () => selectHead(G.head === head ? null : head) }));
  }
  for (const a of parsed.direct) buttons.push(el("button", { class: "act direct", "data-action": a, title: actionHelp(a), text: actionLabel(a), onclick: () => send(a) }));
  if ([...parsed.heads.keys()].some((h) => h.startsWith("place "))) buttons.unshift(el("p", { class: "hint", text: t("msg.place_hint") }));
  box.replaceChildren(...buttons);
}

function inHand(code) {
  const you = G.shownView && G.shownView.you;
  return !!(you && (you.hand || []).includes(code)) && !(G.view && (G.view.awaiting || "").startsWith("card:"));
}

function awaitingKey(a) {
  if (!a) return "none";
  if (a.startsWith("card:")) return "card";
  return a;
}

function renderScores(view) {
  const res = view.result;
  const rows = res.scores || res.rows || [];
  if (!rows.length) return;
  const head = el("tr", {}, ["scores.clan", "scores.flowers", "scores.faceup", "scores.objective", "scores.territories", "scores.total"].map((k) => el("th", { text: t(k) })));
  // winners are seats in the view's result (clans in the final-scoring event)
  const winners = new Set((res.winners || []).map((w) => (typeof w === "number" ? (view.players[w] || {}).clan : w)));
  const body = rows.map((r) => el("tr", { class: winners.has(r.clan) ? "winner" : "" },
    el("td", {}, swatch(r.clan), clanName(r.clan), winners.has(r.clan) ? " ★" : ""),
    el("td", { class: "num", text: String(r.flowers) }),
    el("td", { class: "num", text: String(r.faceup_control) }),
    el("td", { title: objectiveText(r.objective), text: `${objectiveName(r.objective)}: ${r.objective_met ? "✓" : "✗"} ${r.objective_honor}` }),
    el("td", { text: `${(r.territories || []).map(territoryName).join(", ") || "—"} ${r.territory_honor}` }),
    el("td", { class: "num total", text: String(r.total) })));
  document.getElementById("score-table").replaceChildren(head, ...body);
  recordLink(document.getElementById("scores-record"), gameId);
  // closed, the scoring is a button away (it covered the replay bar's record link, and had no way back)
  document.getElementById("scores-open").hidden = false;
  if (G.scoresClosed) return;
  // the box takes the focus (its Close button); Escape closes it (pageKey), as on the other games' pages
  openResultBox("scores");
}

function closeScores() {
  G.scoresClosed = true;
  closeResultBox("scores");
}

// -- the log and the resolution steps ------------------------------------------
function addLog(events, actor) {
  const log = document.getElementById("log");
  for (const e of events) {
    G.log.push(e);
    log.append(logLine(e));
  }
  if (actor) log.append(el("li", { class: "actor", text: actor }));
  while (log.children.length > 600) log.removeChild(log.firstChild);
  log.scrollTop = log.scrollHeight;
}

// A line of the log: a played card's line carries the card's text.
function logLine(e) {
  const d = evData(e);
  return el("li", { class: "ev ev-" + e.kind, title: e.kind === "play" && d.card ? cardText(d.card) : null, text: describe(e) });
}

function relog() {
  const log = document.getElementById("log");
  log.replaceChildren(...G.log.map(logLine));
  log.scrollTop = log.scrollHeight;
}

// How long each step of the resolution stays before the next one (ms), as on Senjutsu's page: "manual" waits for
// Next, "off" shows the end at once. The player's choice is kept in this browser.
const STEP_PACES = { manual: null, slow: 2200, normal: 1200, fast: 500, off: 0 };
const STEP_PACE_KEY = "daimyo:rk:pace";
let stepTimer = null;

function stepPace() {
  const p = localStorage.getItem(STEP_PACE_KEY);
  return p in STEP_PACES ? p : "normal";
}

// The pause after a step: the next one (or the end) comes by itself unless the pace is "manual".
function stepWait() {
  clearTimeout(stepTimer);
  const ms = STEP_PACES[stepPace()];
  document.body.style.setProperty("--step-ms", `${Math.min(ms || 900, 900)}ms`);
  if (ms) stepTimer = setTimeout(nextStep, ms);
}

function setupPace() {
  const pace = document.getElementById("step-pace");
  pace.replaceChildren(...Object.keys(STEP_PACES).map((p) => el("option", { value: p, "data-i18n": "sj.story.pace." + p, text: t("sj.story.pace." + p) })));
  pace.value = stepPace();
  pace.addEventListener("change", () => {
    localStorage.setItem(STEP_PACE_KEY, pace.value);
    if (!stepsActive()) return;
    if (pace.value === "off") endSteps(); else stepWait();
  });
}

// The step's motion on the board: revealed tokens turn over, discarded and removed ones go, a battle's province
// flashes (none where the player asked for reduced motion: style.css).
function stepMotion(e, d, gone) {
  const mark = (token, cls) => { const g = G.targets["#" + token]; if (g) g.classList.add(cls); };
  if (e.kind === "reveal") for (const r of d.tokens || []) mark(r.token, "just-revealed");
  for (const g of gone || []) mark(g.token, "leaving");
  if (e.kind === "battle") {
    for (const a of d.attackers || []) for (const x of a.tokens || []) mark(x.token, "fighting");
    for (const x of (d.defender && d.defender.tokens) || []) mark(x.token, "fighting");
    const p = d.province ? document.getElementById("prov-" + d.province) : null;
    if (p) { p.classList.remove("battle-flash"); void p.getBBox(); p.classList.add("battle-flash"); }
  }
}

// Resolution as a story: the board, the header and the log show the steps reached, one at a time, at the player's pace.
// A lone "Round n begins" is no story: it is logged, not stepped through.
function startSteps(events, newView) {
  const steps = events.filter((e) => STEP_KINDS.has(e.kind));
  if (!steps.length || !G.shownView || steps.every((e) => e.kind === "round") || stepPace() === "off") { G.shownView = newView; addLog(events); return; }
  const upTo = events.indexOf(steps[0]);
  addLog(events.slice(0, upTo));
  G.logQueue = events.slice(upTo);
  G.steps = steps;
  G.stepIndex = 0;
  G.pendingView = newView;
  G.shownView = JSON.parse(JSON.stringify(G.shownView));
  document.getElementById("steps").hidden = false;
  showStep();
}

function showStep() {
  const e = G.steps[G.stepIndex];
  const d = evData(e);
  const v = G.shownView;
  // follow the step on the board: reveal the tokens, take away the removed and discarded ones
  if (e.kind === "reveal") {
    for (const r of d.tokens || []) { const tok = v.tokens.find((x) => x.token === r.token); if (tok) { tok.faceup = true; tok.code = r.code; } }
  }
  // the log, up to this step
  const at = G.logQueue.indexOf(e);
  if (at >= 0) addLog(G.logQueue.splice(0, at + 1));
  stepControl(v, e.kind, d);
  const gone = e.kind === "removed" ? d.tokens : (e.kind === "raid" || e.kind === "diplomacy") ? d.discarded : e.kind === "battle" ? [] : null;
  const box = document.getElementById("step-text");
  box.replaceChildren(el("p", { class: "step step-" + e.kind, text: describe(e) }));
  if (e.kind === "battle") box.append(battleDetail(d));
  document.getElementById("step-count").textContent = `${G.stepIndex + 1} / ${G.steps.length}`;
  render();
  focusProvince(eventProvince(e));
  stepMotion(e, d, gone);
  stepWait();
  if (gone) v.tokens = v.tokens.filter((x) => !gone.some((g) => g.token === x.token));
  if (e.kind === "battle") {
    const involved = new Set([...d.attackers.flatMap((a) => a.tokens.map((x) => x.token)), ...d.defender.tokens.map((x) => x.token)]);
    v.tokens = v.tokens.filter((x) => !involved.has(x.token));
  }
}

// What a step changes on the board and in the header: control and special tokens, the phase, the round.
function stepControl(v, kind, d) {
  const p = d.province ? v.provinces[d.province] : null;
  if (kind === "resolution") v.phase = "resolution";
  if (kind === "round") { v.round = d.round; v.phase = "upkeep"; }
  if (kind === "final-scoring") v.phase = "over";
  v.to_act = [];
  if (!p) return;
  if (kind === "raid" && d.control_removed_from) Object.assign(p, { owner: null, faceup: 0, facedown: 0 });
  if (kind === "raid" && d.scorched_earth) p.special = "scorched_earth";
  if (kind === "diplomacy" && d.peace) p.special = "peace";
  if (kind === "battle" && d.outcome === "taken") Object.assign(p, d.control_placed ? { owner: d.winner, faceup: 0, facedown: 1 } : { owner: null, faceup: 0, facedown: 0 });
  if ((kind === "battle" && d.outcome === "defended") || kind === "successful-defense") p.faceup += d.faceup_added || 0;
}

function nextStep() {
  if (!stepsActive()) return;
  G.stepIndex++;
  if (G.stepIndex >= G.steps.length) endSteps();
  else showStep();
}

function endSteps() {
  clearTimeout(stepTimer);
  for (const p of document.querySelectorAll("#board .battle-flash")) p.classList.remove("battle-flash");
  G.steps = [];
  const box = document.getElementById("steps");
  if (box.contains(document.activeElement)) document.activeElement.blur();
  box.hidden = true;
  focusProvince(null);
  G.shownView = G.pendingView || G.view;
  G.pendingView = null;
  addLog(G.logQueue);
  G.logQueue = [];
  autoHead();
  render();
  keepFocus();
}

// -- the server's messages (the connection itself is client.js's) ------------------
function onMessage(msg) {
  const note = playMessage(msg);   // the table, chat, clocks and stand-ins (play.js)
  if (note) addLog([note]);
  switch (msg.type) {
    case "welcome":
      G.seat = msg.seat;
      G.summary = msg.game;
      showPracticeBanner(G.summary);
      G.log = [];
      document.getElementById("log").replaceChildren();
      break;
    case "log":   // the whole log (after the welcome, or again after an action was taken back)
      G.log = [];
      document.getElementById("log").replaceChildren();
      addLog(msg.events || []);
      break;
    case "state": {
      const first = G.view === null || G.seq < 0;
      const events = msg.events || [];
      if (stepsActive()) G.logQueue.push(...events);   // logged when the steps shown reach them
      else if (first) addLog(events);
      G.recent = new Set(events.filter((e) => e.kind === "place").map((e) => evData(e).token));
      G.view = msg.view;
      // a move being built stays while the same moves are open to this seat (another seat's decision came in)
      const same = JSON.stringify(msg.legal || []) === JSON.stringify(G.legal);
      G.legal = msg.legal || [];
      G.toAct = msg.to_act || [];
      G.seq = msg.seq;
      if (!same) { G.head = null; G.picked = []; }
      if (first || stepsActive()) {
        if (stepsActive()) G.pendingView = msg.view; else G.shownView = msg.view;
        // a real-time clock runs for our decision: the story ends now, none of the decision's time goes to it
        if (stepsActive() && G.legal.length && myClockRuns()) endSteps();
      } else if (G.legal.length && myClockRuns()) {
        G.shownView = msg.view;   // the steps are in the log; the decision is shown at once
        addLog(events);
      } else {
        startSteps(events, msg.view);
      }
      // the move sent is played now: "Sent: ..." does not stay under the board
      if (G.sentNote && document.getElementById("message").textContent === G.sentNote) showMessage("");
      G.sentNote = null;
      document.body.dataset.seq = String(msg.seq);
      document.body.dataset.legal = String(G.legal.length);
      autoHead();
      render();
      keepFocus();
      break;
    }
    case "stand-in":   // a bot plays for a seat, or it is its player's again: this seat's panel says so
    case "resigned":
      renderActions();
      break;
    case "ack":
      break;
    case "error":   // shown by the client; what was being built is dropped
      G.head = null;
      G.picked = [];
      renderActions();
      lightUp();
      break;
    default:
      break;
  }
}

// -- replay ------------------------------------------------------------------------
async function startReplay() {
  document.body.classList.add("replaying");
  await startReplayOf(G, gameId, replayTo);
}

function replayTo(i) {
  const steps = G.replay.steps;
  i = Math.max(0, Math.min(steps.length, i));
  G.replayPos = i;
  G.view = G.shownView = i === 0 ? G.replay.start : steps[i - 1].view;
  G.legal = [];
  showReplayPosition(i, steps.length);
  G.log = [];
  const log = document.getElementById("log");
  log.replaceChildren();
  for (const s of steps.slice(Math.max(0, i - 40), i)) {
    log.append(el("li", { class: "actor", text: `${clanName(s.actor) !== "clan." + s.actor ? clanName(s.actor) : s.actor}: ${actionLabel(s.action)}` }));
    for (const e of s.events) log.append(el("li", { class: "ev ev-" + e.kind, text: describe(e) }));
  }
  log.scrollTop = log.scrollHeight;
  const last = i > 0 ? steps[i - 1].events.filter((e) => STEP_KINDS.has(e.kind)) : [];
  const box = document.getElementById("steps");
  box.hidden = !last.length;
  if (last.length) {
    document.getElementById("step-text").replaceChildren(...last.map((e) => e.kind === "battle"
      ? el("div", {}, el("p", { text: describe(e) }), battleDetail(evData(e))) : el("p", { text: describe(e) })));
    document.getElementById("step-count").textContent = "";
  }
  G.scoresClosed = i < steps.length;
  document.getElementById("scores").hidden = true;
  document.getElementById("scores-open").hidden = true;
  render();
}

// The page's keys (the board's own arrows and Enter are board.js's): Escape cancels, ? lists the keys, arrows step a replay.
function pageKey(e) {
  const typing = e.target.closest && e.target.closest("input, select, textarea");
  if (e.key === "Escape") {
    if (!document.getElementById("keys-help").hidden) { showKeys(false); document.getElementById("keys-open").focus(); return; }
    if (!document.getElementById("scores").hidden) { e.preventDefault(); closeScores(); return; }
    if (cancellable()) { e.preventDefault(); cancelMove(); }
    return;
  }
  if (typing) return;
  if (e.key === "?") { e.preventDefault(); showKeys(true); return; }
  if (REPLAY && G.replay && (e.key === "ArrowLeft" || e.key === "ArrowRight")) {
    e.preventDefault();
    replayTo(G.replayPos + (e.key === "ArrowRight" ? 1 : -1));
  }
}

// -- start ---------------------------------------------------------------------------
async function main() {
  await loadLang(chooseLang());
  setupLangSwitch(document.getElementById("lang"));
  I18N.listeners.push(() => { labelBoard(); render(); if (REPLAY && G.replay) replayTo(G.replayPos); else relog(); });
  document.getElementById("step-next").addEventListener("click", nextStep);
  document.getElementById("step-skip").addEventListener("click", endSteps);
  setupResultBox("scores", () => { G.scoresClosed = true; }, () => { G.scoresClosed = false; });
  document.addEventListener("keydown", pageKey);
  document.addEventListener("keydown", () => { G.keyboard = true; }, true);
  document.addEventListener("pointerdown", () => { G.keyboard = false; }, true);
  document.getElementById("keys-open").addEventListener("click", () => showKeys(true));
  document.getElementById("keys-close").addEventListener("click", () => { showKeys(false); document.getElementById("keys-open").focus(); });
  setupZoom();
  setupPace();
  loadPracticeBanner(gameId);
  await Promise.all([loadBoard(), loadData()]);
  // the seats' words and colours, for the table and, in a replay too, the analysis (analysis.js)
  PLAY.opts = { resultBox: "scores", choiceName: clanName, choiceColour: (c) => CLAN_COLOURS[c], onStatus: render };
  if (REPLAY) {
    for (const id of ["step-next", "step-skip"]) document.getElementById(id).hidden = true;
    document.querySelector(".step-pace").hidden = true;
    await startReplay();
    return;
  }
  G.conn = connectGame(gameId, { onMessage });
  setupPlay(gameId, G.conn, PLAY.opts);
}
main();
