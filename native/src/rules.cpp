#include "rules.hpp"

namespace daimyo {

Rules RULES;

int Rules::clan_index(const std::string& name) const {
  for (int i = 0; i < n_clans(); ++i)
    if (clan_names[i] == name) return i;
  return -1;
}

std::string check_rules(const Rules& r) {
  if (r.province_names.empty()) return "board.json: no provinces";
  if (r.clan_names.empty()) return "clans.json: no clans";
  if (r.capital.size() != r.clan_names.size() || r.clan_token_codes.size() != r.clan_names.size())
    return "clans.json: every clan needs a capital and its combat tokens";
  for (int c : r.capital)
    if (c < 0 || c >= r.n_provinces()) return "clans.json: a capital is not a province of the board";
  for (const auto& codes : r.clan_token_codes)
    if (static_cast<int>(codes.size()) != r.tokens_per_clan) return "clans.json: each clan has tokens_per_clan combat tokens";
  if (r.bluff < 0 || r.bluff >= r.tokens_per_clan) return "components.json: the bluff index is outside the clan's tokens";
  if (r.starting_control.size() < 6) return "components.json: starting_control_tokens needs 2 to 5 players";
  if (r.objective_ids.size() < 5 * static_cast<size_t>(r.objectives_dealt))
    return "objectives.json: too few objectives to deal to five players";
  return "";
}

}  // namespace daimyo
