// The observation layout daimyo/rl/senjutsu.py hands over (its vocabularies by name), read against one card set.
#include <nanobind/stl/string.h>

#include <cstdlib>

#include "sj_bind.hpp"
#include "sj_encode.hpp"

namespace daimyo::sj::bind {

namespace {

// each of `count` native names -> its place in the vocabulary list `key`, -1 where absent (or `missing`)
std::vector<int> places(nb::dict layout, const char* key, int count, const std::function<std::string(int)>& name,
                        int* size, int missing = -1) {
  if (!layout.contains(key)) bad(std::string("layout.") + key, "missing");
  std::vector<std::string> vocabulary;
  for (nb::handle h : nb::cast<nb::list>(layout[key])) vocabulary.push_back(str(h));
  *size = static_cast<int>(vocabulary.size());
  std::vector<int> out(count, missing);
  for (int k = 0; k < count; ++k) {
    auto it = std::find(vocabulary.begin(), vocabulary.end(), name(k));
    if (it != vocabulary.end()) out[k] = static_cast<int>(it - vocabulary.begin());
  }
  return out;
}

int number(nb::dict layout, const char* key) {
  if (!layout.contains(key)) bad(std::string("layout.") + key, "missing");
  return integer(layout[key]);
}

}  // namespace

ObsLayout read_layout(std::shared_ptr<const CardSet> cs, nb::dict layout) {
  ObsLayout L;
  L.cs = cs;
  L.character = places(layout, "characters", static_cast<int>(cs->characters.size()),
                       [&](int k) { return cs->characters[k].id; }, &L.n_characters);
  L.card = places(layout, "cards", static_cast<int>(cs->cards.size()), [&](int k) { return cs->cards[k].id; },
                  &L.n_cards);
  L.facing = places(layout, "facings", 6, [](int k) { return std::string(FACINGS[k]); }, &L.n_facings);
  L.kamae = places(layout, "kamae", 4, [](int k) { return std::string(KAMAE[k]); }, &L.n_kamae);
  L.terrain = places(layout, "terrain", 6, [](int k) { return std::string(TERRAIN_KINDS[k]); }, &L.n_terrain);
  L.phase = places(layout, "phases", 6, [](int k) { return std::string(PHASES[k]); }, &L.n_phases);
  L.question = places(layout, "questions", Q_COUNT, [](int k) { return std::string(QKINDS[k]); }, &L.n_questions);
  for (int& k : L.question)
    if (k < 0) k = L.n_questions;   // any other kind: the one more slot
  int n = 0;
  for (nb::handle h : nb::cast<nb::list>(layout["hexes"])) {
    std::string name = str(h);
    L.hexes[name] = n;
    size_t comma = name.find(',');
    if (comma != std::string::npos) {     // a hex's own text ("q,r"): found by its coordinates, no text made
      try {
        Hex at{std::stoi(name.substr(0, comma)), std::stoi(name.substr(comma + 1))};
        if (hex_text(at) == name && std::abs(at.q) < 64 && std::abs(at.r) < 64) L.hex_at[hex_key(at)] = n;
      } catch (const std::exception&) {
      }
    }
    ++n;
  }
  L.n_hexes = n;
  for (auto [w, k] : nb::cast<nb::dict>(layout["words"])) L.words[str(w)] = integer(k);
  L.per_seat = number(layout, "per_seat");
  L.size = number(layout, "size");
  L.max_seats = number(layout, "max_seats");
  L.option_slots = number(layout, "option_slots");
  L.option_words = number(layout, "option_words");
  L.high = static_cast<float>(nb::cast<double>(layout["high"]));
  return L;
}

}  // namespace daimyo::sj::bind
