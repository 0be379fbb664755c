#include "scoring.hpp"

#include <algorithm>

namespace daimyo {

int territory_controller(const ScoringBoard& b, int t) {
  const Rules& R = *b.rules;
  // A player controls a territory if they control each of its provinces without scorched earth;
  // a territory whose provinces are all scorched earth is controlled by nobody.
  int controller = -1;
  bool any = false;
  for (int p : R.territory_provinces[t]) {
    if (b.special[p] == R.scorched && R.scorched >= 0) continue;
    if (any && b.owner[p] != controller) return -1;
    controller = b.owner[p];
    any = true;
  }
  return any ? controller : -1;
}

static int province_flowers(const ScoringBoard& b, int p) {
  const Rules& R = *b.rules;
  // the printed flowers (Bushido's 4-honor token replaces them) plus honor and defense bonus tokens
  const int sp = b.special[p];
  const int base = sp >= 0 && sp == R.honor_4 ? 4 : R.flowers[p];
  return base + (sp >= 0 ? R.special_honor[sp] : 0);
}

static bool is_coastal(const ScoringBoard& b, int p) {
  const Rules& R = *b.rules;
  return R.coastal[p] || (b.special[p] >= 0 && b.special[p] == R.harbor);
}

bool objective_met(const ScoringBoard& b, int seat, int objective) {
  const Rules& R = *b.rules;
  const Rules::Objective& o = R.objectives[objective];
  const int np = R.n_provinces();
  // (fixed arrays: at most MAX_PROVINCES provinces and MAX_SMALL territories, rules.cpp)
  char mine[Rules::MAX_PROVINCES] = {};
  int count = 0;
  for (int p = 0; p < np; ++p)
    if (b.owner[p] == seat) mine[p] = 1, ++count;
  switch (o.condition) {
    case Rules::Objective::TerritoryHold: {
      if (o.capital >= 0 && mine[o.capital]) return true;
      int held = 0;
      for (int p : R.territory_provinces[o.territory]) held += mine[p];
      return held >= 2;
    }
    case Rules::Objective::ConnectedSpread: {
      // a group of provinces connected by land borders, of at least `provinces` provinces in `territories` territories
      char seen[Rules::MAX_PROVINCES] = {};
      int stack[Rules::MAX_PROVINCES];
      for (int start = 0; start < np; ++start) {
        if (!mine[start] || seen[start]) continue;
        int top = 0, size = 0;
        uint64_t territories = 0;  // bit t: territory t
        stack[top++] = start;
        seen[start] = 1;
        while (top > 0) {
          const int q = stack[--top];
          ++size;
          territories |= uint64_t{1} << R.province_territory[q];
          for (int r : R.adjacent[q])
            if (mine[r] && !seen[r]) seen[r] = 1, stack[top++] = r;
        }
        if (size >= o.provinces && bit_count(territories) >= o.territories) return true;
      }
      return false;
    }
    case Rules::Objective::Coastal: {
      int coastal = 0;
      for (int p = 0; p < np; ++p) coastal += mine[p] && is_coastal(b, p);
      return coastal >= o.provinces;
    }
    case Rules::Objective::FewestProvinces: {
      int counts[Rules::MAX_SEATS] = {};
      for (int p = 0; p < np; ++p)
        if (b.owner[p] >= 0) ++counts[b.owner[p]];
      return count == *std::min_element(counts, counts + b.n);
    }
    case Rules::Objective::TerritorySpread: {
      uint64_t seen = 0;  // bit t: territory t
      for (int p = 0; p < np; ++p)
        if (mine[p]) seen |= uint64_t{1} << R.province_territory[p];
      return bit_count(seen) >= o.territories;
    }
    case Rules::Objective::ProvincesAll:
      for (int p : o.provinces_list)
        if (!mine[p]) return false;
      return true;
  }
  return false;
}

Honor honor(const ScoringBoard& b, int seat) {
  const Rules& R = *b.rules;
  Honor h;
  for (int p = 0; p < R.n_provinces(); ++p) {
    if (b.owner[p] != seat) continue;
    h.flowers += province_flowers(b, p);
    if (!R.shadowlands[p]) h.faceup_control += b.up[p];
  }
  for (int t = 0; t < static_cast<int>(R.territory_names.size()); ++t)
    if (!R.territory_shadowlands[t] && territory_controller(b, t) == seat) h.territories.push_back(t);
  const int oid = b.objective[seat];
  h.objective_met = oid >= 0 && objective_met(b, seat, oid);
  h.objective_honor = h.objective_met ? R.objectives[oid].honor : 0;
  h.territory_honor = 5 * static_cast<int>(h.territories.size());
  h.total = h.flowers + h.faceup_control + h.objective_honor + h.territory_honor;
  return h;
}

}  // namespace daimyo
