// Many games stepped in one call (daimyo/rl/vector.py): N games of Battle for Rokugan, each seat either played from
// outside (a learner: its action ids come in) or by a bot inside: a random bot (RandomBot: a SplitMix64 generator
// choosing among the legal moves by the word modulo their number, as daimyo/bots/random_bot.py) or the rule-based bot
// (heuristic.cpp, RokuganHeuristicBot's draws and choices). A step applies one action
// in each game, lets the bots move until an outside seat is to act or the game is over, and writes the observation
// and action mask of the seat to act, the rewards of every seat, the termination and the seat to act into NumPy
// arrays, with the GIL released, over threads if asked. A game that ended is dealt again at the next step (the
// autoreset Gymnasium calls NEXT_STEP): that step takes no action for it and writes its first position.
// The threads are the batch's own, started at the first step that asks for them and kept (a pool woken each step),
// and every game has its own generator for random actions, so that step_random (draw a random legal action and
// apply it, in the same pass over the games) gives the same games whatever the number of threads.
// Each game also has the generator that draws its new deals (Deals: NumPy's PCG64 and Generator.integers, word for
// word), so an autoreset deals the game the single environment's reset() would, without a Python call a game.
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/vector.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstring>
#include <functional>
#include <mutex>
#include <exception>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "bind.hpp"
#include "encode.hpp"
#include "heuristic.hpp"

namespace nb = nanobind;

namespace daimyo {

namespace {

template <typename T, size_t D>
using Out = nb::ndarray<T, nb::ndim<D>, nb::c_contig, nb::device::cpu>;

// End of the Game's shares: 1 for a sole winner, 1/k for each of k tied winners (RokuganState.returns)
void returns(const State& s, float* out) {
  const ScoringBoard b = s.scoring_board();
  int totals[MAX_SEATS], best = -1000000, winners = 0;
  for (int seat = 0; seat < s.n; ++seat) {
    totals[seat] = honor(b, seat).total;
    best = std::max(best, totals[seat]);
  }
  for (int seat = 0; seat < s.n; ++seat) winners += totals[seat] == best;
  for (int seat = 0; seat < s.n; ++seat) out[seat] = totals[seat] == best ? static_cast<float>(1.0 / winners) : 0.0f;
}

// The generator of a game's deals: NumPy's PCG64 (a 128-bit LCG, output XSL-RR), set from the state of the NumPy
// generator Gymnasium's seeding.np_random makes, and draw(bound) is Generator.integers(bound) for a bound above
// 2**32 (Lemire's method with rejection, as NumPy's bounded_lemire_uint64), so a game deals what Python would have.
struct Deals {
  __uint128_t state = 0, inc = 0;
  bool set = false;
  uint64_t next64() {
    constexpr __uint128_t mult = (static_cast<__uint128_t>(0x2360ED051FC65DA4ULL) << 64) | 0x4385DF649FCCF645ULL;
    state = state * mult + inc;
    const uint64_t x = static_cast<uint64_t>(state >> 64) ^ static_cast<uint64_t>(state);
    const unsigned r = static_cast<unsigned>(state >> 122);
    return (x >> r) | (x << ((64 - r) & 63));
  }
  uint64_t draw(uint64_t bound) {  // 0 <= x < bound, bound > 2**32
    __uint128_t m = static_cast<__uint128_t>(next64()) * bound;
    uint64_t leftover = static_cast<uint64_t>(m);
    if (leftover < bound) {
      const uint64_t threshold = (~0ULL - (bound - 1)) % bound;
      while (leftover < threshold) {
        m = static_cast<__uint128_t>(next64()) * bound;
        leftover = static_cast<uint64_t>(m);
      }
    }
    return static_cast<uint64_t>(m >> 64);
  }
};

// Threads kept from step to step: run(k, job) calls job(0) on the caller and job(1) .. job(k - 1) on the pool's
// threads (started the first time k asks for them), and returns when all are done. job catches its own exceptions.
class Pool {
 public:
  Pool() = default;
  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;
  ~Pool() {
    {
      std::lock_guard<std::mutex> lock(m_);
      stop_ = true;
    }
    wake_.notify_all();
    for (auto& w : workers_) w.join();
  }

  void run(int threads, const std::function<void(int)>& job) {
    if (threads <= 1) {
      job(0);
      return;
    }
    while (static_cast<int>(workers_.size()) < threads - 1) {
      const int index = static_cast<int>(workers_.size()) + 1;
      workers_.emplace_back([this, index, seen = generation_] { loop(index, seen); });
    }
    {
      std::lock_guard<std::mutex> lock(m_);
      job_ = &job;
      width_ = threads;
      pending_ = threads - 1;
      ++generation_;
    }
    wake_.notify_all();
    job(0);
    std::unique_lock<std::mutex> lock(m_);
    done_.wait(lock, [this] { return pending_.load() == 0; });
    job_ = nullptr;
  }

 private:
  std::vector<std::thread> workers_;
  std::mutex m_;
  std::condition_variable wake_, done_;
  const std::function<void(int)>* job_ = nullptr;
  unsigned long long generation_ = 0;
  int width_ = 0;
  std::atomic<int> pending_{0};   // the pool's threads still at this run's job (the last one wakes the caller)
  bool stop_ = false;

  void loop(int index, unsigned long long seen) {
    for (;;) {
      const std::function<void(int)>* job = nullptr;
      {
        std::unique_lock<std::mutex> lock(m_);
        wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
        if (stop_) return;
        seen = generation_;
        if (index < width_) job = job_;   // else a run over fewer threads than the pool holds
      }
      if (job == nullptr) continue;
      (*job)(index);
      if (pending_.fetch_sub(1) == 1) {
        std::lock_guard<std::mutex> lock(m_);
        done_.notify_one();
      }
    }
  }
};

class Batch {
 public:
  Batch(int games, int players, std::vector<int> outside, std::vector<int> clans, int deal_bits = 63)
      : n_(games), players_(players), deal_bits_(deal_bits), outside_(std::move(outside)), clans_(std::move(clans)) {
    if (deal_bits < 33 || deal_bits > 63) throw std::invalid_argument("deal_bits: 33 to 63");
    if (!ENCODING.loaded) throw std::runtime_error("the native encoder has no layout yet: import daimyo.rl.encoding first");
    if (games < 1) throw std::invalid_argument("a batch holds at least one game");
    if (players < 2 || players > 5) throw std::invalid_argument("Battle for Rokugan is played by 2 to 5 players");
    if (static_cast<int>(outside_.size()) != players) throw std::invalid_argument("seats: one a seat");
    for (int x : outside_)
      if (x < RANDOM || x > HEURISTIC) throw std::invalid_argument("seats: 0 (random bot), 1 (outside) or 2 (heuristic bot)");
    if (std::none_of(outside_.begin(), outside_.end(), [](int x) { return x == OUTSIDE; }))
      throw std::invalid_argument("seats: at least one seat is played from outside");
    if (!clans_.empty() && static_cast<int>(clans_.size()) != players) throw std::invalid_argument("clans: one a seat");
    games_.resize(n_);
    names_.assign(n_, std::vector<int>(ENCODING.rules->clan_names.size()));
    bots_.assign(static_cast<size_t>(n_) * players_, Rng(0));
    ids_.resize(n_);
    moves_.resize(n_);
    firsts_.resize(n_);
    observer_.assign(n_, 0);
    samplers_.assign(n_, Rng(0));
    deals_.assign(n_, Deals{});
    seed_sampler(0);
    moves_made_ = 0;
  }

  // Deal game i anew: game seed `seed` (clans shuffled from it unless fixed, as daimyo/rl/env.py reset), its bots
  // seeded bot_base + seat (as daimyo/rl/single.py seeds them); the bots move until an outside seat is to act.
  void deal(int i, uint64_t seed, uint64_t bot_base) {
    Seats<int> clans = clans_;
    if (clans.empty()) {
      std::vector<int>& names = names_[i];  // (its room made with the batch: no allocation a deal)
      names.resize(ENCODING.rules->clan_names.size());
      for (size_t c = 0; c < names.size(); ++c) names[c] = static_cast<int>(c);
      Rng(seed ^ 0xC1A5).shuffle(names);
      clans.assign(names.begin(), names.begin() + players_);
    }
    State::deal(games_[i], ENCODING.rules, players_, GameRng(seed), clans);  // the layout's rules, the lists' room kept
    for (int p = 0; p < players_; ++p) bots_[i * players_ + p] = Rng(bot_base + p);
    bots_move(i);
  }

  struct Buffers {
    float* obs;
    uint8_t* mask;
    float* rewards;
    uint8_t* terminated;
    uint8_t* illegal;
    int32_t* to_act;
  };

  // game i's deal generator: the PCG64 state and increment of a NumPy generator, each as its high and low words
  void seed_deals(int i, uint64_t state_hi, uint64_t state_lo, uint64_t inc_hi, uint64_t inc_lo) {
    if (i < 0 || i >= n_) throw nb::index_error("no such game in the batch");
    deals_[i].state = (static_cast<__uint128_t>(state_hi) << 64) | state_lo;
    deals_[i].inc = (static_cast<__uint128_t>(inc_hi) << 64) | inc_lo;
    deals_[i].set = true;
  }
  // the next word game i's deal generator draws below 2**deal_bits (NumPy's Generator.integers)
  uint64_t draw_deal(int i) {
    if (i < 0 || i >= n_) throw nb::index_error("no such game in the batch");
    return deals_[i].draw(1ULL << deal_bits_);
  }

  // One step of every game: reset[i] deals game i anew: 1, a game drawn from its deal generator (the game's seed
  // below 2**deal_bits, its bots seeded that seed % 2**31 + seat); 2, with seeds[i] / bot_bases[i]; else actions[i]
  // is applied.
  // With drawn set, actions[i] is written, not read: a random legal action of game i (random_action), drawn and
  // applied in the same pass.
  void step(int64_t* actions, bool drawn, const uint8_t* reset, const uint64_t* seeds, const uint64_t* bot_bases,
            const Buffers& out, int threads) {
    moves_made_ += over_games(threads, [&](int i) {
      if (drawn) actions[i] = reset[i] ? 0 : random_action(i);
      uint64_t seed = seeds[i], base = bot_bases[i];
      if (reset[i] == 1) {
        if (!deals_[i].set) throw std::runtime_error("game " + std::to_string(i) + " has no deal generator: seed it first");
        seed = deals_[i].draw(1ULL << deal_bits_);
        base = seed % (1ULL << 31);
      }
      return step_one(i, actions[i], reset[i] != 0, seed, base, out);
    });
  }

  // a uniformly random legal action of each game (0 where none: a game that just ended), each from its game's own
  // generator: a random policy without a Python loop over the masks
  void random_actions(int64_t* out, int threads) {
    over_games(threads, [&](int i) {
      out[i] = random_action(i);
      return 0LL;
    });
  }
  // game i's generator is seeded with the i-th word of a generator seeded `seed`
  void seed_sampler(uint64_t seed) {
    Rng words(seed);
    for (auto& r : samplers_) r = Rng(words.next64());
  }

  enum Seat { RANDOM = 0, OUTSIDE = 1, HEURISTIC = 2 };
  int games() const { return n_; }
  int players() const { return players_; }
  long long moves_made() const { return moves_made_; }
  const State& game(int i) const {
    if (i < 0 || i >= n_) throw nb::index_error("no such game in the batch");
    return games_[i];
  }

 private:
  int n_, players_, deal_bits_;
  std::vector<int> outside_, clans_;
  std::vector<State> games_;
  std::vector<std::vector<int>> names_;    // per game: the clans shuffled where a deal draws them
  std::vector<Rng> bots_;
  std::vector<std::vector<int>> ids_;      // per game: the legal ids written into its mask row (cleared next)
  std::vector<std::vector<Move>> moves_;   // per game: the legal moves written last (legal_ids), else scratch
  std::vector<std::vector<int>> firsts_;   // per game: the index in moves_ of the legal move each of ids_ stands for
  std::vector<int> observer_;              // per game: whose observation its row holds
  std::vector<Rng> samplers_;               // per game: the generator of its random actions
  std::vector<Deals> deals_;                // per game: the generator of its new deals
  long long moves_made_;
  std::vector<long long> counts_;             // per thread of a step: its games' sum (over_games)
  std::vector<std::exception_ptr> errors_;    // per thread of a step: what its games threw
  Pool pool_;

  int64_t random_action(int i) {
    return ids_[i].empty() ? 0 : ids_[i][samplers_[i].next64() % ids_[i].size()];
  }

  // each(i) for every game, the games split into `threads` runs of consecutive games; returns the sum of each(i)
  template <typename Each>
  long long over_games(int threads, Each each) {
    threads = std::max(1, std::min(threads, n_));
    // (the per-thread sums and errors in lists kept by the batch, the job passed by reference: no allocation a step)
    if (static_cast<int>(counts_.size()) < threads) counts_.resize(threads), errors_.resize(threads);
    long long* counts = counts_.data();
    std::exception_ptr* errors = errors_.data();
    auto job = [&](int t) {
      counts[t] = 0;
      const int from = static_cast<int>(static_cast<long long>(n_) * t / threads);
      const int to = static_cast<int>(static_cast<long long>(n_) * (t + 1) / threads);
      try {
        long long sum = 0;
        for (int i = from; i < to; ++i) sum += each(i);
        counts[t] = sum;
      } catch (...) {
        errors[t] = std::current_exception();
      }
    };
    pool_.run(threads, std::ref(job));
    std::exception_ptr first;  // the first thread's error, if any; every slot emptied for the next step
    long long total = 0;
    for (int t = 0; t < threads; ++t) {
      if (errors[t] && !first) first = errors[t];
      errors[t] = nullptr;
      total += counts[t];
    }
    if (first) std::rethrow_exception(first);
    return total;
  }

  int first_to_act(const State& s) const {
    int acting[State::MAX_PLAYERS];
    return s.to_act(acting) > 0 ? acting[0] : -1;
  }

  // the bots move (one at a time, the first seat to act: daimyo/rl/single.py _bots_play) until an outside seat is to
  // act or the game is over; returns the moves made
  long long bots_move(int i) {
    State& s = games_[i];
    Events quiet;
    quiet.on = false;
    long long made = 0;
    while (s.phase != Phase::Over) {
      const int seat = first_to_act(s);
      if (seat < 0) throw std::runtime_error("the game is not over but nobody is to act");
      if (outside_[seat] == OUTSIDE) break;
      Rng& bot = bots_[i * players_ + seat];
      Move move;
      if (outside_[seat] == HEURISTIC) {
        Heuristic h(bot.state());
        move = h.choose(s, seat);
        bot = h.rng;
      } else if (s.placing()) {
        move = s.placement_move_at(seat, bot.next64(), moves_[i]);
      } else {
        s.legal_moves(seat, moves_[i]);
        move = moves_[i][bot.next64() % moves_[i].size()];
      }
      quiet.clear();
      s.apply_move(seat, move, quiet);
      ++made;
    }
    return made;
  }

  // the rows of game i: the observation and mask of the seat to act (at the end: of `observer_`), all zero mask at
  // the end
  void write(int i, const Buffers& out) {
    const State& s = games_[i];
    const int A = ENCODING.n_actions, D = ENCODING.obs_size;
    uint8_t* mask = out.mask + static_cast<size_t>(i) * A;
    for (int id : ids_[i]) mask[id] = 0;
    const int seat = s.phase == Phase::Over ? -1 : first_to_act(s);
    out.to_act[i] = seat;
    if (seat >= 0) {
      observer_[i] = seat;
      legal_ids(s, seat, moves_[i], ids_[i], &firsts_[i]);  // (ids_ and firsts_ overwritten, not emptied first)
      for (int id : ids_[i]) mask[id] = 1;
    } else {
      ids_[i].clear();
    }
    observe(s, observer_[i], out.obs + static_cast<size_t>(i) * D);
    out.terminated[i] = s.phase == Phase::Over;
  }

  long long step_one(int i, int64_t action, bool reset, uint64_t seed, uint64_t bot_base, const Buffers& out) {
    float* rewards = out.rewards + static_cast<size_t>(i) * players_;
    std::fill(rewards, rewards + players_, 0.0f);
    out.illegal[i] = 0;
    if (reset) {
      deal(i, seed, bot_base);
      write(i, out);
      return 0;
    }
    State& s = games_[i];
    if (s.phase == Phase::Over) throw std::runtime_error("game " + std::to_string(i) + " is over: deal it anew first");
    const int seat = first_to_act(s);
    // the move the action stands for: among the legal actions written at the last step (ids_, firsts_ and moves_,
    // which nothing touches between the steps)
    const auto at = std::find(ids_[i].begin(), ids_[i].end(), action);
    if (at == ids_[i].end()) {
      // an action the mask forbids: the episode ends at once, -1 for that seat, the game untouched (single.py "lose")
      out.illegal[i] = 1;
      rewards[seat] = -1.0f;
      uint8_t* mask = out.mask + static_cast<size_t>(i) * ENCODING.n_actions;
      for (int id : ids_[i]) mask[id] = 0;
      ids_[i].clear();
      out.terminated[i] = 1;
      out.to_act[i] = -1;
      return 0;
    }
    const Move m = moves_[i][firsts_[i][at - ids_[i].begin()]];
    Events quiet;
    quiet.on = false;
    s.apply_move(seat, m, quiet);
    const long long made = 1 + bots_move(i);
    if (s.phase == Phase::Over) returns(s, rewards);
    write(i, out);
    return made;
  }
};

template <typename A>
auto rows(A& a, int n, const char* what, size_t width = 0) {
  if (static_cast<int>(a.shape(0)) != n || (a.ndim() == 2 && a.shape(1) != width))
    throw std::invalid_argument(std::string("Batch.step: ") + what + " has the wrong shape");
  return a.data();
}

}  // namespace

void bind_batch(nb::module_& m) {
  nb::class_<Batch>(m, "Batch", "N games stepped in one call (daimyo/rl/vector.py).")
      .def(nb::init<int, int, std::vector<int>, std::vector<int>, int>(), nb::arg("games"), nb::arg("players"),
           nb::arg("outside"), nb::arg("clans"), nb::arg("deal_bits") = 63)
      .def("seed_deals", &Batch::seed_deals, nb::arg("i"), nb::arg("state_hi"), nb::arg("state_lo"), nb::arg("inc_hi"),
           nb::arg("inc_lo"), "Set game i's deal generator to a NumPy PCG64's state and increment (high and low words).")
      .def("draw_deal", &Batch::draw_deal, nb::arg("i"),
           "Draw game i's next deal seed, below 2**deal_bits, as NumPy's Generator.integers(2**deal_bits) would.")
      .def_prop_ro("games", &Batch::games)
      .def_prop_ro("players", &Batch::players)
      .def_prop_ro("moves_made", &Batch::moves_made, "Moves applied by steps so far, the bots' included.")
      .def("random_actions", [](Batch& b, Out<int64_t, 1> out, int threads) {
        int64_t* o = rows(out, b.games(), "out");
        nb::gil_scoped_release release;
        b.random_actions(o, threads);
      }, nb::arg("out"), nb::arg("threads") = 1,
         "A uniformly random legal action of each game into `out` (0 for a game that just ended).")
      .def("seed_sampler", &Batch::seed_sampler, nb::arg("seed"), "Seed the generator of random_actions.")
      .def("game", [](const Batch& b, int i) -> State { return b.game(i); }, nb::arg("i"), "A copy of game i.")
      .def("step", [](Batch& b, Out<int64_t, 1> actions, Out<uint8_t, 1> reset, Out<uint64_t, 1> seeds,
                      Out<uint64_t, 1> bot_bases, Out<float, 2> obs, Out<uint8_t, 2> mask, Out<float, 2> rewards,
                      Out<uint8_t, 1> terminated, Out<uint8_t, 1> illegal, Out<int32_t, 1> to_act, int threads,
                      bool drawn) {
        const int n = b.games();
        int64_t* a = rows(actions, n, "actions");
        const uint8_t* r = rows(reset, n, "reset");
        const uint64_t* s = rows(seeds, n, "seeds");
        const uint64_t* bb = rows(bot_bases, n, "bot_bases");
        Batch::Buffers out{rows(obs, n, "obs", ENCODING.obs_size), rows(mask, n, "mask", ENCODING.n_actions),
                           rows(rewards, n, "rewards", b.players()), rows(terminated, n, "terminated"),
                           rows(illegal, n, "illegal"), rows(to_act, n, "to_act")};
        nb::gil_scoped_release release;
        b.step(a, drawn, r, s, bb, out, threads);
      }, nb::arg("actions"), nb::arg("reset"), nb::arg("seeds"), nb::arg("bot_bases"), nb::arg("obs"), nb::arg("mask"),
         nb::arg("rewards"), nb::arg("terminated"), nb::arg("illegal"), nb::arg("to_act"), nb::arg("threads") = 1,
         nb::arg("drawn") = false,
         "Step every game (reset[i] 1: deal game i anew from its deal generator; 2: from seeds[i], bots seeded "
         "bot_bases[i] + seat) into the arrays; "
         "drawn: write into `actions` a random legal action of each game (as random_actions) and apply it.");
}

}  // namespace daimyo
