// Battle for Rokugan in words (English and Polish through t()): the names of its places, tokens, cards and objectives,
// its events, and the detail shown for a resolution step.
// daimyo/words/rokugan.py says the same sentences in Python (the terminal); a test checks both give the same text.
"use strict";

// -- names ------------------------------------------------------------------------------------------------------------
function territoryName(id) { return t("territory." + id); }
function provinceName(p) {
  const m = /^(.*)_(\d)$/.exec(p);
  if (!m) return territoryName(p);
  const short = I18N.dict["province_prefix." + m[1]] || I18N.fallback["province_prefix." + m[1]];
  return `${short || territoryName(m[1])} ${m[2]}`;
}
function cardName(id) { return t("card." + id); }
function objectiveName(id) { return id ? t("objective." + id) : "—"; }

// The printed components (GET /api/rokugan/data), for what objectives ask; a game's page asks with its id, and a
// table played under a rules file gets that file's numbers (docs/web.md).
const DATA = { objectives: {} };
async function loadData() {
  try {
    const id = typeof gameId === "string" ? gameId : null;
    const url = id ? "/api/rokugan/data?game=" + encodeURIComponent(id) : "/api/rokugan/data";
    const d = await (await fetch(url, { headers: id ? keyHeaders(id) : {} })).json();
    for (const o of (d.objectives && d.objectives.objectives) || []) DATA.objectives[o.id] = o;
  } catch (e) { /* names still come from the translations */ }
}

function objectiveText(id) {
  const o = DATA.objectives[id];
  if (!o) return "";
  const provinces = Array.isArray(o.provinces_list) ? o.provinces_list.map(provinceName).join(", ") : o.provinces;
  return t("objcond." + o.condition, { territory: o.territory ? territoryName(o.territory) : "", honor: o.honor, provinces, territories: o.territories });
}
function cardText(id) { return t("cardtext." + id); }
function specialName(s) { return t("special." + s); }

const TOKEN_KINDS = { a: "army", n: "navy", s: "shinobi", b: "blessing" };
function tokenName(code) {
  if (!code) return t("token.hidden");
  const m = /^([ansb])(\d)$/.exec(code);
  if (m) return t("token." + TOKEN_KINDS[m[1]], { n: m[2] });
  return t("token." + code);
}

function placeName(place) {
  if (!place) return "";
  if (place.startsWith("#")) return t("place.token", { n: place.slice(1) });
  if (place.startsWith("~")) return t("place.coast", { province: provinceName(place.slice(1)) });
  if (place.includes(">")) {
    const [a, b] = place.split(">");
    return t("place.border", { from: provinceName(a), to: provinceName(b) });
  }
  return provinceName(place);
}

// An event arrives as {"kind": ..., ...data} (Event.to_dict) or {"kind": ..., "data": {...}}.
function evData(e) { return e.data && typeof e.data === "object" && !Array.isArray(e.data) ? e.data : e; }

function tokList(tokens) {
  return (tokens || []).map((x) => `${clanName(x.owner)} ${tokenName(x.code)} (${placeName(x.at)})`).join(", ");
}

function whyText(why) {
  if (!why) return "";
  const key = {
    "bluff": "why.bluff",
    "defended and not attacked": "why.defended_not_attacked",
    "every attack on it failed": "why.attacks_failed",
    "no shinobi of the raider in the province and no adjacent province controlled by it": "why.raid_no_reach",
  }[why];
  if (key) return t(key);
  // a rule message of the engine (English): say it was illegal, and the rule message in this language
  return I18N.lang === "en" ? why : `${t("why.illegal")} (${ruleSaid(why)})`;
}

// An engine's English rule message ("message [rule]") in the page's language: read back into its code and params with
// the catalogue's English templates err.rk.*, said from this language's template; as written when none matches.
// The same as said() in daimyo/words/errors.py.
let RULE_PATTERNS = null;
function ruleSaid(message) {
  if (!RULE_PATTERNS) {
    const esc = (x) => x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    RULE_PATTERNS = Object.keys(I18N.fallback).filter((k) => k.startsWith("err.rk.")).sort().map((key) => {
      const tpl = I18N.fallback[key];
      const seen = new Set();
      let re = "^", at = 0;
      for (const m of tpl.matchAll(/\{(\w+)(?:\|([^{}]*))?\}/g)) {
        re += esc(tpl.slice(at, m.index));
        if (m[2] !== undefined) re += "(?:" + m[2].split("|").map(esc).join("|") + ")";
        else if (seen.has(m[1])) re += `\\k<${m[1]}>`;
        else { seen.add(m[1]); re += `(?<${m[1]}>.+?)`; }
        at = m.index + m[0].length;
      }
      return [key, new RegExp(re + esc(tpl.slice(at)) + "$")];
    });
  }
  const whole = /^(.*) \[([^[\]]*)\]$/.exec(message);
  const text = whole ? whole[1] : message;
  for (const [key, re] of RULE_PATTERNS) {
    const m = re.exec(text);
    if (!m) continue;
    const p = { ...m.groups };
    const named = (name, prefix) => { if (typeof p[name] === "string" && I18N.fallback[prefix + p[name]] !== undefined) p[name] = t(prefix + p[name]); };
    named("clan", "clan.");
    named("card", "card.");
    named("kind", "err.kind.");
    named("phase", "phase.");
    const pm = /^(.*)_(\d)$/.exec(p.province || "");
    if (pm && I18N.fallback["territory." + pm[1]] !== undefined) p.province = provinceName(p.province);
    else if (p.province && I18N.fallback["territory." + p.province] !== undefined && p.province.startsWith("shadowlands")) p.province = provinceName(p.province);
    return t(key, p);
  }
  return message;
}

function sourceName(src) { return t("source." + src); }

// One sentence for an event.
function describe(e) {
  if (isPlayNote(e)) return playNoteText(e);   // not the engine's: a stand-in or a resignation (play.js)
  const d = evData(e);
  const k = e.kind;
  const p = {
    clan: clanName(d.clan), province: d.province ? provinceName(d.province) : "", owner: clanName(d.owner),
    token: d.token, code: tokenName(d.code), count: d.count, round: d.round, territory: d.territory ? territoryName(d.territory) : "",
    target: clanName(d.target),
  };
  switch (k) {
    case "clan": return t("event.clan", { seat: d.seat + 1, clan: clanName(d.clan) });
    case "objective": return t("event.objective", { ...p, objective: objectiveName(d.objective) });
    case "control": case "objective-kept": case "objectives-chosen": case "resolution": case "round": case "placement":
    case "draw": case "spy": case "territory-claimed": case "territory-card-returned": case "take-from-discard": case "discard-from-hand":
    case "control-removed": case "ronin": case "ronin-ends":
      return t("event." + k, p);
    case "drew": return t("event.drew", { ...p, tokens: (d.tokens || []).map(tokenName).join(", ") });
    case "saw-hand": return t("event.saw-hand", { ...p, tokens: (d.tokens || []).map(tokenName).join(", ") });
    case "first-player":
      return t("event.first-player", { ...p, card: ["crab", "crane", "dragon", "lion", "phoenix", "scorpion", "unicorn"].includes(d.card) ? t("initiative.clan", { clan: clanName(d.card) }) : t("initiative." + d.card) });
    case "pass":
      if (d.ability) return t("event.pass-ability." + d.ability, p);
      return t(d.automatic ? "event.pass-automatic" : "event.pass", p);
    case "play": return t("event.play", { ...p, card: cardName(d.card) });
    case "place": return t("event.place", { ...p, place: placeName(d.at), n: d.token });
    case "place-own": return t("event.place-own", { ...p, place: placeName(d.at), n: d.token });
    case "return-to-pool":
      if (d.owner) return t("event.return-to-pool-token", { ...p, n: d.token });
      return t("event.return-to-pool", p);
    case "returned": return t("event.returned", p);
    case "look": return t("event.look", { ...p, source: sourceName(d.source), n: d.token });
    case "saw": return t("event.saw", { ...p, source: sourceName(d.source), n: d.token });
    case "discard": return t("event.discard", { ...p, source: sourceName(d.source), n: d.token });
    case "swap": return t("event.swap", { ...p, a: (d.tokens || [])[0], b: (d.tokens || [])[1] });
    case "swap-control": return t("event.swap-control", { ...p, a: provinceName(d.provinces[0]), b: provinceName(d.provinces[1]) });
    case "control-added": return t(d.faceup !== undefined ? "event.control-added-faceup" : "event.control-added", { ...p, count: d.faceup !== undefined ? d.faceup : d.count });
    case "special":
      return t(d.replaced ? "event.special-replaced" : "event.special", { ...p, special: specialName(d.token), replaced: d.replaced ? specialName(d.replaced) : "" });
    case "special-removed": return t("event.special-removed", { ...p, special: specialName(d.token) });
    case "reveal": return t("event.reveal", { tokens: tokList(d.tokens) || t("none") });
    case "removed":
      if (!d.tokens || !d.tokens.length) return t("event.removed-none");
      return t("event.removed", { tokens: d.tokens.map((x) => `${clanName(x.owner)} ${tokenName(x.code)} (${placeName(x.at)}): ${whyText(x.why)}`).join("; ") });
    case "raid":
      return t(d.control_removed_from ? "event.raid" : "event.raid-empty", { ...p, from: clanName(d.control_removed_from), tokens: tokList(d.discarded) || t("none") });
    case "raid-fails": return t("event.raid-fails", { ...p, why: whyText(d.why) });
    case "diplomacy": return t("event.diplomacy", { ...p, tokens: tokList(d.discarded) || t("none") });
    case "successful-defense": return t("event.successful-defense", { ...p, why: whyText(d.why), count: d.faceup_added });
    case "battle": return battleSentence(d);
    case "final-scoring":
      return t("event.final-scoring", { clans: (d.winners || []).map(clanName).join(", ") });
    default:
      return t("event.unknown", { kind: k });
  }
}

function battleSentence(d) {
  const sides = d.attackers.map((a) => t("battle.side", { clan: clanName(a.clan), total: a.total })).join(", ");
  const base = { province: provinceName(d.province), attackers: sides, defender: clanName(d.defender.clan), defense: d.defender.total };
  if (d.outcome === "taken") return t(d.control_placed === 0 ? "event.battle-taken-empty" : "event.battle-taken", { ...base, winner: clanName(d.winner) });
  if (d.outcome === "defended") return t("event.battle-defended", { ...base, winner: clanName(d.winner) });
  return t("event.battle-nothing", base);
}

// The detail of a battle: each side's total and where it came from.
function battleDetail(d) {
  const rows = [];
  for (const a of d.attackers) {
    const parts = a.tokens.map((x) => `${tokenName(x.code)} (${placeName(x.at)})`).join(" + ") || "0";
    rows.push(el("tr", { class: "attacker" }, el("td", {}, swatch(a.clan), clanName(a.clan)), el("td", { text: t("battle.attack") }),
      el("td", { text: parts }), el("td", { class: "num", text: String(a.total) })));
    if (a.defense_faced !== d.defender.total) {
      rows.push(el("tr", { class: "note" }, el("td", { colspan: 4, text: t("battle.defense_faced", { clan: clanName(a.clan), n: a.defense_faced }) })));
    }
  }
  const df = d.defender;
  const parts = [];
  if (df.combat_tokens) parts.push(t("battle.part.tokens", { n: df.combat_tokens, tokens: df.tokens.map((x) => tokenName(x.code)).join(" + ") }));
  if (df.printed) parts.push(t("battle.part.printed", { n: df.printed }));
  if (df.faceup_control) parts.push(t("battle.part.faceup", { n: df.faceup_control }));
  if (df.special) parts.push(t("battle.part.special", { n: df.special }));
  if (df.lion_bluff) parts.push(t("battle.part.lion", { n: df.lion_bluff }));
  rows.push(el("tr", { class: "defender" }, el("td", {}, df.clan ? swatch(df.clan) : "", df.clan ? clanName(df.clan) : t("battle.nobody")),
    el("td", { text: t("battle.defense") }), el("td", { text: parts.join(" + ") || "0" }), el("td", { class: "num", text: String(df.total) })));
  return el("table", { class: "battle" }, rows);
}

function swatch(clan) { return el("span", { class: "swatch", style: `background:${CLAN_COLOURS[clan] || "#888"}` }); }

// The province an event is about, to light it up on the board.
function eventProvince(e) {
  const d = evData(e);
  return d.province || null;
}

// Kinds shown one by one in the resolution panel.
const STEP_KINDS = new Set(["resolution", "reveal", "removed", "raid", "raid-fails", "diplomacy", "battle", "successful-defense",
  "territory-claimed", "territory-card-returned", "final-scoring", "round"]);
