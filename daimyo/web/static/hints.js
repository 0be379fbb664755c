// Help around every game page: a "Rules" link to the game's rules in brief (/rules/<game>, a new tab) and, through a
// first game, a hint for the phase the game is in (keys hint.<game>.<phase> of the word catalogue), which the player
// can hide and show again (kept on this browser). Loaded after common.js by each game's page, which names its game
// in body[data-game-name]; it watches the page's body[data-phase], body[data-legal] (how many moves this page may
// make now) and body[data-status] (play.js: "waiting" at the table before the start) and needs nothing else.
// A phase's hint speaks to the player deciding: while others decide (or the table waits for its start) the hint says
// so instead; the phases nobody decides in (the resolution, the end) have their hint for everyone.
"use strict";

const HINTS_KEY = "daimyo:hints";

function hintsGame() { return document.body.dataset.gameName || ""; }

function hintsOn() { return localStorage.getItem(HINTS_KEY) !== "off"; }

const HINTS_FOR_ALL = new Set(["resolution", "over"]);

// The hint's key now: the table before the start, another player's decision, or this page's phase.
function hintKey() {
  const body = document.body.dataset;
  if (body.status === "waiting") return "hint.table";
  const phase = body.phase || "";
  if (!HINTS_FOR_ALL.has(phase) && body.watching === "1") return "hint.watching";   // a spectator decides nothing
  if (!HINTS_FOR_ALL.has(phase) && body.legal !== undefined && Number(body.legal) === 0) return "hint.others";
  return `hint.${hintsGame()}.${phase}`;
}

function drawHint() {
  const box = document.getElementById("hint");
  const toggle = document.getElementById("hints-toggle");
  if (!box || !toggle) return;
  const key = hintKey();
  const known = key in I18N.fallback;
  box.hidden = !hintsOn() || !known;
  toggle.textContent = t(hintsOn() ? "hint.hide" : "hint.show");
  toggle.setAttribute("aria-pressed", String(!hintsOn()));
  if (known) document.getElementById("hint-text").textContent = t(key);
}

function setupHints() {
  const header = document.querySelector("header.top");
  const rules = el("a", { class: "rules-link", id: "rules-link", href: `/rules/${hintsGame()}`, target: "_blank", rel: "noopener",
    "data-i18n": "rules.link", "data-i18n-title": "rules.link_hint", text: t("rules.link"), title: t("rules.link_hint") });
  const toggle = el("button", { type: "button", id: "hints-toggle", class: "hints-toggle", text: "" });
  toggle.addEventListener("click", () => {
    localStorage.setItem(HINTS_KEY, hintsOn() ? "off" : "on");
    drawHint();
  });
  const lang = header.querySelector("label.lang");
  header.insertBefore(rules, lang);
  header.insertBefore(toggle, lang);
  const box = el("aside", { id: "hint", class: "phase-hint", role: "note", hidden: "" },
    el("strong", { "data-i18n": "hint.title", text: t("hint.title") }), " ", el("span", { id: "hint-text" }));
  header.insertAdjacentElement("afterend", box);
  new MutationObserver(drawHint).observe(document.body, { attributes: true, attributeFilter: ["data-phase", "data-legal", "data-status"] });
  I18N.listeners.push(drawHint);
  drawHint();
  return box;
}

// (the pages load their scripts at the end of the body, so the header is there already)
const HINT_BOX = setupHints();
