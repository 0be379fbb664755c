// The Python binding of native ISMCTS (search.hpp), used by daimyo/bots/rokugan/ismcts.py's ISMCTSBot.
#include <nanobind/nanobind.h>

#include <stdexcept>

#include "bind.hpp"
#include "search.hpp"

namespace daimyo {

void bind_search(nb::module_& m) {
  m.def("ismcts_choose", [](const State& s, int seat, uint64_t rng_state, uint64_t heuristic_state, long long iterations,
                            double seconds, double max_seconds, int root_candidates, double exploration, int rollout_sample, int horizon,
                            long long setup_iterations, double setup_seconds, bool early_stop, bool confident_stop, double stop_z, double stop_margin) {
        need_actor(s, seat, "ismcts_choose");
        if (root_candidates < 1 || rollout_sample < 1) throw std::invalid_argument("ismcts_choose: root_candidates and rollout_sample are at least 1");
        if (horizon < 0) throw std::invalid_argument("ismcts_choose: horizon is 0 or more rounds");
        SearchSettings set{iterations, seconds, max_seconds, setup_iterations, setup_seconds,
                           root_candidates, exploration, rollout_sample, horizon, early_stop, confident_stop, stop_z,
                           stop_margin};
        ISMCTS bot(rng_state, heuristic_state, set);
        SearchResult r;
        {
          // a search touches no Python object, so other threads run meanwhile; the game searched must not be changed
          // by another thread until it returns (the server's bots search a copy of the room's game)
          nb::gil_scoped_release quiet;
          r = bot.choose(s, seat);
        }
        return nb::make_tuple(move_tuple(s, seat, r.move), bot.rng.state(), bot.heuristic.rng.state(), r.iterations,
                              r.rounds, r.seconds);
      }, nb::arg("game"), nb::arg("seat"), nb::arg("rng_state"), nb::arg("heuristic_state"), nb::arg("iterations"),
      nb::arg("seconds"), nb::arg("max_seconds"), nb::arg("root_candidates"), nb::arg("exploration"), nb::arg("rollout_sample"),
      nb::arg("horizon") = 0, nb::arg("setup_iterations") = -1, nb::arg("setup_seconds") = -1.0, nb::arg("early_stop") = true,
      nb::arg("confident_stop") = false, nb::arg("stop_z") = 2.0, nb::arg("stop_margin") = 0.03,
      "ISMCTSBot.choose natively: (move, rng state after, heuristic rng state after, iterations, rounds, seconds).\n"
      "A budget of -1 is none; with neither iterations nor seconds, 1 second. setup_iterations and setup_seconds:\n"
      "the budget of the setup control choices in place of iterations and seconds (both -1: the same budget).\n"
      "early_stop: return once the leading candidate can no longer be overtaken within the budget; confident_stop:\n"
      "also once a test at stop_z standard deviations says it stays the choice, or no other is better by more than\n"
      "stop_margin.");
}

}  // namespace daimyo
