// The Lion of Khartoum: the reconstructed game data (rules/lion/data/lion.txtpb) parsed once per
// process into flat tables the rules read in their hot paths. Index conventions used throughout
// rules/lion: banners 0 black, 1 green, 2 red, 3 white; area index = banner * 5 + (6 - number)
// for path areas 6..2, and 20 for the Governor's Palace (area 1 of every path, 11.5).
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "core/embedded.h"
#include "core/status.h"
#include "lion_data.pb.h"

namespace frontier::lion {

// This folder's data/*.txtpb, embedded by its CMakeLists.txt (frontier_game_data).
std::span<const core::EmbeddedFile> data_files();

constexpr int kBanners = 4;
constexpr int kPathAreas = 5;  // areas 6..2 of one path
constexpr int kAreas = 21;
constexpr int kPalace = 20;
constexpr int kTroopTypes = 4;
constexpr int kLeaders = 3;
constexpr int kGunTypes = 2;
constexpr int kEventCards = 20;
constexpr int kBannerCards = 12;
constexpr int kTurns = 12;

enum TroopClass : uint8_t { kEgyptian = 0, kSudanese = 1, kBachi = 2, kMilitia = 3 };
enum GunClass : uint8_t { kHeavy = 0, kLight = 1 };
enum LeaderId : uint8_t { kStewart = 0, kAli = 1, kNushi = 2 };

// The action types of 4.1, in the order they must be carried out.
enum ActionType : uint8_t {
  kFortifyAction = 0,
  kMoraleAction = 1,
  kResourcesAction = 2,
  kGunboatsAction = 3,
  kMilitiaAction = 4,
  kRaidAction = 5,
  kSortieAction = 6,
  kDefenceAction = 7,
  kActionTypes = 8,
};

struct Factors {
  int8_t raid = 0, sortie = 0, defence = 0;
  bool no_raid = false, no_sortie = false;
};

struct AreaInfo {
  std::string id, name;
  int8_t banner = -1;  // path owner; -1 for the Palace
  int8_t number = 1;
  int8_t start_fort = 0, max_fort = 0;
  bool nile_bank = false, key_area = false;
  const char* shape = "open";
};

struct BannerCardInfo {
  int8_t banners[3] = {-1, -1, -1};
  int8_t count = 0;
};

struct Data {
  LionData proto;  // tables and cards, read through the helpers below
  AreaInfo areas[kAreas];
  std::string banner_names[kBanners];
  std::string banner_ids[kBanners];
  int8_t start_strength[kBanners] = {};
  int8_t lion_king_strength[kBanners] = {};
  std::string troop_names[kTroopTypes];
  std::string troop_ids[kTroopTypes];
  int8_t troop_counters[kTroopTypes] = {};
  Factors troop_full[kTroopTypes], troop_reduced[kTroopTypes];
  std::string leader_names[kLeaders], leader_ids[kLeaders];
  Factors leader_factors[kLeaders];
  std::string gun_names[kGunTypes];
  int8_t gun_counters[kGunTypes] = {};
  Factors gun_factors[kGunTypes];
  Factors gunboat;
  BannerCardInfo banner_cards[kBannerCards + 1];  // by card number
  const EventCard* events[kEventCards + 1] = {};  // by card number
};

// The parsed data; aborts the process with the parse error if the embedded file is broken
// (a build defect, caught by every test).
// Parsed once per process. data_status() says whether the data loaded (the game is registered
// only then); data() may be called only after it did.
core::Status data_status();
const Data& data();

inline int area_index(int banner, int number) {
  return number <= 1 ? kPalace : banner * kPathAreas + (6 - number);
}
int cm_drm(int cm);
int rp_drm(int rp);
// The row of an outcome table for a final modified result.
const OutcomeRow& outcome_row(const google::protobuf::RepeatedPtrField<OutcomeRow>& table, int result);
int outcome_row_index(const google::protobuf::RepeatedPtrField<OutcomeRow>& table, int result);
// The effect of a casualty table for a modified roll.
int casualty_effect(const google::protobuf::RepeatedPtrField<CasualtyRow>& table, int roll);
// Banner index by id ("black"...), -1 when unknown.
int banner_by_id(const std::string& id);
int troop_by_id(const std::string& id);
int leader_by_id(const std::string& id);
int area_by_id(const std::string& id);

}  // namespace frontier::lion
