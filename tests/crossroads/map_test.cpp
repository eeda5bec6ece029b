// The reconstructed map (2.1, 2.81): regions, capitals, cities, terrain costs and home edges.
#include <vector>

#include "crossroads/board.h"
#include "crossroads/data.h"
#include "helpers.h"

namespace frontier::crossroads::test {
namespace {

TEST(CrossroadsMap, CapitalsFollowTheErrata) {
  const Data& d = data();
  // 2.81: Khiva city is the capital of Khiva; Chitral city the capital of the Pamir.
  EXPECT_EQ(d.cities[d.capital[d.region_index("KV")]].name, "Khiva");
  EXPECT_EQ(d.cities[d.capital[d.region_index("PA")]].name, "Chitral");
  EXPECT_EQ(d.cities[d.capital[d.region_index("AF")]].name, "Kabul");
  for (int r = 0; r < kRegions; ++r) EXPECT_EQ(d.cities[d.capital[r]].region, r) << d.region_code[r];
}

TEST(CrossroadsMap, EveryNamedCityStandsOnLandInItsRegion) {
  const Data& d = data();
  for (const char* name : {"Orenburg", "Gur'ev", "Karkaralinsk", "Semipalatinsk", "Teheran", "Bushire",
                           "Karachi", "Herat", "Kabul", "Delhi", "Agra", "Jodhpur", "Lucknow", "Simla",
                           "Katmandu", "Gartok", "Srinigar", "Khiva", "Chitral"}) {
    int c = d.city_index(name);
    ASSERT_GE(c, 0) << name;
    EXPECT_NE(d.terrain[d.cities[c].square], kSea) << name;
    EXPECT_EQ(d.region[d.cities[c].square], d.cities[c].region) << name;
  }
  // Every city lies in its region's squares: 15.62's modifiers look at a region's cities alone.
  for (const City& c : d.cities) EXPECT_EQ(d.region[c.square], c.region) << c.name;
  EXPECT_EQ(d.region_code.size(), 19u);
}

// Map defects found in review (issue 14), kept fixed.
TEST(CrossroadsMap, ScenarioOneRussianGarrisonsStandInWestSiberia) {  // S1 3.1, 3.3(2)
  // Scenario 1 gives the Russians West Siberia and lists Gur'ev, Karkaralinsk and Semipalatinsk
  // together: a garrison there must not start inside neutral Kazakhistan (and invade it, 5.0).
  const Data& d = data();
  for (const char* name : {"Gur'ev", "Karkaralinsk", "Semipalatinsk"}) {
    int c = d.city_index(name);
    ASSERT_GE(c, 0) << name;
    EXPECT_EQ(d.region_code[d.cities[c].region], "WS") << name;
    EXPECT_FALSE(d.cities[c].capital) << name;
  }
  EXPECT_EQ(d.cities[d.capital[d.region_index("KZ")]].name, "Irgiz");
}

TEST(CrossroadsMap, GurevIsOnTradeRoutesToOrenburgAndKhiva) {  // 13.5
  const Data& d = data();
  int gurev = d.cities[d.city_index("Gur'ev")].square;
  EXPECT_NE(d.route[gurev], 0);
  // Following the route from Gur'ev reaches both Orenburg and Kungrad.
  std::vector<bool> seen(kSquares, false);
  std::vector<int> to_visit{gurev};
  seen[gurev] = true;
  const int step[4] = {-kW, 1, kW, -1};  // N E S W, the route bits' order
  while (!to_visit.empty()) {
    int sq = to_visit.back();
    to_visit.pop_back();
    for (int k = 0; k < 4; ++k) {
      if (!(d.route[sq] & (1 << k))) continue;
      int to = sq + step[k];
      if (!seen[to]) seen[to] = true, to_visit.push_back(to);
    }
  }
  EXPECT_TRUE(seen[d.cities[d.city_index("Orenburg")].square]);
  EXPECT_TRUE(seen[d.cities[d.city_index("Kungrad")].square]);
}

TEST(CrossroadsMap, NepalEndsAtTheTerai) {
  // Nepal's southern border runs near 26.3N; south of it is British India (2.1 map).
  const Data& d = data();
  int np = d.region_index("NP");
  for (int sq : d.region_squares[np]) {
    double centre_lat = 55.0 - (sq / kW + 0.5) * 0.75;
    EXPECT_GT(centre_lat, 26.0) << square_name(d, sq);
  }
}

TEST(CrossroadsMap, TownsInValleysAndOasesAreNotMountainOrDesert) {  // 13.71 costs
  const Data& d = data();
  for (const char* name : {"Teheran", "Shiraz", "Quetta", "Bela", "Geok Tepe"}) {
    Terrain t = d.terrain[d.cities[d.city_index(name)].square];
    EXPECT_NE(t, kMountain) << name;
    EXPECT_NE(t, kDesert) << name;
  }
}

TEST(CrossroadsMap, IndianCitiesOnTradeRoutesPayThree) {
  // Income Chart clarification (2.8): India, Punjab and Sind cities on trade routes pay 3.
  const Data& d = data();
  for (const City& c : d.cities) {
    const std::string& code = d.region_code[c.region];
    if ((code == "NI" || code == "PJ" || code == "SN") && d.route[c.square]) {
      EXPECT_EQ(c.income, 3) << c.name;
    }
  }
}

TEST(CrossroadsMap, TerrainCostsAndTradeRoutes) {
  auto s = board({});
  const Data& d = data();
  const State& st = S(*s);
  int sea = -1, mountain_route = -1, clear_route = -1, from_m = -1, from_c = -1;
  for (int sq = 0; sq < kSquares; ++sq) {
    if (d.terrain[sq] == kSea && sea < 0) sea = sq;
    if (d.route[sq] & 2 && sq % kW + 1 < kW) {  // a trade route leaving east
      int to = sq + 1;
      if (d.terrain[to] == kMountain && mountain_route < 0) mountain_route = to, from_m = sq;
      if ((d.terrain[to] == kClear || d.terrain[to] == kRiver) && clear_route < 0)
        clear_route = to, from_c = sq;
    }
  }
  ASSERT_GE(clear_route, 0);
  EXPECT_EQ(enter_cost(st, from_c, clear_route), 1);  // 13.51: half a point along a route
  if (mountain_route >= 0) {
    EXPECT_EQ(enter_cost(st, from_m, mountain_route), 2);  // 13.52
  }
  int land = sea + 1 < kSquares && d.terrain[sea + 1] != kSea ? sea + 1 : sea - 1;
  EXPECT_EQ(enter_cost(st, land, sea), -1);  // 13.71
}

TEST(CrossroadsMap, HomeBaseEdges) {
  const Data& d = data();
  int ci = 0, ur = 0;
  for (int sq = 0; sq < kSquares; ++sq) {
    ci += d.central_india_edge[sq];
    ur += d.urals_edge[sq];
    if (d.central_india_edge[sq]) {
      EXPECT_EQ(d.region_code[d.region[sq]], "NI");  // 19.11
    }
    if (d.urals_edge[sq]) {
      EXPECT_EQ(d.region_code[d.region[sq]], "WS");  // 19.12
    }
  }
  EXPECT_GT(ci, 3);
  EXPECT_GT(ur, 10);
}

}  // namespace
}  // namespace frontier::crossroads::test
