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
  std::unordered_map<int, int> hex_at;   // hex_key(h) -> its place, for each name in hexes that is hex_text(h)
  int n_characters = 0, n_hexes = 0, n_facings = 0, n_kamae = 0, n_terrain = 0, n_cards = 0, n_phases = 0,
      n_questions = 0;
  int per_seat = 0, size = 0, max_seats = 0, option_slots = 0, option_words = 0;
  float high = 1.0f;
};

inline int hex_key(Hex h) { return (h.q + 64) * 128 + (h.r + 64); }

// The observation of `seat` (players seats in the vector's seat order) into out[0 .. layout.size)
void encode_observation(const State& s, int seat, int players, const ObsLayout& layout, float* out);

// The environments' slots (daimyo/rl/turns.py: slot 0 wait, slot k the k-th legal action in legal_moves' order).
// How many legal actions the seat has now (0 where it is not to act), without their texts (sj_actions.cpp)
int legal_count(const State& s, int seat);
// The seat's k-th legal action (k from 0); std::out_of_range where it has no such action (sj_actions.cpp)
int slot_act(const State& s, int seat, int k);
// The seat's action mask into out[0 .. size): slots 1 .. n set for its n legal actions, slot 0 set where it is not to
// act and `wait`, every other entry 0; returns n (and writes no slot where 1 + n > size: the caller refuses it)
int write_mask(const State& s, int seat, bool wait, int8_t* out, int size);

}  // namespace daimyo::sj
