// Rising Sun's War Phase played whole by random and heuristic bots (risingsun_play.hpp).
#include "risingsun_play.hpp"

#include <algorithm>

namespace daimyo::risingsun {

void start(const Rules& r, Fixed& fx, War& w) {
  for (int p = 0; p < w.n; ++p)
    if (fx.koi[p]) {
      w.coins[p] += fx.ronin[p];
      fx.ronin[p] = 0;
    }
  advance(r, w);
}

namespace {

// C(n, k) for the small numbers of a bid list (at most 24 + 4 choose 4) and of the losers' combinations
uint64_t choose_count(int n, int k) {
  if (k < 0 || k > n) return 0;
  uint64_t c = 1;
  for (int i = 1; i <= k; ++i) c = c * static_cast<uint64_t>(n - k + i) / static_cast<uint64_t>(i);
  return c;
}

// war._all_bids(coins)[index]: the bids (a, b, c, d), a + b + c + d <= coins, in ascending order
std::array<int, 4> bid_at(int coins, uint64_t index) {
  std::array<int, 4> out{};
  int left = coins;
  for (int slot = 0; slot < 3; ++slot) {
    // the bids with this slot at `a` and the later slots summing to at most left - a: C(left - a + rest, rest)
    int rest = 3 - slot;
    for (int a = 0;; ++a) {
      uint64_t here = choose_count(left - a + rest, rest);
      if (index < here) {
        out[slot] = a;
        left -= a;
        break;
      }
      index -= here;
    }
  }
  out[3] = static_cast<int>(index);
  return out;
}

}  // namespace

Move RandomPlayer::choose(const Rules& r, const War& s, int seat) {
  Move m;
  uint64_t word = rng.next64();
  switch (s.step) {
    case BID: {
      m.verb = V_BID;
      m.amounts = bid_at(s.coins[seat], word % choose_count(s.coins[seat] + 4, 4));
      return m;
    }
    case SEPPUKU:
      m.verb = word % 2 == 0 ? V_SEPPUKU : V_DECLINE;
      return m;
    case HOSTAGE: {
      auto targets = hostage_targets(r, s, seat);
      uint64_t i = word % static_cast<uint64_t>(targets.size() + 1);
      if (i == static_cast<uint64_t>(targets.size())) {
        m.verb = V_DECLINE;
      } else {
        m.verb = V_HOSTAGE;
        m.amounts = {targets[static_cast<int>(i)].number, 0, 0, 0};
      }
      return m;
    }
    case RONIN:
      m.verb = word % 2 == 0 ? V_HIRE : V_DECLINE;
      return m;
    case POETS:
      m.verb = word % 2 == 0 ? V_POETS : V_DECLINE;
      return m;
    default: {  // REPARATIONS: itertools.combinations of the losers by Honor, as many as the odd coins
      Seats lost = losers(s);
      std::stable_sort(lost.begin(), lost.end(), [&](int a, int b) { return s.rank(a) < s.rank(b); });
      int k = odd_coins(s), size = lost.size();
      uint64_t index = word % choose_count(size, k);
      m.verb = V_REMAINDER;
      // the index-th combination in lexicographic order of positions
      int from = 0;
      for (int j = 0; j < k; ++j)
        for (int x = from;; ++x) {
          uint64_t here = choose_count(size - x - 1, k - j - 1);
          if (index < here) {
            m.extra.push_back(lost[x]);
            from = x + 1;
            break;
          }
          index -= here;
        }
      return m;
    }
  }
}

int play_war(const Rules& r, War& w, const int* kinds, const uint64_t* seeds, std::vector<Played>* record) {
  Small<RandomPlayer, MAX_SEATS> randoms;
  Small<Heuristic, MAX_SEATS> heuristics;
  for (int p = 0; p < w.n; ++p) {
    randoms.push_back(RandomPlayer(seeds[p]));
    heuristics.push_back(Heuristic(seeds[p]));
  }
  int moves = 0;
  // random_bot.play: each seat to act in turn, stopping when one no longer is
  while (!w.over) {
    Seats acting = w.to_act();
    for (int seat : acting) {
      Seats now = w.to_act();
      if (std::find(now.begin(), now.end(), seat) == now.end()) break;
      Move m = kinds[seat] == BOT_RANDOM ? randoms[seat].choose(r, w, seat) : heuristics[seat].choose(r, w, seat);
      if (record != nullptr) record->push_back({seat, m});
      apply_move(r, w, seat, m);
      ++moves;
    }
  }
  return moves;
}

}  // namespace daimyo::risingsun
