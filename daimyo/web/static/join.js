// The join page (/join/<id>#code=..., or /join/<id> of a public table): each visitor takes one of its open seats.
// The code stays in the address's fragment, which never reaches the server's logs or other sites' Referer.
"use strict";

const gameId = pageGameId();
// error: what went wrong, as a function giving it in the chosen language (the language may change while it shows)
const JOIN = { code: new URLSearchParams(location.hash.slice(1)).get("code") || "", summary: null, games: {}, characters: {}, busy: false, error: null };

// What a failed claim means, in the player's words (the server's own message stands for the other answers).
const CLAIM_ERRORS = { 401: "join.err.sign_in", 403: "join.err.code", 404: "join.err.no_game", 409: "join.err.taken", 429: "join.err.too_many" };
function claimError(status, message) {
  return CLAIM_ERRORS[status] ? t(CLAIM_ERRORS[status]) : t("join.err.other", { message: message || String(status) });
}

// What a seat picks ("clan", "character") and a game's catalogue key of one of its words, from GET /api/registry.
function joinSeatWord(game) { return (JOIN.games[game] || {}).seat_word || "clan"; }
function joinWord(game, what) { return ((JOIN.games[game] || {}).words || {})[what]; }
// A seat's choice in words: a clan from the catalogue, a sample character by its name in the page's language, one
// from a card file (whose name is not the sample's) by its own; no choice yet: a random one.
function seatChoiceName(game, c) {
  if (!c) return t(`lobby.random_${joinSeatWord(game)}`);
  const key = (joinWord(game, "choice") || joinSeatWord(game) + ".") + c;
  const known = t(key) !== key && (JOIN.characters[c] === undefined || I18N.fallback[key] === JOIN.characters[c]);
  return known ? t(key) : JOIN.characters[c] || c;
}
// The game's name in the page's language (the registry's title for a game the catalogue does not know).
function joinGameName(game) {
  const key = joinWord(game, "title") || `lobby.game_${game}`;
  return t(key) !== key ? t(key) : (JOIN.games[game] || {}).title || game;
}

function render() {
  const g = JOIN.summary;
  document.getElementById("join-id").textContent = gameId;
  // the invitation is also a key to watch a private game (docs/server-protocol.md, Private games)
  document.getElementById("join-watch").href = `/game/${encodeURIComponent(gameId)}` + (JOIN.code ? `#watch=${encodeURIComponent(JOIN.code)}` : "");
  const err = document.getElementById("join-error");
  err.textContent = JOIN.error ? JOIN.error() : JOIN.code || (g && g.public) ? "" : t("join.err.no_code");
  if (!g) {
    document.getElementById("join-game").textContent = t("join.title");
    document.getElementById("join-seats").replaceChildren();
    return;
  }
  document.getElementById("join-game").textContent = joinGameName(g.game);
  document.getElementById("join-clan-head").textContent = t("lobby." + joinSeatWord(g.game));
  const known = hiddenKnownWords(g);
  document.getElementById("practice-warning").hidden = !known;
  if (known) {
    const words = document.getElementById("practice-warning-words");
    words.dataset.i18n = known;
    words.textContent = t(known);
  }
  const open = g.status === "over" ? [] : g.seats.filter((s) => s.open);
  document.getElementById("join-state").textContent = g.status === "over" ? t("join.over") : open.length ? t("join.open_seats", { n: open.length }) : t("join.none_open");
  const held = heldSeat(gameId);
  const note = document.getElementById("join-mine");
  note.hidden = !held;
  if (held) note.replaceChildren(t("join.yours", { n: held.seat + 1 }), " ", el("a", { href: `/game/${encodeURIComponent(gameId)}`, class: "play-mine", text: t("lobby.play_your_seat") }));
  // a public table's seats are taken without a code (GET /api/games/open lists it)
  const may = !!JOIN.code || !!g.public;
  document.getElementById("join-form").hidden = !open.length || !may;
  document.getElementById("join-seats").replaceChildren(...g.seats.map((s) => {
    const who = s.kind === "bot" ? botWords(s) : s.open ? t("lobby.seat_open") : t("join.claimed", { name: s.name || "?" });
    const take = s.open && g.status !== "over" && may
      ? el("button", { type: "button", class: "primary take", "data-seat": s.seat, disabled: JOIN.busy, text: t("join.take"),
        "aria-label": t("join.take_seat", { n: s.seat + 1, clan: seatChoiceName(g.game, s.choice) }), onclick: () => claim(s.seat) })
      : null;
    return el("tr", { class: s.open ? "open" : s.kind === "bot" ? "bot" : "claimed", "data-seat": s.seat },
      el("td", { text: String(s.seat + 1) }), el("td", { text: seatChoiceName(g.game, s.choice) }), el("td", { text: who }), el("td", {}, take));
  }));
}

async function loadSummary() {
  try {
    const key = JOIN.code || gameKey(gameId);
    const r = await fetch(`/api/games/${encodeURIComponent(gameId)}`, { headers: key ? { "X-Daimyo-Key": key } : {} });
    const data = await r.json();
    // a private game answers a wrong or replaced code as a missing game (404): with a code, the invitation is not valid
    const status = r.status === 404 && JOIN.code ? 403 : r.status;
    if (!r.ok) { JOIN.summary = null; JOIN.error = () => claimError(status, data.error); } else JOIN.summary = data;
  } catch (e) { JOIN.error = () => t("lobby.no_server"); }
  render();
}

// POST /api/games/<id>/claim: the seat's token is kept on this browser (as the game page keeps it), then the game.
async function claim(seat) {
  if (JOIN.busy) return;
  JOIN.busy = true;
  JOIN.error = null;
  render();
  const name = document.getElementById("join-name").value.trim().slice(0, 40);
  let r, data;
  try {
    r = await fetch(`/api/games/${encodeURIComponent(gameId)}/claim`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...(JOIN.code ? { code: JOIN.code } : {}), seat, ...(name ? { name } : {}) }) });
    data = await r.json();
  } catch (e) { if (!r || r.ok) r = null; }   // a refusal without words still has its status
  JOIN.busy = false;
  if (r && r.ok) {
    keepSeat(gameId, data.seat, data.token);
    location.assign(data.play);
    return;
  }
  const status = r ? r.status : null, message = data && data.error;
  JOIN.error = () => (status ? claimError(status, message) : t("lobby.no_server"));
  await loadSummary();   // the seats as they are now
  // the keyboard stays where it was: on the same seat's button if it is still open, or the first open one
  const again = document.querySelector(`button.take[data-seat="${seat}"]`) || document.querySelector("button.take");
  if (again) again.focus();
}

// The name of the account signed in on this browser (account.js keeps it as daimyo:account; GET /api/account says
// whether the session still holds), written in the name field unless something is typed there already.
async function prefillName() {
  if (!localStorage.getItem("daimyo:account")) return;
  let name = null;
  try {
    const r = await fetch("/api/account", { credentials: "same-origin" });
    if (r.ok) name = (await r.json()).name;
  } catch (e) { return; }
  const input = document.getElementById("join-name");
  if (name && !input.value) input.value = name;
}

async function main() {
  await loadLang(chooseLang());
  setupLangSwitch(document.getElementById("lang"));
  I18N.listeners.push(render);
  // another invitation pasted into this tab's address bar: only the fragment changes, the page stays
  window.addEventListener("hashchange", () => {
    JOIN.code = new URLSearchParams(location.hash.slice(1)).get("code") || "";
    JOIN.error = null;
    loadSummary();
  });
  try {
    for (const g of (await (await fetch("/api/registry")).json()).games) JOIN.games[g.name] = g;
  } catch (e) { /* the catalogue's default words stand */ }
  await Promise.all([prefillName(), loadSummary()]);
  // the printed names of the table's own choices (its card file's characters too), of a game whose registry names them
  const names = JOIN.summary && (JOIN.games[JOIN.summary.game] || {}).choice_names;
  if (!names) return;
  try {
    const data = await (await fetch(`/api/${JOIN.summary.game}/data?game=` + encodeURIComponent(gameId))).json();
    for (const c of data[names] || []) JOIN.characters[c.id] = c.name;
  } catch (e) { /* the choices' ids stand for their names */ }
  render();
}
main();
