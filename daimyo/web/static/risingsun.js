// The Rising Sun page (the War Phase): the wars in order, the provinces and their figures, the battle under way step by
// step (secret bids, the reveal, each advantage, the outcome, reparations), the clans, the log and the scoring.
// Protocol: docs/server-protocol.md (Rising Sun). Plain JavaScript, no build step; every word from the catalogue (rs.*).
"use strict";

const rsGameId = pageGameId();
const RS_REPLAY = new URLSearchParams(location.search).get("replay") === "1";
const RS_STEPS = ["bid", "reveal", "seppuku", "hostage", "ronin", "outcome", "poets", "reparations"];
const RS_SLOTS = ["seppuku", "hostage", "ronin", "poets"];
// Each clan's colour: daimyo/risingsun/data/colours.json, the one source the RL pictures read too (GET /api/risingsun/data).
const RS_COLOURS = {};
async function rsLoadColours() {
  try { Object.assign(RS_COLOURS, (await (await fetch("/api/risingsun/data")).json()).colours); } catch (e) { /* grey swatches; the names still say */ }
}

const RS = { conn: null, seat: null, summary: null, view: null, legal: [], seq: -1, log: [], bid: null, replay: null, replayPos: 0,
  queue: [], timer: null };
// A battle is told step by step: a state whose events resolve a step (the reveal, an advantage, the outcome) stays on
// the page this long before the next one is shown, however fast the bots answer; "Show all now" skips the wait.
const RS_PACE_MS = 900;
const RS_PACED = new Set(["bids-revealed", "seppuku", "hostage", "ronin-hired", "battle-won", "poets", "reparations", "declined"]);

// -- names -------------------------------------------------------------------------------------------------------------
// A table that may be wider than a phone scrolls sideways in a box the keyboard can reach (and scroll with its arrows).
function rsScroll(titleKey, table) {
  return el("div", { class: "rs-scroll", tabindex: "0", role: "region", "aria-label": t(titleKey) }, table);
}

function rsClan(c) { return c ? t("rs.clan." + c) : t("nobody"); }
function rsProvince(p) { return p ? t("rs.province." + p) : ""; }
function rsSlot(s) { return t("rs.step." + s); }
function rsClanList(list) { return list.map(rsClan).join(", "); }
function rsForces(forces) { return Object.entries(forces || {}).map(([c, f]) => `${rsClan(c)} ${f}`).join(", "); }
function rsBidText(b) { return RS_SLOTS.map((s) => `${rsSlot(s)} ${b[s]}`).join(", "); }
function rsMine() { return RS.view && RS.view.you ? RS.view.you.clan : null; }
function rsSwatch(c) { const s = el("span", { class: "swatch", "aria-hidden": "true" }); setStyle(s, `background: ${RS_COLOURS[c] || "#888"}`); return s; }
function rsClanTag(c) { return el("span", { class: "rs-clan", "data-clan": c }, rsSwatch(c), rsClan(c)); }
function rsFigureWords(f) { return t("rs.figure_label", { kind: t("rs.figure." + f.kind), n: f.figure, clan: rsClan(f.owner) }); }

// -- the log: each event as one sentence; the same code, line for line, as RisingSunWords.sentence in
// daimyo/words/risingsun.py, which the terminal prints (tests/web/test_words_js.py runs both and compares the text) ---
function rsEventText(e) {
  const k = e.kind;
  switch (k) {
    case "ronin-become-coins": return t("rs.event.ronin-become-coins", { clan: rsClan(e.clan) });
    case "ronin-become-coins-count": return t("rs.event.ronin-become-coins-count", { clan: rsClan(e.clan), ronin: e.ronin, coins: e.coins });
    case "war": return t("rs.event.war", { number: e.number, province: rsProvince(e.province), forces: rsForces(e.forces) || t("rs.nobody_has_force") });
    case "token-discarded": return t("rs.event.token-discarded", { province: rsProvince(e.province) });
    case "token-taken": return t(e.allies ? "rs.event.token-taken-allies" : "rs.event.token-taken", { clan: rsClan(e.clan), province: rsProvince(e.province) });
    case "battle": return t("rs.event.battle", { clans: rsClanList(e.clans) }) + " — " + t("rs.event.battle-shown", {
      shown: Object.entries(e.shown).map(([c, v]) => t("rs.shown", { clan: rsClan(c), coins: v.coins, ronin: v.ronin })).join("; ") });
    case "bid-placed": return t("rs.event.bid-placed", { clan: rsClan(e.clan) });
    case "your-bid": return t("rs.event.your-bid", { clan: rsClan(e.clan), ...e.bid });
    case "bids-revealed": return t("rs.event.bids-revealed") + " " + Object.entries(e.bids).map(([c, b]) => `${rsClan(c)} ${RS_SLOTS.map((s) => b[s]).join(" ")}`).join("; ");
    case "slot": return e.winner === null ? t("rs.event.slot-nobody", { slot: rsSlot(e.slot) }) : t("rs.event.slot", { slot: rsSlot(e.slot), clan: rsClan(e.winner), bid: e.bid });
    case "declined": return t("rs.event.declined", { clan: rsClan(e.clan), slot: rsSlot(e.slot) });
    case "seppuku": return t("rs.event.seppuku", { clan: rsClan(e.clan), n: e.killed.length, vp: e.vp, honor: e.honor.map(rsClan).join(" > ") });
    case "hostage": return t("rs.event.hostage", { clan: rsClan(e.clan), owner: rsClan(e.owner), figure: e.figure, kind: t("rs.figure." + e.figure_kind), vp: e.vp });
    case "ronin-hired": return t("rs.event.ronin-hired", { clan: rsClan(e.clan), force: e.force });
    case "battle-won": return t(e.killed.length ? "rs.event.battle-won-killed" : "rs.event.battle-won", { clan: rsClan(e.clan), province: rsProvince(e.province), forces: rsForces(e.forces), n: e.killed.length });
    case "poets": return t("rs.event.poets", { clan: rsClan(e.clan), vp: e.vp });
    case "reparations": return t("rs.event.reparations", { discarded: rsForces(e.discarded), by: rsClan(e.by), paid: rsForces(e.paid) });
    case "war-phase-over": {
      const tied = rsTied(e.winner, e.totals);   // a tie on VP that Honor broke
      return tied.length ? t("rs.event.war-phase-over-honor", { clan: rsClan(e.winner), clans: [e.winner, ...tied].map(rsClan).join(", ") })
        : t("rs.event.war-phase-over", { clan: rsClan(e.winner) });
    }
    case "stand-in": case "resigned": case "undo": return isPlayNote(e) ? playNoteText(e) : k;
    default: return k;
  }
}

function rsDrawLog() {
  const items = RS.log.map((e) => el("li", { class: "ev-" + e.kind, text: rsEventText(e) }));
  const log = document.getElementById("log");
  log.replaceChildren(...items);
  log.scrollTop = log.scrollHeight;
}

// -- the header --------------------------------------------------------------------------------------------------------
function rsStepName(v) {
  if (!v.step) return "";
  if (v.step === "bid") return t("rs.step.bid");
  return v.step === "outcome" || v.step === "reparations" ? t("rs.step." + v.step) : rsSlot(v.step);
}

function rsDrawStatus() {
  const v = RS.view;
  const line = document.getElementById("status-line");
  if (gameOver(v)) { line.textContent = t("rs.status_over"); return; }
  const parts = [t("rs.season." + v.season), t("rs.status", { n: v.war_number, m: v.wars.length, province: rsProvince(v.province) })];
  if (v.step) parts.push(rsStepName(v));
  if (v.to_act.length) parts.push(waiting() ? t("status.table_waits") : t("rs.wait", { who: rsClanList(v.to_act) }));   // (a table before its start)
  line.textContent = parts.join(" · ");
}

// -- the wars in order, each with its outcome ---------------------------------------------------------------------------------
function rsWarOutcome(h) {
  if (h.case === "nobody") return t("rs.war.nobody");
  return t("rs.war." + h.case, { clan: rsClan(h.winner), forces: rsForces(h.forces) });
}

function rsDrawWars() {
  const v = RS.view;
  const done = {};
  for (const h of v.history) done[h.number] = h;
  document.getElementById("wars").replaceChildren(...v.wars.map((w) => {
    const now = w.number === v.war_number;
    const h = done[w.number];
    const what = h ? rsWarOutcome(h) : now ? t("rs.war.now") : t("rs.war.later");
    return el("li", { class: "rs-war" + (now ? " now" : "") + (h ? " done" : ""), "aria-current": now ? "step" : null },
      el("strong", { text: `${w.number}. ${rsProvince(w.province)}` }), " — ", el("span", { text: what }));
  }));
}

// -- the provinces and their figures -----------------------------------------------------------------------------------------
function rsDrawProvinces() {
  const v = RS.view;
  const number = {};
  for (const w of v.wars) number[w.province] = w.number;
  const names = [...new Set([...v.wars.map((w) => w.province), ...v.figures.map((f) => f.province), ...Object.keys(v.strongholds)])];
  document.getElementById("provinces").replaceChildren(...names.map((p) => {
    const figs = v.figures.filter((f) => f.province === p);
    const list = figs.length ? el("ul", { class: "rs-figures" }, figs.map((f) => el("li", { class: "rs-figure", "data-clan": f.owner, title: rsFigureWords(f) },
      rsSwatch(f.owner), el("span", { text: `${t("rs.figure." + f.kind)} #${f.figure}` }), el("span", { class: "sr", text: ` (${rsClan(f.owner)})` }))))
      : el("p", { class: "hint", text: t("rs.figures.none") });
    const holds = (v.strongholds[p] || []).map((c) => el("p", { class: "rs-stronghold", text: t("rs.stronghold", { clan: rsClan(c) }) }));
    const head = el("h3", {}, number[p] ? el("span", { class: "rs-war-no", text: String(number[p]) }) : null, rsProvince(p));
    return el("article", { class: "rs-province" + (p === v.province ? " now" : ""), "data-province": p }, head, list, holds);
  }));
}

// -- the battle under way: each step in order, the bids, the advantages, the winner ---------------------------------------
function rsStepIndex(v) {
  if (!v.step) return -1;
  return RS_STEPS.indexOf(v.step);
}

function rsDrawBattle() {
  const v = RS.view;
  const box = document.getElementById("battle");
  const b = v.battle;
  if (!b) {
    document.getElementById("battle-title").textContent = t("rs.battle.title");
    box.replaceChildren(el("p", { class: "hint", text: v.phase === "over" ? t("rs.status_over") : t("rs.battle.none") }));
    return;
  }
  document.getElementById("battle-title").textContent = t("rs.battle.in", { province: rsProvince(b.province) });
  const at = rsStepIndex(v);
  const steps = el("ol", { class: "rs-steps" }, RS_STEPS.map((s, i) => el("li", {
    class: (i < at || (i === 1 && at > 1) ? "past" : "") + (i === at ? " now" : ""), "aria-current": i === at ? "step" : null, text: t("rs.step." + s) })));
  const revealed = !!b.bids;
  const head = el("tr", {}, el("th", { text: t("rs.clans.clan") }), el("th", { text: t("rs.battle.force") }),
    revealed ? RS_SLOTS.map((s) => el("th", { text: rsSlot(s) })) : el("th", { text: t("rs.battle.bid") }));
  const rows = b.participants.map((c) => el("tr", { class: b.winner === c ? "winner" : "" }, el("td", {}, rsClanTag(c)),
    el("td", { class: "num", text: rsForceOf(b, c) }),
    revealed ? RS_SLOTS.map((s) => el("td", { class: "num" + (b.slot_winners[s] === c ? " won" : ""), text: String(b.bids[c][s]) }))
      : el("td", { text: b.bid_placed[c] ? t("rs.battle.bid_placed") : t("rs.battle.bidding") })));
  const table = el("table", { class: "rs-bids" }, el("caption", { text: revealed ? t("rs.battle.revealed") : t("rs.battle.secret") }), head, rows);
  const facts = [];
  if (revealed) {
    for (const s of RS_SLOTS) if (s in b.slot_winners) facts.push(el("li", { text: `${rsSlot(s)}: ${b.slot_winners[s] ? t("rs.battle.slot_won", { clan: rsClan(b.slot_winners[s]) }) : t("rs.battle.slot_nobody")}` }));
    for (const [c, k] of Object.entries(b.hired)) facts.push(el("li", { text: t("rs.event.ronin-hired", { clan: rsClan(c), force: k }) }));
    if (b.winner) facts.push(el("li", { class: "winner", text: t("rs.battle.winner", { clan: rsClan(b.winner) }) }));
  }
  box.replaceChildren(steps, rsScroll("rs.battle.title", table), el("ul", { class: "rs-facts" }, facts));
}

// A clan's Force in the battle: as the reveal counts it, or as the war's announcement gave it (the log's "war" event).
function rsForceOf(b, clan) {
  if (b.forces) return String(b.forces[clan]);
  const war = RS.log.filter((e) => e.kind === "war" && e.province === b.province).pop();
  return war && clan in war.forces ? String(war.forces[clan]) : "—";
}

// -- the clans ---------------------------------------------------------------------------------------------------------
function rsDrawClans() {
  const v = RS.view;
  const head = el("tr", {}, ["clan", "honor", "vp", "coins", "ronin"].map((k) => el("th", { text: t("rs.clans." + k) })));
  // the war tokens, hostages and ally under the clan's name, not in columns of their own: the table fits the side panel
  const facts = (p) => [["tokens", p.tokens.map((tk) => rsProvince(tk.split("@")[0])).join(", ")], ["hostages", p.hostages.map((n) => "#" + n).join(" ")],
    ["ally", p.ally ? rsClan(p.ally) : ""]].filter(([, text]) => text).map(([k, text]) => el("div", { class: `rs-fact ${k}`, text: `${t("rs.clans." + k)}: ${text}` }));
  const rows = v.players.map((p) => el("tr", { class: (v.to_act.includes(p.clan) ? "acting" : "") + (p.clan === rsMine() ? " me" : "") },
    el("td", {}, rsClanTag(p.clan), facts(p)), el("td", { class: "num", text: String(v.honor.indexOf(p.clan) + 1) }), el("td", { class: "num", text: String(p.vp) }),
    el("td", { class: "num", text: p.coins === null ? t("rs.hidden") : String(p.coins) }), el("td", { class: "num", text: p.ronin === null ? t("rs.hidden") : String(p.ronin) })));
  document.getElementById("clans").replaceChildren(rsScroll("rs.clans.title", el("table", { class: "rs-clans" }, head, rows)),
    el("p", { class: "hint", text: t("rs.clans.honor_order", { clans: v.honor.map(rsClan).join(" > ") }) }));
}

// -- your move: the secret bid form, or the advantage you won ------------------------------------------------------------------
function rsBidLegal(b) { return RS.legal.includes("bid " + RS_SLOTS.map((s) => b[s]).join(" ")); }

function rsDrawActions() {
  const v = RS.view;
  const prompt = document.getElementById("prompt");
  const form = document.getElementById("bid-form");
  const actions = document.getElementById("actions");
  form.hidden = true;
  actions.replaceChildren();
  document.getElementById("actions-title").textContent = movePanelTitle(RS.legal.length > 0, RS.seat, gameOver(v));
  if (!RS.legal.length) {
    const mine = v.you && v.you.bid;
    prompt.textContent = mine ? t("rs.bid.placed", { bid: rsBidText(mine) }) : gameOver(v) ? t("rs.status_over")
      : v.to_act.length ? t("rs.wait", { who: rsClanList(v.to_act) }) : "";
    return;
  }
  if (RS.legal[0].startsWith("bid ")) { rsDrawBidForm(prompt, form); return; }
  if (v.step === "reparations") prompt.textContent = t("rs.act.prompt_reparations");
  else prompt.textContent = t("rs.act.prompt", { slot: rsSlot(v.step) });
  actions.replaceChildren(...RS.legal.map((a) => el("button", { type: "button", class: "rs-act", "data-action": a, text: rsActionWords(a), onclick: () => rsSend(a) })));
}

// A legal action in words: the same code as RisingSunWords.action (daimyo/words/risingsun.py), the terminal's choices.
function rsActionWords(a) {
  const [verb, ...rest] = a.split(" ");
  if (verb === "hostage") {
    const f = RS.view.figures.find((x) => "#" + x.figure === rest[0]);
    return f ? t("rs.act.hostage", { kind: t("rs.figure." + f.kind), figure: f.figure, owner: rsClan(f.owner), force: f.force }) : a;
  }
  if (verb === "remainder") return t("rs.act.remainder", { clans: rsClanList(rest) });
  return t("rs.act." + verb);
}

function rsDrawBidForm(prompt, form) {
  const you = RS.view.you;
  const coins = you.coins;
  if (!RS.bid || RS.bid.province !== RS.view.province) RS.bid = { province: RS.view.province, seppuku: 0, hostage: 0, ronin: 0, poets: 0 };
  prompt.textContent = t("rs.bid.help");
  const spent = () => RS_SLOTS.reduce((n, s) => n + RS.bid[s], 0);
  const left = el("p", { class: "rs-left", role: "status" });
  const send = el("button", { type: "submit", class: "primary", id: "bid-send", text: t("rs.bid.send") });
  const update = () => {
    left.textContent = t("rs.bid.coins_left", { n: coins - spent(), m: coins });
    send.disabled = !rsBidLegal(RS.bid);
    left.classList.toggle("error", send.disabled);
  };
  const fields = RS_SLOTS.map((s) => {
    const input = el("input", { type: "number", id: "bid-" + s, name: s, min: "0", max: String(coins), step: "1", value: String(RS.bid[s]), inputmode: "numeric" });
    input.addEventListener("input", () => { const n = Number(input.value); RS.bid[s] = Number.isInteger(n) && n >= 0 ? n : 0; update(); });
    return el("label", { class: "rs-slot", for: "bid-" + s }, el("span", { class: "rs-slot-name", text: rsSlot(s) }),
      el("span", { class: "hint", text: t("rs.slot_help." + s) }), input);
  });
  form.replaceChildren(el("div", { class: "rs-slots" }, fields), left, send);
  form.onsubmit = (ev) => { ev.preventDefault(); if (rsBidLegal(RS.bid)) rsSend("bid " + RS_SLOTS.map((s) => RS.bid[s]).join(" ")); };
  form.hidden = false;
  update();
}

function rsSend(action) {
  if (document.body.dataset.busy === "1") return;   // a move is on its way: no second one (client.js)
  if (!confirmMove(action.startsWith("bid ") ? rsBidText(RS.bid) : rsActionWords(action))) return;
  showMessage("");
  // a secret bid is placed at the same time as the others: another clan's bid, arriving meanwhile, changes nothing
  // this seat may do, so the bid goes without the step number that would make it stale
  const msg = { type: "act", action };
  if (!action.startsWith("bid ")) msg.seq = RS.seq;
  RS.conn.send(msg);
}

// The clans whose total VP equal the winner's (daimyo/words/risingsun.py tied_on_vp): the winner won on Honor.
function rsTied(winner, totals) { return Object.keys(totals).filter((c) => c !== winner && totals[c] === totals[winner]); }

// -- the scoring ---------------------------------------------------------------------------------------------------------
function rsDrawResult() {
  const v = RS.view;
  const box = document.getElementById("result");
  if (!v || v.phase !== "over" || !v.result || box.dataset.shown === "1") return;
  box.dataset.shown = "1";
  const r = v.result;
  const tied = rsTied(r.winner, Object.fromEntries(Object.entries(r.players).map(([c, p]) => [c, p.total])));
  document.getElementById("result-text").textContent = tied.length
    ? t("rs.result.winner_honor", { clan: rsClan(r.winner), vp: r.players[r.winner].total, clans: [r.winner, ...tied].map(rsClan).join(", ") })
    : t("rs.result.winner", { clan: rsClan(r.winner), vp: r.players[r.winner].total });
  const head = el("tr", {}, ["clan", "vp", "tokens", "different", "total"].map((k) => el("th", { text: t("rs.result." + k) })));
  const rows = Object.entries(r.players).map(([c, p]) => el("tr", { class: c === r.winner ? "winner" : "" }, el("td", {}, rsClanTag(c)),
    el("td", { class: "num", text: String(p.vp) }), el("td", { class: "num", text: String(p.war_tokens.by_season) }),
    el("td", { class: "num", text: String(p.war_tokens.different_provinces + p.war_tokens.bonus) }), el("td", { class: "num total", text: String(p.total) })));
  document.getElementById("result-table").replaceChildren(head, ...rows);
  recordLink(document.getElementById("result-record"), rsGameId);
  document.getElementById("result-open-bar").hidden = false;   // closed, the result opens again from here
  openResultBox("result");   // the box takes the focus; Escape closes it
}

// -- everything --------------------------------------------------------------------------------------------------------
function rsRender() {
  const v = RS.view;
  if (!v) return;
  document.body.dataset.phase = gameOver(v) ? "over" : v.phase;
  document.body.dataset.step = v.step || "";
  document.body.dataset.legal = String(RS.legal.length);
  document.body.dataset.seq = String(RS.seq);
  rsDrawStatus();
  rsDrawActions();
  rsDrawBattle();
  rsDrawWars();
  rsDrawProvinces();
  rsDrawClans();
  rsDrawLog();
  rsDrawResult();
}

function rsOnMessage(msg) {
  const note = playMessage(msg);   // the table, chat, clocks and stand-ins (play.js)
  if (note) { RS.log = RS.log.concat([note]); rsDrawLog(); }
  if (msg.type === "welcome") { RS.summary = msg.game; RS.seat = msg.seat; showPracticeBanner(RS.summary); }
  else if (msg.type === "log") RS.log = msg.events;
  else if (msg.type === "state") {
    if (RS.timer !== null) document.body.dataset.told = String(Number(document.body.dataset.told || 0) + 1);   // a step waited its turn
    RS.queue.push(msg);
    if (RS.timer === null) rsNextState();
    rsDrawSkip();
  }
}

function rsShow(msg) {
  RS.view = msg.view; RS.legal = msg.legal; RS.seq = msg.seq;
  RS.log = RS.log.concat(msg.events);
}

// Shows the next state waiting; after one that resolved a battle step, the next waits RS_PACE_MS.
function rsNextState() {
  RS.timer = null;
  const msg = RS.queue.shift();
  if (msg) {
    rsShow(msg);
    rsRender();
    if (msg.events.some((e) => RS_PACED.has(e.kind))) RS.timer = setTimeout(rsNextState, RS_PACE_MS);
    else if (RS.queue.length) rsNextState();
  }
  rsDrawSkip();
}

// Every state still waiting shown at once.
function rsSkip() {
  clearTimeout(RS.timer);
  RS.timer = null;
  if (!RS.queue.length) return;
  for (const msg of RS.queue.splice(0)) rsShow(msg);
  rsRender();
  rsDrawSkip();
}

function rsDrawSkip() {
  document.getElementById("skip-bar").hidden = RS.queue.length === 0;
  document.body.dataset.pending = String(RS.queue.length);
}

// -- a finished war, step by step (GET /api/games/<id>/replay: public views and events only) -------------------------------
async function rsStartReplay() {
  await startReplayOf(RS, rsGameId, rsReplayTo);
}

function rsReplayTo(i) {
  RS.log = replayStepTo(RS, i);
  rsRender();
}

async function main() {
  document.getElementById("game-id").textContent = rsGameId;
  loadPracticeBanner(rsGameId);
  await Promise.all([loadLang(chooseLang()), rsLoadColours()]);
  setupLangSwitch(document.getElementById("lang"));
  I18N.listeners.push(() => { if (RS_REPLAY && RS.replay) rsReplayTo(RS.replayPos); else rsRender(); });
  document.getElementById("skip").addEventListener("click", rsSkip);
  setupResultBox("result");
  document.addEventListener("keydown", (ev) => { if (ev.key === "Escape" && !document.getElementById("result").hidden) closeResultBox("result"); });
  // the seats' words and colours, for the table and, in a replay too, the analysis (analysis.js)
  PLAY.opts = { resultBox: "result", choiceName: rsClan, choiceColour: (c) => RS_COLOURS[c], onStatus: rsRender };
  if (RS_REPLAY) { await rsStartReplay(); return; }
  RS.conn = connectGame(rsGameId, { onMessage: rsOnMessage });
  setupPlay(rsGameId, RS.conn, PLAY.opts);
}
main();
