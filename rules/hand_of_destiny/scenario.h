// A Hand of Destiny scenario compiled from its data file (proto/hand_of_destiny_data.proto)
// into flat arrays the rules read in their hot paths: indices instead of names, adjacency
// lists per space, one BRT row per unit. Built once per process and shared by every state.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/status.h"
#include "hand_of_destiny_data.pb.h"

namespace frontier::hand_of_destiny {

constexpr int kMaxUnits = 48;
constexpr int kMaxSpaces = 40;
constexpr int kMaxCards = 24;
constexpr int kMaxAdjacent = 8;
constexpr int kMaxTurns = 12;

enum Result : uint8_t { kNoEffect = 0, kPanic = 1, kEliminate = 2 };

enum LinkKind : uint8_t { kLand = 0, kRiver = 1, kDesert = 2, kNaval = 3 };

struct Link {
  int8_t to = -1;
  LinkKind kind = kLand;
  bool upper_river = false;  // 29.11
};

struct TerrainInfo {
  std::string name;
  bool stop = false;
  int8_t tie_side = -1;
  uint8_t fortress_for = 0;  // bit per side
  bool town = false;
};

struct SpaceInfo {
  std::string id, name;
  int8_t terrain = 0, flood_terrain = -1;
  bool port = false, recruit_base = false;
  int8_t vp = 0;
  int x = 0, y = 0;
  int8_t link_count = 0;
  std::array<Link, kMaxAdjacent> links{};
};

struct UnitInfo {
  std::string id, name;
  int8_t side = 0;
  bool british = false, egyptian = false;  // Gordon is both (29.2); Mahdists neither
  int8_t type = 0;
  int8_t strength = 0;
  bool elite = false, eliminate_back = false, never_returns = false, mahdi = false;
  bool leader = false, cavalry = false, camel = false, artillery = false, fleet = false;
  bool static_unit = false, breakoff = false;
  int8_t home = -1;   // namesake garrison (28.0)
  int8_t setup = -1;  // fixed set-up space; -1 = box or a set-up choice
  std::string setup_choice;
  std::array<Result, 7> brt{};  // by die face 1..6
};

struct MoveAllowance {
  enum Who : uint8_t { kAll, kBritish, kEgyptian, kType } who = kAll;
  int8_t type = -1;
  int8_t spaces = 0;
};

struct CardInfo {
  std::string id, name, text;
  int8_t side = 0;
  bool group_a = false;
  bool hold = false, remove = false, reshuffle = false;
  int8_t recruit_random = 0;
  bool recruit_anywhere = false;
  std::vector<int8_t> recruit_named;
  int8_t recruit_choice = 0;
  bool recruit_at_capital = false;
  std::vector<MoveAllowance> moves;
  int8_t battle_bonus = 0;
  enum Hook : uint8_t { kNone, kBreakout, kEgyptianMarch } event = kNone;
  enum Criterion : uint8_t { kAlways, kMahdiOnMap, kBreakoutPossible } criteria = kAlways;
};

struct Scenario {
  std::string id, name;
  std::vector<std::string> sides;
  std::vector<TerrainInfo> terrain;
  std::vector<std::string> type_names;
  std::vector<SpaceInfo> spaces;
  std::vector<UnitInfo> units;
  std::vector<CardInfo> cards;
  std::vector<std::string> turn_names;
  std::vector<bool> flood;
  int empire_vp_to_win = 0;
  std::vector<int8_t> sudden_death;
  int8_t capital = -1;

  int space_count() const { return static_cast<int>(spaces.size()); }
  int unit_count() const { return static_cast<int>(units.size()); }
  int card_count() const { return static_cast<int>(cards.size()); }
  int turns() const { return static_cast<int>(turn_names.size()); }
  int space_index(const std::string& id_or_name) const;
  int unit_index(const std::string& id_or_name) const;
  int card_index(const std::string& id) const;
};

// Compiles parsed data; InvalidArgument names the first unknown reference.
core::Result<Scenario> compile_scenario(const ScenarioData& data);
// The embedded rules/data/<file>, compiled once per process (aborts on a broken data file,
// which the data tests catch first).
// The scenario compiled from a data file, once per file for the life of the process (states point
// at it), or why the file does not load or compile.
core::Result<const Scenario*> load_scenario(const std::string& file);

}  // namespace frontier::hand_of_destiny
