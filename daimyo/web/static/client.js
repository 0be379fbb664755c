// The one browser client of every game's page (and the lobby's and join page's credentials): the seat tokens kept on
// this browser, the game's WebSocket with one reconnection policy, the connection badge, the message line with the
// server's refusals, and what a refused seat token does. The game pages keep only their game's drawing and input.
// Protocol: docs/server-protocol.md. Plain JavaScript, no build step; needs common.js (t, el).
"use strict";

// The game id of a /game/<id> or /join/<id> page.
function pageGameId() { return decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || ""); }

// -- credentials ------------------------------------------------------------------------------------------------------
// A seat's token lives in localStorage under "daimyo:<game id>" as {seat, token}: kept by the lobby for the creator's
// seat, by the join page for a claimed seat, and by a game page from a link's fragment (#seat=0&token=...).
// The host token of a game this browser created lives under "daimyo:host:<game id>", and a private game's watch code
// (its spectators' link, #watch=...) under "daimyo:watch:<game id>".
function seatKey(gameId) { return "daimyo:" + gameId; }
function hostKey(gameId) { return "daimyo:host:" + gameId; }
function watchKey(gameId) { return "daimyo:watch:" + gameId; }

function keepSeat(gameId, seat, token) { localStorage.setItem(seatKey(gameId), JSON.stringify({ seat, token })); }
function forgetSeat(gameId) { localStorage.removeItem(seatKey(gameId)); }

// The seat this browser holds in the game: {seat, token}, or null.
function heldSeat(gameId) {
  let creds = null;
  try { creds = JSON.parse(localStorage.getItem(seatKey(gameId)) || "null"); } catch (e) { return null; }
  return creds && Number.isInteger(creds.seat) && typeof creds.token === "string" ? creds : null;
}

// A seat link's token (#seat=N&token=...) or a watch link's code (#watch=...) is kept and leaves the address bar
// (and so the history and bookmarks).
function seatFromAddress(gameId) {
  const frag = new URLSearchParams(location.hash.slice(1));
  if (frag.get("token")) keepSeat(gameId, Number(frag.get("seat")), frag.get("token"));
  if (frag.get("watch")) keepWatch(gameId, frag.get("watch"));
  if (frag.get("token") || frag.get("watch")) history.replaceState(null, "", location.pathname + location.search);
  return heldSeat(gameId);
}

function keepHost(gameId, host) { localStorage.setItem(hostKey(gameId), host); }
function heldHost(gameId) { return localStorage.getItem(hostKey(gameId)); }
function keepWatch(gameId, code) { localStorage.setItem(watchKey(gameId), code); }
function heldWatch(gameId) { return localStorage.getItem(watchKey(gameId)); }

// The key this browser holds to a game (a private game is read only with one, docs/server-protocol.md): its seat's
// token, else its host token, else its watch code; null when it holds none. `keyHeaders` carries it on a request.
function gameKey(gameId) {
  const frag = new URLSearchParams(location.hash.slice(1));   // a link just opened, before seatFromAddress kept it
  const seat = heldSeat(gameId);
  return frag.get("token") || frag.get("watch") || (seat && seat.token) || heldHost(gameId) || heldWatch(gameId) || null;
}
function keyHeaders(gameId) { const key = gameKey(gameId); return key ? { "X-Daimyo-Key": key } : {}; }

// A link `a` that downloads a game's record with this browser's key to it (a plain link cannot carry the header).
function recordLink(a, gameId) {
  a.href = `/api/games/${encodeURIComponent(gameId)}/record`;
  a.setAttribute("download", `${gameId}.record`);
  a.onclick = async (ev) => {
    ev.preventDefault();
    const r = await fetch(a.href, { headers: keyHeaders(gameId) });
    if (!r.ok) return;
    const url = URL.createObjectURL(await r.blob());
    const save = el("a", { href: url, download: `${gameId}.record` });
    document.body.append(save);
    save.click();
    save.remove();
    URL.revokeObjectURL(url);
  };
  return a;
}

// -- the badge and the message line -----------------------------------------------------------------------------------
// The badge (#conn): connecting, connected, spectating, offline, refused or replay, as its class and in words.
function showConnection(state) {
  const badge = document.getElementById("conn");
  badge.className = "conn " + state;
  badge.textContent = t("conn." + state);
  badge.dataset.state = state;
}

// The message line (#message): what the page says, "error" for a refusal; extra nodes (a button) after the text.
function showMessage(text, kind, ...extra) {
  const line = document.getElementById("message");
  line.replaceChildren(text || "", ...extra);
  line.className = "message" + (kind ? " " + kind : "");
}

// A refusal from the server in one line: its message and the rulebook section it cites, in the page's language when
// the server said them so (reason.texts and rule_texts, daimyo/words/errors.py).
function refusalText(msg) {
  const said = msg.reason && msg.reason.texts && msg.reason.texts[I18N.lang];
  const rule = (msg.rule_texts && msg.rule_texts[I18N.lang]) || msg.rule;
  return (said || msg.message || msg.code || "") + (rule ? ` [${rule}]` : "");
}

// A game's clock in words (the "clock" of a game summary), for the lobby and the game pages.
function clockKindWords(clock) {
  if (!clock || clock.kind === "none") return t("play.clock_none");
  if (clock.kind === "move") return t("play.clock_move", { s: Math.round(clock.seconds) });
  if (clock.kind === "bank") return t("play.clock_bank", { m: Math.round(clock.seconds / 60), s: Math.round(clock.increment || 0) });
  return t("play.clock_days_each", { d: Math.round(clock.days) });
}

// -- the connection ---------------------------------------------------------------------------------------------------
// One reconnection policy for every game: 0.5 s after the first drop, doubling up to 10 s; a welcome starts it afresh.
const RECONNECT = { firstMs: 500, maxMs: 10000 };
function reconnectDelay(tries) { return Math.min(RECONNECT.maxMs, RECONNECT.firstMs * 2 ** tries); }

// Connects the page to its game and keeps it connected. `handlers.onMessage(msg)` gets every server message
// (welcome, log, state, ack, pong, error); the client itself shows the badge, shows every error on the message line,
// marks a move on its way (body[data-busy]) from an "act" sent until the state that acknowledges it (its "ack"), an
// error or a new connection (another seat's state, sent before ours was taken, leaves it on its way; a chat line or
// a mute is no move), and answers the refusals that end a connection:
// - a refused seat token ("bad-token"): the token is forgotten, reconnection stops, the page says so in words and
//   offers to watch the game (one button); watching connects again without a seat;
// - a game that does not exist ("no-such-game"): reconnection stops.
// Returns {send(msg) -> sent?, seat() -> the seat asked for or null, watch(), stop()}.
function connectGame(gameId, handlers) {
  const link = { ws: null, creds: seatFromAddress(gameId), tries: 0, stopped: false, timer: null, refused: false };
  // another language: the badge, and the refusal while it shows, in the new words
  I18N.listeners.push(() => {
    showConnection(document.getElementById("conn").dataset.state || "connecting");
    if (link.refused) showRefusal();
  });

  function open() {
    clearTimeout(link.timer);
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/games/${encodeURIComponent(gameId)}`);
    link.ws = ws;
    showConnection("connecting");
    ws.onopen = () => {
      const key = gameKey(gameId);   // a spectator of a private game shows its key
      // a seat asks for its actions' acknowledgement inside the state that follows (one message an action)
      ws.send(JSON.stringify(link.creds ? { type: "hello", seat: link.creds.seat, token: link.creds.token, ack_in_state: true } : key ? { type: "hello", key } : { type: "hello" }));
    };
    ws.onmessage = (m) => {
      let msg;
      try { msg = JSON.parse(m.data); } catch (e) { return; }
      if (ws === link.ws) receive(msg);
    };
    ws.onclose = () => {
      if (ws !== link.ws) return;   // an older socket, replaced already
      if (document.getElementById("conn").dataset.state !== "refused") showConnection("offline");
      if (link.stopped) return;
      link.timer = setTimeout(open, reconnectDelay(link.tries));
      link.tries += 1;
    };
  }

  function receive(msg) {
    if (msg.type === "welcome") {
      link.tries = 0;
      document.body.dataset.busy = "0";   // a move sent before the drop shows in this connection's state, or not at all
      const watching = msg.seat === null || msg.seat === undefined;
      document.body.dataset.watching = watching ? "1" : "0";   // (hints.js: a spectator's hint)
      showConnection(watching ? "spectating" : "connected");
    } else if (msg.type === "ack" || (msg.type === "state" && msg.ack !== undefined)) {
      document.body.dataset.busy = "0";   // this connection's move, taken
    } else if (msg.type === "error") {
      document.body.dataset.busy = "0";
      if (msg.code === "bad-token") refuseSeat();
      else showMessage(refusalText(msg), "error");
      if (msg.code === "no-such-game") link.stopped = true;
    }
    handlers.onMessage(msg);
  }

  // The one answer to a refused seat token, on every game's page.
  function refuseSeat() {
    forgetSeat(gameId);
    link.creds = null;
    link.stopped = true;
    link.refused = true;
    showConnection("refused");
    showRefusal();
  }

  function showRefusal() {
    showMessage(t("client.seat_refused"), "error", " ",
      el("button", { type: "button", class: "watch-instead", text: t("client.watch"), onclick: watch }));
  }

  function watch() {
    link.creds = null;
    link.refused = false;
    link.stopped = false;
    link.tries = 0;
    showMessage("");
    if (link.ws) { link.ws.onclose = null; link.ws.close(); }
    open();
  }

  function send(msg) {
    if (!link.ws || link.ws.readyState !== WebSocket.OPEN) { showMessage(t("msg.offline"), "error"); return false; }
    if (msg.type === "act") document.body.dataset.busy = "1";
    link.ws.send(JSON.stringify(msg));
    return true;
  }

  function stop() {
    link.stopped = true;
    clearTimeout(link.timer);
    if (link.ws) { link.ws.onclose = null; link.ws.onmessage = null; link.ws.close(); }
  }

  // another seat's link pasted into this tab's address bar changes only the fragment: the page starts again with it
  window.addEventListener("hashchange", () => { if (new URLSearchParams(location.hash.slice(1)).get("token")) location.reload(); });
  open();
  return { send, watch, stop, seat: () => (link.creds ? link.creds.seat : null) };
}
