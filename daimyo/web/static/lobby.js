// The lobby: create a game (with its clock, at a table before the start, public or not), show its invitation link
// (the other players claim its open seats on /join/<id>) and the creator's own seat, the open public tables, joining
// by a link or code, and the games page by page: the public games, and the games this browser holds a key of (its
// seats, the games it created, the watch links it opened), private ones included. The host cancels a game still at
// the table. The account and "My games" are account.js's.
"use strict";

// The games the lobby creates, from the server's game registry (GET /api/registry), in its order: name -> players
// allowed (min_players, max_players), what a seat is called and picks (seat_word, seat_choices) and the bots.
const GAMES = {};
let BOTS = [];     // bot specs: offered only for a game with no levels (the levels are what players choose)
let LEVELS = [];   // the game's bot levels (GET /api/registry: name, bot, about per language, rating), easiest first
const seatState = [];
let sitChoice = "auto";   // the creator's own seat: "auto" (the first human seat), a seat number, or "none"
let shownGame = null;     // the game whose invitation the page shows
const CHARACTERS = {};   // a seat choice's id -> its printed name, of a game whose registry names its choice_names
function currentGame() { return document.getElementById("game").value; }
function seatWord(game) { return (GAMES[game] || {}).seat_word || "clan"; }
function choices() { const st = tableState(); return st && st.choices ? st.choices : (GAMES[currentGame()] || {}).seat_choices || []; }
// A game's catalogue key of one of its words (GET /api/registry's "words": title, choice, phase, progress).
function gameWord(game, what) { return ((GAMES[game] || {}).words || {})[what]; }
// A game's name in words (its registry's title key; the registry's title for a game the catalogue does not know).
function gameName(game) { const key = gameWord(game, "title") || `lobby.game_${game}`; return t(key) !== key ? t(key) : (GAMES[game] || {}).title || game; }
// A seat's choice in words: a clan from the catalogue ("clan.<id>"), a character by its printed name: a sample one
// by its name in the page's language, one from a card file (whose name is not the sample's) by its own.
function choiceName(game, c) {
  if (!c) return t("nobody");
  const key = (gameWord(game, "choice") || seatWord(game) + ".") + c;
  const known = t(key) !== key && (CHARACTERS[c] === undefined || I18N.fallback[key] === CHARACTERS[c]);
  return known ? t(key) : CHARACTERS[c] || c;
}

// The bots a seat may be given, as [value, words, level or null]: the game's levels ("level:<name>"; a level's words
// name its measured rating), or its bots by spec ("bot:<spec>") for a game with no levels.
function botChoices() {
  const players = Number(document.getElementById("players").value);
  if (LEVELS.length) return LEVELS.map((l) => ["level:" + l.name, levelWords(l, players), l]);
  return BOTS.map((b) => ["bot:" + b, t("lobby.bot", { bot: b }), null]);
}
function levelAbout(l) { return l ? l.about[I18N.lang] || l.about.en || "" : ""; }

function seatRow(i) {
  const bots = botChoices();
  const s = seatState[i] || (seatState[i] = { kind: i === 0 ? "human" : "bot", name: "", choice: "", bot: "" });
  if (!bots.some(([v]) => v === s.bot) && bots.length) s.bot = (bots[1] || bots[0])[0];   // Easy, unless chosen
  if (s.choice && !choices().includes(s.choice)) s.choice = "";
  const game = currentGame();
  const who = el("select", { class: "seat-kind", "data-seat": i, "aria-label": `${t("lobby.player_n", { n: i + 1 })} · ${t("lobby.seat")}`, onchange: (e) => { s.kind = e.target.value === "human" ? "human" : "bot"; if (s.kind === "bot") s.bot = e.target.value; renderSeats(); } },
    el("option", { value: "human", text: t("lobby.human") }),
    bots.map(([value, words, level]) => el("option", { value, text: words, title: levelAbout(level) })));
  who.value = s.kind === "human" ? "human" : s.bot;
  const chosen = s.kind === "bot" ? bots.find(([v]) => v === s.bot) : null;
  const about = chosen && chosen[2] ? el("small", { class: "level-about", "data-seat": i, text: levelAbout(chosen[2]) }) : null;
  const name = el("input", { class: "seat-name", "data-seat": i, "aria-label": `${t("lobby.player_n", { n: i + 1 })} · ${t("lobby.name")}`, value: s.name, placeholder: s.kind === "human" ? t("lobby.name_placeholder") : "", oninput: (e) => { s.name = e.target.value; } });
  if (s.kind === "bot") name.disabled = true;
  const clan = el("select", { class: "seat-clan", "data-seat": i, "aria-label": `${t("lobby.player_n", { n: i + 1 })} · ${t("lobby.clan")}`, onchange: (e) => { s.choice = e.target.value; } },
    el("option", { value: "", text: t(`lobby.random_${seatWord(game)}`) }),
    choices().map((c) => el("option", { value: c, text: choiceName(game, c) })));
  clan.value = s.choice;
  return el("tr", {}, el("td", { text: String(i + 1) }), el("td", {}, who, about), el("td", {}, name), el("td", {}, clan));
}

// The Game choice: every game of the registry.
function renderGameChoice() {
  const select = document.getElementById("game");
  const was = select.value;
  select.replaceChildren(...Object.keys(GAMES).map((name) => el("option", { value: name, text: gameName(name) })));
  if (GAMES[was]) select.value = was;
}

function renderPlayers() {
  const g = GAMES[currentGame()];
  if (!g) return;
  const select = document.getElementById("players");
  const was = Number(select.value);
  const [min, max] = [g.min_players, g.max_players];
  select.replaceChildren(...Array.from({ length: max - min + 1 }, (_, k) => el("option", { text: String(min + k) })));
  // a game's own default when it is picked (the registry's default_players), else the number chosen before
  const fresh = playersFor !== currentGame();
  playersFor = currentGame();
  select.value = String(Math.min(max, Math.max(min, fresh && g.default_players ? g.default_players : was || 4)));
  document.getElementById("clan-head").textContent = t("lobby." + seatWord(currentGame()));
  // the page's title names the game being set up, not always Battle for Rokugan
  const title = gameName(currentGame());
  document.getElementById("lobby-title").textContent = title;
  document.title = "daimyo — " + title;
}
let playersFor = null;   // the game whose number of players the Players choice shows

function changeGame() {
  BOTS = (GAMES[currentGame()] || {}).bots || [];
  LEVELS = (GAMES[currentGame()] || {}).levels || [];
  renderPlayers();
  renderTable();
  renderSeats();
}

function renderSeats() {
  const n = Number(document.getElementById("players").value);
  const body = document.getElementById("seat-rows");
  body.replaceChildren(...Array.from({ length: n }, (_, i) => seatRow(i)));
  fixStartSeats();
  renderSit();
}

function humanSeats() {
  const n = Number(document.getElementById("players").value);
  return Array.from({ length: n }, (_, i) => i).filter((i) => (seatState[i] || {}).kind === "human");
}

// The creator's seat: null (plays none) or a human seat's index.
function sitSeat() {
  const humans = humanSeats();
  if (sitChoice === "none") return null;
  if (sitChoice !== "auto" && humans.includes(Number(sitChoice))) return Number(sitChoice);
  return humans.length ? humans[0] : null;
}

// "I play": each human seat, or none (the creator only hands out the invitation).
function renderSit() {
  const select = document.getElementById("sit");
  const seat = sitSeat();
  select.replaceChildren(...humanSeats().map((i) => el("option", { value: String(i), text: t("lobby.sit_seat", { n: i + 1 }) })),
    el("option", { value: "none", text: t("lobby.sit_none") }));
  select.value = seat === null ? "none" : String(seat);
}

// The clock choice: which of its numbers the chosen kind asks for.
function showClock() {
  const kind = document.getElementById("clock-kind").value;
  document.getElementById("clock-seconds-box").hidden = kind !== "move";
  document.getElementById("clock-minutes-box").hidden = kind !== "bank";
  document.getElementById("clock-increment-box").hidden = kind !== "bank";
  document.getElementById("clock-days-box").hidden = kind !== "days";
}

// The request's clock (docs/server-protocol.md "Clocks and stand-ins"), or undefined for none.
function clockRequest() {
  const kind = document.getElementById("clock-kind").value;
  const num = (id) => Number(document.getElementById(id).value);
  if (kind === "move") return { kind, seconds: num("clock-seconds") };
  if (kind === "bank") return { kind, seconds: num("clock-minutes") * 60, increment: num("clock-increment") };
  if (kind === "days") return { kind, days: num("clock-days") };
  return undefined;
}

function showPractice() {
  const on = document.getElementById("practice").checked;
  document.getElementById("practice-box").hidden = !on;
  if (!on) document.getElementById("seed").value = "";
}

async function createGame(ev) {
  ev.preventDefault();
  const n = Number(document.getElementById("players").value);
  const sit = sitSeat();
  const seats = [];
  for (let i = 0; i < n; i++) {
    const s = seatState[i];
    if (s.kind === "bot") {   // a level by name (the server maps it to its bot), or a bot spec for a game with none
      const [how, what] = [s.bot.slice(0, s.bot.indexOf(":")), s.bot.slice(s.bot.indexOf(":") + 1)];
      seats.push({ kind: "bot", [how === "level" ? "level" : "bot"]: what, choice: s.choice || null });
      continue;
    }
    // an open seat is named by whoever claims it, unless the creator names it here
    const name = s.name.trim() || (i === sit ? signedInName() || t("lobby.player_n", { n: i + 1 }) : "");
    seats.push({ kind: "human", choice: s.choice || null, ...(name ? { name } : {}) });
  }
  const game = currentGame();
  const practice = document.getElementById("practice").checked;
  const body = { game, seats, sit, practice, table: document.getElementById("table").checked, public: document.getElementById("public").checked };
  if (document.getElementById("rated").checked) Object.assign(body, { rated: true, table: true });   // a rated game waits at its table
  Object.assign(body, tableRequest());
  const clock = clockRequest();
  if (clock) body.clock = clock;
  const seed = document.getElementById("seed").value;
  if (practice && seed !== "") body.seed = Number(seed);
  const err = document.getElementById("create-error");
  err.textContent = "";
  let r, data;
  try {
    r = await fetch("/api/games", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    data = await r.json();
  } catch (e) { err.textContent = t("lobby.no_server"); return; }
  if (!r.ok) { err.textContent = data.error || r.statusText; return; }
  if (data.host) keepHost(data.id, data.host);
  if (data.watch) keepWatch(data.id, data.watch.code);
  // the creator's seat token stays on this browser, so that the game list's links return the creator to the seat
  if (data.you) keepSeat(data.id, data.you.seat, data.you.token);
  showCreated(data.id, data.invite, data.you, data.seats.some((s) => s.open), data.public ? null : data.watch);
  // the box under the form is below the fold of a laptop's screen: it comes into view with the focus on what to do next
  // (the own seat, else the invitation, else the watch link), for a mouse as for the keys
  const next = ["play-link", "invite-box", "watch-box"].map((id) => document.getElementById(id)).find((e) => !e.hidden);
  document.getElementById("created").scrollIntoView({ block: "nearest" });
  if (next) (next.querySelector("input") || next).focus();
  loadGames();
  loadOpen();
}

function fullLink(path) { return new URL(path, location.href).href; }

// The panel under the form: the creator's own seat, the invitation for the open seats and, for a private game, the
// watch link (a private game is watched only with it).
function showCreated(id, invite, you, open, watch) {
  shownGame = id;
  document.getElementById("created").hidden = false;
  document.getElementById("created-id").textContent = id;
  const play = document.getElementById("play-link");
  play.hidden = !you;
  if (you) play.href = you.play;
  document.getElementById("invite-box").hidden = !open;
  document.getElementById("invite-link").value = invite ? fullLink(invite.link) : "";
  document.getElementById("invite-status").textContent = "";
  document.getElementById("new-invite").hidden = !heldHost(id);
  document.getElementById("watch-box").hidden = !watch;
  document.getElementById("watch-link").value = watch ? fullLink(watch.link) : "";
}

function copyInvite() { return copyLink("invite-link", "invite-status"); }
async function copyLink(inputId, statusId) {
  const input = document.getElementById(inputId);
  const status = document.getElementById(statusId);
  try {
    await navigator.clipboard.writeText(input.value);
  } catch (e) {
    input.select();   // no clipboard access: the link is selected for the player to copy
    status.textContent = t("lobby.copy_by_hand");
    return;
  }
  status.textContent = t("lobby.copied");
}

// POST /api/games/<id>/invite with this browser's host token: a new link; the old code stops working.
async function newInvite(id) {
  const status = document.getElementById("invite-status");
  const host = heldHost(id);
  if (!host) return;
  let r, data;
  try {
    r = await fetch(`/api/games/${encodeURIComponent(id)}/invite`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ host }) });
    data = await r.json();
  } catch (e) { status.textContent = t("lobby.no_server"); return; }
  if (!r.ok) { status.textContent = r.status === 403 ? t("lobby.not_host") : data.error || r.statusText; return; }
  const creds = heldSeat(id);
  showCreated(id, data.invite, creds && { seat: creds.seat, play: `/game/${id}` }, true);
  document.getElementById("invite-status").textContent = t("lobby.invite_replaced");
}

function seatWho(g, s) {
  if (s.kind === "bot") return botWords(s) + seatRating(s);
  return s.open ? t("lobby.seat_open") : (s.name || "?") + seatRating(s);
}
// A rated game's player's rating ("?" while provisional), or a bot's fixed one, beside the name (docs/web.md, Ratings).
function seatRating(s) { return s.rating ? ` · ${t("rating.seat", { rating: s.rating.rating })}${s.rating.provisional ? "?" : ""}` : ""; }

// How far a game under way is: its round (turn, war) and phase; during the setup, before the first round, the phase
// alone (no "Round 0").
function progress(g) {
  const phase = t((gameWord(g.game, "phase") || "phase.") + g.phase);
  if (!g.round) return phase.charAt(0).toUpperCase() + phase.slice(1);
  // the game's own sentence names the number as its round, turn or war (n) and the phase as its phase or step
  return t(gameWord(g.game, "progress") || "lobby.round_phase", { n: g.round, round: g.round, turn: g.round, phase, step: phase });
}

function gameItem(g) {
  const who = g.seats.map((s) => `${seatWho(g, s)} (${choiceName(g.game, s.choice)})`).join(", ");
  const status = g.status === "waiting" ? t("lobby.at_table") : g.status === "over"
    ? t("lobby.over") + (g.result && (g.result.winners || g.result.winner) ? " — " + t("lobby.winner", { clans: (g.result.winners || [g.result.winner]).map((w) => choiceName(g.game, typeof w === "number" ? (g.seats[w] || {}).choice : w)).join(", ") }) : "")
    : progress(g);
  const open = g.status === "over" ? 0 : g.seats.filter((s) => s.open).length;
  const mine = heldSeat(g.id);
  const links = [el("a", { href: `/game/${g.id}`, class: mine && g.status !== "over" ? "watch play" : "watch",
    text: g.status === "over" ? t("lobby.view") : mine ? t("lobby.play_seat_n", { n: mine.seat + 1 }) : t("lobby.watch") })];
  if (g.status === "over") {
    links.push(el("a", { href: `/game/${g.id}?replay=1`, class: "replay", text: t("lobby.replay") }));
    links.push(recordLink(el("a", { class: "record", text: t("lobby.record") }), g.id));
  }
  if (open && heldHost(g.id)) {
    links.push(el("button", { type: "button", class: "new-invite", "data-game": g.id, text: t("lobby.new_invite"), onclick: () => newInvite(g.id) }));
  }
  if (g.status === "waiting" && heldHost(g.id)) {
    links.push(el("button", { type: "button", class: "cancel-game", "data-game": g.id, text: t("lobby.cancel"), onclick: () => cancelGame(g.id) }));
  }
  return el("li", { "data-game": g.id }, el("code", { text: g.id }), " ",
    el("span", { class: "badge", text: gameName(g.game) }),
    g.practice ? el("span", { class: "badge practice", text: t("lobby.practice_mark") }) : null,
    !g.practice && g.from_file ? el("span", { class: "badge practice from-file", text: t("lobby.file_mark") }) : null,
    g.public === false ? el("span", { class: "badge private", text: t("lobby.private_mark") }) : null,
    g.rated ? el("span", { class: "badge rated", text: t("lobby.rated_mark") }) : null,
    open ? el("span", { class: "badge open-seats", text: t("lobby.open_seats", { n: open }) }) : null,
    " ", el("span", { text: who }),
    hiddenKnownWords(g) ? el("div", { class: "small practice-note", text: t(hiddenKnownWords(g)) }) : null,
    el("div", { class: "small" }, status, " ", links));
}

// POST /api/games/<id>/cancel with this browser's host token: a game still at the table is gone, for everyone at it.
async function cancelGame(id) {
  const host = heldHost(id);
  if (!host || !confirm(t("lobby.cancel_confirm"))) return;
  let r, data;
  try {
    r = await fetch(`/api/games/${encodeURIComponent(id)}/cancel`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ host }) });
    data = await r.json();
  } catch (e) { alert(t("lobby.no_server")); return; }
  if (!r.ok) { alert(r.status === 403 ? t("lobby.not_host") : data.error || r.statusText); return; }
  if (shownGame === id) document.getElementById("created").hidden = true;
  loadGames();
  loadOpen();
}

// The games this browser holds a key of (daimyo:<id>, daimyo:host:<id>, daimyo:watch:<id>; client.js), at most 50:
// POST /api/games/yours answers with those its keys open, private ones included.
function heldGames() {
  const ids = new Set();
  for (let i = 0; i < localStorage.length; i++) {
    const m = /^daimyo:(?:host:|watch:)?(g-[A-Za-z0-9_-]+)$/.exec(localStorage.key(i) || "");
    if (m) ids.add(m[1]);
  }
  const held = {};
  for (const id of [...ids].slice(-50)) { const key = gameKey(id); if (key) held[id] = key; }
  return held;
}
async function fetchYours() {
  const held = heldGames();
  if (!Object.keys(held).length) return [];
  const r = await fetch("/api/games/yours", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ games: held }) });
  return r.ok ? (await r.json()).games || [] : [];
}

// The list: the games this browser holds a key of, the newest page of public games, refreshed every few seconds,
// and the older pages the player asked for with "More".
const LIST = { yours: [], first: [], older: [], next: null, olderNext: undefined, limit: 50 };
function renderGames() {
  const seen = new Set();
  const all = [...LIST.yours.filter(passesFilters), ...LIST.first, ...LIST.older].filter((g) => !seen.has(g.id) && seen.add(g.id));
  document.getElementById("games-live").replaceChildren(...all.filter((g) => g.status !== "over").map(gameItem));
  document.getElementById("games-over").replaceChildren(...all.filter((g) => g.status === "over").map(gameItem));
  const next = LIST.olderNext === undefined ? LIST.next : LIST.olderNext;
  document.getElementById("more-games").hidden = next === null || next === undefined;
}

// -- the lists' filters (issue 30): by game, players, clock kind, open seats, and rated where games say so ------------
// GET /api/games and /api/games/open filter by the same query parameters; the games this browser holds are filtered here.
const FILTERS = { game: "", players: "", clock: "", open: false, rated: "" };
function filterQuery(q) {
  for (const k of ["game", "players", "clock", "rated"]) if (FILTERS[k] !== "") q.set(k, FILTERS[k]);
  if (FILTERS.open) q.set("open", "1");
  return q;
}
function passesFilters(g) {
  if (FILTERS.game && g.game !== FILTERS.game) return false;
  if (FILTERS.players && g.players !== Number(FILTERS.players)) return false;
  if (FILTERS.clock && ((g.clock || {}).kind || "none") !== FILTERS.clock) return false;
  if (FILTERS.open && !g.seats.some((s) => s.open)) return false;
  return !FILTERS.rated || !!g.rated === (FILTERS.rated === "1");
}
function renderFilters() {
  const box = document.getElementById("list-filters");
  if (!box) return;
  const names = Object.keys(GAMES);
  const most = Math.max(2, ...names.map((n) => GAMES[n].max_players)), least = Math.min(most, ...names.map((n) => GAMES[n].min_players));
  const choice = (key, label, options) => {
    const select = el("select", { id: "filter-" + key, "aria-label": label, onchange: (e) => { FILTERS[key] = e.target.value; refilter(); } },
      options.map(([value, words]) => el("option", { value, text: words })));
    select.value = FILTERS[key];
    return select;
  };
  const rated = [...LIST.first, ...OPEN.games].some((g) => "rated" in g);   // shown where the server rates games
  fillBox(box, el("span", { id: "list-filters-title", text: t("lobby.filters") }),
    choice("game", t("lobby.filter_any_game"), [["", t("lobby.filter_any_game")], ...names.map((n) => [n, gameName(n)])]),
    choice("players", t("lobby.filter_any_players"), [["", t("lobby.filter_any_players")],
      ...Array.from({ length: most - least + 1 }, (_, k) => [String(least + k), t("lobby.filter_players", { n: least + k })])]),
    choice("clock", t("lobby.filter_any_clock"), [["", t("lobby.filter_any_clock")], ...["none", "move", "bank", "days"].map((k) => [k, t("lobby.filter_clock." + k)])]),
    el("label", {}, el("input", { type: "checkbox", id: "filter-open", checked: FILTERS.open, onchange: (e) => { FILTERS.open = e.target.checked; refilter(); } }), " ", t("lobby.filter_open")),
    rated ? choice("rated", t("lobby.filter_rated_any"), [["", t("lobby.filter_rated_any")], ["1", t("lobby.filter_rated")], ["0", t("lobby.filter_unrated")]]) : null,
    el("p", { class: "hint", text: t("lobby.filters_hint") }));
}
function refilter() {
  LIST.older = [];   // the older pages were read with the filters before
  LIST.olderNext = undefined;
  loadGames();
  loadOpen();
}

async function fetchGames(before) {
  const q = filterQuery(new URLSearchParams({ limit: String(LIST.limit) }));
  if (before !== undefined && before !== null) q.set("before", String(before));
  const data = await (await fetch("/api/games?" + q)).json();
  return { games: data.games || [], next: data.next === undefined ? null : data.next };
}

async function loadGames() {
  try {
    const page = await fetchGames();
    LIST.first = page.games;
    LIST.next = page.next;
  } catch (e) { LIST.first = []; }
  try { LIST.yours = await fetchYours(); } catch (e) { LIST.yours = []; }
  renderGames();
  if (!document.getElementById("filter-rated") && LIST.first.some((g) => "rated" in g)) renderFilters();
}

async function moreGames() {
  const before = LIST.olderNext === undefined ? LIST.next : LIST.olderNext;
  if (before === null || before === undefined) return;
  try {
    const page = await fetchGames(before);
    LIST.older.push(...page.games);
    LIST.olderNext = page.next;
  } catch (e) { return; }
  renderGames();
}

// -- open tables and joining by code ------------------------------------------------------------------------------------
// GET /api/games/open: public tables with a seat still open; "Take a seat" opens the join page, which needs no code.
function openItem(g) {
  const open = g.seats.filter((s) => s.open).length;
  const who = g.seats.map((s) => `${seatWho(g, s)} (${choiceName(g.game, s.choice)})`).join(", ");
  return el("li", { "data-game": g.id }, el("code", { text: g.id }), " ", el("span", { class: "badge", text: gameName(g.game) }),
    g.rated ? el("span", { class: "badge rated", text: t("lobby.rated_mark") }) : null,
    el("span", { class: "badge open-seats", text: t("lobby.open_seats", { n: open }) }), " ", el("span", { text: who }),
    el("div", { class: "small" }, clockKindWords(g.clock), " ",
      el("a", { href: `/join/${encodeURIComponent(g.id)}`, class: "take-seat", text: t("play.take_seat") })));
}

const OPEN = { games: [] };
async function loadOpen() {
  try { OPEN.games = (await (await fetch("/api/games/open?" + filterQuery(new URLSearchParams()))).json()).games || []; } catch (e) { OPEN.games = []; }
  renderOpen();
}
function renderOpen() {
  document.getElementById("open-games").replaceChildren(...OPEN.games.map(openItem));
  document.getElementById("open-none").hidden = OPEN.games.length > 0;
}

// What the join field holds, as the join page's address: an invitation link (/join/<id>#code=...), a game's page
// (/game/<id>), or a game's code (g-..., optionally followed by the invitation's code); null when it is none of them.
function joinAddress(text) {
  text = text.trim();
  let id = null, code = null;
  const path = /\/(?:join|game)\/([^/?#\s]+)[^#\s]*(?:#(\S*))?$/.exec(text);
  if (path) {
    id = decodeURIComponent(path[1]);
    code = new URLSearchParams(path[2] || "").get("code");
  } else {
    const bare = /^(g-[A-Za-z0-9_-]+)(?:\s*(?:#|\s)\s*(?:code=)?([A-Za-z0-9_-]+))?$/.exec(text);
    if (bare) { id = bare[1]; code = bare[2] || null; }
  }
  if (!id) return null;
  return `/join/${encodeURIComponent(id)}` + (code ? `#code=${encodeURIComponent(code)}` : "");
}

function joinByCode(ev) {
  ev.preventDefault();
  const target = joinAddress(document.getElementById("join-code").value);
  document.getElementById("join-code-error").textContent = target ? "" : t("lobby.join_bad");
  if (target) location.assign(target);
}

// -- the table-options box: what a table may choose besides its seats, as the registry describes it per game ----------
// GET /api/registry's "table" (docs/server-protocol.md): its legend, its options (a choice or a flag), the file it
// takes (checked by the server's own reader at the file's "check" address, which names the line or field it refuses)
// and, for a game that starts from a file, the example files; such a file fixes each seat's choice, another may bring
// new choices (a card file's characters). Each game keeps its own choices while another is shown.
const TABLES = {};   // game -> { values, example, file, seats, choices, note (a catalogue key and its params), error }
function tableInfo() { const g = GAMES[currentGame()]; return g && g.table ? g.table : null; }
function tableState() {
  const box = tableInfo();
  if (!box) return null;
  const game = currentGame();
  if (!TABLES[game]) {
    TABLES[game] = { values: Object.fromEntries(box.options.map((o) => [o.field, o.default])),
      example: box.examples.length ? box.examples[0].name : "", file: null, seats: null, choices: null, note: null, error: "" };
  }
  return TABLES[game];
}
// The seats a game's file fixes (the uploaded file's, else the chosen example's), or null.
function fixedSeats() {
  const box = tableInfo(), st = tableState();
  if (!box || !box.fixes_seats) return null;
  if (st.file) return st.seats;
  return (box.examples.find((x) => x.name === st.example) || box.examples[0] || {}).seats || null;
}
function wordOr(key, fallback) { return key && t(key) !== key ? t(key) : fallback; }
function tableOption(o, st) {
  if (o.flag) {
    const box = el("input", { type: "checkbox", id: `table-${o.field}`, onchange: (e) => { st.values[o.field] = e.target.checked; } });
    box.checked = !!st.values[o.field];
    return el("label", {}, box, " ", el("span", { text: t(o.label) }));
  }
  const select = el("select", { id: `table-${o.field}`, onchange: (e) => { st.values[o.field] = e.target.value; } },
    o.values.map((v) => el("option", { value: v, text: wordOr(o.words + v, v) })));
  select.value = st.values[o.field];
  return el("label", {}, el("span", { text: t(o.label) }), " ", select);
}
function tableExamples(box, st) {
  if (!box.examples.length) return null;
  const select = el("select", { id: "table-example", onchange: (e) => {
    if (e.target.value) Object.assign(st, { example: e.target.value, file: null, seats: null });
    st.error = "";
    renderTable();
    renderSeats();
  } }, box.examples.map((x) => el("option", { value: x.name, text: wordOr(x.key, x.name) })),
  st.file ? el("option", { value: "", text: t(box.uploaded) }) : null);
  select.value = st.file ? "" : st.example;
  return el("label", {}, el("span", { text: t(box.example_label) }), " ", select);
}
function renderTable() {
  let box = document.getElementById("table-box");
  if (!box) { box = el("fieldset", { id: "table-box", class: "row" }); document.querySelector("#create-form .row").after(box); }
  const info = tableInfo();
  box.hidden = !info;
  box.dataset.game = info ? currentGame() : "";
  if (!info) { document.getElementById("players").disabled = false; return; }
  const st = tableState(), file = info.file;
  const upload = file ? el("input", { type: "file", id: "table-file", accept: file.accept, onchange: uploadTableFile }) : null;
  const note = file && file.none ? el("p", { class: "small", id: "table-note", role: "status", text: st.file && st.note ? t(st.note.key, st.note.params) : t(file.none) }) : null;
  fillBox(box, info.legend ? el("legend", { text: t(info.legend) }) : null, tableExamples(info, st),
    ...info.options.map((o) => tableOption(o, st)),
    upload ? el("label", {}, el("span", { text: t(file.label) }), " ", upload) : null,
    note, el("p", { class: "error", id: "table-error", role: "alert", text: st.error }));
  const seats = fixedSeats();
  document.getElementById("players").disabled = !!seats;
  if (seats) {
    const n = String(seats.length);
    document.getElementById("players").replaceChildren(el("option", { text: n }));
    document.getElementById("players").value = n;
  }
}
// A file chosen in the box, sent to the server to be checked (POST to the file's "check" address, the file's text
// under its field with the file's "send" fields): a file that fixes the seats gives them ("seats"), another what
// the lobby says of it ("lobby": a note, and maybe the seats' new choices and their names).
async function uploadTableFile(ev) {
  const f = ev.target.files[0], info = tableInfo(), st = tableState();
  if (!f || !info) return;
  const text = await f.text();
  let r, data;
  try {
    r = await fetch(info.file.check, { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...info.file.send, [info.file.field]: text }) });
    data = await r.json();
  } catch (e) { st.error = t("lobby.no_server"); renderTable(); return; }
  if (!r.ok) Object.assign(st, { error: data.error || r.statusText, ...(info.fixes_seats ? {} : { file: null, choices: null, note: null }) });
  else if (info.fixes_seats) Object.assign(st, { file: text, seats: data.seats, error: "" });
  else {
    const said = data.lobby || {};
    Object.assign(CHARACTERS, said.names || {});
    Object.assign(st, { file: text, choices: said.choices || null, error: "", note: said.note || null });
  }
  renderTable();
  renderSeats();
}
// Each seat's choice is the one the file names for it.
function fixStartSeats() {
  const seats = fixedSeats();
  if (!seats) return;
  for (const select of document.querySelectorAll("#seat-rows .seat-clan")) {
    const i = Number(select.dataset.seat);
    seatState[i].choice = seats[i];
    select.value = seats[i];
    select.disabled = true;
  }
}
// What the request adds for the table: a game that starts from a file sends its file or example; another its
// options' values and its file, if one is given.
function tableRequest() {
  const info = tableInfo(), st = tableState();
  if (!info) return {};
  if (info.fixes_seats) return st.file ? { [info.file.field]: st.file } : { example: st.example };
  return { ...st.values, ...(st.file && info.file ? { [info.file.field]: st.file } : {}) };
}

async function main() {
  await loadLang(chooseLang());
  setupLangSwitch(document.getElementById("lang"));
  try {
    for (const g of (await (await fetch("/api/registry")).json()).games) GAMES[g.name] = g;
  } catch (e) { document.getElementById("create-error").textContent = t("lobby.no_server"); }
  // the printed names of the choices the catalogue may not know (GET /api/<game>/data, the registry's choice_names)
  for (const g of Object.values(GAMES).filter((x) => x.choice_names)) {
    try {
      for (const c of (await (await fetch(`/api/${g.name}/data`)).json())[g.choice_names] || []) CHARACTERS[c.id] = c.name;
    } catch (e) { /* its seats then pick random choices only */ }
  }
  I18N.listeners.push(renderGameChoice, renderPlayers, renderTable, renderSeats, renderGames, renderOpen, renderFilters);
  document.getElementById("players").addEventListener("change", renderSeats);
  document.getElementById("sit").addEventListener("change", (e) => { sitChoice = e.target.value; });
  document.getElementById("practice").addEventListener("change", showPractice);
  document.getElementById("clock-kind").addEventListener("change", showClock);
  document.getElementById("join-code-form").addEventListener("submit", joinByCode);
  showClock();
  setupAccount();
  document.getElementById("copy-invite").addEventListener("click", copyInvite);
  document.getElementById("copy-watch").addEventListener("click", () => copyLink("watch-link", "watch-status"));
  document.getElementById("new-invite").addEventListener("click", () => { if (shownGame) newInvite(shownGame); });
  document.getElementById("more-games").addEventListener("click", moreGames);
  showPractice();
  renderGameChoice();
  document.getElementById("game").addEventListener("change", changeGame);
  const asked = new URLSearchParams(location.search).get("game");
  if (GAMES[asked]) document.getElementById("game").value = asked;
  document.getElementById("create-form").addEventListener("submit", createGame);
  changeGame();
  renderFilters();
  loadGames();
  loadOpen();
  setInterval(() => { loadGames(); loadOpen(); }, 5000);
  document.body.dataset.ready = "lobby";   // every form has its handler now (the browser tests wait for this)
}
main();
