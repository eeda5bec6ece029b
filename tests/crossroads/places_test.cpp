// Squares named in words (places.h): a city's square by the city, any other square by its region
// (or water) and its exact step from the nearest city there, or from the region's centre when
// the region has no city; the picker's blocks by their regions and a city.
#include <cmath>
#include <regex>
#include <set>

#include "crossroads/data.h"
#include "crossroads/places.h"
#include "helpers.h"

namespace frontier::crossroads::test {
namespace {

int at(int row, int col) {
  return row * kW + col;
}

TEST(CrossroadsPlaces, ACitySquareIsTheCity) {
  const Data& d = data();
  EXPECT_EQ(square_name(d, square("Kabul")), "Kabul");
  EXPECT_EQ(square_name(d, square("Herat")), "Herat");
  EXPECT_EQ(square_name(d, kCentralIndia), "Central India");
  EXPECT_EQ(square_name(d, kUrals), "the Urals");
}

TEST(CrossroadsPlaces, ASquareNearACityIsItsRegionAndItsStepFromTheCity) {
  const Data& d = data();
  // Herat (27,15) is nearer than Farah (30,15); region and city share the name.
  EXPECT_EQ(square_name(d, at(26, 16)), "Herat, 1 square NE of the city");
  EXPECT_EQ(square_name(d, at(25, 6)), "Persia, 2 squares E of Teheran");
  EXPECT_EQ(square_name(d, at(28, 22)), "Afghanistan, 1 square S of Kabul");
  // Neither straight nor diagonal: both parts of the step, so no two squares share a name.
  EXPECT_EQ(square_name(d, at(40, 25)), "North India, 2 squares S and 1 W of Jodhpur");
  EXPECT_EQ(square_name(d, at(40, 29)), "North India, 3 squares S and 2 W of Agra");
  EXPECT_EQ(square_name(d, at(30, 32)), "Western Tibet, 1 square NW of Gartok");
  // Only a city of the square's own region counts: Farah (Herat) is next to (31,16), but the
  // square is Afghan.
  EXPECT_EQ(square_name(d, at(31, 16)), "Afghanistan, 2 squares W of Kandahar");
}

TEST(CrossroadsPlaces, ASeaSquareIsItsWaterAndItsStepFromTheNearestCity) {
  const Data& d = data();
  EXPECT_EQ(square_name(d, at(23, 5)), "the Caspian Sea, 2 squares N and 1 E of Teheran");
  EXPECT_EQ(square_name(d, at(41, 20)), "the Arabian Sea, 1 square S of Karachi");
  EXPECT_EQ(square_name(d, at(35, 3)), "the Persian Gulf, 1 square S of Bushire");
}

TEST(CrossroadsPlaces, ARegionWithoutACityIsNamedFromItsCentre) {
  Data d = data();  // the real map with Herat's cities taken away
  int he = d.region_index("HE");
  for (int c : d.region_cities[he]) d.city_at[d.cities[c].square] = -1;
  d.region_cities[he].clear();
  double rows = 0, cols = 0;
  for (int sq : d.region_squares[he]) rows += sq / kW, cols += sq % kW;
  rows /= d.region_squares[he].size();
  cols /= d.region_squares[he].size();
  int centre = -1;
  std::set<std::string> names;
  for (int sq : d.region_squares[he]) {
    std::string name = place_name(d, sq);
    names.insert(name);
    if (name == "the centre of Herat") {
      EXPECT_EQ(centre, -1) << "two centres";
      centre = sq;
    } else {
      EXPECT_EQ(name.rfind("Herat, ", 0), 0u) << name;
      EXPECT_NE(name.find(" of its centre"), std::string::npos) << name;
    }
  }
  ASSERT_GE(centre, 0);
  EXPECT_LE(std::abs(centre / kW - rows), 1.0);
  EXPECT_LE(std::abs(centre % kW - cols), 1.0);
  EXPECT_EQ(names.size(), d.region_squares[he].size());
  ASSERT_EQ(d.region[centre - kW], he);
  EXPECT_EQ(place_name(d, centre - kW), "Herat, 1 square N of its centre");
  EXPECT_EQ(place_name(d, centre + 2 * kW + 1), "Herat, 2 squares S and 1 E of its centre");
}

TEST(CrossroadsPlaces, EveryLocationHasItsOwnNameInWords) {
  const Data& d = data();
  std::set<std::string> seen;
  std::regex coordinates("[0-9]+ ?, ?[0-9]+|rows|columns");
  for (int loc = 0; loc < kLocs; ++loc) {
    const std::string& name = square_name(d, loc);
    EXPECT_TRUE(seen.insert(name).second) << "two squares named " << name;
    EXPECT_FALSE(std::regex_search(name, coordinates)) << name;
    EXPECT_EQ(name, place_name(d, loc));  // the cache is the function
  }
}

TEST(CrossroadsPlaces, ScriptEditsTakeAPlaceName) {
  auto s = board({"place British FF at Persia, 2 squares E of Teheran"});
  EXPECT_TRUE(offered(*s, kBritish, "Pick the force at Persia, 2 squares E of Teheran"));
  EXPECT_FALSE(game().edit(*s, "place British FF at Persia, 99 squares E of Teheran").is_ok());
}

TEST(CrossroadsPlaces, BlocksAreNamedByTheirRegionsAndACity) {
  const Data& d = data();
  std::set<std::string> seen;
  for (int b = 0; b < kBlocks; ++b) {
    std::string name = block_place_name(d, b);
    EXPECT_TRUE(seen.insert(name).second) << "two blocks named " << name;
    EXPECT_EQ(name.find("rows"), std::string::npos) << name;
    EXPECT_EQ(name.rfind("Squares in ", 0), 0u) << name;
  }
  EXPECT_EQ(block_place_name(d, 3 * kBlocksPerRow + 3), "Squares in Pamir and Afghanistan around Chitral");
  EXPECT_EQ(block_place_name(d, 0), "Squares in West Siberia west of Orenburg");
  EXPECT_EQ(block_place_name(d, 3 * kBlocksPerRow + 1), "Squares in Persia and Turkoman around Mashhad");
}

}  // namespace
}  // namespace frontier::crossroads::test
