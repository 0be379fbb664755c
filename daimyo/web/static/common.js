// Shared by every page: translations, clan names and colours, small DOM and SVG helpers. Plain JavaScript, no build step.
// Each game's own names live in its own script (events.js for Rokugan, senjutsu.js); no script redefines a name of another.
"use strict";

const LANGS = ["en", "pl"];
const I18N = { lang: "en", dict: {}, fallback: {}, listeners: [] };

function chooseLang() {
  const saved = localStorage.getItem("daimyo:lang");
  if (saved && LANGS.includes(saved)) return saved;
  const nav = (navigator.language || "en").slice(0, 2).toLowerCase();
  return LANGS.includes(nav) ? nav : "en";
}

async function loadLang(lang) {
  const get = async (l) => (await fetch(`/api/words/${l}`)).json();
  if (!Object.keys(I18N.fallback).length) I18N.fallback = await get("en");
  I18N.dict = lang === "en" ? I18N.fallback : await get(lang);
  I18N.lang = lang;
  document.documentElement.lang = lang;
  applyI18n(document);
  for (const f of I18N.listeners) f();
}

// Which form of a word agrees with n: its CLDR plural category (Intl.PluralRules) among the language's forms,
// English one / other, Polish one / few / many (a Polish fraction, "other", takes the few form).
// The same rule as plural_index in daimyo/words/__init__.py.
const PLURAL_FORMS = { en: ["one", "other"], pl: ["one", "few", "many"] };
function pluralIndex(n, lang) {
  const forms = PLURAL_FORMS[lang] || PLURAL_FORMS.en;
  const i = forms.indexOf(new Intl.PluralRules(lang).select(Math.abs(Number(n))));
  return i < 0 ? 1 : i;
}

// t(key, params): the template in the chosen language (the catalogue daimyo/words/<lang>.json, served at /api/words/<lang>),
// {name} filled in and {name|one|other} (Polish {name|one|few|many}) the word that agrees with the number name.
// The same as daimyo.words.fill in Python.
function t(key, params) {
  let s = I18N.dict[key];
  if (s === undefined) s = I18N.fallback[key];
  if (s === undefined) return key;
  if (params) {
    s = s.replace(/\{(\w+)(?:\|([^{}]*))?\}/g, (m, k, forms) => {
      if (params[k] === undefined || params[k] === null) return m;
      if (forms === undefined) return String(params[k]);
      const words = forms.split("|");
      return words[Math.min(pluralIndex(params[k], I18N.lang), words.length - 1)];
    });
  }
  return s;
}

function applyI18n(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  if (root === document) document.title = pageTitle();
}

// The page's own title in its language, "daimyo — " and the words its <title data-i18n-page> names (a page's script may
// name it more closely: the lobby its game, a profile its player).
function pageTitle() {
  const key = document.querySelector("title[data-i18n-page]");
  return key ? `daimyo — ${t(key.dataset.i18nPage)}` : document.title;
}

function setupLangSwitch(select) {
  for (const l of LANGS) {
    const o = document.createElement("option");
    o.value = l;
    o.textContent = l === "en" ? "English" : "Polski";
    select.appendChild(o);
  }
  select.value = I18N.lang;
  select.addEventListener("change", () => {
    localStorage.setItem("daimyo:lang", select.value);
    loadLang(select.value);
  });
}

// -- names ------------------------------------------------------------------
const CLAN_COLOURS = {
  crab: "#35597d", crane: "#4f9ad1", dragon: "#277a4c", lion: "#d6a21e",
  phoenix: "#e8702a", scorpion: "#b22a2f", unicorn: "#8a4fbf",
};

function clanName(c) { return c ? t("clan." + c) : t("nobody"); }
function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k === "style") setStyle(e, v);
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k.startsWith("data-")) e.setAttribute(k, v);
    else e.setAttribute(k, v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) e.append(c);
  return e;
}

// A box's children replaced by these, an absent one (null, undefined) left out as el() leaves it out: an optional part
// handed to the DOM's own replaceChildren shows as the word "null".
function fillBox(box, ...children) { box.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined)); }

// A bot seat's words, "bot Easy": its level's name where it plays one (the lobby never shows bot specs), else its spec.
function botWords(seat) { return t("players.bot", { bot: seat.level ? t("level." + seat.level) : seat.bot || "" }); }

// A bot level's words in a seat's choice, "Bot: Easy (rating 1517)": the rating its bot has beside its name at a table
// of `players` (the server's shown_at; a count it was not measured at falls back to the level's own, as the table does).
function levelWords(level, players) {
  const at = (level.shown_at || {})[String(players)];
  return t("lobby.level_option", { level: t("level." + level.name), rating: at === undefined ? level.shown : at });
}

const SVGNS = "http://www.w3.org/2000/svg";

// An SVG element with attributes and children (arrays of children are spread).
function svgEl(tag, attrs, ...children) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v !== undefined && v !== null) e.setAttribute(k, v);
  for (const c of children.flat()) if (c !== null && c !== undefined) e.append(c);
  return e;
}

// Inline styles through the CSSOM ("prop: value; ..."): the server's Content-Security-Policy (style-src 'self')
// blocks style attributes written in markup or with setAttribute("style", ...), but not the CSSOM.
function setStyle(e, text) {
  for (const part of String(text).split(";")) {
    const at = part.indexOf(":");
    if (at > 0) e.style.setProperty(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
}

// -- practice games: whoever knows the seed knows every hidden fact ---------------------------------------------------
// Shows the page's practice banner (#practice-banner) once a game summary says practice (a game is practice or not
// from its creation on, so no later summary hides it). A game set up from a file (Rising Sun's war file) gets the
// same banner with its own words: whoever has the file knows the hidden amounts it wrote.
function hiddenKnownWords(summary) {
  if (!summary) return null;
  return summary.practice ? "practice.warning" : summary.from_file ? "file.warning" : null;
}
function showPracticeBanner(summary) {
  const b = document.getElementById("practice-banner");
  const words = hiddenKnownWords(summary);
  if (!b || !words) return;
  b.dataset.i18n = words;
  b.textContent = t(words);
  b.hidden = false;
}

// The banner from GET /api/games/<id>, before the WebSocket's welcome brings the summary again.
async function loadPracticeBanner(gameId) {
  try {
    const r = await fetch(`/api/games/${encodeURIComponent(gameId)}`, { headers: keyHeaders(gameId) });
    if (r.ok) showPracticeBanner(await r.json());
  } catch (e) { /* the welcome message shows it */ }
}

// -- replay of a finished game (GET /api/games/<id>/replay: public views and events only) -------------------------------
// Loads the summary and the steps; null (after `onError(message)`) when the replay cannot be had.
async function loadReplay(gameId, onError) {
  let summary = null;
  const headers = keyHeaders(gameId);   // a private game's key (client.js)
  try { summary = await (await fetch(`/api/games/${encodeURIComponent(gameId)}`, { headers })).json(); } catch (e) { summary = null; }
  const r = await fetch(`/api/games/${encodeURIComponent(gameId)}/replay`, { headers });
  const data = await r.json();
  if (!r.ok) { onError(data.error || r.statusText); return null; }
  return { summary, data };
}

// The replay bar: slider, first/previous/next/last buttons and the record download link.
// `goTo(i)` shows the position after i steps; `pos()` tells the position shown.
function setupReplayBar(gameId, count, goTo, pos) {
  document.getElementById("replay-bar").hidden = false;
  const slider = document.getElementById("rp-slider");
  slider.max = String(count);
  slider.addEventListener("input", () => goTo(Number(slider.value)));
  document.getElementById("rp-first").onclick = () => goTo(0);
  document.getElementById("rp-prev").onclick = () => goTo(pos() - 1);
  document.getElementById("rp-next").onclick = () => goTo(pos() + 1);
  document.getElementById("rp-last").onclick = () => goTo(count);
  recordLink(document.getElementById("rp-record"), gameId);
}

// Shows position i of count on the replay bar.
function showReplayPosition(i, count) {
  document.getElementById("rp-slider").value = String(i);
  document.getElementById("rp-pos").textContent = `${i} / ${count}`;
}

// A game page's replay: loads the replay into the page's state `S` (summary, replay), sets up the replay bar and
// shows the start; `goTo(i)` is the page's own drawing of the position after i steps.
async function startReplayOf(S, gameId, goTo) {
  const got = await loadReplay(gameId, (message) => showMessage(message, "error"));
  if (!got) return;
  S.summary = got.summary;
  showPracticeBanner(S.summary);
  S.replay = got.data;
  setupReplayBar(gameId, got.data.steps.length, goTo, () => S.replayPos);
  showConnection("replay");
  goTo(0);
}

// Moves the page's state `S` to the position after i steps of its replay (clamped; nothing to choose there), shows
// it on the replay bar and closes the result box; returns the events of those steps, for the page's log.
function replayStepTo(S, i) {
  const steps = S.replay.steps;
  i = Math.max(0, Math.min(steps.length, i));
  S.replayPos = i;
  S.view = i === 0 ? S.replay.start : steps[i - 1].view;
  S.legal = [];
  S.seq = i;
  showReplayPosition(i, steps.length);
  const box = document.getElementById("result");
  box.hidden = true;
  delete box.dataset.shown;
  return steps.slice(0, i).flatMap((s) => s.events);
}

// -- a game's result box ----------------------------------------------------------------------------------------------
// Rokugan's final scoring (#scores), Senjutsu's and Rising Sun's result (#result): alike a modal dialog named by its
// heading, whose Close button (#<id>-close) takes the focus when it opens; Close or Escape closes it and gives the focus
// to the button that opens it again (#<id>-open), whose Enter or click opens it again.
function openResultBox(id) {
  const box = document.getElementById(id);
  const opening = box.hidden;
  box.hidden = false;
  if (opening) document.getElementById(id + "-close").focus();
}

function closeResultBox(id) {
  document.getElementById(id).hidden = true;
  const again = document.getElementById(id + "-open");
  if (again && again.offsetParent) again.focus();
}

// Close and open again by the box's buttons; onClose(), onOpen() are the page's own further steps.
function setupResultBox(id, onClose, onOpen) {
  document.getElementById(id + "-close").addEventListener("click", () => { closeResultBox(id); if (onClose) onClose(); });
  document.getElementById(id + "-open").addEventListener("click", () => { if (onOpen) onOpen(); openResultBox(id); });
}

// The title of a game page's move panel: "Your move" with a decision to make, else what this page's person is doing
// (watching, waiting for the others, or the game is over); the same on every game's page.
function movePanelTitle(decides, seat, over) {
  return t(decides ? "actions.title" : seat === null || seat === undefined ? "board.title_watching" : over ? "status.over" : "board.title_waiting");
}
