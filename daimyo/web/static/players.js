// The leaderboard (/leaderboard/<game>?players=N: GET /api/leaderboard/<game>) and a player's page (/players/<name>:
// GET /api/players/<name>): ratings, ratings over time, finished games, favourite choices and recent opponents.
"use strict";

const PLAYERS = { games: {}, data: null, error: null };
const CHART_COLOURS = ["#8c2f24", "#2f5566", "#277a4c", "#d6a21e", "#8a4fbf", "#e8702a"];

// A game's catalogue key of one of its words (GET /api/registry's "words": title, choice).
function playersWord(game, what) { return ((PLAYERS.games[game] || {}).words || {})[what]; }
function playersGameName(game) {
  const key = playersWord(game, "title") || `lobby.game_${game}`;
  return t(key) !== key ? t(key) : (PLAYERS.games[game] || {}).title || game;
}
function playersChoiceName(game, c) {
  const word = (PLAYERS.games[game] || {}).seat_word || "clan";
  const key = (playersWord(game, "choice") || word + ".") + c;
  return t(key) !== key ? t(key) : c;
}
function ratingCell(r) {
  return el("td", { class: "num" }, el("span", { class: r.provisional ? "rating provisional" : "rating", text: String(r.rating),
    title: r.provisional ? t("rating.provisional") : null }));
}
function profileLink(name) { return el("a", { href: `/players/${encodeURIComponent(name)}`, class: "player-link", text: name }); }
function when(iso) { return iso ? iso.slice(0, 10) : ""; }

async function getJson(url) {
  try {
    const r = await fetch(url);
    const data = await r.json();
    return r.ok ? { data } : { error: data.error || r.statusText };
  } catch (e) { return { error: t("lobby.no_server") }; }
}

// -- the leaderboard --------------------------------------------------------------------------------------------------
function boardGame() { return decodeURIComponent(location.pathname.split("/")[2] || ""); }
function boardPlayers() { return new URLSearchParams(location.search).get("players"); }

function renderBoardForm() {
  const game = boardGame();
  const gameSel = document.getElementById("board-game");
  gameSel.replaceChildren(...Object.keys(PLAYERS.games).map((g) => el("option", { value: g, text: playersGameName(g) })));
  gameSel.value = game;
  const info = PLAYERS.games[game];
  const count = document.getElementById("board-players");
  const n = [];
  if (info) for (let i = info.min_players; i <= info.max_players; i++) n.push(i);
  count.replaceChildren(...n.map((i) => el("option", { value: String(i), text: String(i) })));
  count.value = String((PLAYERS.data && PLAYERS.data.players) || boardPlayers() || (info ? info.min_players : ""));
}

function renderBoard() {
  renderBoardForm();
  const d = PLAYERS.data;
  document.getElementById("board-error").textContent = PLAYERS.error || "";
  document.getElementById("board-heading").textContent = d ? t("board.heading", { game: playersGameName(d.game), n: d.players }) : "";
  const rows = d ? d.ratings : [];
  document.getElementById("board-rows").replaceChildren(...rows.map((r) => el("tr", { "data-name": r.name },
    el("td", { class: "num", text: String(r.rank) }), el("td", {}, profileLink(r.name)), ratingCell(r),
    el("td", { class: "num", text: String(r.games) }))));
  document.getElementById("board-none").hidden = !d || rows.length > 0;
  const bots = d ? d.bots : [];
  document.getElementById("board-bots").replaceChildren(...bots.map((b) => el("tr", {},
    el("td", { class: "bot-name", "data-bot": b.bot, text: botWords(b),
      title: b.level ? `${b.bot} · ${b.measured}` : b.measured }), ratingCell(b))));   // a level by its name, as the lobby offers it
  document.getElementById("board-no-bots").hidden = !d || bots.length > 0;
}

async function loadBoard() {
  const players = boardPlayers();
  const url = `/api/leaderboard/${encodeURIComponent(boardGame())}` + (players ? `?players=${encodeURIComponent(players)}` : "");
  const got = await getJson(url);
  PLAYERS.data = got.data || null;
  PLAYERS.error = got.error || null;
  renderBoard();
}

function goToBoard(game, players) {
  location.href = `/leaderboard/${encodeURIComponent(game)}` + (players ? `?players=${encodeURIComponent(players)}` : "");
}

// -- a player's page --------------------------------------------------------------------------------------------------
function profileName() { return decodeURIComponent(location.pathname.slice("/players/".length)); }

function resultWords(g) {
  if (g.left) return el("span", { class: "result-left", text: t("profile.left") });
  const words = g.won ? t(g.shared ? "profile.shared" : "profile.won") : t("profile.lost");
  return el("span", { class: g.won ? "result-won" : "" }, words, g.place ? ` (${t("profile.place", { n: g.place })})` : "");
}

function opponentList(g) {
  return g.opponents.flatMap((o, i) => [i ? ", " : "",
    o.account ? profileLink(o.name) : el("span", { text: o.bot ? botWords(o) : o.name || "?" })]);
}

// Ratings over time: one line per game and player count, the shown rating after each rated game.
function ratingChart(history) {
  const box = document.getElementById("rating-chart");
  if (!history.length) { box.replaceChildren(); return; }
  const lines = {};
  for (const h of history) (lines[`${h.game}/${h.players}`] ||= []).push(h);
  const values = history.map((h) => h.rating);
  const lo = Math.min(...values, 1000) - 20, hi = Math.max(...values, 1000) + 20;
  const W = 600, H = 220, L = 44, R = 10, T = 10, B = 24;
  const n = history.length;
  const x = (i) => L + (n === 1 ? (W - L - R) / 2 : (i * (W - L - R)) / (n - 1));
  const y = (v) => T + ((hi - v) * (H - T - B)) / (hi - lo);
  const index = new Map(history.map((h, i) => [h, i]));
  const parts = [svgEl("line", { class: "axis", x1: L, y1: T, x2: L, y2: H - B }), svgEl("line", { class: "axis", x1: L, y1: H - B, x2: W - R, y2: H - B })];
  for (const v of [lo + 20, hi - 20]) parts.push(svgEl("text", { x: L - 4, y: y(v) + 4, "text-anchor": "end" }, String(Math.round(v))));
  parts.push(svgEl("text", { x: L, y: H - 6 }, when(history[0].at)), svgEl("text", { x: W - R, y: H - 6, "text-anchor": "end" }, when(history[n - 1].at)));
  const keys = [];
  Object.entries(lines).forEach(([key, pts], k) => {
    const colour = CHART_COLOURS[k % CHART_COLOURS.length];
    const d = pts.map((h, i) => `${i ? "L" : "M"}${x(index.get(h)).toFixed(1)},${y(h.rating).toFixed(1)}`).join(" ");
    parts.push(svgEl("path", { class: "line", d, stroke: colour }));
    for (const h of pts) parts.push(svgEl("circle", { cx: x(index.get(h)).toFixed(1), cy: y(h.rating).toFixed(1), r: 3, fill: colour },
      svgEl("title", {}, `${when(h.at)}: ${h.rating} (${h.change >= 0 ? "+" : ""}${h.change})`)));
    const [game, players] = key.split("/");
    keys.push(el("span", {}, el("span", { class: "swatch", style: `background: ${colour}` }), t("profile.line", { game: playersGameName(game), n: Number(players) })));
  });
  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": t("profile.history") }, parts);
  box.replaceChildren(svg, el("div", { class: "chart-keys" }, keys));
}

function renderProfile() {
  const d = PLAYERS.data;
  document.getElementById("profile-error").textContent = PLAYERS.error || "";
  for (const id of ["profile-ratings", "profile-people", "profile-games"]) document.getElementById(id).hidden = !d;
  if (!d) return;
  document.getElementById("profile-name").textContent = d.name;
  document.title = `daimyo — ${d.name}`;
  document.getElementById("rating-rows").replaceChildren(...d.ratings.map((r) => el("tr", {},
    el("td", {}, el("a", { href: `/leaderboard/${encodeURIComponent(r.game)}?players=${r.players}`, text: playersGameName(r.game) })),
    el("td", { class: "num", text: String(r.players) }), ratingCell(r), el("td", { class: "num", text: String(r.games) }))));
  // an empty part says so in words, without an empty table's heads or a heading over nothing
  document.getElementById("no-ratings").hidden = d.ratings.length > 0;
  document.getElementById("rating-table").hidden = !d.ratings.length;
  document.getElementById("history-head").hidden = !d.history.length;
  ratingChart(d.history);
  document.getElementById("favourites").replaceChildren(...d.favourites.map((f) =>
    el("li", { text: `${playersChoiceName(f.game, f.choice)} (${playersGameName(f.game)}): ${t("profile.games_n", { n: f.games })}` })));
  document.getElementById("opponents").replaceChildren(...d.opponents.map((o) =>
    el("li", {}, profileLink(o.name), ` ${t("profile.games_n", { n: o.games })}, ${when(o.last)}`)));
  document.getElementById("game-rows").replaceChildren(...d.games.map((g) => el("tr", { "data-game": g.id },
    el("td", { text: when(g.created) }),
    el("td", {}, playersGameName(g.game), " ", g.rated ? el("span", { class: "badge", text: t("lobby.rated_mark") }) : null),
    el("td", { text: playersChoiceName(g.game, g.choice) }), el("td", {}, resultWords(g)),
    el("td", { class: "num", text: g.rating_change === null ? "" : `${g.rating_change >= 0 ? "+" : ""}${g.rating_change}` }),
    el("td", {}, opponentList(g)),
    el("td", {}, el("a", { href: `/game/${encodeURIComponent(g.id)}?replay=1`, text: t("lobby.replay") })))));
  document.getElementById("no-games").hidden = d.games.length > 0;
  document.getElementById("games-table").hidden = !d.games.length;
  document.getElementById("no-favourites").hidden = d.favourites.length > 0;
  document.getElementById("no-opponents").hidden = d.opponents.length > 0;
}

async function loadProfile() {
  const got = await getJson(`/api/players/${encodeURIComponent(profileName())}`);
  PLAYERS.data = got.data || null;
  PLAYERS.error = got.error || null;
  renderProfile();
}

async function playersMain() {
  await loadLang(chooseLang());
  setupLangSwitch(document.getElementById("lang"));
  try {
    for (const g of (await (await fetch("/api/registry")).json()).games) PLAYERS.games[g.name] = g;
  } catch (e) { /* the names then come from the catalogue alone */ }
  if (document.body.dataset.page === "leaderboard") {
    I18N.listeners.push(renderBoard);
    document.getElementById("board-game").addEventListener("change", (e) => goToBoard(e.target.value, null));
    document.getElementById("board-players").addEventListener("change", (e) => goToBoard(boardGame(), e.target.value));
    await loadBoard();
  } else {
    I18N.listeners.push(renderProfile);
    await loadProfile();
  }
  document.body.dataset.ready = document.body.dataset.page;   // the browser tests wait for this
}
playersMain();
