// The Python face of Rising Sun's native bid solver: the module `_daimyo_risingsun_native`, wrapped by
// daimyo/bots/risingsun/native.py, which hands the rules over once (`configure`) and a seat's world as plain lists
// (`solve`). Provinces, kinds and seasons cross as small integers; every list is checked here by name.
#include <nanobind/nanobind.h>
#include <nanobind/stl/array.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <stdexcept>
#include <string>

#include "risingsun_play.hpp"
#include "risingsun_solver.hpp"

namespace nb = nanobind;
using namespace daimyo::risingsun;

namespace {

Rules g_rules;
bool g_configured = false;

template <typename T>
T field(const nb::dict& d, const char* key, const char* what) {
  if (!d.contains(key)) throw std::invalid_argument(std::string(what) + ": missing field '" + key + "'");
  try {
    return nb::cast<T>(d[key]);
  } catch (const nb::cast_error&) {
    throw std::invalid_argument(std::string(what) + ": field '" + key + "' has the wrong type");
  }
}

void need(bool ok, const std::string& message) {
  if (!ok) throw std::invalid_argument("risingsun world: " + message);
}

void configure(const nb::dict& d, bool compensated) {
  Rules r;
  r.seppuku_vp = field<int>(d, "seppuku_vp", "risingsun rules");
  r.seppuku_honor = field<int>(d, "seppuku_honor", "risingsun rules");
  r.hostage_vp = field<int>(d, "hostage_vp", "risingsun rules");
  r.poets_vp = field<int>(d, "poets_vp", "risingsun rules");
  r.stronghold_force = field<int>(d, "stronghold_force", "risingsun rules");
  for (bool b : field<std::vector<bool>>(d, "hostage_allowed", "risingsun rules")) r.hostage_allowed.push_back(b ? 1 : 0);
  r.province_bonus = field<std::vector<std::pair<int, int>>>(d, "province_bonus", "risingsun rules");
  for (size_t i = 1; i < r.province_bonus.size(); ++i)
    if (r.province_bonus[i - 1] > r.province_bonus[i])
      throw std::invalid_argument("risingsun rules: field 'province_bonus' must be in ascending order");
  g_rules = r;
  compensated_sum = compensated;
  g_configured = true;
}

// The fields every world has (native.world_data and bulk.start_data write them), checked by name.
War common(const nb::dict& d, Fixed& fx) {
  const char* what = "risingsun world";
  War w;
  w.f = &fx;
  fx.n = w.n = field<int>(d, "n", what);
  need(w.n >= 2 && w.n <= MAX_SEATS, "field 'n' must be 2 to " + std::to_string(MAX_SEATS) + " players");
  const size_t n = static_cast<size_t>(w.n);
  auto seats = [&](const char* key) {
    auto v = field<std::vector<int>>(d, key, what);
    need(v.size() == n, std::string("field '") + key + "' must have one entry a player");
    return v;
  };
  auto koi = field<std::vector<bool>>(d, "koi", what), turtle = field<std::vector<bool>>(d, "turtle", what);
  need(koi.size() == n && turtle.size() == n, "fields 'koi' and 'turtle' must have one entry a player");
  fx.season = field<int>(d, "season", what);
  auto honor = seats("honor"), ally = seats("ally"), coins = seats("coins"), ronin = seats("ronin"), vp = seats("vp");
  std::vector<char> seen(n, 0);
  for (int p : honor) {
    need(p >= 0 && p < w.n && !seen[p], "field 'honor' must name every seat once");
    seen[p] = 1;
  }
  for (size_t p = 0; p < n; ++p) {
    need(ally[p] >= -1 && ally[p] < w.n, "field 'ally' names no seat");
    need(coins[p] >= 0 && ronin[p] >= 0, "fields 'coins' and 'ronin' cannot be negative");
    fx.koi[p] = koi[p] ? 1 : 0;
    fx.turtle[p] = turtle[p] ? 1 : 0;
    fx.ally[p] = ally[p];
    fx.ronin[p] = ronin[p];
    w.honor[p] = honor[p];
    w.coins[p] = coins[p];
    w.vp[p] = vp[p];
  }
  auto province = [&](int prov, const char* key) {
    need(prov >= 0 && prov < MAX_PROVINCES,
         std::string("field '") + key + "': a province is a number from 0 to " + std::to_string(MAX_PROVINCES - 1));
    return prov;
  };
  auto tokens = field<std::vector<std::vector<std::pair<int, int>>>>(d, "tokens", what);
  need(tokens.size() == n, "field 'tokens' must have one entry a player");
  for (size_t p = 0; p < n; ++p)
    for (const auto& [prov, points] : tokens[p]) {
      w.token_vp[p] += points;
      w.token_provinces[p] |= 1u << province(prov, "tokens");
    }
  auto wars = field<std::vector<int>>(d, "wars", what);
  need(wars.size() <= static_cast<size_t>(MAX_WARS), "field 'wars': at most " + std::to_string(MAX_WARS) + " wars");
  for (int prov : wars) fx.wars.push_back(province(prov, "wars"));
  auto strongholds = field<std::vector<std::vector<int>>>(d, "strongholds", what);
  need(strongholds.size() <= static_cast<size_t>(MAX_PROVINCES), "field 'strongholds': too many provinces");
  for (size_t prov = 0; prov < strongholds.size(); ++prov)
    for (int p : strongholds[prov]) {
      need(p >= 0 && p < w.n, "field 'strongholds' names no seat");
      fx.strongholds[prov][p] += 1;
    }
  auto figures = field<std::vector<std::tuple<int, int, int, int, int>>>(d, "figures", what);
  need(figures.size() <= static_cast<size_t>(MAX_FIGURES), "field 'figures': at most " + std::to_string(MAX_FIGURES) + " figures");
  for (const auto& [number, prov, owner, kind, force] : figures) {
    need(number >= 0 && number < 32768, "field 'figures': a figure number is 0 to 32767");
    need(owner >= 0 && owner < w.n, "field 'figures': a figure's owner is no seat");
    need(kind >= 0 && kind < static_cast<int>(g_rules.hostage_allowed.size()), "field 'figures': unknown kind");
    need(force >= 0 && force < 128, "field 'figures': a figure's Force is 0 to 127");
    w.figures.push_back({static_cast<int16_t>(number), static_cast<int8_t>(province(prov, "figures")),
                         static_cast<int8_t>(owner), static_cast<int8_t>(kind), static_cast<int8_t>(force)});
  }
  return w;
}

// The world `d` (regret.seat_world, as native.world_data writes it) at its battle's bid, no bid placed.
War world(const nb::dict& d, Fixed& fx) {
  const char* what = "risingsun world";
  War w = common(d, fx);
  w.at = field<int>(d, "at", what);
  need(w.at >= 0 && w.at < fx.wars.size(), "field 'at' must be a war being fought");
  auto participants = field<std::vector<int>>(d, "participants", what);
  need(participants.size() >= 2, "field 'participants': a battle has at least two");
  for (int p : participants) {
    need(p >= 0 && p < w.n && !w.has_bid[p], "field 'participants' names no seat, or one twice");
    w.has_bid[p] = 1;
    w.participants.push_back(p);
  }
  w.has_bid.fill(0);
  w.step = BID;
  w.slot_winner.fill(-1);
  return w;
}

nb::object solve(const nb::dict& d, const std::vector<std::vector<std::array<int, 4>>>& menus, int iterations,
                 double margin, double seconds) {
  if (!g_configured) throw std::runtime_error("_daimyo_risingsun_native.configure was not called");
  Fixed fx;
  War w = world(d, fx);
  need(menus.size() == static_cast<size_t>(w.participants.size()), "one menu a participant");
  for (size_t i = 0; i < menus.size(); ++i) {
    need(!menus[i].empty(), "a menu is never empty");
    for (const auto& b : menus[i]) {
      need(b[0] >= 0 && b[1] >= 0 && b[2] >= 0 && b[3] >= 0, "a bid cannot be negative");
      need(b[0] + b[1] + b[2] + b[3] <= w.coins[w.participants[static_cast<int>(i)]], "a bid of a menu is more than its clan's coins");
    }
  }
  need(iterations >= 1, "at least one round of regret matching");
  std::vector<double> table;
  std::vector<std::vector<double>> strategies;
  std::vector<int> sizes;
  for (const auto& m : menus) sizes.push_back(static_cast<int>(m.size()));
  bool done;
  {
    nb::gil_scoped_release quiet;
    done = payoff_table(g_rules, w, menus, margin, seconds, table);
    if (done) strategies = regret_matching(sizes, table, iterations);
  }
  if (!done) return nb::none();
  return nb::cast(std::make_pair(table, strategies));
}

// A war file's War Phase from its start (bulk.start_data's world: before Start of War), started once and played
// to its end as often as asked, each time by its own bots.
struct StartedWar {
  Fixed fx;
  War w;
  explicit StartedWar(const nb::dict& d) {
    if (!g_configured) throw std::runtime_error("_daimyo_risingsun_native.configure was not called");
    w = common(d, fx);
    w.f = &fx;
    w.at = 0;
    w.step = NONE;
    w.slot_winner.fill(-1);
    start(g_rules, fx, w);
  }
  StartedWar(const StartedWar&) = delete;
  StartedWar& operator=(const StartedWar&) = delete;
};

nb::tuple move_tuple(const Move& m) {
  switch (m.verb) {
    case V_BID: return nb::make_tuple("bid", m.amounts[0], m.amounts[1], m.amounts[2], m.amounts[3]);
    case V_DECLINE: return nb::make_tuple("decline");
    case V_SEPPUKU: return nb::make_tuple("seppuku");
    case V_HOSTAGE: return nb::make_tuple("hostage", m.amounts[0]);
    case V_HIRE: return nb::make_tuple("hire");
    case V_POETS: return nb::make_tuple("poets");
    default: {
      nb::list items;
      items.append("remainder");
      for (int p : m.extra) items.append(p);
      return nb::tuple(items);
    }
  }
}

struct Outcome {
  War end;
  int moves = 0;
  std::vector<Played> record;
};

// Play the war once a row of `kinds` and `seeds` (one bot kind and one seed a seat); each war's
// (winner, totals, vp, coins, honor, moves, record or None), the four in the middle tuples.
nb::list play(const StartedWar& sw, const std::vector<std::vector<int>>& kinds, const std::vector<std::vector<uint64_t>>& seeds,
              bool record) {
  const size_t n = static_cast<size_t>(sw.w.n);
  need(kinds.size() == seeds.size(), "one row of bot kinds a row of seeds");
  for (size_t i = 0; i < kinds.size(); ++i) {
    need(kinds[i].size() == n && seeds[i].size() == n, "field 'kinds' and 'seeds': one entry a player in every war");
    for (int k : kinds[i]) need(k == BOT_RANDOM || k == BOT_HEURISTIC, "field 'kinds': 0 (random) or 1 (heuristic)");
  }
  std::vector<Outcome> out(kinds.size());
  {
    nb::gil_scoped_release quiet;
    for (size_t i = 0; i < kinds.size(); ++i) {
      out[i].end = sw.w;
      out[i].moves = play_war(g_rules, out[i].end, kinds[i].data(), seeds[i].data(), record ? &out[i].record : nullptr);
    }
  }
  auto ints = [](const std::array<int, MAX_SEATS>& xs, int n) {
    nb::tuple t = nb::steal<nb::tuple>(PyTuple_New(n));
    for (int p = 0; p < n; ++p) PyTuple_SET_ITEM(t.ptr(), p, PyLong_FromLong(xs[p]));
    return t;
  };
  nb::list rows;
  for (const auto& o : out) {
    const War& e = o.end;
    nb::tuple totals = ints(e.totals, e.n), vp = ints(e.vp, e.n), coins = ints(e.coins, e.n), honor = ints(e.honor, e.n);
    nb::object moves = nb::none();
    if (record) {
      nb::list made;
      for (const auto& pl : o.record) made.append(nb::make_tuple(pl.seat, move_tuple(pl.move)));
      moves = made;
    }
    rows.append(nb::make_tuple(e.result_winner, totals, vp, coins, honor, o.moves, moves));
  }
  return rows;
}

}  // namespace

NB_MODULE(_daimyo_risingsun_native, m) {
  m.doc() = "Rising Sun's bid sub-game, built and solved natively (daimyo/bots/risingsun/native.py)";
  m.def("configure", &configure, nb::arg("rules"), nb::arg("compensated_sum"),
        "Hand over the rules' numbers and whether this Python's sum() of floats is compensated (3.12 and later).");
  nb::class_<StartedWar>(m, "War", "A war file's War Phase, started once (Start of War and the automatic steps up to the "
                                   "first decision), played to its end by bots as often as asked")
      .def(nb::init<const nb::dict&>(), nb::arg("world"))
      .def("play", &play, nb::arg("kinds"), nb::arg("seeds"), nb::arg("record") = false,
           "Play the war once a row of bot kinds (0 random, 1 heuristic) and seeds, a seat each; a list of "
           "(winner seat, totals, vp, coins, honor, moves, record or None), the middle four tuples by seat (honor: "
           "the seats from the highest Honor down), a record as (seat, move tuple)s.");
  m.def("solve", &solve, nb::arg("world"), nb::arg("menus"), nb::arg("iterations"), nb::arg("margin"),
        nb::arg("seconds"),
        "The payoff table (flat, one payoff a participant per joint bid) and the average strategies of the bid "
        "sub-game in `world`; None when `seconds` (>= 0) pass before the table is complete.");
}
