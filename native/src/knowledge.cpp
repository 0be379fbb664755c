// What one seat knows of a Battle for Rokugan game, and worlds consistent with it: daimyo/bots/rokugan/knowledge.py,
// draw for draw. Every list that is shuffled is put first in the same order as the Python lists (indices in the
// rules data's order, sorted where the Python code sorts), so that the same words of the generator give the same
// world; tests/native/test_knowledge.py checks it field by field.
#include <algorithm>
#include <cstddef>  // rng.hpp writes size_t
#include <vector>

#include "heuristic.hpp"

namespace daimyo {

namespace {

// knowledge.py _kinds_allowed: the kinds a facedown token may be, from where it stands (Placing Combat Tokens)
bool kind_allowed(const State& s, const BoardToken& t, int kind) {
  if (t.place == 'l') return kind == Rules::Army || kind == Rules::Bluff;
  if (t.place == 's') return kind == Rules::Navy || kind == Rules::Bluff;
  if (s.owner[t.site] == t.owner)
    return kind == Rules::Army || kind == Rules::Navy || kind == Rules::Shinobi || kind == Rules::Diplomacy ||
           kind == Rules::Bluff;
  return kind == Rules::Shinobi || kind == Rules::Raid || kind == Rules::Bluff;
}

// knowledge.py _spy_seen: whether `seat` saw the hand of `other` with Spy Network this round, and saw a token there
// (the Python code tests the codes seen for truth: an empty hand seen counts as not seen)
bool spy_seen(const State& s, int seat, int other) {
  if (seat >= static_cast<int>(s.seen.size())) return false;
  for (const Seen& f : s.seen[seat])
    if (f.token < 0 && f.owner == other) return !f.codes.empty();
  return false;
}

// knowledge.py _redeal_tokens: redraw which token is where among the hand, pool and unknown board tokens of `o`
void redeal_tokens(const State& s, State& d, int seat, int o, Rng& rng) {
  const Rules& R = *s.rules;
  const std::vector<int>& kinds = R.clan_token_kinds[s.clans[o]];
  const int bluff = R.bluff;
  std::vector<int> hidden_board;
  for (int i = 0; i < static_cast<int>(s.tokens.size()); ++i)
    if (s.tokens[i].owner == o && !known(s, seat, s.tokens[i])) hidden_board.push_back(i);
  const bool spied = spy_seen(s, seat, o);
  std::vector<int> unknown;
  for (int i : hidden_board) unknown.push_back(s.tokens[i].clan_token);
  unknown.insert(unknown.end(), s.pool[o].begin(), s.pool[o].end());
  if (!spied) unknown.insert(unknown.end(), s.hand[o].begin(), s.hand[o].end());
  std::sort(unknown.begin(), unknown.end());
  if (hidden_board.empty() && unknown.empty()) return;
  // the bluff is behind the screen unless it stands on the board (or is out): it is never in the pool
  const auto at = std::find(unknown.begin(), unknown.end(), bluff);
  const bool bluff_hidden = at != unknown.end();
  if (bluff_hidden) unknown.erase(at);
  std::vector<int> left;
  bool bluff_free = false;
  std::vector<std::pair<int, int>> assigned;
  bool ok = false;
  std::vector<int> choices;
  for (int attempt = 0; attempt < 8 && !ok; ++attempt) {
    left = unknown;
    rng.shuffle(left);
    bluff_free = bluff_hidden;
    assigned.clear();
    ok = true;
    std::vector<int> order = hidden_board;
    rng.shuffle(order);
    for (int i : order) {
      const BoardToken& t = s.tokens[i];
      choices.clear();
      for (int j = 0; j < static_cast<int>(left.size()); ++j)
        if (kind_allowed(s, t, kinds[left[j]])) choices.push_back(j);
      const int n_opts = static_cast<int>(choices.size()) + (bluff_free && kind_allowed(s, t, Rules::Bluff) ? 1 : 0);
      if (n_opts == 0) {
        ok = false;
        break;
      }
      const int pick = static_cast<int>(rng.below(static_cast<uint64_t>(n_opts)));
      if (pick == static_cast<int>(choices.size())) {
        assigned.emplace_back(i, bluff);
        bluff_free = false;
      } else {
        assigned.emplace_back(i, left[choices[pick]]);
        left.erase(left.begin() + choices[pick]);
      }
    }
  }
  if (!ok) {
    // no consistent assignment found quickly: ignore where the tokens stand
    left = unknown;
    rng.shuffle(left);
    bluff_free = bluff_hidden;
    assigned.clear();
    for (int i : hidden_board) {
      if (left.empty()) {
        assigned.emplace_back(i, bluff);
      } else {
        assigned.emplace_back(i, left.back());
        left.pop_back();
      }
    }
  }
  for (const auto& [i, tok] : assigned) d.tokens[i].clan_token = tok;
  std::vector<int> rest_hand;
  if (spied) {
    rest_hand.assign(s.hand[o].begin(), s.hand[o].end());  // seen this round with Spy Network: known to the viewer
    std::sort(rest_hand.begin(), rest_hand.end());
  } else if (bluff_free && s.hand[o].empty()) {
    left.push_back(bluff);  // the first player card sent the bluff back to the pool
  } else {
    const size_t n_hand = std::min(left.size(), s.hand[o].size() - (bluff_free ? 1 : 0));
    rest_hand.assign(left.begin(), left.begin() + static_cast<long>(n_hand));
    if (bluff_free) rest_hand.push_back(bluff);
    left.erase(left.begin(), left.begin() + static_cast<long>(n_hand));
  }
  d.hand[o].assign(rest_hand.begin(), rest_hand.end());
  d.pool[o].assign(left.begin(), left.end());
}

}  // namespace

State determinize(const State& s, int seat, Rng& rng) {
  const Rules& R = *s.rules;
  State d = s;
  d.rng = GameRng(rng.next64());
  // territory cards: each territory has one of its two cards in the game, which one is hidden until played
  for (size_t terr = 0; terr < d.space.size(); ++terr)
    if (d.space[terr] >= 0) d.space[terr] = R.territory_card_index[terr][rng.below(2)];
  // the objectives not dealt to `seat`, in objectives.json's order, shuffled
  std::vector<int> free_objectives;
  for (int o = 0; o < static_cast<int>(R.objective_ids.size()); ++o) {
    const bool taken = o == s.objective[seat] || std::find(s.offer[seat].begin(), s.offer[seat].end(), o) != s.offer[seat].end();
    if (!taken) free_objectives.push_back(o);
  }
  rng.shuffle(free_objectives);
  size_t next_objective = 0;
  for (int o = 0; o < d.n; ++o) {
    if (o == seat) continue;
    if (o < static_cast<int>(d.seen.size())) d.seen[o].clear();
    if (d.clans[o] < 0) continue;
    redeal_tokens(s, d, seat, o, rng);
    // objectives (and the pair dealt, while they are being chosen)
    const size_t k = std::min(static_cast<size_t>(R.objectives_dealt), free_objectives.size() - next_objective);
    const auto deal = free_objectives.begin() + static_cast<long>(next_objective);
    next_objective += k;
    if (s.objective[o] >= 0 && k > 0) d.objective[o] = *deal;
    if (!s.offer[o].empty()) d.offer[o].assign(deal, deal + static_cast<long>(k));
    Pile held;
    for (int c : s.cards[o]) held.push_back(R.territory_card_index[R.card_territory[c]][rng.below(2)]);
    d.cards[o] = held;
  }
  // the initiative deck: its clan cards are public, its neutral cards and its order are not
  const int n_clans = R.n_clans();
  std::vector<int> deck;
  for (int c : s.initiative)
    if (c < n_clans) deck.push_back(c);
  // by name: the deck's order is hidden, so the world drawn must not depend on it (knowledge.py: sorted)
  std::sort(deck.begin(), deck.end(), [&R](int a, int b) { return R.clan_names[a] < R.clan_names[b]; });
  const size_t n_neutral = s.initiative.size() - deck.size();
  std::vector<int> neutral;  // the neutral cards by name (knowledge.py _NEUTRAL: sorted)
  for (int i = 0; i < static_cast<int>(R.neutral_cards.size()); ++i) neutral.push_back(i);
  std::sort(neutral.begin(), neutral.end(), [&R](int a, int b) { return R.neutral_cards[a] < R.neutral_cards[b]; });
  for (int& c : neutral) c += n_clans;
  rng.shuffle(neutral);
  for (size_t i = 0; i < n_neutral && i < neutral.size(); ++i) deck.push_back(neutral[i]);
  rng.shuffle(deck);
  d.initiative = deck;
  return d;
}

}  // namespace daimyo
