// End of the Game: honor from flowers, faceup control tokens, the secret objective and territories
// (daimyo/rokugan/scoring.py).
#pragma once
#include <vector>

#include "row.hpp"
#include "rules.hpp"

namespace daimyo {

// What scoring reads of a position: the rules it is scored under, control per province, special tokens (an index
// into the rules' specials or -1), and each seat's kept objective (an index into the rules' objectives or -1).
struct ScoringBoard {
  const Rules* rules = nullptr;
  int n = 0;
  Row<int, Rules::MAX_PROVINCES> owner, up, special;
  Row<int, Rules::MAX_SEATS> objective;
};

// One seat's final honor, part by part.
struct Honor {
  int flowers = 0, faceup_control = 0;
  bool objective_met = false;
  int objective_honor = 0;
  Row<int, Rules::MAX_SMALL> territories;  // the territories it controls (not the Shadowlands)
  int territory_honor = 0, total = 0;
};

// The controller of territory t, -1 for nobody.
int territory_controller(const ScoringBoard& b, int t);
bool objective_met(const ScoringBoard& b, int seat, int objective);
Honor honor(const ScoringBoard& b, int seat);

}  // namespace daimyo
