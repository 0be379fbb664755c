// Senjutsu's observation vector from the native state, entry for entry as daimyo/rl/senjutsu.py's `encode` writes
// it from the seat's view (the same fields view() reads in sj_module.cpp; the reference's float32 rounding kept).
#include "sj_encode.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace daimyo::sj {

namespace {

int wrap(int k, int n) { return ((k % n) + n) % n; }

// a hex's place among the layout's hexes (-1: none): the name hex_text(h), found by its coordinates (read_layout
// keeps every name that is a hex's text by them), by the text itself only far off any board
int hex_place(const ObsLayout& L, Hex h) {
  if (std::abs(h.q) < 64 && std::abs(h.r) < 64) {
    auto it = L.hex_at.find(hex_key(h));
    return it == L.hex_at.end() ? -1 : it->second;
  }
  auto it = L.hexes.find(hex_text(h));
  return it == L.hexes.end() ? -1 : it->second;
}

// a card, 'stun' or 'poison' -> its place among the played cards (the cards, then stun and poison); n_cards + 2: other
int played_index(const ObsLayout& L, int c) {
  if (c == STATUS_STUN) return L.n_cards;
  if (c == STATUS_POISON) return L.n_cards + 1;
  if (c >= 0 && L.card[c] >= 0) return L.card[c];
  return L.n_cards + 2;
}

}  // namespace

void encode_observation(const State& s, int seat, int players, const ObsLayout& L, float* x) {
  std::fill(x, x + L.size, 0.0f);
  for (auto& [h, kind] : s.terrain) {
    int at = hex_place(L, h);
    if (at >= 0 && L.terrain[kind] >= 0) x[at * L.n_terrain + L.terrain[kind]] = 1.0f;
  }
  int o = L.n_hexes * L.n_terrain;
  Seats acting = to_act(s);
  std::vector<double> discard(L.n_cards);
  for (int i = 0; i < s.n(); ++i) {
    const Duellist& d = s.ds[i];
    const Character& ch = s.cs->characters[d.character];
    float* f = x + o + wrap(i - seat, players) * L.per_seat;
    *f++ = 1.0f;
    if (L.character[d.character] >= 0) f[L.character[d.character]] = 1.0f;
    f += L.n_characters;
    if (d.placed) {
      int at = hex_place(L, d.pos);
      if (at >= 0) f[at] = 1.0f;
    }
    f += L.n_hexes;
    if (L.facing[d.facing] >= 0) f[L.facing[d.facing]] = 1.0f;
    f += L.n_facings;
    if (L.kamae[d.kamae] >= 0) f[L.kamae[d.kamae]] = 1.0f;
    f += L.n_kamae;
    bool poisoned = s.poison_holder == i;
    int hand_size = static_cast<int>(d.hand.size()) + d.stuns + (poisoned ? 1 : 0);
    const double numbers[12] = {d.focus / 3.0, d.wounds / 10.0, d.bleeding / 10.0, ch.wound_limit / 10.0,
                                ch.hand_limit / 10.0, static_cast<double>(d.hobbles.size()) / 4.0, d.stuns / 4.0,
                                poisoned ? 1.0 : 0.0, hand_size / 20.0, static_cast<double>(d.deck.size()) / 60.0,
                                d.defeated ? 1.0 : 0.0, s.phase == PH_CHOOSE && s.chosen[i] != NO_CARD ? 1.0 : 0.0};
    for (double v : numbers) *f++ = static_cast<float>(v);
    std::fill(discard.begin(), discard.end(), 0.0);
    int down = 0;
    for (auto& [c, face_down] : d.discard) {
      if ((!face_down || i == seat) && c >= 0 && L.card[c] >= 0)
        discard[L.card[c]] += 1.0 / 3.0;
      else
        ++down;
    }
    for (double v : discard) *f++ = static_cast<float>(v);
    *f++ = static_cast<float>(down / 10.0);
    auto at = std::find(s.advantage.begin(), s.advantage.end(), i);
    if (at != s.advantage.end() && at - s.advantage.begin() < 4) f[at - s.advantage.begin()] = 1.0f;
    f += 4;
    if (s.played[i]) {
      int p = played_index(L, s.played[i]->card);
      if (p < L.n_cards + 2) f[p] = 1.0f;
    }
    f += L.n_cards + 2;
    *f = acting.has(i) ? 1.0f : 0.0f;
  }
  o += L.max_seats * L.per_seat;
  const float third = static_cast<float>(1.0 / 3.0);
  for (int c : s.ds[seat].hand)      // float32 sums, as the reference's `x[i] += 1 / 3` on a float32 array
    if (c >= 0 && L.card[c] >= 0) x[o + L.card[c]] += third;
  o += L.n_cards;
  int chosen = s.chosen[seat];
  if (s.phase == PH_CHOOSE && chosen >= 0 && L.card[chosen] >= 0) x[o + L.card[chosen]] = 1.0f;
  o += L.n_cards;
  x[o++] = static_cast<float>(std::min(s.turn, 50) / 50.0);
  if (L.phase[s.phase] >= 0) x[o + L.phase[s.phase]] = 1.0f;
  o += L.n_phases;
  const auto& q = s.pending;
  if (q) {
    x[o + L.question[q->kind]] = 1.0f;
    x[o + L.n_questions + 1 + wrap(q->seat - seat, players)] = 1.0f;
  }
  o += L.n_questions + 1 + L.max_seats;
  if (q && q->seat == seat) {      // the observer's own question: its card, its line, its options' words
    bool frame = q->depth >= 0 && q->depth < static_cast<int>(s.stack.size());
    if (frame && s.stack[q->depth].card != NO_CARD) x[o + played_index(L, s.stack[q->depth].card)] = 1.0f;
    o += L.n_cards + 2 + 1;
    x[o++] = frame ? static_cast<float>((s.stack[q->depth].line + 1) / 50.0) : 0.0f;
    const double scale = static_cast<double>(L.words.size() + 1);
    int slots = std::min(static_cast<int>(q->options.size()), L.option_slots);
    std::string w;
    for (int k = 0; k < slots; ++k) {
      const std::string text = option_text(s, *q, q->options[k]);
      size_t i = 0;
      for (int j = 0; j < L.option_words; ++j) {      // the text's words, as Python's str.split() makes them
        while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
        if (i == text.size()) break;
        size_t end = i;
        while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end]))) ++end;
        w.assign(text, i, end - i);
        i = end;
        auto it = L.words.find(w);
        x[o + k * L.option_words + j] = static_cast<float>((it == L.words.end() ? scale : it->second) / scale);
      }
    }
  }
  for (int k = 0; k < L.size; ++k) x[k] = std::min(x[k], L.high);
}

int write_mask(const State& s, int seat, bool wait, int8_t* out, int size) {
  std::fill(out, out + size, int8_t{0});
  int n = legal_count(s, seat);
  if (wait && size > 0 && !to_act(s).has(seat)) out[0] = 1;
  if (1 + n <= size) std::fill(out + 1, out + 1 + n, int8_t{1});
  return n;
}

}  // namespace daimyo::sj
