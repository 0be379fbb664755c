// Senjutsu's actions as small ints (what the rules, the bots and the playouts use) and as the Python engine's texts
// (state.py's legal_moves, what the Python interface shows and takes). A text is made only when asked for.
//
// A question's option, by kind: alt 1 alternative / 0 normal; replace, _counter, _instant, _plain, _bump, search a
// card index or -1 for none; enddiscard, kwdiscard a card index; variable the initiative; order the place (from 1);
// or the option's index; focus 1 pay / 0 skip; change the steps' Kamae (path_code, 2 bits each); switch the Kamae;
// move the plan's index in the line's plans; target and pick the seat; rotate_target -1 left, 1 right, 0 no; shove
// the directions (path_code, 3 bits each, the flag set for a pull).
#include <set>
#include <stdexcept>

#include "sj_encode.hpp"
#include "sj_lines.hpp"

namespace daimyo::sj {

const char* const QKINDS[Q_COUNT] = {"alt", "replace", "variable", "order", "enddiscard", "or", "focus", "change", "switch",
                                     "move", "_bump", "target", "_counter", "_instant", "_plain", "pick", "rotate_target",
                                     "shove", "kwdiscard", "search"};

const char* known_rule(const std::string& rule) {
  static std::set<std::string> rules;   // a rule handed over by name, kept for the duel's lifetime
  return rules.insert(rule).first->c_str();
}

static std::string card_or(const State& s, int c, const char* none) { return c < 0 ? std::string(none) : s.card(c).id; }

std::string option_text(const State& s, const Question& q, int opt) {
  switch (q.kind) {
    case Q_ALT: return opt ? "speed alt" : "speed normal";
    case Q_REPLACE: return "replace " + card_or(s, opt, "no");
    case Q_VARIABLE: return "initiative " + std::to_string(opt);
    case Q_ORDER: return "order " + std::to_string(opt);
    case Q_ENDDISCARD: case Q_KWDISCARD: return "discard " + s.card(opt).id;
    case Q_BUMP: return "discard " + card_or(s, opt, "-");
    case Q_OR: return "or " + std::to_string(opt + 1);
    case Q_FOCUS: return opt ? "focus pay" : "focus skip";
    case Q_CHANGE: {
      std::string t = "kamae";
      auto steps = path_steps(opt, 2);
      if (steps.empty()) t += " -";
      for (int k : steps) t += std::string(" ") + KAMAE[k];
      return t;
    }
    case Q_SWITCH: return std::string("switch ") + KAMAE[opt];
    case Q_MOVE: {
      Line local;
      return "move " + plan_text(current_line(s, q.depth, local).plans.at(static_cast<size_t>(opt)));
    }
    case Q_TARGET: case Q_PICK: return "target " + seat_name(opt);
    case Q_COUNTER: return "counter " + card_or(s, opt, "no");
    case Q_INSTANT: case Q_PLAIN: return "instant " + card_or(s, opt, "no");
    case Q_ROTATE: return opt < 0 ? "turn left" : opt > 0 ? "turn right" : "turn no";
    case Q_SHOVE: {
      std::string t = keyword_word((opt >> 4) & 1 ? K_PULL : K_PUSH) + " ";
      auto steps = path_steps(opt, 3);
      for (size_t k = 0; k < steps.size(); ++k) t += (k ? " " : "") + std::string(FACINGS[steps[k]]);
      return t;
    }
    case Q_SEARCH: return "search " + card_or(s, opt, "none");
    default: throw std::logic_error("a question of no known kind");
  }
}

// ---------------------------------------------------------------- texts back to options (a question handed over)
static std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i <= text.size()) {
    size_t k = text.find(' ', i);
    if (k == std::string::npos) k = text.size();
    out.push_back(text.substr(i, k - i));
    i = k + 1;
  }
  return out;
}

static int name_of(const char* const* names, int count, const std::string& w) {
  for (int k = 0; k < count; ++k)
    if (w == names[k]) return k;
  throw std::invalid_argument("'" + w + "' is not a known word");
}

static int card_word(const State& s, const std::string& w, const char* none) {
  if (w == none) return -1;
  auto it = s.cs->index.find(w);
  if (it == s.cs->index.end()) throw std::invalid_argument("'" + w + "' is not a card of this card set");
  return it->second;
}

static int guess(const State& s, const Question& q, const std::string& text) {
  auto w = words(text);
  const std::string& a = w.size() > 1 ? w[1] : w[0];
  switch (q.kind) {
    case Q_ALT: return a == "alt";
    case Q_REPLACE: return card_word(s, a, "no");
    case Q_VARIABLE: case Q_ORDER: return std::stoi(a);
    case Q_ENDDISCARD: case Q_KWDISCARD: return card_word(s, a, "");
    case Q_BUMP: return card_word(s, a, "-");
    case Q_OR: return std::stoi(a) - 1;
    case Q_FOCUS: return a == "pay";
    case Q_CHANGE: {
      std::vector<int> steps;
      for (size_t k = 1; k < w.size(); ++k)
        if (w[k] != "-") steps.push_back(name_of(KAMAE, 4, w[k]));
      return path_code(steps, 2);
    }
    case Q_SWITCH: return name_of(KAMAE, 4, a);
    case Q_MOVE: {
      Line local;
      const Line& line = current_line(s, q.depth, local);
      std::string plan = text.substr(text.find(' ') + 1);
      for (size_t k = 0; k < line.plans.size(); ++k)
        if (plan_text(line.plans[k]) == plan) return static_cast<int>(k);
      throw std::invalid_argument("'" + plan + "' is no plan of the line");
    }
    case Q_TARGET: case Q_PICK: return std::stoi(a.substr(1)) - 1;
    case Q_COUNTER: return card_word(s, a, "no");
    case Q_INSTANT: case Q_PLAIN: return card_word(s, a, "no");
    case Q_ROTATE: return a == "left" ? -1 : a == "right" ? 1 : 0;
    case Q_SHOVE: {
      std::vector<int> steps;
      for (size_t k = 1; k < w.size(); ++k)
        if (!w[k].empty()) steps.push_back(name_of(FACINGS, 6, w[k]));
      return path_code(steps, 3, w[0] == "pull");
    }
    case Q_SEARCH: return card_word(s, a, "none");
    default: throw std::invalid_argument("a question of no known kind");
  }
}

int parse_option(const State& s, const Question& q, const std::string& text) {
  int opt;
  try {
    opt = guess(s, q, text);
  } catch (const std::out_of_range&) {
    throw std::invalid_argument("'" + text + "' is not an option of a " + QKINDS[q.kind] + " question");
  }
  if (option_text(s, q, opt) != text)
    throw std::invalid_argument("'" + text + "' is not an option of a " + QKINDS[q.kind] + " question");
  return opt;
}

// ---------------------------------------------------------------- the actions as texts (the Python interface)
std::string act_text(const State& s, int seat, int act) {
  switch (s.phase) {
    case PH_TERRAIN: return terrain_options(s).at(static_cast<size_t>(act));
    case PH_PREPARE: return prepare_options(s, seat).at(static_cast<size_t>(act));
    case PH_PLACE: return "place " + hex_text(place_hex(act)) + " " + FACINGS[act % 8];
    case PH_CHOOSE: return "play " + card_name(s, act);
    case PH_DECIDE: return option_text(s, *s.pending, act);
    default: throw std::invalid_argument("no action is legal in the over phase");
  }
}

std::vector<std::string> legal_moves(const State& s, int seat) {
  if (!to_act(s).has(seat)) return {};
  if (s.phase == PH_TERRAIN) return terrain_options(s);
  if (s.phase == PH_PREPARE) return prepare_options(s, seat);
  std::vector<std::string> out;
  for (int act : legal_acts(s, seat)) out.push_back(act_text(s, seat, act));
  return out;
}

int act_of(const State& s, int seat, const std::string& text) {
  for (int act : legal_acts(s, seat))
    if (act_text(s, seat, act) == text) return act;
  throw std::invalid_argument("'" + text + "' is not a legal action now");
}

Events apply_move(State& s, int seat, const std::string& text) { return apply_act(s, seat, act_of(s, seat, text)); }

// ---------------------------------------------------------------- the environments' slots (no text made)
int legal_count(const State& s, int seat) {
  if (s.phase == PH_DECIDE) return s.pending && s.pending->seat == seat ? static_cast<int>(s.pending->options.size()) : 0;
  return static_cast<int>(legal_acts(s, seat).size());
}

int slot_act(const State& s, int seat, int k) {
  if (s.phase == PH_DECIDE && s.pending && s.pending->seat == seat)
    return s.pending->options.at(static_cast<size_t>(k));
  return legal_acts(s, seat).at(static_cast<size_t>(k));
}

}  // namespace daimyo::sj
