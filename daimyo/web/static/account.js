// The lobby's account panel (optional accounts, docs/server-protocol.md "Accounts"): sign up, sign in, sign out (here or
// everywhere), and "My games" (your turn first, in progress, waiting, finished), whose Open returns to a seat without
// its link: a fresh seat token from POST /api/games/<id>/my-seat when this browser holds none. The session is an
// HttpOnly cookie the page never sees; every POST made with it that changes something carries the session's CSRF token
// (from the sign-in reply or GET /api/account) as X-CSRF-Token. The e-mail address for correspondence games (where the
// server sends mail): saved unverified until its mailed link is opened, with whether mails are wanted; a link opened
// from a mail lands here as ?email=verified|expired|unsubscribed|bad and is said once. Needs common.js, client.js;
// lobby.js names the games.
"use strict";

const ACCOUNT = { name: null, csrf: null, games: null, error: null, email: null };
// The name signed in on this browser, kept so that a browser never signed in does not ask the server (a 401 each visit).
const ACCOUNT_KEY = "daimyo:account";

function signedInName() { return ACCOUNT.name; }

// What a refused account request means, in words, by its code or else its status (the server's own message for the rest).
const ACCOUNT_CODES = { busy: "account.err.busy", "name-look-alike": "account.err.look_alike" };
const ACCOUNT_ERRORS = { 401: "account.err.no_match", 409: "account.err.taken", 429: "account.err.too_many", 403: "account.err.expired" };
function accountError(status, message, code) {
  const key = ACCOUNT_CODES[code] || ACCOUNT_ERRORS[status];
  return key ? t(key) : message || t("lobby.no_server");
}

async function accountFetch(path, body) {
  const headers = { "Content-Type": "application/json" };
  if (ACCOUNT.csrf) headers["X-CSRF-Token"] = ACCOUNT.csrf;
  try {
    const r = await fetch(path, body === undefined ? { credentials: "same-origin" }
      : { method: "POST", credentials: "same-origin", headers, body: JSON.stringify(body) });
    let data = {};
    try { data = await r.json(); } catch (e) { data = {}; }
    return { ok: r.ok, status: r.status, data };
  } catch (e) { return { ok: false, status: 0, data: {} }; }
}

function renderAccount() {
  const signedIn = !!ACCOUNT.name;
  document.getElementById("account-form").hidden = signedIn;
  document.getElementById("account-in").hidden = !signedIn;
  document.getElementById("account-error").textContent = ACCOUNT.error ? ACCOUNT.error() : "";
  if (signedIn) document.getElementById("account-who").textContent = t("account.signed_in", { name: ACCOUNT.name });
  if (signedIn) document.getElementById("account-page").href = `/players/${encodeURIComponent(ACCOUNT.name)}`;
  renderMyGames();
  renderEmail();
}

// GET /api/account: who is signed in on this browser (401: nobody).
async function loadAccount() {
  if (!localStorage.getItem(ACCOUNT_KEY)) { renderAccount(); return; }
  const r = await accountFetch("/api/account");
  if (r.ok) { ACCOUNT.name = r.data.name; ACCOUNT.csrf = r.data.csrf; } else if (r.status === 401) signedOut();
  renderAccount();
  if (ACCOUNT.name) { loadMyGames(); loadEmail(); }
}

async function signInOrUp(which) {
  const name = document.getElementById("account-name").value.trim();
  const password = document.getElementById("account-password").value;
  if (!name || !password) { ACCOUNT.error = () => t("account.err.empty"); renderAccount(); return; }
  const r = await accountFetch(`/api/account/${which}`, { name, password });
  if (!r.ok) { const { status } = r, { error: message, code } = r.data; ACCOUNT.error = () => accountError(status, message, code); renderAccount(); return; }
  ACCOUNT.error = null;
  ACCOUNT.name = r.data.name;
  ACCOUNT.csrf = r.data.csrf;
  localStorage.setItem(ACCOUNT_KEY, ACCOUNT.name);
  document.getElementById("account-password").value = "";
  renderAccount();
  loadMyGames();
  loadEmail();
}

async function signOut(everywhere) {
  const r = await accountFetch(everywhere ? "/api/account/sign-out-everywhere" : "/api/account/sign-out", {});
  if (!r.ok && r.status !== 401) { const { status } = r, { error: message, code } = r.data; ACCOUNT.error = () => accountError(status, message, code); renderAccount(); return; }
  ACCOUNT.error = null;
  // everywhere: the seat tokens of this account's games ended too (docs/security.md, Accounts); forget them here
  if (everywhere && ACCOUNT.games) {
    for (const [list] of MY_GAME_LISTS) {
      if (list === "finished") continue;
      for (const g of ACCOUNT.games[list] || []) {
        const held = heldSeat(g.id);
        if (held && held.seat === g.you) forgetSeat(g.id);
      }
    }
  }
  signedOut();
  renderAccount();
}

function signedOut() {
  ACCOUNT.name = ACCOUNT.csrf = null;
  ACCOUNT.games = null;
  ACCOUNT.email = null;
  localStorage.removeItem(ACCOUNT_KEY);
}

// -- my games --------------------------------------------------------------------------------------------------------------
const MY_GAME_LISTS = [["your_turn", "account.your_turn"], ["in_progress", "account.in_progress"], ["waiting", "account.waiting"], ["finished", "account.finished"]];

async function loadMyGames() {
  if (!ACCOUNT.name) return;
  const r = await accountFetch("/api/account/games");
  if (r.status === 401) { signedOut(); renderAccount(); return; }
  if (r.ok) ACCOUNT.games = r.data;
  renderMyGames();
}

function renderMyGames() {
  const box = document.getElementById("my-games");
  if (!ACCOUNT.name || !ACCOUNT.games) { box.replaceChildren(); return; }
  const parts = [];
  for (const [list, key] of MY_GAME_LISTS) {
    const games = ACCOUNT.games[list] || [];
    if (!games.length) continue;
    parts.push(el("h4", { text: t(key) }), el("ul", { class: "game-list my-games", "data-list": list }, games.map((g) => myGameItem(g, list))));
  }
  if (!parts.length) parts.push(el("p", { class: "hint", text: t("account.no_games") }));
  box.replaceChildren(...parts);
}

function myGameItem(g, list) {
  const seat = g.seats[g.you] || {};
  return el("li", { "data-game": g.id }, el("code", { text: g.id }), " ", el("span", { class: "badge", text: gameName(g.game) }),
    list === "your_turn" ? el("span", { class: "badge your-turn", text: t("turn.title") }) : null, " ",
    el("span", { text: t("account.your_seat", { n: g.you + 1, clan: choiceName(g.game, seat.choice) }) }), " ",
    el("button", { type: "button", class: "open-mine", "data-game": g.id, text: t("account.open"), onclick: () => openMine(g) }));
}

// Back to a seat of this account: this browser's token when it holds that seat, else a fresh one (the old link stops).
async function openMine(g) {
  const held = heldSeat(g.id);
  if (held && held.seat === g.you) { location.assign(`/game/${encodeURIComponent(g.id)}`); return; }
  const r = await accountFetch(`/api/games/${encodeURIComponent(g.id)}/my-seat`, { seat: g.you });
  if (!r.ok) { const { status } = r, { error: message, code } = r.data; ACCOUNT.error = () => accountError(status, message, code); renderAccount(); return; }
  keepSeat(g.id, r.data.seat, r.data.token);
  location.assign(`/game/${encodeURIComponent(g.id)}`);
}

// -- e-mail -----------------------------------------------------------------------------------------------------------------
// GET /api/account/email: {offered, address, verified, subscribed}; the panel shows only where the server sends mail.
async function loadEmail() {
  if (!ACCOUNT.name) return;
  const r = await accountFetch("/api/account/email");
  if (r.ok) ACCOUNT.email = r.data;
  renderEmail();
}

function renderEmail() {
  const e = ACCOUNT.email;
  const box = document.getElementById("account-email");
  box.hidden = !ACCOUNT.name || !e || !e.offered;
  if (box.hidden) return;
  const input = document.getElementById("email-address");
  if (document.activeElement !== input) input.value = e.address || "";
  document.getElementById("email-remove").hidden = !e.address;
  document.getElementById("email-state").textContent = !e.address ? ""
    : t(e.verified ? "account.email_verified" : "account.email_unverified", { address: e.address });
  document.getElementById("email-subscribed-label").hidden = !e.address || !e.verified;
  document.getElementById("email-subscribed").checked = !!e.subscribed;
}

// POST /api/account/email with {address} (null removes it) or {subscribed}; a refusal names the field in words.
async function changeEmail(body) {
  const r = await accountFetch("/api/account/email", body);
  if (!r.ok) { const { status } = r, { error: message, code } = r.data; ACCOUNT.error = () => (status === 400 ? message : accountError(status, message, code)); renderAccount(); return; }
  ACCOUNT.error = null;
  ACCOUNT.email = r.data;
  document.getElementById("email-address").blur();
  renderAccount();
}

// A link opened from a mail: say what it did, once, and take the word out of the address bar.
const EMAIL_DONE = ["verified", "expired", "unsubscribed", "bad"];
function emailLanding() {
  const params = new URLSearchParams(location.search);
  const done = params.get("email");
  if (!EMAIL_DONE.includes(done)) return;
  const box = document.getElementById("email-done");
  const say = () => { box.textContent = t(`account.email_done.${done}`); };
  say();
  I18N.listeners.push(say);
  params.delete("email");
  const rest = params.toString();
  history.replaceState(null, "", `${location.pathname}${rest ? `?${rest}` : ""}${location.hash}`);
}

function setupAccount() {
  document.getElementById("account-form").addEventListener("submit", (e) => { e.preventDefault(); signInOrUp("sign-in"); });
  document.getElementById("sign-up").addEventListener("click", () => signInOrUp("sign-up"));
  document.getElementById("sign-out").addEventListener("click", () => signOut(false));
  document.getElementById("sign-out-all").addEventListener("click", () => signOut(true));
  document.getElementById("email-form").addEventListener("submit", (e) => {
    e.preventDefault();
    changeEmail({ address: document.getElementById("email-address").value.trim() || null });
  });
  document.getElementById("email-remove").addEventListener("click", () => changeEmail({ address: null }));
  document.getElementById("email-subscribed").addEventListener("change", (e) => changeEmail({ subscribed: e.target.checked }));
  emailLanding();
  I18N.listeners.push(renderAccount);
  loadAccount();
  setInterval(loadMyGames, 10000);
}
