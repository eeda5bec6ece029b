// Asia Crossroads static data: the reconstructed grid, counter mix, agents and tables, parsed once
// from rules/data/crossroads*.txtpb and shared (immutable) by every state.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include <vector>
#include "core/status.h"

namespace frontier::crossroads {

constexpr int kW = 42, kH = 42, kSquares = kW * kH;
constexpr int kCentralIndia = kSquares, kUrals = kSquares + 1, kLocs = kSquares + 2;
constexpr int kRegions = 19;
constexpr int kGhazi = 19;  // control slot of the Ghazis and the Mad Mullah (21.1)
// Nations: 0 British, 1 Russian, 2 + region index for natives, kGhaziNation for Ghazis.
constexpr int kNationBR = 0, kNationRU = 1, kGhaziNation = 2 + kRegions;

enum Terrain : uint8_t { kClear, kDesert, kMountain, kRiver, kCoast, kSea };
enum UnitKind : uint8_t { kFieldForce, kFlyingColumn, kGarrison, kIrregular, kElephant, kGhaziUnit };
enum Crt : uint8_t { kCrtB, kCrtR, kCrtC };

struct UnitType {
  int8_t nation;
  UnitKind kind;
  int8_t strength;
  Crt crt;
  int8_t move;
  bool highlighted;
};

struct AgentInfo {
  std::string name;
  int8_t nation;
  int8_t political, military;
  uint8_t periods;  // bit p-1 for period p
  bool generic;
};

struct City {
  std::string name;
  int region;
  int square;
  int income;
  bool capital, port;
};

// CRT results (14.9), see crossroads_tables.txtpb.
enum CrtResult : uint8_t { kAE, kA1R, kAR, kEX, kDR, kD1R, kDE };
// Negotiation/ultimatum result bits (15.0, 15.62).
enum NegoBits : uint8_t { kNegE = 1, kNegX = 2, kNegR = 4, kNegN = 8, kNegT = 16, kNegT1 = 32 };

struct Data {
  std::array<Terrain, kSquares> terrain{};
  std::array<int8_t, kSquares> region{};   // -1 sea
  std::array<uint8_t, kSquares> route{};   // N1 E2 S4 W8
  std::array<char, kSquares> water{};      // sea body letter or '.'
  std::array<int8_t, kSquares> city_at{};  // city index or -1
  std::vector<City> cities;
  std::vector<std::string> region_code, region_name;
  std::vector<int> region_vp;
  std::array<int, kRegions> capital{};                    // city index of each region's capital
  std::array<std::vector<int>, kRegions> region_squares;  // land squares of each region
  std::array<std::vector<int>, kRegions> region_cities;   // city indices of each region
  std::vector<UnitType> types;                            // one per (nation, kind)
  std::vector<uint8_t> counters;                          // type of each counter (brigade equivalents)
  std::vector<AgentInfo> agents;
  CrtResult crt[2][8][7];    // [battle/raid][die 0..7][column]
  std::string events[4][6];  // event ids by column A-D, roll 1-6
  std::string event_names[4][6];
  std::vector<int> home_income;  // modified die 0..8
  uint8_t negotiations[8][6];
  uint8_t ultimatum[8][8];
  std::array<std::string, 67> discovery;  // id by two-dice number 11..66
  std::array<std::string, 67> discovery_name;
  int gulf_entry = -1, caspian_entry = -1;  // sea squares a force sails to from a home base
  bool central_india_edge[kSquares];        // 19.11 southern edge of North India
  bool urals_edge[kSquares];                // 19.12 western/northern edge of West Siberia
  std::vector<std::string> loc_names;       // square_name() of every location, built once
  std::vector<std::string> block_names;     // block_place_name() of every picker block

  int region_index(const std::string& code) const;
  int city_index(const std::string& name) const;
  int agent_index(const std::string& name) const;
  int type_index(int nation, UnitKind kind) const;  // -1 when the nation has no such unit
  std::string nation_code(int nation) const;
  std::string nation_name(int nation) const;     // "British", "Russian", "Ghazi" or the region's name
  int nation_of(const std::string& code) const;  // -1 for an unknown code
};

// Parsed once per process. data_status() says whether the data loaded (the game is registered
// only then); data() may be called only after it did.
core::Status data_status();
const Data& data();

// place_name() of a location (places.h), built once: "Kabul", "Persia, 2 squares NE of Teheran",
// "Central India", or "off map".
const std::string& square_name(const Data& d, int loc);
// The generic Khan agent of a region (5.42(3)), "Khan of <region name>" in the data.
int khan_of(const Data& d, int region);
const char* kind_name(UnitKind k);
const char* kind_code(UnitKind k);

}  // namespace frontier::crossroads
