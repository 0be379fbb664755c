// Senjutsu's observation vector written from the native state (daimyo/rl/senjutsu.py's `encode` is the reference:
// tests/rl/test_sj_native_encoding.py compares both entry for entry).
#pragma once
#include <string>
#include <unordered_map>
#include <vector>

#include "sj_state.hpp"

namespace daimyo::sj {

// The observation's vocabularies, as daimyo/rl/senjutsu.py hands them over, read against one card set:
// each native index (character, card, facing, Kamae, terrain kind, phase, question kind) -> its place in the vector.
struct ObsLayout {
  std::shared_ptr<const CardSet> cs;
  std::vector<int> character, card, facing, kamae, terrain, phase, question;   // -1: not in the vocabulary
  std::unordered_map<std::string, int> hexes, words;
  int n_characters = 0, n_hexes = 0, n_facings = 0, n_kamae = 0, n_terrain = 0, n_cards = 0, n_phases = 0,
      n_questions = 0;
  int per_seat = 0, size = 0, max_seats = 0, option_slots = 0, option_words = 0;
  float high = 1.0f;
};

// The observation of `seat` (players seats in the vector's seat order) into out[0 .. layout.size)
void encode_observation(const State& s, int seat, int players, const ObsLayout& layout, float* out);

}  // namespace daimyo::sj
