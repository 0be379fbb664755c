#include "rules.hpp"

namespace daimyo {


int Rules::clan_index(const std::string& name) const {
  for (int i = 0; i < n_clans(); ++i)
    if (clan_names[i] == name) return i;
  return -1;
}

std::string check_rules(const Rules& r) {
  if (r.province_names.empty()) return "board.json: no provinces";
  if (r.clan_names.empty()) return "clans.json: no clans";
  if (r.n_provinces() > Rules::MAX_PROVINCES) return "board.json: the native engine takes at most 64 provinces";
  if (r.borders.size() > static_cast<size_t>(Rules::MAX_BORDERS)) return "board.json: the native engine takes at most 256 land borders";
  if (r.tokens_per_clan > Rules::MAX_TOKENS) return "clans.json: the native engine takes at most 32 combat tokens a clan";
  if (r.objectives_dealt > Rules::MAX_TOKENS) return "components.json: the native engine deals at most 32 objectives a player";
  if (r.territory_names.size() > Rules::MAX_SMALL || r.specials.size() > Rules::MAX_SMALL ||
      r.initiative_deck_size > Rules::MAX_SMALL || Rules::N_CARDS > Rules::MAX_SMALL)
    return "the native engine takes at most 32 territories, special tokens and initiative cards";
  if (r.objective_ids.size() > Rules::MAX_DECK) return "objectives.json: the native engine takes at most 256 objectives";
  if (r.neutral_cards.size() > Rules::MAX_DECK)
    return "components.json: the native engine takes at most 256 neutral initiative cards";
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
  const size_t np = r.province_names.size();
  if (r.province_territory.size() != np || r.flowers.size() != np || r.coastal.size() != np ||
      r.shadowlands.size() != np || r.adjacent.size() != np)
    return "board.json: every province needs its territory, flowers, coast, Shadowlands flag and neighbours";
  if (r.territory_provinces.size() != r.territory_names.size() || r.territory_shadowlands.size() != r.territory_names.size())
    return "board.json: every territory needs its provinces and Shadowlands flag";
  for (const auto& ps : r.territory_provinces)
    for (int p : ps)
      if (p < 0 || p >= static_cast<int>(np)) return "board.json: a territory's province is not on the board";
  for (const auto& qs : r.adjacent)
    for (int q : qs)
      if (q < 0 || q >= static_cast<int>(np)) return "board.json: a land border leads off the board";
  for (int t : r.province_territory)
    if (t < 0 || t >= static_cast<int>(r.territory_names.size())) return "board.json: a province's territory is unknown";
  if (r.special_honor.size() != r.specials.size()) return "special tokens: one honor value per special token";
  if (r.objectives.size() != r.objective_ids.size()) return "objectives.json: one condition per objective";
  for (const auto& o : r.objectives) {
    if (o.condition == Rules::Objective::TerritoryHold &&
        (o.territory < 0 || o.territory >= static_cast<int>(r.territory_names.size())))
      return "objectives.json: territory_hold names no territory";
    for (int p : o.provinces_list)
      if (p < 0 || p >= static_cast<int>(np)) return "objectives.json: provinces_list names a province not on the board";
  }
  return "";
}

// board.py loc_text
std::string loc_text(const Rules& R, char loc, int a, int b) {
  switch (loc) {
    case 'c': return R.province_names[a];
    case 'l': {
      const auto& [p, q] = R.borders[a];
      return R.province_names[p == b ? q : p] + ">" + R.province_names[b];
    }
    case 's': return "~" + R.province_names[a];
    default: return "#" + std::to_string(a);
  }
}

void Rules::derive() {
  coastal_set = shadowlands_set = 0;
  across_start.assign(1, 0);
  across_border.clear();
  across_province.clear();
  for (int p = 0; p < n_provinces(); ++p) {
    if (coastal[p]) coastal_set |= uint64_t{1} << p;
    if (shadowlands[p]) shadowlands_set |= uint64_t{1} << p;
    for (int bi : province_borders[p]) {
      const auto [x, y] = borders[bi];
      across_border.push_back(static_cast<uint8_t>(bi));
      across_province.push_back(static_cast<uint8_t>(x == p ? y : x));
    }
    across_start.push_back(static_cast<int>(across_border.size()));
  }
  border_words = static_cast<int>((borders.size() + 63) / 64);
  border_first.assign(static_cast<size_t>(n_provinces()) * BORDER_WORDS, 0);
  border_second.assign(static_cast<size_t>(n_provinces()) * BORDER_WORDS, 0);
  for (size_t bi = 0; bi < borders.size(); ++bi) {
    const auto [x, y] = borders[bi];
    border_first[static_cast<size_t>(x) * BORDER_WORDS + bi / 64] |= uint64_t{1} << (bi % 64);
    border_second[static_cast<size_t>(y) * BORDER_WORDS + bi / 64] |= uint64_t{1} << (bi % 64);
  }
}

}  // namespace daimyo
