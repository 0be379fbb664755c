// The Senjutsu page by keyboard alone (issue 11): lit hexes, playable cards and answer buttons are focusable in the
// page's order (board, this turn, answers, hand); arrow keys move among the lit hexes (by direction on the board),
// among the cards and among the answers; Enter (or Space) acts; Escape cancels a picked hex or closes a box; N shows
// the story's next step, S skips to its end; ? lists the keys. After every redraw the focus stays on the same target,
// or, for a keyboard player whose target went away, goes to the first target of the next decision.
// Loaded before senjutsu.js; plain JavaScript, no build step.
"use strict";

const KEYS = { keyboard: false, litHex: null };

// A focusable target's identity across a redraw (the DOM is drawn anew): its kind and its data.
function focusKey(node) {
  if (!node || node === document.body) return null;
  if (node.dataset && node.dataset.hex && node.closest("#board")) return `hex:${node.dataset.hex}`;
  if (node.dataset && node.dataset.card && node.closest("#hand")) return `card:${node.dataset.card}`;
  if (node.dataset && node.dataset.action) return `action:${node.dataset.action}`;
  return node.id ? `id:${node.id}` : null;
}

function findKey(key) {
  if (!key) return null;
  const [kind, ...rest] = key.split(":");
  const val = CSS.escape(rest.join(":"));
  if (kind === "hex") return document.querySelector(`#board .hex.lit[data-hex="${val}"]`);
  if (kind === "card") return document.querySelector(`#hand .sj-card.playable[data-card="${val}"]`);
  if (kind === "action") return document.querySelector(`#actions [data-action="${val}"]`);
  const e = document.getElementById(rest.join(":"));
  return e && !e.closest("[hidden]") ? e : null;
}

// The first target of the decision in front of the player: the story's next step, a facing, a lit hex, a card, an answer.
function firstTarget() {
  if (STORY.playing) return document.getElementById("story-next");
  return document.querySelector("#actions button.facing-button") || document.querySelector("#board .hex.lit[tabindex='0']")
    || document.querySelector("#hand .sj-card.playable") || document.querySelector("#actions button.act");
}

// After a redraw: the same target again, or for a keyboard player whose target is gone, the next decision's first one.
function restoreFocus(key) {
  const again = findKey(key);
  if (again) { again.focus({ preventScroll: true }); return; }
  const now = document.activeElement;
  const lost = !now || now === document.body || !document.contains(now) || now.closest("[hidden]");
  if (!KEYS.keyboard || !lost) return;
  const first = firstTarget();
  if (first) first.focus();
}

// The lit hex in the arrow's direction from hex `from`: the nearest one ahead, the ones straight ahead first.
function hexInDirection(from, dx, dy) {
  const at = (key) => battlefield()[key].centre;
  const [x0, y0] = at(from);
  let best = null, bestScore = Infinity;
  for (const g of document.querySelectorAll("#board .hex.lit")) {
    const key = g.dataset.hex;
    if (key === from) continue;
    const [x, y] = at(key);
    const along = (x - x0) * dx + (y - y0) * dy;
    if (along <= 0.01) continue;
    const across = Math.abs((x - x0) * dy - (y - y0) * dx);
    const score = along + 2 * across;
    if (score < bestScore) { best = g; bestScore = score; }
  }
  return best;
}

// Moves the focus among siblings of a list (the hand's playable cards, the answers) by one.
function moveInList(list, node, by) {
  const items = [...list];
  const i = items.indexOf(node);
  if (i < 0 || !items.length) return;
  items[(i + by + items.length) % items.length].focus();
}

function openKeys() {
  const box = document.getElementById("keys-help");
  box.dataset.back = focusKey(document.activeElement) || "";
  box.hidden = false;
  document.getElementById("keys-close").focus();
}

function closeKeys() {
  const box = document.getElementById("keys-help");
  box.hidden = true;
  const back = findKey(box.dataset.back) || firstTarget();
  if (back) back.focus();
}

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

function onKey(ev) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const node = document.activeElement;
  const typing = node && (["INPUT", "TEXTAREA", "SELECT"].includes(node.tagName) || node.isContentEditable);
  const keysBox = document.getElementById("keys-help");
  if (!keysBox.hidden) {
    if (ev.key === "Escape" || ev.key === "?") { ev.preventDefault(); closeKeys(); }
    return;
  }
  const result = document.getElementById("result");
  if (ev.key === "Escape" && !result.hidden) { ev.preventDefault(); closeResultBox("result"); return; }
  if (typing) return;
  if (ev.key === "?") { ev.preventDefault(); openKeys(); return; }
  if (ev.key === "Escape") {
    if (G.placeHex) {
      ev.preventDefault();
      const was = G.placeHex;
      G.placeHex = null;
      render();
      const hex = findKey("hex:" + was);
      if (hex) hex.focus();
    }
    hideGhost({});
    return;
  }
  if (ev.key === "n" || ev.key === "N") { if (STORY.playing) { ev.preventDefault(); storyNext(); } return; }
  if (ev.key === "s" || ev.key === "S") { if (STORY.playing) { ev.preventDefault(); storySkip(); } return; }
  const arrow = ARROWS[ev.key];
  const hex = node && node.closest && node.closest("#board .hex.lit");
  if (hex && arrow) {
    ev.preventDefault();
    const next = hexInDirection(hex.dataset.hex, arrow[0], arrow[1]);
    if (next) { KEYS.litHex = next.dataset.hex; rovingHex(); next.focus(); }
    return;
  }
  if (hex && (ev.key === "Enter" || ev.key === " ")) { ev.preventDefault(); hex.dispatchEvent(new MouseEvent("click", { bubbles: true })); return; }
  const card = node && node.closest && node.closest("#hand .sj-card.playable");
  if (card && arrow) { ev.preventDefault(); moveInList(document.querySelectorAll("#hand .sj-card.playable"), card, arrow[0] + arrow[1]); return; }
  if (card && (ev.key === "Enter" || ev.key === " ")) { ev.preventDefault(); card.click(); return; }
  const button = node && node.closest && node.closest("#actions button");
  if (button && arrow) { ev.preventDefault(); moveInList(document.querySelectorAll("#actions button"), button, arrow[0] + arrow[1]); }
}

// One lit hex is in the Tab order (the one last reached, else the picked one, else the first); arrows reach the others.
function rovingHex() {
  const lit = [...document.querySelectorAll("#board .hex.lit")];
  if (!lit.length) return;
  const keep = lit.find((g) => g.dataset.hex === KEYS.litHex) || lit.find((g) => g.dataset.hex === G.placeHex) || lit[0];
  for (const g of lit) g.setAttribute("tabindex", g === keep ? "0" : "-1");
}

function setupKeys() {
  document.addEventListener("keydown", (ev) => { if (["Tab", "Enter", " ", "Escape", ...Object.keys(ARROWS)].includes(ev.key)) KEYS.keyboard = true; }, true);
  document.addEventListener("pointerdown", () => { KEYS.keyboard = false; }, true);
  document.addEventListener("keydown", onKey);
  document.getElementById("keys-open").addEventListener("click", openKeys);
  document.getElementById("keys-close").addEventListener("click", closeKeys);
}
