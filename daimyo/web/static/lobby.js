// The lobby: create a game, show the join links of its human seats, list the games.
"use strict";

const CLANS = ["crab", "crane", "dragon", "lion", "phoenix", "scorpion", "unicorn"];
let BOTS = ["random"];
const seatState = [];
// the games the lobby creates: players allowed, and what a seat picks (a clan, or a Senjutsu character)
const GAMES = { rokugan: { min: 2, max: 5, bots: ["random"] }, senjutsu: { min: 2, max: 4, bots: ["heuristic", "random"] } };
const CHARACTERS = {};   // Senjutsu character id -> printed name (GET /api/senjutsu/data)
function currentGame() { return document.getElementById("game").value; }
function choices() { return currentGame() === "senjutsu" ? Object.keys(CHARACTERS) : CLANS; }
function choiceName(game, c) { return game === "senjutsu" ? (c ? CHARACTERS[c] || c : t("nobody")) : clanName(c); }

function seatRow(i) {
  const s = seatState[i] || (seatState[i] = { kind: i === 0 ? "human" : "bot", name: "", clan: "", bot: BOTS[0] });
  if (!BOTS.includes(s.bot)) s.bot = BOTS[0];
  if (s.clan && !choices().includes(s.clan)) s.clan = "";
  const game = currentGame();
  const who = el("select", { class: "seat-kind", "data-seat": i, onchange: (e) => { s.kind = e.target.value.startsWith("bot:") ? "bot" : "human"; if (s.kind === "bot") s.bot = e.target.value.slice(4); renderSeats(); } },
    el("option", { value: "human", text: t("lobby.human") }),
    BOTS.map((b) => el("option", { value: "bot:" + b, text: t("lobby.bot", { bot: b }) })));
  who.value = s.kind === "human" ? "human" : "bot:" + s.bot;
  const name = el("input", { class: "seat-name", "data-seat": i, value: s.name, placeholder: s.kind === "human" ? t("lobby.name_placeholder") : "", oninput: (e) => { s.name = e.target.value; } });
  if (s.kind === "bot") name.disabled = true;
  const clan = el("select", { class: "seat-clan", "data-seat": i, onchange: (e) => { s.clan = e.target.value; } },
    el("option", { value: "", text: t(game === "senjutsu" ? "lobby.random_character" : "lobby.random_clan") }),
    choices().map((c) => el("option", { value: c, text: choiceName(game, c) })));
  clan.value = s.clan;
  return el("tr", {}, el("td", { text: String(i + 1) }), el("td", {}, who), el("td", {}, name), el("td", {}, clan));
}

function renderPlayers() {
  const g = GAMES[currentGame()];
  const select = document.getElementById("players");
  const was = Number(select.value);
  select.replaceChildren(...Array.from({ length: g.max - g.min + 1 }, (_, k) => el("option", { text: String(g.min + k) })));
  select.value = String(Math.min(g.max, Math.max(g.min, was || 4)));
  document.getElementById("clan-head").textContent = t(currentGame() === "senjutsu" ? "lobby.character" : "lobby.clan");
}

async function changeGame() {
  const game = currentGame();
  try { BOTS = (await (await fetch("/api/bots?game=" + game)).json()).bots || GAMES[game].bots; } catch (e) { BOTS = GAMES[game].bots; }
  renderPlayers();
  renderSeats();
}

function renderSeats() {
  const n = Number(document.getElementById("players").value);
  const body = document.getElementById("seat-rows");
  body.replaceChildren(...Array.from({ length: n }, (_, i) => seatRow(i)));
}

async function createGame(ev) {
  ev.preventDefault();
  const n = Number(document.getElementById("players").value);
  const seats = [];
  for (let i = 0; i < n; i++) {
    const s = seatState[i];
    seats.push(s.kind === "human" ? { kind: "human", name: s.name || t("lobby.player_n", { n: i + 1 }), clan: s.clan || null }
                                  : { kind: "bot", bot: s.bot, clan: s.clan || null });
  }
  const game = currentGame();
  const body = { game, seats };
  const seed = document.getElementById("seed").value;
  if (seed !== "") body.seed = Number(seed);
  const err = document.getElementById("create-error");
  err.textContent = "";
  const r = await fetch("/api/games", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = await r.json();
  if (!r.ok) { err.textContent = data.error || r.statusText; return; }
  const list = document.getElementById("join-links");
  list.replaceChildren();
  for (const s of data.seats) {
    if (s.kind !== "human") continue;
    // keep the seat's token on this browser too, so that "watch" from the list returns the first player to its seat
    const link = new URL(s.join, location.href).href;
    list.append(el("li", {}, el("strong", { text: `${s.name} (${choiceName(game, s.clan)}) ` }),
      el("a", { href: s.join, class: "join-link", "data-seat": s.seat, text: link })));
  }
  document.getElementById("created").hidden = false;
  loadGames();
}

function gameItem(g) {
  const sj = g.game === "senjutsu";
  const who = g.seats.map((s) => `${s.kind === "bot" ? t("players.bot", { bot: s.bot || "" }) : s.name || "?"} (${choiceName(g.game, s.clan)})`).join(", ");
  const status = g.status === "over"
    ? t("lobby.over") + (g.result && g.result.winners ? " — " + t("lobby.winner", { clans: g.result.winners.map((w) => choiceName(g.game, typeof w === "number" ? (g.seats[w] || {}).clan : w)).join(", ") }) : "")
    : sj ? t("lobby.turn_phase", { turn: g.round, phase: t("sj.phase." + g.phase) }) : t("lobby.round_phase", { round: g.round, phase: t("phase." + g.phase) });
  const links = [el("a", { href: `/game/${g.id}`, class: "watch", text: t(g.status === "over" ? "lobby.view" : "lobby.watch") })];
  if (g.status === "over") {
    links.push(el("a", { href: `/game/${g.id}?replay=1`, class: "replay", text: t("lobby.replay") }));
    links.push(el("a", { href: `/api/games/${g.id}/record`, class: "record", download: `${g.id}.record`, text: t("lobby.record") }));
  }
  return el("li", { "data-game": g.id }, el("code", { text: g.id }), " ", el("span", { class: "badge", text: t(sj ? "lobby.game_senjutsu" : "lobby.game_rokugan") }), " ", el("span", { text: who }), el("div", { class: "small" }, status, " ", links));
}

let lastGames = [];
function renderGames() {
  document.getElementById("games-live").replaceChildren(...lastGames.filter((g) => g.status !== "over").map(gameItem));
  document.getElementById("games-over").replaceChildren(...lastGames.filter((g) => g.status === "over").map(gameItem));
}

async function loadGames() {
  try {
    lastGames = (await (await fetch("/api/games")).json()).games || [];
  } catch (e) { lastGames = []; }
  renderGames();
}

async function main() {
  await loadLang(chooseLang());
  setupLangSwitch(document.getElementById("lang"));
  try { BOTS = (await (await fetch("/api/bots")).json()).bots || BOTS; } catch (e) { /* keep the default */ }
  try {
    for (const c of (await (await fetch("/api/senjutsu/data")).json()).characters || []) CHARACTERS[c.id] = c.name;
  } catch (e) { /* Senjutsu seats then pick random characters only */ }
  I18N.listeners.push(renderPlayers, renderSeats, renderGames);
  document.getElementById("players").addEventListener("change", renderSeats);
  document.getElementById("game").addEventListener("change", changeGame);
  if (new URLSearchParams(location.search).get("game") === "senjutsu") { document.getElementById("game").value = "senjutsu"; await changeGame(); }
  document.getElementById("create-form").addEventListener("submit", createGame);
  renderSeats();
  loadGames();
  setInterval(loadGames, 5000);
}
main();
