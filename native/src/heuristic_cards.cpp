// The rule-based bot's territory cards (daimyo/bots/rokugan/heuristic.py `_upkeep`, `_card_step`, `_finish_card`):
// the Upkeep phase's cards are scored on a world drawn from what the seat knows, each step of a card by what it
// gives. Word for word the same draws and, operation for operation, the same sums as the Python bot, so that the
// scores are equal, not merely close (tests/native/test_knowledge.py).
#include <cstddef>  // rng.hpp writes size_t
#include <vector>

#include "heuristic.hpp"

namespace daimyo {

namespace {

// whether the decision the game waits for first is a territory card of `seat` (heuristic.py: pending[-1] is a
// CardDecision of the seat; the native engine serves the clan abilities' decisions before a card's)
bool card_pending(const State& d, int seat) {
  return d.dragon_return.empty() && d.scorpion_look < 0 && d.unicorn_swap < 0 && d.card.seat == seat && seat >= 0;
}

// heuristic.py _upkeep: what a card that acts on hands gives beyond the board
double hand_bonus(int card) {
  if (card == Rules::Promotion || card == Rules::Reinforcements) return 0.8;
  if (card == Rules::SpyNetwork) return 0.4;
  return 0.0;
}

}  // namespace

Scored Heuristic::upkeep(const State& s, int seat, const std::vector<Move>& moves) {
  Scored out;
  const double now = standing(s, seat);
  Events quiet;  // nobody reads the events of a world the bot imagines
  quiet.on = false;
  for (const Move& m : moves) {
    if (m.verb == Move::Pass) {
      out.emplace_back(0.0, m);
      continue;
    }
    Rng world(rng.next64());
    State d = determinize(s, seat, world);
    quiet.clear();
    d.apply_move(seat, m, quiet);
    finish_card(d, seat);
    const double bonus = m.verb == Move::PlayCard ? hand_bonus(m.arg) : 0.0;
    out.emplace_back(standing(d, seat) - now + bonus - 0.05, m);
  }
  return out;
}

void Heuristic::finish_card(State& d, int seat, int limit) {
  // the remaining choices of a card just played, greedily (the first of the best, as Python's max)
  Events quiet;
  quiet.on = false;
  std::vector<Move> moves;
  while (limit && card_pending(d, seat) && d.phase != Phase::Over) {
    moves = d.legal_moves(seat);
    if (moves.empty()) return;
    const Scored scored = card_step(d, seat, moves, false);
    size_t best = 0;
    for (size_t i = 1; i < scored.size(); ++i)
      if (scored[i].first > scored[best].first) best = i;
    quiet.clear();
    d.apply_move(seat, scored[best].second, quiet);
    --limit;
  }
}

Scored Heuristic::card_step(const State& s, int seat, const std::vector<Move>& moves, bool sample) {
  Scored out;
  State drawn;
  if (sample) {
    Rng world(rng.next64());
    drawn = determinize(s, seat, world);
  }
  const State& base = sample ? drawn : s;
  Events quiet;
  quiet.on = false;
  for (const Move& m : moves) {
    switch (m.verb) {
      case Move::Take:
        out.emplace_back(token_value(s, seat, m.arg), m);
        break;
      case Move::Discard:
      case Move::Return:
        out.emplace_back(-token_value(s, seat, m.arg) - (m.verb == Move::Discard ? 0.2 : 0.0), m);
        break;
      case Move::Done:
      case Move::Place:
        out.emplace_back(0.0, m);
        break;
      default: {
        State c = base;
        quiet.clear();
        c.apply_move(seat, m, quiet);
        out.emplace_back(standing(c, seat), m);
      }
    }
  }
  return out;
}

}  // namespace daimyo
