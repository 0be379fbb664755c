// heuristic.py `standing` and `token_value`, which the card scoring (heuristic_cards.cpp) reads: a faithful port
// kept here until heuristic.cpp, which owns them with the rest of the rule-based bot, lands beside it (then this
// file goes: the bot keeps one copy).
#include <algorithm>
#include <cstddef>  // rng.hpp writes size_t

#include "heuristic.hpp"
#include "scoring.hpp"

namespace daimyo {

double standing(const State& s, int seat) {
  // honor on the board now (objective included for this seat only) minus the rivals'
  const Rules& R = RULES;
  const int n = s.n;
  std::vector<double> score(n, 0.0);
  for (int p = 0; p < R.n_provinces(); ++p) {
    const int o = s.owner[p];
    if (o < 0) continue;
    const int sp = s.special[p];
    const int flowers = (sp >= 0 && sp == R.honor_4 ? 4 : R.flowers[p]) + (sp >= 0 ? R.special_honor[sp] : 0);
    score[o] += (flowers + (R.shadowlands[p] ? 0 : s.up[p])) + 0.3;
  }
  for (int t = 0; t < static_cast<int>(R.territory_names.size()); ++t) {
    if (R.territory_shadowlands[t]) continue;
    const int c = s.territory_controller(t);
    if (c >= 0) score[c] += 5;
  }
  const int oid = s.objective[seat];
  if (oid >= 0) {
    ScoringBoard b;
    b.n = n;
    b.owner = s.owner;
    b.up = s.up;
    b.special = s.special;
    b.objective = s.objective;
    if (objective_met(b, seat, oid)) score[seat] += R.objectives[oid].honor;
  }
  std::vector<double> others;
  for (int q = 0; q < n; ++q)
    if (q != seat) others.push_back(score[q]);
  if (n == 2) return score[seat] - others[0];
  double sum = 0.0;  // Python's sum(): from the left
  for (double x : others) sum += x;
  return score[seat] - 0.6 * *std::max_element(others.begin(), others.end()) - 0.4 * sum / static_cast<double>(others.size());
}

double token_value(const State& s, int seat, int clan_token) {
  // how much a token behind the screen is worth keeping: the first of the clan's tokens with its code
  const int clan = s.clans[seat];
  const int first = RULES.clan_token_code_id[clan][clan_token];
  const int strength = RULES.clan_token_strength[clan][first];
  switch (RULES.clan_token_kinds[clan][first]) {
    case Rules::Army: return strength;
    case Rules::Navy: return 0.8 * strength;
    case Rules::Shinobi: return 1.2 + strength;
    case Rules::Blessing: return 2.0;
    case Rules::Diplomacy:
    case Rules::Raid: return 1.8;
    default: return 5.0;  // the bluff
  }
}

}  // namespace daimyo
