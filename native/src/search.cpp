// ISMCTS, native: the loop of daimyo/bots/rokugan/ismcts.py step for step (see search.hpp).
#include "search.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include "scoring.hpp"

namespace daimyo {

namespace {

constexpr double PRIOR_BONUS = 0.03, PRIOR_TEMPERATURE = 0.5, HONOR_SCALE = 4.0;
constexpr int MAX_ROLLOUT_MOVES = 400;
// ismcts.py STOP_MIN_ROUNDS, STOP_PRIOR_VARIANCE, STOP_WINDOW, STOP_AFTER (the confident stop; its confidence and
// margin are settings)
constexpr double STOP_PRIOR_VARIANCE = 0.25, STOP_WINDOW = 0.5, STOP_AFTER = 1.0 / 3.0;
constexpr long long STOP_MIN_ROUNDS = 10;

// Whether two moves are the same Python tuple: a token's code names it (two clans may share a code, and a move's
// token is an index into its player's clan), everything else is compared as it is.
bool same_move(const Rules& R, int clan_a, const Move& a, int clan_b, const Move& b) {
  if (a.verb != b.verb || a.loc != b.loc || a.a != b.a || a.b != b.b) return false;
  switch (a.verb) {
    case Move::Return: case Move::Place: case Move::Take: case Move::Discard:
      return R.clan_token_codes[clan_a][a.arg] == R.clan_token_codes[clan_b][b.arg];
    default:
      return a.arg == b.arg;
  }
}

// ismcts.py _Node; the tree's nodes live in one vector and name their children by index, in the order made
struct Node {
  Move move;
  int player, clan;
  std::vector<int> children;
  long long visits = 0, avail = 0;
  double reward = 0.0, prior = 0.0;
  double ucb(double c) const {
    if (visits == 0) return std::numeric_limits<double>::infinity();
    return reward / visits + c * std::sqrt(std::log(static_cast<double>(std::max<long long>(1, avail))) / visits);
  }
};

// ismcts.py evaluate: each seat's result in [0, 1]
std::vector<double> evaluate(const State& d) {
  const ScoringBoard b = d.scoring_board();
  std::vector<int> h;
  for (int p = 0; p < d.n; ++p) h.push_back(honor(b, p).total);
  std::vector<double> out(d.n, 0.0);
  if (d.phase == Phase::Over) {  // the game's returns: 1 shared among the winners
    const int best = *std::max_element(h.begin(), h.end());
    const auto winners = std::count(h.begin(), h.end(), best);
    for (int p = 0; p < d.n; ++p) out[p] = h[p] == best ? 1.0 / static_cast<double>(winners) : 0.0;
    return out;
  }
  for (int p = 0; p < d.n; ++p) {
    int rival = std::numeric_limits<int>::min();
    for (int q = 0; q < d.n; ++q)
      if (q != p) rival = std::max(rival, h[q]);
    out[p] = 1.0 / (1.0 + std::exp(static_cast<double>(-(h[p] - rival)) / HONOR_SCALE));
  }
  return out;
}

// ismcts.py priors: the heuristic's scores as a softmax at PRIOR_TEMPERATURE
std::vector<double> priors(const Scored& top) {
  const double best = top[0].first;
  std::vector<double> w;
  double total = 0.0;
  for (const auto& vm : top) {
    w.push_back(std::exp(std::max(-30.0, (vm.first - best) / PRIOR_TEMPERATURE)));
    total += w.back();
  }
  for (double& x : w) x /= total;
  return w;
}

class Search {
 public:
  Search(ISMCTS& bot, const State& state, int seat) : bot_(bot), state_(state), seat_(seat) {}

  // ismcts.py search: the root's children are `top`'s moves; the iterations, rounds and time go into `out`
  void run(const Scored& top, const std::vector<double>& prior, SearchResult& out) {
    nodes_.push_back(Node{Move{Move::Pass, 0}, seat_, state_.clans[seat_], {}});
    for (size_t i = 0; i < top.size(); ++i) {
      Node child{top[i].second, seat_, state_.clans[seat_], {}};
      child.prior = prior[i];
      nodes_.push_back(child);
      nodes_[0].children.push_back(static_cast<int>(nodes_.size()) - 1);
    }
    const std::vector<int> children = nodes_[0].children;
    const auto t0 = std::chrono::steady_clock::now();
    const SearchSettings& set = bot_.settings;
    // a setup choice has a budget of its own where one is given (ismcts.py ISMCTSBot.setup_budget)
    const bool own = state_.phase == Phase::SetupControl && (set.setup_iterations >= 0 || set.setup_seconds >= 0);
    const long long iterations = own ? set.setup_iterations : set.iterations;
    const double seconds = own ? set.setup_seconds : set.seconds;
    double limit = -1;
    for (double s : {seconds, set.max_seconds})
      if (s >= 0) limit = limit < 0 ? s : std::min(limit, s);
    if (iterations < 0 && seconds < 0 && limit < 0) limit = 1.0;
    const auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
    long long done = 0, rounds = 0;
    sums_.assign(children.size(), 0.0);
    history_.clear();
    std::vector<double> results;
    bool stop = false;
    while (!stop) {
      const State world = determinize(state_, seat_, bot_.rng);
      const uint64_t sim_seed = bot_.rng.next64();
      results.clear();
      for (int child : children) {
        if (iterations >= 0 && done >= iterations) { stop = true; break; }
        if (limit >= 0 && done > 0 && elapsed() >= limit) { stop = true; break; }
        State d = world;
        results.push_back(iterate(d, state_.round, child, sim_seed));
        ++done;
      }
      if (results.size() == children.size()) {
        ++rounds;
        const size_t k = results.size();
        for (size_t i = 0; i < k; ++i) sums_[i] += results[i];
        history_.insert(history_.end(), results.begin(), results.end());
        if (set.early_stop && !stop) {
          const double spent = elapsed();
          const long long left = rounds_left(iterations, done, limit, spent, rounds);
          if (settled(rounds, left) ||
              (set.confident_stop && spent_enough(iterations, done, limit, spent) && confident(rounds, left)))
            break;
        }
      }
    }
    out.iterations = done;
    out.rounds = rounds;
    out.seconds = elapsed();
  }

  // ismcts.py rounds_left: at most how many more rounds the budget completes; an iteration budget says exactly, a
  // time budget is estimated from the rounds so far (twice their pace, and one more); -1 for no bound
  long long rounds_left(long long iterations, long long done, double limit, double spent, long long rounds) const {
    const long long k = static_cast<long long>(nodes_[0].children.size());
    long long left = -1;
    if (iterations >= 0) left = (iterations - done) / k;
    if (limit >= 0 && spent <= 0) return left;  // no pace measured yet: the iteration bound alone
    if (limit >= 0) {
      const long long by_time = static_cast<long long>(std::ceil(2.0 * (limit - spent) * static_cast<double>(rounds) / spent)) + 1;
      left = left < 0 ? by_time : std::min(left, by_time);
    }
    return left;
  }

  // ismcts.py settled: whether the root child chosen now (best) stays the choice whatever the next `left` rounds
  // give, each result being in [0, 1]: no other child reaches it even if it gets 1 and the leader 0 every round
  bool settled(long long rounds, long long left) const {
    if (left < 0) return false;
    const std::vector<int>& children = nodes_[0].children;
    const size_t b = best_index(rounds);
    const double n = static_cast<double>(rounds), l = static_cast<double>(left);
    for (size_t i = 0; i < children.size(); ++i) {
      if (i == b) continue;
      const double gap = (sums_[i] - sums_[b] + l) / (n + l) + PRIOR_BONUS * (nodes_[children[i]].prior - nodes_[children[b]].prior);
      if (gap >= -1e-9) return false;
    }
    return true;
  }

  // ismcts.py spent_enough: whether STOP_AFTER of the budget is spent, of its iterations and of its time
  static bool spent_enough(long long iterations, long long done, double limit, double spent) {
    if (iterations >= 0 && static_cast<double>(done) < STOP_AFTER * static_cast<double>(iterations)) return false;
    return limit < 0 || spent >= STOP_AFTER * limit;
  }

  // ismcts.py confident: whether every other root child either stays behind the leader at the end of the `left`
  // rounds to come at stop_z standard deviations, or is better than it by less than stop_margin at that z; its
  // paired differences with the leader (common random numbers) are read as normal over the latest STOP_WINDOW of
  // the rounds, which say what the rounds to come give (a child's value drifts as the tree below it grows)
  bool confident(long long rounds, long long left) const {
    if (rounds < 2 * STOP_MIN_ROUNDS || left < 0) return false;
    const std::vector<int>& children = nodes_[0].children;
    const size_t k = children.size(), b = best_index(rounds);
    const long long w = std::max(STOP_MIN_ROUNDS, static_cast<long long>(STOP_WINDOW * static_cast<double>(rounds)));
    const double n = static_cast<double>(rounds), lw = static_cast<double>(w), rest = static_cast<double>(left);
    const double z = bot_.settings.stop_z, margin = bot_.settings.stop_margin;
    for (size_t i = 0; i < k; ++i) {
      if (i == b) continue;
      double s = 0.0, q = 0.0;
      for (long long t = rounds - w; t < rounds; ++t) {
        const double d = history_[t * k + i] - history_[t * k + b];
        s += d;
        q += d * d;
      }
      const double m = s / lw, var = (q - s * s / lw + STOP_PRIOR_VARIANCE) / lw;
      if (m + z * std::sqrt(var / lw) < margin) continue;
      const double gap = -(sums_[i] - sums_[b] + rest * m) - PRIOR_BONUS * (nodes_[children[i]].prior - nodes_[children[b]].prior) * (n + rest);
      if (gap > 0 && gap * gap >= z * z * var * (rest + rest * rest / lw)) continue;
      return false;
    }
    return true;
  }

  // the root child with the best mean result (the heuristic's prior breaks near-ties); the first of equals
  Move best(long long rounds) const { return nodes_[nodes_[0].children[best_index(rounds)]].move; }

  size_t best_index(long long rounds) const {
    const std::vector<int>& children = nodes_[0].children;
    size_t best = 0;
    double best_v = -std::numeric_limits<double>::infinity();
    for (size_t i = 0; i < children.size(); ++i) {
      const double v = sums_[i] / static_cast<double>(rounds) + PRIOR_BONUS * nodes_[children[i]].prior;
      if (i == 0 || v > best_v) best = i, best_v = v;
    }
    return best;
  }

 private:
  ISMCTS& bot_;
  const State& state_;
  int seat_;
  std::vector<Node> nodes_;
  std::vector<double> sums_;
  std::vector<double> history_;  // [t * k + i]: root child i's result in round t
  Events quiet_ = [] { Events e; e.on = false; return e; }();
  std::vector<Move> legal_;
  int acting_[State::MAX_PLAYERS];

  void apply(State& d, int seat, const Move& m) {
    quiet_.clear();
    d.apply_move(seat, m, quiet_);
  }

  // ismcts.py _iterate: one iteration in determinization `d` through root child `child`; the root seat's result
  double iterate(State& d, int start_round, int child, uint64_t sim_seed) {
    Heuristic& h = bot_.heuristic;
    h.rng = Rng(sim_seed);
    const double c = bot_.settings.exploration;
    apply(d, seat_, nodes_[child].move);
    int node = child;
    std::vector<int> path{child};
    std::vector<int> legal;
    std::vector<Move> legal_move;
    // selection and expansion below the root
    while (nodes_[node].visits > 0 && d.phase != Phase::Over && d.round == start_round) {
      d.to_act(acting_);
      const int actor = acting_[0];
      d.legal_moves(actor, legal_);
      // the children of this actor whose move is legal here; a child's move names its token by the token's index
      // in the world it was made in, so it is matched (and applied) as the legal move of the same Python tuple
      legal.clear();
      legal_move.clear();
      const int clan = d.clans[actor];
      for (int ch : nodes_[node].children) {
        const Node& x = nodes_[ch];
        if (x.player != actor) continue;
        for (const Move& l : legal_)
          if (same_move(*d.rules, x.clan, x.move, clan, l)) {
            legal.push_back(ch);
            legal_move.push_back(l);
            break;
          }
      }
      const long long visits = nodes_[node].visits;
      const long long root = static_cast<long long>(std::sqrt(static_cast<double>(visits)));
      long long isqrt = root;  // math.isqrt, exactly
      while (isqrt * isqrt > visits) --isqrt;
      while ((isqrt + 1) * (isqrt + 1) <= visits) ++isqrt;
      if (static_cast<long long>(nodes_[node].children.size()) < 1 + isqrt) {
        const Move m = h.quick_choose(d, actor);
        bool present = false;
        for (int ch : nodes_[node].children)
          if (same_move(*d.rules, nodes_[ch].clan, nodes_[ch].move, clan, m)) { present = true; break; }
        if (!present) {
          nodes_.push_back(Node{m, actor, clan, {}});
          const int made = static_cast<int>(nodes_.size()) - 1;
          nodes_[node].children.push_back(made);
          apply(d, actor, m);
          path.push_back(made);
          break;
        }
      }
      if (legal.empty()) break;
      for (int ch : legal) ++nodes_[ch].avail;
      size_t pick = 0;
      double pick_v = nodes_[legal[0]].ucb(c);
      for (size_t i = 1; i < legal.size(); ++i) {
        const double v = nodes_[legal[i]].ucb(c);
        if (v > pick_v) pick = i, pick_v = v;
      }
      node = legal[pick];
      apply(d, actor, legal_move[pick]);
      path.push_back(node);
    }
    // simulation to the end of the round (from setup, through the first round too)
    const int last_round = std::max(start_round, 1) + bot_.settings.horizon;
    const int max_steps = MAX_ROLLOUT_MOVES * (1 + bot_.settings.horizon);
    int steps = 0;
    while (d.phase != Phase::Over && d.round <= last_round && steps < max_steps) {
      d.to_act(acting_);
      const int actor = acting_[0];
      apply(d, actor, h.quick_choose(d, actor, bot_.settings.rollout_sample));
      ++steps;
    }
    const std::vector<double> values = evaluate(d);
    ++nodes_[0].visits;
    for (int n : path) {
      ++nodes_[n].visits;
      nodes_[n].reward += values[nodes_[n].player];
    }
    return values[seat_];
  }
};

}  // namespace

SearchResult ISMCTS::choose(const State& state, int seat) {
  SearchResult out;
  const std::vector<Move> moves = state.legal_moves(seat);
  if (moves.size() == 1) {
    out.move = moves[0];
    return out;
  }
  if (state.phase == Phase::SetupClans || state.phase == Phase::SetupObjectives || !state.dragon_return.empty()) {
    out.move = heuristic.choose(state, seat);  // little to search: the heuristic's choice
    return out;
  }
  Scored scored = heuristic.score_moves(state, seat, moves);
  std::stable_sort(scored.begin(), scored.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
  if (static_cast<int>(scored.size()) > settings.root_candidates) scored.resize(settings.root_candidates);
  if (scored.size() == 1) {
    out.move = scored[0].second;
    return out;
  }
  Search search(*this, state, seat);
  search.run(scored, priors(scored), out);
  out.move = out.rounds ? search.best(out.rounds) : scored[0].second;
  return out;
}

}  // namespace daimyo
