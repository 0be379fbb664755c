// What every game's page adds around its game (issue 15; docs/web.md "Around the game"): the table before the start,
// the seats with their clocks and stand-ins, the rematch, the chat, and the player's settings (your turn: the tab's
// title, a sound and a notification; confirm moves). Loaded after client.js by rokugan.html and senjutsu.html; the page
// calls setupPlay() once and hands it every server message. Plain JavaScript, no build step; needs common.js, client.js.
// Chat lines are shown with textContent only: a line is text, never markup.
"use strict";

const PLAY = {
  gameId: null, conn: null, opts: null,
  seat: null, summary: null, over: false, ended: false, legal: 0, seq: -1, yourTurn: false, undo: false,
  clocks: null, clocksAt: 0, ticker: null,
  chat: { lines: [], muted: [], spectators: true, pending: "" },
  registry: null, rematch: null,
  awaySince: {},   // seat -> performance.now() when its player went away, from the summary's "away" or a presence message
};

// -- settings: kept on this browser ---------------------------------------------------------------------------------
const PLAY_SETTINGS_KEY = "daimyo:settings";
function playSettings() {
  let s = null;
  try { s = JSON.parse(localStorage.getItem(PLAY_SETTINGS_KEY) || "null"); } catch (e) { s = null; }
  return { sound: false, notify: false, confirm: false, ...(s && typeof s === "object" ? s : {}) };
}
function savePlaySetting(name, value) { localStorage.setItem(PLAY_SETTINGS_KEY, JSON.stringify({ ...playSettings(), [name]: value })); }

// Whether the game shown is over: by its rules (the view's phase "over") or by a resignation, after which the rules' view
// is still at the decision it was at: no page then says whose turn it is or that it waits for anyone. (PLAY.over also
// holds for a view not yet shown, a story still telling the moves before the end.)
function gameOver(view) { return PLAY.ended || !!(view && view.phase === "over"); }

// Whether an action may go: with "confirm moves" on, the player says yes to its words first.
function confirmMove(words) { return !playSettings().confirm || window.confirm(t("play.confirm_move", { action: words })); }

// -- names ----------------------------------------------------------------------------------------------------------
function seatChoiceWords(clan) { return PLAY.opts.choiceName(clan); }
function seatWho(s) {
  if (!s) return "";
  if (s.kind === "bot") return botWords(s);
  return s.open ? t("lobby.seat_open") : s.name || t("lobby.player_n", { n: s.seat + 1 });
}
function seatOf(n) { return PLAY.summary ? PLAY.summary.seats[n] : null; }
function seatTitle(n) { const s = seatOf(n); return s ? `${seatWho(s)} (${seatChoiceWords(s.choice)})` : String(n + 1); }
function isHost() { return !!heldHost(PLAY.gameId); }
function waiting() { return !!PLAY.summary && PLAY.summary.status === "waiting"; }

// A stand-in message as a log line: {kind: "stand-in", seat, choice, on, reason}; the pages put it in their logs.
function standInText(e) {
  const who = seatChoiceWords(e.choice);
  if (!e.on) return t("play.stand_in_off", { who });
  return t(e.reason === "time" ? "play.stand_in_time" : "play.stand_in_absent", { who });
}

// The log lines of play.js's own notes (not the engine's events): stand-ins and resignations.
const PLAY_NOTES = new Set(["stand-in", "resigned", "undo"]);
function isPlayNote(e) { return !!e && PLAY_NOTES.has(e.kind) && e.note === true; }
function playNoteText(e) {
  if (e.kind === "undo") return t("play.undone", { who: seatChoiceWords(e.choice) });
  if (e.kind === "resigned") {
    const who = seatChoiceWords(e.choice);
    const winners = (e.result && e.result.winners) || [];
    return e.over ? t("play.resigned_over", { who, winner: winners.map(seatChoiceWords).join(", ") }) : t("play.resigned_line", { who });
  }
  return standInText(e);
}

// -- the clocks -----------------------------------------------------------------------------------------------------
function clockWords(seconds) {
  if (seconds === null || seconds === undefined) return "—";
  const s = Math.max(0, Math.ceil(seconds));
  if (s >= 86400) return t("play.clock_days", { d: Math.floor(s / 86400), h: Math.floor((s % 86400) / 3600) });
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  const two = (x) => String(x).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

// The seconds a seat has left now: counted down from the last message while its clock runs; a bank at rest shows the bank.
function secondsLeft(n) {
  const c = PLAY.clocks && PLAY.clocks.seats[String(n)];
  if (!c) return null;
  if (c.running && c.left !== null && c.left !== undefined) return Math.max(0, c.left - (performance.now() - PLAY.clocksAt) / 1000);
  return c.bank === null || c.bank === undefined ? null : c.bank;
}

function takeClocks(clocks) {
  if (!clocks) return;
  PLAY.clocks = clocks;
  PLAY.clocksAt = performance.now();
  drawSeats();
}

function tickClocks() {
  for (const button of document.querySelectorAll("#play-seats .give-bot[data-seat]")) showGiveToBot(button);
  for (const cell of document.querySelectorAll("#play-seats .clock[data-seat]")) {
    const n = Number(cell.dataset.seat);
    const c = PLAY.clocks && PLAY.clocks.seats[String(n)];
    const left = secondsLeft(n);
    cell.textContent = clockWords(left);
    cell.classList.toggle("running", !!(c && c.running));
    cell.classList.toggle("low", !!(c && c.running) && left !== null && left < 10);
  }
}

// -- the seats panel: the table before the start, then the seats with their clocks, stand-ins and the rematch --------
// The panel is built again only when what it shows changes (not at every move, so that a button under the pointer
// stays where it is); the clocks themselves are updated by tickClocks.
function drawSeats(force) {
  const box = document.getElementById("play-seats");
  if (!box || !PLAY.summary) return;
  const g = PLAY.summary;
  const standIns = PLAY.clocks ? Object.entries(PLAY.clocks.seats).map(([n, c]) => [n, c.stand_in]) : [];
  const shown = JSON.stringify([g, standIns, PLAY.over, PLAY.undo, PLAY.rematch, PLAY.seat, isHost(), !!PLAY.registry, I18N.lang]);
  if (!force && box.dataset.shown === shown) { tickClocks(); return; }
  box.dataset.shown = shown;
  const before = document.body.dataset.status;
  document.body.dataset.status = g.status;
  // the table started: the page's status line and panels say so at once (a state may not come with it)
  if (before === "waiting" && g.status !== "waiting" && PLAY.opts && PLAY.opts.onStatus) PLAY.opts.onStatus();
  document.getElementById("play-seats-title").textContent = t(waiting() ? "play.table_title" : "play.seats_title");
  const clockLine = el("p", { class: "small clock-kind", text: clockKindWords(g.clock) });
  const rows = g.seats.map((s) => seatRow(s));
  const parts = [clockLine, el("table", { class: "play-seats" }, el("tbody", {}, rows))];
  if (waiting()) parts.push(...tableControls());
  else parts.push(...afterControls());
  box.replaceChildren(...parts);
  drawResultRematch();
  tickClocks();
}

function seatRow(s) {
  const g = PLAY.summary;
  const mine = PLAY.seat === s.seat;
  const c = PLAY.clocks && PLAY.clocks.seats[String(s.seat)];
  // a bot plays a seat only while the game goes on (a seat resigned keeps its stand-in in the clocks once it is over)
  const standIn = c && !PLAY.over && c.stand_in;
  const cells = [el("td", { class: "num", text: String(s.seat + 1) }),
    el("td", {}, waiting() && isHost() ? choiceSelect(s) : seatChoiceWords(s.choice)),
    el("td", { class: "who" }, waiting() && isHost() && (s.kind === "bot" || s.open) ? kindSelect(s) : seatWho(s),
      mine ? el("span", { class: "badge you", text: t("play.you") }) : null,
      standIn ? el("span", { class: "badge stand-in", "data-seat": s.seat, text: t("play.bot_plays") }) : null,
      s.rating ? el("span", { class: "badge rating", "data-seat": s.seat, text: t("rating.seat", { rating: s.rating.rating }) + (s.rating.provisional ? "?" : "") }) : null,
      s.resigned ? el("span", { class: "badge resigned", "data-seat": s.seat, text: t("play.resigned") }) : null,
      presenceBadge(s))];
  if (waiting()) {
    const ready = s.kind === "human" && !s.open && s.ready;
    cells.push(el("td", { class: "ready" }, s.kind === "human" ? el("span", { class: "badge" + (ready ? " ready-on" : ""), text: t(s.open ? "play.open" : ready ? "play.ready" : "play.not_ready") }) : null));
  } else {
    if (g.clock && g.clock.kind !== "none") cells.push(el("td", { class: "clock num", "data-seat": s.seat, text: "" }));
    const actions = [];
    if (mine && PLAY.undo && !PLAY.over) actions.push(el("button", { type: "button", id: "play-undo", class: "undo", title: t("play.undo_hint"), text: t("play.undo"), onclick: () => PLAY.conn.send({ type: "undo" }) }));
    if (mine && !PLAY.over && !s.resigned) actions.push(el("button", { type: "button", id: "play-resign", class: "resign", text: t("play.resign"), onclick: resignGame }));
    if (standIn && standIn !== "resigned" && mine && !PLAY.over) actions.push(el("button", { type: "button", class: "resume primary", text: t("play.im_back"), onclick: () => PLAY.conn.send({ type: "resume" }) }));
    if (!standIn && !mine && s.kind === "human" && !s.connected && !PLAY.over && (PLAY.seat !== null || isHost())) {
      const button = el("button", { type: "button", class: "give-bot", "data-seat": s.seat, title: t("play.give_bot_hint"), text: t("play.give_bot"), onclick: () => giveToBot(s.seat) });
      showGiveToBot(button);
      actions.push(button);
    }
    cells.push(el("td", {}, actions));
  }
  return el("tr", { class: (mine ? "me " : "") + (standIn ? "standing-in" : ""), "data-seat": s.seat }, cells);
}

// -- who is at the table: a badge per human seat; the others may give a seat to a bot once it has been away a while --
function presenceBadge(s) {
  if (s.kind !== "human" || s.open || waiting() && !s.connected && s.away === null) return null;
  return el("span", { class: "badge presence " + (s.connected ? "here" : "away"), "data-seat": s.seat,
    text: t(s.connected ? "play.here" : "play.away") });
}

// The seconds until a seat's player has been away long enough for a bot to take the seat (0: now; null: not away).
function giveToBotIn(seat) {
  const since = PLAY.awaySince[seat];
  const after = PLAY.summary && PLAY.summary.absent_after;
  if (since === undefined) return null;
  if (after === null || after === undefined) return 0;
  return Math.max(0, Math.ceil(after - (performance.now() - since) / 1000));
}
// The "Give to a bot" button: greyed while the player has not been away long enough, counting down the seconds left.
function showGiveToBot(button) {
  const left = giveToBotIn(Number(button.dataset.seat));
  button.disabled = left !== 0;
  button.textContent = left ? t("play.give_bot_in", { n: left }) : t("play.give_bot");
}

function takeAway(summary) {
  PLAY.awaySince = {};
  for (const s of summary.seats) if (!s.connected && s.away !== null && s.away !== undefined) PLAY.awaySince[s.seat] = performance.now() - s.away * 1000;
}

function takePresence(msg) {
  const s = seatOf(msg.seat);
  if (!s) return;
  s.connected = msg.connected;
  s.away = msg.connected ? null : 0;
  if (msg.connected) delete PLAY.awaySince[msg.seat];
  else PLAY.awaySince[msg.seat] = performance.now();
  drawSeats();
}

// A seat whose player is away goes to a bot: a player asks on the socket, the host without a seat over HTTP.
async function giveToBot(seat) {
  if (PLAY.seat !== null) { PLAY.conn.send({ type: "stand-in", seat }); return; }
  const r = await postJson(`/api/games/${encodeURIComponent(PLAY.gameId)}/stand-in`, { host: heldHost(PLAY.gameId), seat });
  if (!r.ok) showMessage(r.data.error || r.statusText, "error");
}

// Resigning cannot be taken back: the player says yes to its consequences first (always, whatever "confirm moves").
function resignGame() {
  if (window.confirm(t("play.resign_confirm"))) PLAY.conn.send({ type: "resign" });
}

async function postJson(path, body) {
  try {
    const r = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    let data = {};
    try { data = await r.json(); } catch (e) { data = {}; }
    return { ok: r.ok, status: r.status, statusText: r.statusText, data };
  } catch (e) { return { ok: false, status: 0, statusText: t("lobby.no_server"), data: {} }; }
}

// -- the table before the start ---------------------------------------------------------------------------------------
function gameInfo() { return (PLAY.registry || {})[PLAY.summary.game] || { bots: [], seat_choices: [], min_players: 2, max_players: 5 }; }

// A bot seat as the host's request gives it: by its level, or by its spec (a game with no levels, or an older seat).
function botSeat(s) { return s.level ? { kind: "bot", level: s.level, choice: s.choice } : { kind: "bot", bot: s.bot, choice: s.choice }; }

function kindSelect(s) {
  const levels = gameInfo().levels || [];
  const bots = levels.length ? levels.map((l) => ["level:" + l.name, levelWords(l, PLAY.summary.seats.length)])
    : (gameInfo().bots || []).map((b) => ["bot:" + b, t("lobby.bot", { bot: b })]);
  const select = el("select", { class: "table-kind", "data-seat": s.seat, "aria-label": t("play.seat_kind", { n: s.seat + 1 }),
    onchange: (e) => {
      const v = e.target.value, what = v.slice(v.indexOf(":") + 1);
      changeTable((seats) => { seats[s.seat] = v === "human" ? { kind: "human", choice: s.choice } : v.startsWith("level:") ? { kind: "bot", level: what, choice: s.choice } : { kind: "bot", bot: what, choice: s.choice }; });
    } },
  el("option", { value: "human", text: t("lobby.human") }), bots.map(([value, words]) => el("option", { value, text: words })));
  select.value = s.kind === "human" ? "human" : s.level ? "level:" + s.level : "bot:" + s.bot;
  return select;
}

function choiceSelect(s) {
  const taken = new Set(PLAY.summary.seats.filter((o) => o.seat !== s.seat).map((o) => o.choice));
  const select = el("select", { class: "table-choice", "data-seat": s.seat, "aria-label": t("play.seat_choice", { n: s.seat + 1 }),
    onchange: (e) => changeTable((seats) => { seats[s.seat].choice = e.target.value; }) },
  (gameInfo().seat_choices || []).map((c) => el("option", { value: c, disabled: taken.has(c) && c !== s.choice, text: seatChoiceWords(c) })));
  select.value = s.choice;
  return select;
}

// The seats as the host's request gives them: taken seats stay human (the server keeps their players and names).
function tableSeats() {
  return PLAY.summary.seats.map((s) => (s.kind === "bot" ? botSeat(s)
    : { kind: "human", choice: s.choice, ...(s.open && s.name ? { name: s.name } : {}) }));
}

async function changeTable(edit, extra) {
  const seats = tableSeats();
  if (edit) edit(seats);
  const r = await postJson(`/api/games/${encodeURIComponent(PLAY.gameId)}/table`, { host: heldHost(PLAY.gameId), seats, ...(extra || {}) });
  if (!r.ok) { showMessage(r.data.error || r.statusText, "error"); drawSeats(true); return; }
  showMessage("");
  PLAY.summary = r.data;
  drawSeats();
}

function tableControls() {
  const g = PLAY.summary;
  const out = [];
  const me = PLAY.seat !== null ? seatOf(PLAY.seat) : null;
  if (me) {
    out.push(el("label", { class: "ready-toggle" }, el("input", { type: "checkbox", id: "play-ready", checked: me.ready,
      onchange: (e) => PLAY.conn.send({ type: "ready", ready: e.target.checked }) }), " ", t("play.im_ready")));
  }
  const open = g.seats.filter((s) => s.open);
  if (PLAY.seat === null && open.length && g.public) {
    out.push(el("p", {}, el("a", { class: "take-seat primary-link", href: `/join/${encodeURIComponent(PLAY.gameId)}`, text: t("play.take_seat") })));
  }
  if (isHost()) {
    const info = gameInfo();
    const free = (info.seat_choices || []).filter((c) => !g.seats.some((s) => s.choice === c));
    const last = g.seats[g.seats.length - 1];
    out.push(el("div", { class: "host-row" },
      el("button", { type: "button", id: "table-add", disabled: g.seats.length >= info.max_players || !free.length, text: t("play.add_seat"),
        onclick: () => changeTable((seats) => { seats.push((info.levels || []).length ? { kind: "bot", level: info.levels[1].name, choice: free[0] } : { kind: "bot", bot: (info.bots || [])[0], choice: free[0] }); }) }),
      el("button", { type: "button", id: "table-remove", disabled: g.seats.length <= info.min_players || (last.kind === "human" && !last.open), text: t("play.remove_seat"),
        onclick: () => changeTable((seats) => { seats.pop(); }) }),
      el("label", {}, el("input", { type: "checkbox", id: "table-public", checked: g.public, onchange: (e) => changeTable(null, { public: e.target.checked }) }), " ", t("lobby.public"))));
    const notReady = g.seats.filter((s) => s.kind === "human" && (s.open || !s.ready)).length;
    out.push(el("p", { class: "small", text: notReady ? t("play.not_all_ready", { n: notReady }) : t("play.all_ready") }),
      el("button", { type: "button", id: "table-start", class: "primary", text: t("play.start"), onclick: startGame }),
      el("button", { type: "button", id: "table-invite", text: t("lobby.new_invite"), onclick: tableInvite }),
      el("button", { type: "button", id: "table-cancel", text: t("lobby.cancel"), onclick: cancelTable }),
      el("input", { type: "text", id: "table-invite-link", readonly: true, hidden: true, "aria-label": t("lobby.invite_link") }));
  } else {
    out.push(el("p", { class: "small", text: t("play.host_starts") }));
  }
  return out;
}

async function startGame() {
  const r = await postJson(`/api/games/${encodeURIComponent(PLAY.gameId)}/start`, { host: heldHost(PLAY.gameId) });
  if (!r.ok) showMessage(r.data.error || r.statusText, "error");
}

// The host cancels the table (asked first): it is deleted for everyone at it, and every page is told it was closed.
async function cancelTable() {
  if (!window.confirm(t("lobby.cancel_confirm"))) return;
  const r = await postJson(`/api/games/${encodeURIComponent(PLAY.gameId)}/cancel`, { host: heldHost(PLAY.gameId) });
  if (!r.ok) showMessage(r.data.error || r.statusText, "error");
}

async function tableInvite() {
  const r = await postJson(`/api/games/${encodeURIComponent(PLAY.gameId)}/invite`, { host: heldHost(PLAY.gameId) });
  if (!r.ok) { showMessage(r.data.error || r.statusText, "error"); return; }
  const input = document.getElementById("table-invite-link");
  input.hidden = false;
  input.value = new URL(r.data.invite.link, location.href).href;
  input.select();
}

// -- the rematch ------------------------------------------------------------------------------------------------------
// The rematch button and link: in the seats panel (ids play-rematch, rematch-link) and in the page's result box
// (prefix "result-").
function afterControls(prefix) {
  if (!PLAY.over) return [];
  const out = [];
  const id = PLAY.rematch;
  const pre = prefix || "play-";
  if (PLAY.seat !== null && heldSeat(PLAY.gameId)) {
    out.push(el("button", { type: "button", id: pre + "rematch", class: "primary rematch", text: t(id ? "play.join_rematch" : "play.rematch"), onclick: rematch }));
  }
  if (id) out.push(el("p", { class: "small" }, t("play.rematch_is") + " ", el("a", { id: prefix ? prefix + "rematch-link" : "rematch-link", href: `/game/${encodeURIComponent(id)}`, text: id })));
  return out;
}

function drawResultRematch() {
  const box = PLAY.opts.resultBox && document.querySelector(`#${PLAY.opts.resultBox} .modal-box`);
  if (!box) return;
  let slot = document.getElementById("result-rematch-box");
  if (!slot) { slot = el("div", { id: "result-rematch-box", class: "rematch-box" }); box.insertBefore(slot, box.querySelector("button:last-child")); }
  slot.replaceChildren(...afterControls("result-"));
}

// POST /api/games/<id>/rematch with this seat's token: the new game's seat is kept here, then its page.
async function rematch() {
  const held = heldSeat(PLAY.gameId);
  const r = await postJson(`/api/games/${encodeURIComponent(PLAY.gameId)}/rematch`, { seat: held.seat, token: held.token });
  if (!r.ok) { showMessage(r.data.error || r.statusText, "error"); return; }
  keepSeat(r.data.id, r.data.seat, r.data.token);
  const host = heldHost(PLAY.gameId);
  if (host) keepHost(r.data.id, host);   // the rematch keeps the old game's host token
  location.assign(`/game/${encodeURIComponent(r.data.id)}`);
}

// -- the chat ---------------------------------------------------------------------------------------------------------
function chatChannelFor() { return PLAY.seat === null ? "spectators" : "players"; }

function chatLineItem(line) {
  const who = line.channel === "spectators" ? t("chat.spectator") : line.name || seatTitle(line.seat);
  const item = el("li", { class: "chat-line channel-" + line.channel, "data-seq": line.seq, title: line.at || "" });
  const name = el("strong", {});
  name.textContent = who + ": ";
  const text = el("span", { class: "chat-text" });
  text.textContent = line.text;   // text, never markup
  item.append(name, text);
  return item;
}

function drawChat() {
  const list = document.getElementById("chat-lines");
  if (!list) return;
  list.replaceChildren(...PLAY.chat.lines.map(chatLineItem));
  list.scrollTop = list.scrollHeight;
  const off = PLAY.seat === null && !PLAY.chat.spectators;
  document.getElementById("chat-title").textContent = t(PLAY.seat === null ? "chat.title_spectators" : "chat.title");
  document.getElementById("chat-off").hidden = !off;
  document.getElementById("chat-text").disabled = off;
  document.getElementById("chat-send").disabled = off;
  // mute or hear again each other player (a player only), once someone sits there (an open seat has nobody to mute)
  const mutes = document.getElementById("chat-mutes");
  const others = PLAY.seat === null || !PLAY.summary ? [] : PLAY.summary.seats.filter((s) => s.kind === "human" && s.seat !== PLAY.seat
    && (!s.open || PLAY.chat.muted.includes(s.seat)));
  mutes.replaceChildren(...others.map((s) => {
    const muted = PLAY.chat.muted.includes(s.seat);
    return el("button", { type: "button", class: "mute" + (muted ? " selected" : ""), "data-seat": s.seat, "aria-pressed": String(muted),
      text: t(muted ? "chat.unmute" : "chat.mute", { who: seatTitle(s.seat) }),
      onclick: () => PLAY.conn.send({ type: "mute", seat: s.seat, muted: !muted }) });
  }));
  // the host turns the spectators' chat on or off
  const host = document.getElementById("chat-host");
  host.hidden = !isHost();
  document.getElementById("chat-spectators-on").checked = PLAY.chat.spectators;
}

function takeChatLog(log) {
  if (!log) return;
  PLAY.chat.lines = log.lines || [];
  PLAY.chat.muted = log.muted || [];
  PLAY.chat.spectators = log.spectators !== false;
  drawChat();
}

function sendChat(ev) {
  ev.preventDefault();
  const input = document.getElementById("chat-text");
  const text = input.value.trim();
  if (!text) return;
  PLAY.chat.pending = text;
  document.getElementById("chat-status").textContent = "";
  if (!PLAY.conn.send({ type: "chat", text })) document.getElementById("chat-status").textContent = t("msg.offline");
}

async function setSpectatorChat(on) {
  const r = await postJson(`/api/games/${encodeURIComponent(PLAY.gameId)}/spectator-chat`, { host: heldHost(PLAY.gameId), on });
  if (!r.ok) { document.getElementById("chat-status").textContent = r.data.error || r.statusText; drawChat(); }
}

// A word of the panels that follows the language (applyI18n relabels it).
function word(key, attrs) { return el("span", { "data-i18n": key, text: t(key), ...(attrs || {}) }); }

function buildChat() {
  const panel = el("section", { class: "panel", id: "chat-panel" },
    el("h2", { id: "chat-title", text: t("chat.title") }),
    el("ol", { id: "chat-lines", class: "chat-lines", "aria-live": "polite" }),
    el("p", { id: "chat-off", class: "small", hidden: true, "data-i18n": "chat.off", text: t("chat.off") }),
    el("form", { id: "chat-form", class: "chat-form", onsubmit: sendChat },
      el("label", { for: "chat-text", class: "sr-only", "data-i18n": "chat.say", text: t("chat.say") }),
      el("input", { id: "chat-text", type: "text", maxlength: "500", autocomplete: "off", "data-i18n-title": "chat.say", title: t("chat.say") }),
      el("button", { id: "chat-send", type: "submit", "data-i18n": "chat.send", text: t("chat.send") })),
    el("p", { id: "chat-status", class: "small error", role: "alert" }),
    el("div", { id: "chat-mutes", class: "chat-mutes" }),
    el("label", { id: "chat-host", class: "small", hidden: true },
      el("input", { type: "checkbox", id: "chat-spectators-on", onchange: (e) => setSpectatorChat(e.target.checked) }), " ", word("chat.spectators_on")));
  document.getElementById("side").append(panel);
}

// -- your turn ----------------------------------------------------------------------------------------------------------
function beep() {
  try {
    const Audio = window.AudioContext || window.webkitAudioContext;
    const ctx = new Audio();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.35);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.35);
    osc.onended = () => ctx.close();
  } catch (e) { /* no sound on this browser */ }
}

function setYourTurn(now) {
  const was = PLAY.yourTurn;
  PLAY.yourTurn = now;
  document.body.dataset.yourTurn = now ? "1" : "0";
  document.title = now ? `● ${t("turn.title")} — daimyo` : pageTitle();
  if (!now || was) return;
  const s = playSettings();
  if (s.sound) beep();
  if (s.notify && document.hidden && "Notification" in window && Notification.permission === "granted") {
    try { new Notification(t("turn.title"), { body: t("turn.body", { game: PLAY.gameId }), tag: "daimyo-" + PLAY.gameId }); } catch (e) { /* none */ }
  }
}

function buildSettings() {
  const s = playSettings();
  const box = el("section", { class: "panel", id: "settings-panel" },
    el("h2", { "data-i18n": "settings.title", text: t("settings.title") }),
    el("label", { class: "setting" }, el("input", { type: "checkbox", id: "set-sound", checked: s.sound, onchange: (e) => { savePlaySetting("sound", e.target.checked); if (e.target.checked) beep(); } }), " ", word("settings.sound")),
    el("label", { class: "setting" }, el("input", { type: "checkbox", id: "set-notify", checked: s.notify && "Notification" in window && Notification.permission === "granted", onchange: askNotify }), " ", word("settings.notify")),
    el("label", { class: "setting" }, el("input", { type: "checkbox", id: "set-confirm", checked: s.confirm, onchange: (e) => savePlaySetting("confirm", e.target.checked) }), " ", word("settings.confirm")),
    el("p", { id: "set-status", class: "small", role: "status" }));
  document.getElementById("side").append(box);
}

async function askNotify(e) {
  const box = e.target;
  const status = document.getElementById("set-status");
  status.textContent = "";
  if (!box.checked) { savePlaySetting("notify", false); return; }
  if (!("Notification" in window)) { box.checked = false; status.textContent = t("settings.notify_none"); return; }
  let answer = Notification.permission;
  if (answer === "default") { try { answer = await Notification.requestPermission(); } catch (err) { answer = "denied"; } }
  box.checked = answer === "granted";
  savePlaySetting("notify", box.checked);
  if (!box.checked) status.textContent = t("settings.notify_denied");
}

// -- the messages ---------------------------------------------------------------------------------------------------------
// Every server message goes through here first; returns a log entry ({kind: "stand-in" or "resigned", note: true, ...})
// for the page's log (written by playNoteText), or null.
function playMessage(msg) {
  switch (msg.type) {
    case "welcome":
      PLAY.seat = msg.seat === undefined ? null : msg.seat;
      PLAY.summary = msg.game;
      if (msg.game) takeAway(msg.game);
      PLAY.rematch = msg.game && msg.game.rematch || PLAY.rematch;
      if (msg.game && msg.game.status === "over") PLAY.over = PLAY.ended = true;
      takeChatLog(msg.chat);
      drawSeats();
      return null;
    case "state":
      PLAY.seq = msg.seq;
      PLAY.legal = (msg.legal || []).length;
      PLAY.undo = msg.undo === true;   // this seat may take its last action back (the server says so)
      // over by the rules, or by a resignation (the rules' view is then not over): a game over stays over
      PLAY.over = PLAY.over || !!(msg.view && msg.view.phase === "over") || (!!PLAY.summary && PLAY.summary.status === "over");
      if (msg.clocks) { PLAY.clocks = msg.clocks; PLAY.clocksAt = performance.now(); }
      setYourTurn(PLAY.legal > 0 && !waiting());
      drawSeats();
      return null;
    case "table":
    case "started":
      if (msg.type === "started" || waiting() && msg.game.status !== "waiting") showMessage("");   // a refused start is history
      PLAY.summary = msg.game;
      if (msg.game.status === "over") PLAY.over = true;
      takeAway(msg.game);
      setYourTurn(PLAY.legal > 0 && !waiting());
      drawSeats();
      drawChat();
      return null;
    case "stand-in":
      takeClocks(msg.clocks);
      return { kind: "stand-in", note: true, seat: msg.seat, choice: msg.choice, on: msg.on, reason: msg.reason };
    case "resigned": {
      if (msg.over) PLAY.over = PLAY.ended = true;
      if (msg.over && PLAY.opts && PLAY.opts.onStatus) PLAY.opts.onStatus();   // the header and the moves say it is over
      const s = seatOf(msg.seat);
      if (s) s.resigned = true;
      takeClocks(msg.clocks);
      const note = { kind: "resigned", note: true, seat: msg.seat, choice: msg.choice, over: msg.over, result: msg.result };
      showMessage(playNoteText(note));
      drawSeats(true);
      return note;
    }
    case "presence":
      takePresence(msg);
      return null;
    case "closed":   // the host cancelled the table (or nobody opened it for a long time): the game is gone
      PLAY.conn.stop();
      showMessage(t("play.closed"), "error");
      return null;
    case "rematch":
      PLAY.rematch = msg.id;
      drawSeats();
      showMessage(t("play.rematch_made") + " ", "", el("a", { href: `/game/${encodeURIComponent(msg.id)}`, class: "rematch-note", text: msg.id }));
      return null;
    case "chat":
      PLAY.chat.lines.push(msg.line);
      drawChat();
      return null;
    case "chat-log":
      takeChatLog(msg);
      return null;
    case "chat-ack":
      document.getElementById("chat-text").value = "";
      PLAY.chat.pending = "";
      return null;
    case "error":
      if (PLAY.chat.pending) { document.getElementById("chat-status").textContent = refusalText(msg); PLAY.chat.pending = ""; }
      drawSeats(true);   // a refused change of the table: the controls as they were
      return null;
    default:
      return null;
  }
}

// Starts the panels of the page: opts.choiceName(clan) gives a seat's clan or character in words; opts.resultBox is
// the id of the page's end-of-game box, which gets the rematch too.
function setupPlay(gameId, conn, opts) {
  PLAY.gameId = gameId;
  PLAY.conn = conn;
  PLAY.opts = opts;
  const side = document.getElementById("side");
  side.prepend(el("section", { class: "panel", id: "play-seats-panel" }, el("h2", { id: "play-seats-title", text: t("play.seats_title") }), el("div", { id: "play-seats" })));
  buildChat();
  buildSettings();
  fetch("/api/registry").then((r) => r.json()).then((data) => {
    PLAY.registry = {};
    for (const g of data.games || []) PLAY.registry[g.name] = g;
    drawSeats();
  }).catch(() => { /* the host's table controls then offer no bots */ });
  I18N.listeners.push(() => {
    drawSeats();
    drawChat();
    setYourTurn(PLAY.yourTurn);
  });
  PLAY.ticker = setInterval(tickClocks, 250);
}
