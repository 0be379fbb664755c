// Setup's actions (setup.py): terrain pieces placed in turns (Battlefield Setup 2), prepared cards (Player Setup 7-8),
// placing the characters (Player Setup 11-12) and the deal (Player Setup 13). The checks of a new duel and its
// shuffles are the Python engine's (the duel is handed over after them: daimyo/senjutsu/native.py).
#include <algorithm>
#include <stdexcept>

#include "sj_state.hpp"

#define EMIT(kind, ...) do { if (s.record) out.push_back(Event{kind, __VA_ARGS__}); } while (0)

namespace daimyo::sj {

// ---------------------------------------------------------------- setup.py: the actions of Setup
static std::vector<Hex> terrain_free(const State& s) {
  std::vector<Hex> ok;
  for (const Hex& h : s.board) {
    bool far = true;
    for (auto& [t, _k] : s.terrain)
      if (distance(h, t) <= 2) far = false;
    if (far) ok.push_back(h);
  }
  return ok;
}

std::vector<std::string> terrain_options(const State& s) {
  std::vector<std::string> out;
  auto ok = terrain_free(s);
  std::vector<std::string> kinds;
  for (int k : s.terrain_left) kinds.push_back(TERRAIN_KINDS[k]);
  std::sort(kinds.begin(), kinds.end());
  kinds.erase(std::unique(kinds.begin(), kinds.end()), kinds.end());
  for (auto& kind : kinds) {
    if (kind != "torii") {
      for (const Hex& h : ok) out.push_back("terrain " + kind + " " + hex_text(h));
      continue;
    }
    for (const Hex& h : ok)
      for (int d = 0; d < 3; ++d) {
        Hex far = neighbour(neighbour(h, d), d);
        if (std::find(ok.begin(), ok.end(), far) != ok.end())
          out.push_back("terrain torii " + hex_text(h) + " " + hex_text(far));
      }
  }
  return out;
}

static std::vector<std::string> split_words(const std::string& text) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < text.size()) {
    size_t j = text.find(' ', i);
    if (j == std::string::npos) j = text.size();
    if (j > i) out.push_back(text.substr(i, j - i));
    i = j + 1;
  }
  return out;
}

static Hex parse_hex(const std::string& t) {
  size_t comma = t.find(',');
  return {std::stoi(t.substr(0, comma)), std::stoi(t.substr(comma + 1))};
}

static int terrain_kind(const std::string& name) {
  for (int k = 0; k < 6; ++k)
    if (name == TERRAIN_KINDS[k]) return k;
  throw std::invalid_argument("unknown terrain '" + name + "'");
}

Events place_terrain(State& s, int seat, const std::string& text) {
  Events out;
  auto w = split_words(text);
  int kind = terrain_kind(w[1]);
  std::vector<Val> hexes;
  for (size_t i = 2; i < w.size(); ++i) {
    s.terrain[parse_hex(w[i])] = kind;
    hexes.push_back(w[i]);
  }
  remove_first(s.terrain_left, kind);
  s.terrain_turn = (s.terrain_turn + 1) % s.n();
  EMIT("terrain", {{"seat", seat_name(seat)}, {"terrain", w[1]}, {"hexes", Val::list(hexes)}});
  if (s.terrain_left.empty()) s.phase = s.preparing.empty() ? PH_PLACE : PH_PREPARE;
  return out;
}

std::vector<std::string> prepare_options(const State& s, int seat) {
  const Duellist& d = s.ds[seat];
  std::vector<std::string> names;
  for (int c : d.hand)
    if (!contains(d.core, c)) names.push_back(s.card(c).name);
  std::vector<std::string> out{"prepare done"};
  if (static_cast<int>(d.hand.size() - d.core.size()) < s.character(seat).hand_limit)
    for (int c : sorted_unique(d.deck))
      if (std::find(names.begin(), names.end(), s.card(c).name) == names.end()) out.push_back("prepare " + s.card(c).id);
  return out;
}

Events prepare(State& s, int seat, const std::string& text) {
  Events out;
  std::string cid = text.substr(8);
  if (cid == "done") {
    s.preparing.erase(std::remove(s.preparing.begin(), s.preparing.end(), seat), s.preparing.end());
    EMIT("prepared", {{"seat", seat_name(seat)}});
    if (s.preparing.empty()) {
      for (auto& d : s.ds) s.rng.shuffle(d.deck);
      s.phase = PH_PLACE;
    }
    return out;
  }
  Duellist& d = s.ds[seat];
  int c = s.cs->index.at(cid);
  remove_first(d.deck, c);
  d.hand.push_back(c);
  EMIT("prepared-card", {{"seat", seat_name(seat)}, {"card", cid}}, seat);
  return out;
}

int next_placer(const State& s) {
  for (auto it = s.advantage.rbegin(); it != s.advantage.rend(); ++it)
    if (!s.ds[*it].placed) return *it;
  return -1;
}

std::vector<int> placement_options(const State& s) {
  std::vector<Hex> placed, empty;
  for (auto& d : s.ds)
    if (d.placed) placed.push_back(d.pos);
  for (const Hex& h : s.board)
    if (!s.terrain.count(h) && std::find(placed.begin(), placed.end(), h) == placed.end()) empty.push_back(h);
  if (!placed.empty()) {
    std::vector<int> far;
    for (const Hex& h : empty) {
      int m = 1 << 30;
      for (const Hex& p : placed) m = std::min(m, distance(h, p));
      far.push_back(m);
    }
    std::vector<Hex> ok;
    for (size_t i = 0; i < empty.size(); ++i)
      if (far[i] > 4) ok.push_back(empty[i]);
    if (ok.empty() && !far.empty()) {
      int best = *std::max_element(far.begin(), far.end());
      for (size_t i = 0; i < empty.size(); ++i)
        if (far[i] == best) ok.push_back(empty[i]);
    }
    empty = ok;
  }
  std::vector<int> out;
  for (const Hex& h : empty)
    for (int f = 0; f < 6; ++f) out.push_back(place_code(h, f));
  return out;
}

Events place(State& s, int seat, int code) {
  Events out;
  Duellist& d = s.ds[seat];
  d.pos = place_hex(code);
  d.placed = true;
  d.facing = code % 8;
  EMIT("placed", {{"seat", seat_name(seat)}, {"hex", hex_text(d.pos)}, {"facing", FACINGS[d.facing]}});
  return out;
}

Events deal(State& s) {
  Events out;
  for (auto it = s.advantage.rbegin(); it != s.advantage.rend(); ++it) {
    int i = *it;
    Duellist& d = s.ds[i];
    while (!d.deck.empty() && hand_count(s, i) < s.character(i).hand_limit) {
      d.hand.push_back(d.deck.front());
      d.deck.erase(d.deck.begin());
    }
    if (s.record) {
      std::vector<int> hand;
      for (int c : d.hand)
        if (!contains(d.core, c)) hand.push_back(c);
      std::sort(hand.begin(), hand.end());
      std::vector<Val> names;
      for (int c : hand) names.push_back(s.card(c).id);
      EMIT("dealt", {{"seat", seat_name(i)}, {"hand", Val::list(names)}}, i);
    }
  }
  return out;
}

bool setup_advance(State& s, Events& out) {
  while (true) {
    if (s.phase == PH_TERRAIN) {
      if (!terrain_options(s).empty()) return false;
      s.terrain_left.clear();
      s.phase = s.preparing.empty() ? PH_PLACE : PH_PREPARE;
      continue;
    }
    if (s.phase == PH_PREPARE || next_placer(s) >= 0) return false;
    extend(out, deal(s));
    return true;
  }
}

}  // namespace daimyo::sj
