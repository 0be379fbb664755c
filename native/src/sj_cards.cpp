// A card set handed over by the Python loader (daimyo/senjutsu/cards.py): every line as the engine reads it, a
// movement line's plans worked out once (movement.plans), card ids numbered in sorted order. No card is compiled in.
#include <algorithm>
#include <set>

#include <nanobind/stl/vector.h>

#include "sj_bind.hpp"

namespace daimyo::sj::bind {

namespace {

// ---------------------------------------------------------------- cards
const char* const EFFECT_KEYS[16] = {"move", "attack", "block", "push", "pull", "rotate_target", "discard", "swap",
                                     "cancel_active", "search", "advantage", "gain_focus", "draw", "change", "switch", "or"};

void interleavings(std::vector<std::vector<int>> seqs, std::vector<int>& prefix, std::set<std::vector<int>>& out) {
  std::vector<std::vector<int>> rest;
  for (auto& q : seqs)
    if (!q.empty()) rest.push_back(q);
  if (rest.empty()) {
    out.insert(prefix);
    return;
  }
  for (size_t i = 0; i < rest.size(); ++i) {
    auto next = rest;
    prefix.push_back(next[i][0]);
    next[i].erase(next[i].begin());
    interleavings(next, prefix, out);
    prefix.pop_back();
  }
}

// movement.plans: every atom sequence a movement line allows, sorted by (length, atoms)
std::vector<std::vector<int>> movement_plans(nb::list parts, bool mandatory, bool then) {
  static const std::vector<int> STEP_ANY = {A_F, A_FR, A_BR, A_B, A_BL, A_FL};
  std::vector<std::vector<std::vector<int>>> per_part;
  for (nb::handle ph : parts) {
    nb::dict p = nb::cast<nb::dict>(ph);
    std::set<std::vector<int>> out;
    if (has(p, "step")) {
      int n = has(p, "n") ? integer(p["n"]) : 1;
      std::string kind = str(p["step"]);
      std::vector<int> dirs = kind == "forward" ? std::vector<int>{A_F}
                              : kind == "front" ? std::vector<int>{A_F, A_FL, A_FR} : STEP_ANY;
      if (!mandatory) out.insert(std::vector<int>{});
      for (int d : dirs)
        for (int k = mandatory ? n : 0; k <= n; ++k)
          if (k) out.insert(std::vector<int>(k, d));
    } else {
      int n = integer(p["rotate"]);
      if (mandatory) {
        out.insert(std::vector<int>(n, A_L));
        out.insert(std::vector<int>(n, A_R));
      } else {
        for (int k = 0; k <= n; ++k)
          for (int bits = 0; bits < (1 << k); ++bits) {
            std::vector<int> seq;
            for (int b = k - 1; b >= 0; --b) seq.push_back((bits >> b) & 1 ? A_R : A_L);
            out.insert(seq);
          }
      }
    }
    per_part.push_back(std::vector<std::vector<int>>(out.begin(), out.end()));
  }
  std::set<std::vector<int>> all;
  std::vector<size_t> idx(per_part.size(), 0);
  while (true) {
    std::vector<std::vector<int>> combo;
    for (size_t k = 0; k < per_part.size(); ++k) combo.push_back(per_part[k][idx[k]]);
    if (then) {
      std::vector<int> flat;
      for (auto& q : combo) flat.insert(flat.end(), q.begin(), q.end());
      all.insert(flat);
    } else {
      std::vector<int> prefix;
      interleavings(combo, prefix, all);
    }
    size_t k = per_part.size();
    while (k > 0) {
      --k;
      if (++idx[k] < per_part[k].size()) break;
      idx[k] = 0;
      if (k == 0) { k = SIZE_MAX; break; }
    }
    if (k == SIZE_MAX || per_part.empty()) break;
  }
  std::vector<std::vector<int>> plans(all.begin(), all.end());
  std::stable_sort(plans.begin(), plans.end(), [](const auto& a, const auto& b) {
    if (a.size() != b.size()) return a.size() < b.size();
    return a < b;
  });
  return plans;
}

std::vector<int> effects_of(nb::handle list, const std::string& where) {
  std::vector<int> out;
  for (nb::handle e : nb::cast<nb::list>(list)) out.push_back(name_index(EFFECTS, 10, str(e), where));
  return out;
}

Line parse_line(nb::handle h, const std::string& where) {
  nb::dict d = nb::cast<nb::dict>(h);
  Line ln;
  int found = -1;
  for (int k = 0; k < 16; ++k)
    if (has(d, EFFECT_KEYS[k])) found = k;
  if (found < 0) bad(where, "a line without an effect");
  ln.kind = found;
  if (has(d, "kamae")) ln.kamae = name_index(KAMAE, 4, str(d["kamae"]), where + ".kamae");
  if (has(d, "focus")) ln.focus = integer(d["focus"]);
  if (has(d, "if")) ln.if_successful = str(d["if"]) == "successful";
  if (has(d, "mandatory")) ln.mandatory = nb::cast<bool>(d["mandatory"]);
  if (has(d, "then")) ln.then = nb::cast<bool>(d["then"]);
  if (has(d, "range")) ln.range = integer(d["range"]);
  if (has(d, "when")) ln.when = name_index(TIMINGS, 4, str(d["when"]), where + ".when");
  if (has(d, "counter"))
    for (nb::handle c : nb::cast<nb::list>(d["counter"])) ln.counter.push_back(integer(c));
  nb::handle v = d[EFFECT_KEYS[found]];
  switch (found) {
    case K_MOVE: ln.plans = movement_plans(nb::cast<nb::list>(v), ln.mandatory, ln.then); break;
    case K_ATTACK: {
      nb::dict a = nb::cast<nb::dict>(v);
      if (has(a, "grid")) {
        ln.grid = true;
        for (auto [cell, effs] : nb::cast<nb::dict>(a["grid"])) {
          Cell c;
          c.offset = relative_offset(str(cell));
          c.effects = effects_of(effs, where + ".attack.grid");
          ln.cells.push_back(c);
        }
      } else {
        ln.effects = effects_of(a["effects"], where + ".attack.effects");
        if (has(a, "range")) ln.attack_range = integer(a["range"]);
        if (has(a, "lower")) ln.lower = nb::cast<bool>(a["lower"]);
      }
      break;
    }
    case K_BLOCK:
      for (nb::handle c : nb::cast<nb::list>(v)) {
        ln.cells.push_back(Cell{relative_offset(str(c)), {}});
        ln.cell_names.push_back(str(c));
      }
      break;
    case K_SWITCH: ln.n = str(v) == "any" ? 4 : name_index(KAMAE, 4, str(v), where + ".switch"); break;
    case K_CANCEL_ACTIVE: ln.n = str(v) == "card" ? 0 : 1; break;
    case K_SEARCH: {
      nb::dict sd = nb::cast<nb::dict>(v);
      ln.n = has(sd, "top") ? integer(sd["top"]) : 0;
      break;
    }
    case K_OR: {
      int k = 0;
      for (nb::handle sub : nb::cast<nb::list>(v)) ln.options.push_back(parse_line(sub, where + ".or[" + std::to_string(k++) + "]"));
      break;
    }
    case K_SWAP: case K_ADVANTAGE: break;
    default: ln.n = integer(v);
  }
  return ln;
}

const char* const TYPE_NAMES[3] = {"defence", "attack", "meditation"};
const char* const INSTANT_NAMES[4] = {"", "replacement", "additional", "instant"};

}  // namespace

std::shared_ptr<CardSet> load_cards(nb::list cards, nb::list characters) {
  auto cs = std::make_shared<CardSet>();
  std::vector<std::pair<std::string, nb::dict>> raw;
  for (nb::handle h : cards) {
    nb::dict d = nb::cast<nb::dict>(h);
    raw.push_back({str(d["id"]), d});
  }
  std::sort(raw.begin(), raw.end(), [](auto& a, auto& b) { return a.first < b.first; });
  for (size_t i = 0; i < raw.size(); ++i) cs->index[raw[i].first] = static_cast<int>(i);
  cs->cards.resize(raw.size());
  cs->instant_ids.assign(6, {});
  for (size_t i = 0; i < raw.size(); ++i) {
    nb::dict d = raw[i].second;
    Card& c = cs->cards[i];
    std::string where = "card '" + raw[i].first + "'";
    c.id = raw[i].first;
    c.name = str(d["name"]);
    c.type = name_index(TYPE_NAMES, 3, str(d["type"]), where + ".type");
    c.hi = integer(d["initiative"][0]);
    c.lo = integer(d["initiative"][1]);
    c.focus = integer(d["focus"]);
    if (!d["kamae"].is_none()) c.kamae = name_index(KAMAE, 4, str(d["kamae"]), where + ".kamae");
    if (!d["alt"].is_none()) {
      nb::dict a = nb::cast<nb::dict>(d["alt"]);
      c.has_alt = true;
      c.alt_initiative = integer(a["initiative"]);
      if (has(a, "kamae")) c.alt_kamae = name_index(KAMAE, 4, str(a["kamae"]), where + ".alt");
      if (has(a, "focus")) c.alt_focus = integer(a["focus"]);
    }
    if (!d["instant"].is_none()) c.instant = name_index(INSTANT_NAMES, 4, str(d["instant"]), where + ".instant");
    if (!d["play"].is_none()) c.play = name_index(TIMINGS, 6, str(d["play"]), where + ".play");
    if (!d["condition"].is_none()) c.condition = name_index(CONDITIONS, 3, str(d["condition"]), where + ".condition");
    if (!d["split"].is_none()) {
      c.has_split = true;
      c.split_initiative = integer(d["split"]["initiative"]);
      c.split_line = integer(d["split"]["line"]);
    }
    if (!d["core"].is_none()) c.core = str(d["core"]) == "ability" ? 1 : 2;
    int k = 0;
    for (nb::handle ln : nb::cast<nb::list>(d["lines"])) {
      c.lines.push_back(parse_line(ln, where + ".lines[" + std::to_string(k) + "]"));
      c.lines.back().card = static_cast<int>(i), c.lines.back().src = 0, c.lines.back().index = k++;
    }
    k = 0;
    for (nb::handle ln : nb::cast<nb::list>(d["asterisk"])) {
      c.asterisk.push_back(parse_line(ln, where + ".asterisk[" + std::to_string(k) + "]"));
      c.asterisk.back().card = static_cast<int>(i), c.asterisk.back().src = 1, c.asterisk.back().index = k++;
    }
    for (const Line& ln : c.lines) c.hooks |= ln.when == T_START || ln.when == T_PRE || ln.when == T_POST;
    if (c.instant == I_INSTANT && c.play >= 0) cs->instant_ids[c.play].push_back(static_cast<int>(i));
  }
  for (nb::handle h : characters) {
    nb::dict d = nb::cast<nb::dict>(h);
    Character ch;
    ch.id = str(d["id"]);
    ch.name = str(d["name"]);
    ch.hand_limit = integer(d["hand_limit"]);
    ch.wound_limit = integer(d["wound_limit"]);
    for (nb::handle b : nb::cast<nb::list>(d["branches"]))
      ch.branches.push_back({name_index(KAMAE, 4, str(b[0]), "branches"), name_index(KAMAE, 4, str(b[1]), "branches"),
                             nb::cast<bool>(b[2]) ? 1 : 0});
    cs->character_index[ch.id] = static_cast<int>(cs->characters.size());
    cs->characters.push_back(ch);
  }
  return cs;
}

}  // namespace daimyo::sj::bind
