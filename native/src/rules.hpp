// The static facts of Battle for Rokugan the native engine needs, read from the same JSON data files as the
// Python engine: daimyo/rokugan/native.py hands a game's rules (daimyo/rokugan/data.py Rules: the standard ones or
// a rules file's) to `Rules(table)`, once per rules, so there is no second copy of the data here. A Rules object is
// never changed once made; each game state holds the rules it is played under (State::rules), so games under
// different rules are played side by side, in any thread.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace daimyo {

// The number of provinces in a set (bit p: province p), inline: without a -mpopcnt build the builtin is a call
// into libgcc.
inline int bit_count(uint64_t x) {
  x -= (x >> 1) & 0x5555555555555555ULL;
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
}

struct Rules {
  // the engine keeps per-province and per-border flags on the stack, and a seat's tokens, objectives dealt and
  // territory cards in piles of at most MAX_TOKENS (state.hpp Pile)
  static constexpr int MAX_PROVINCES = 64, MAX_BORDERS = 256, MAX_TOKENS = 32;
  // territories, special tokens, cards played and the initiative deck: at most MAX_SMALL each
  static constexpr int MAX_SMALL = 32;
  static constexpr int MAX_SEATS = 8;  // the seats of a game (or of a position scored)
  // objectives and neutral initiative cards: at most MAX_DECK each (their decks are shuffled in fixed arrays)
  static constexpr int MAX_DECK = 256;
  // board.json
  std::vector<std::string> province_names;
  std::vector<std::vector<std::string>> territory_cards;  // each territory's two territory cards
  // components.json
  int rounds = 0, hand_size = 0, control_tokens = 0, initiative_deck_size = 0;
  int scouts = 0, shugenja = 0, objectives_dealt = 0;
  std::vector<int> starting_control;  // by number of players (0 where not a legal count)
  // clans.json: each clan's name, capital province and combat token codes (index = clan token index)
  std::vector<std::string> clan_names;
  std::vector<int> capital;
  std::vector<std::vector<std::string>> clan_token_codes;
  std::vector<std::vector<int>> clan_token_kinds;  // each token's kind (Kind)
  std::vector<std::vector<int>> clan_token_code_id;  // each token's code, as the index of the clan's first token with it
  enum Kind { Army, Navy, Shinobi, Blessing, Diplomacy, Raid, Bluff };
  int tokens_per_clan = 0, bluff = 0;
  std::vector<std::vector<int>> clan_token_strength;
  int scorpion = -1;  // Clans: Scorpion looks at a token once a round
  int lion = -1, crab = -1, crane = -1, phoenix = -1, unicorn = -1;
  int dragon = -1;  // the Dragon clan's index ("Clans: Dragon" draws one more token), -1 if absent
  // objectives.json, initiative.json
  std::vector<std::string> objective_ids;
  std::vector<std::string> neutral_cards;
  std::vector<int> neutral_most;  // 0 territory cards, 1 provinces, 2 control tokens on the board
  // territory_cards.json: the cards the engine has effects for, in the order of `Card`
  enum Card { FeatsOfEngineering, Promotion, CodeOfHonor, DiplomaticMission, StrengthOfPurpose, SacredGround, Bushido,
              HonorableFight, AidOfTheKami, BlessTheLands, FomentRebellion, SpyNetwork, CulturalExchange, Reinforcements,
              PortOfProsperity, PirateRaids, BountifulHarvest, AshigaruLevies, DarkFavors, PurgeTheWeak, AnimateTheDead,
              InspireFear, N_CARDS };
  std::vector<std::string> card_ids;       // by Card
  std::vector<int> card_territory;         // by Card
  std::vector<char> card_placement;        // by Card: played in the placement phase (the Shadowlands cards)
  std::vector<std::vector<int>> territory_card_index;  // each territory's two cards (Card)
  // the numbers inside the cards' effects (data_derived.py CARD_NUMBERS): the printed ones, or a rules file's
  struct CardNumbers {
    int code_of_honor_provinces = 2, ashigaru_levies_provinces = 3;
    int diplomatic_mission_control = 2, foment_rebellion_control = 2, pirate_raids_control = 3, bountiful_harvest_control = 2;
    int strength_of_purpose_provinces = 2, bless_faceup = 1, bless_facedown = 1;
    int reinforcements_armies = 2, reinforcements_tokens = 2;
    int dark_favors_tokens = 4, purge_the_weak_tokens = 2, inspire_fear_specials = 2;
  } card_numbers;
  std::vector<int> printed_defense;
  std::vector<char> is_capital;
  std::vector<int> special_supply, special_defense;  // by specials index

  // board.json, for End of the Game
  std::vector<std::vector<int>> territory_provinces;
  std::vector<std::string> territory_names;
  std::vector<char> territory_shadowlands;
  std::vector<int> province_territory, flowers;
  std::vector<char> coastal, shadowlands;
  std::vector<std::vector<int>> adjacent;  // across land borders
  std::vector<std::pair<int, int>> borders;         // each land border's two provinces
  std::vector<std::vector<int>> province_borders;   // each province's land borders, in board.json's order
  // special tokens (data.py SPECIALS): their names, and the honor each gives in a controlled province
  std::vector<std::string> specials;
  std::vector<int> special_honor;
  int scorched = -1, harbor = -1, honor_4 = -1, peace = -1, shrine = -1, battlefield = -1;
  int honor_1 = -1, honor_2 = -1, defense_1 = -1, defense_2 = -1;
  // objectives.json: each secret objective's condition and its parameters (Secret Objectives)
  struct Objective {
    enum Condition { TerritoryHold, ConnectedSpread, Coastal, FewestProvinces, TerritorySpread, ProvincesAll } condition;
    int honor = 0;
    int capital = -1;                // territory_hold: the capital of the territory's clan
    int territory = -1;              // territory_hold
    int provinces = 0, territories = 0;
    std::vector<int> provinces_list; // provinces_all
  };
  std::vector<Objective> objectives;  // in objective_ids' order

  // worked out from the above once they are checked (derive): the coastal and the Shadowlands provinces as sets (bit p: province
  // p), and each province's land borders with the province across each, in province_borders' order, flat
  // (province p's are entries across_start[p] to across_start[p + 1] - 1)
  uint64_t coastal_set = 0, shadowlands_set = 0;
  std::vector<int> across_start;
  std::vector<uint8_t> across_border, across_province;
  // the land borders as sets (bit b of word b / 64: border b; `border_words` words in use, of BORDER_WORDS): per
  // province, the borders whose first and whose second province it is (borders' pairs), BORDER_WORDS words each
  static constexpr int BORDER_WORDS = MAX_BORDERS / 64;
  int border_words = 0;
  std::vector<uint64_t> border_first, border_second;
  void derive();

  int n_provinces() const { return static_cast<int>(province_names.size()); }
  int n_clans() const { return static_cast<int>(clan_names.size()); }
  int clan_index(const std::string& name) const;  // -1 if unknown
};

// A game's rules, shared by the game, its copies and the searches run on it; never changed once made.
using RulesRef = std::shared_ptr<const Rules>;

// Checks a loaded table for what the engine relies on; an error message naming the field, or "" if sound.
std::string check_rules(const Rules& r);

// A place on the map as the notation writes it (board.py loc_text): a province, a border seen from the province
// it points into ("a>b"), a sea border ("~a"), or "#n".
std::string loc_text(const Rules& R, char loc, int a, int b);

}  // namespace daimyo
