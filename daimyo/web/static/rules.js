// The rules of a game in brief (/rules/<game>): our own summary from the word catalogue (keys rules.<game>.*), in the
// page's language, one click from every game page. Plain JavaScript, no build step; needs common.js.
"use strict";

const RULES_GAME = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");

function renderRules() {
  const box = document.getElementById("rules");
  const base = `rules.${RULES_GAME}`;
  const title = `${base}.title`;
  if (!/^[a-z]+$/.test(RULES_GAME) || !(title in I18N.fallback)) {
    box.replaceChildren(el("p", { class: "message error", text: t("rules.unknown", { game: RULES_GAME }) }));
    return;
  }
  document.title = `daimyo — ${t(title)}`;
  document.getElementById("rules-title").textContent = t(title);
  const parts = [];
  for (let n = 1; `${base}.${n}.h` in I18N.fallback; n++) {
    parts.push(el("section", { class: "panel rules-part" }, el("h2", { text: t(`${base}.${n}.h`) }), el("p", { text: t(`${base}.${n}.p`) })));
  }
  box.replaceChildren(...parts);
}

async function main() {
  await loadLang(chooseLang());
  setupLangSwitch(document.getElementById("lang"));
  I18N.listeners.push(renderRules);
  renderRules();
}
main();
