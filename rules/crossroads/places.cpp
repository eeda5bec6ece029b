#include "crossroads/places.h"

#include <algorithm>
#include <cstdlib>
#include <utility>
#include <vector>

namespace frontier::crossroads {

namespace {

// The water bodies of the map's `water` layer (proto/crossroads_data.proto), by their letter.
// The map's one southern sea is the rulebook's "Persian Gulf" (19.11) west of the Strait of
// Hormuz (56.5 E; column 0 is 47 E, a column a degree) and the Arabian Sea east of it.
std::string water_name(const Data& d, int sq) {
  switch (d.water[sq]) {
    case 'C':
      return "the Caspian Sea";
    case 'A':
      return "the Aral Sea";
    case 'B':
      return "Lake Balkhash";
    case 'I':
      return "Lake Issyk-Kul";
    case 'G':
      return sq % kW <= 9 ? "the Persian Gulf" : "the Arabian Sea";
    default:
      return "the sea";
  }
}

int row_of(int sq) {
  return sq / kW;
}
int col_of(int sq) {
  return sq % kW;
}
int dist2(int a, int b) {
  int dr = row_of(a) - row_of(b), dc = col_of(a) - col_of(b);
  return dr * dr + dc * dc;
}

// The city (index) nearest `sq` among `cities`; the first in data order among equals; -1 if none.
int nearest_city(const Data& d, int sq, const std::vector<int>& cities) {
  int best = -1, best_d = 0;
  for (int c : cities) {
    int dd = dist2(sq, d.cities[static_cast<size_t>(c)].square);
    if (best < 0 || dd < best_d) best = c, best_d = dd;
  }
  return best;
}

// The square of `squares` nearest their centroid (the lowest among equals); -1 if none.
int centre_of(const std::vector<int>& squares) {
  long n = static_cast<long>(squares.size()), sr = 0, sc = 0;
  for (int sq : squares) sr += row_of(sq), sc += col_of(sq);
  int best = -1;
  long best_d = 0;
  for (int sq : squares) {
    long dr = row_of(sq) * n - sr, dc = col_of(sq) * n - sc, dd = dr * dr + dc * dc;
    if (best < 0 || dd < best_d) best = sq, best_d = dd;
  }
  return best;
}

// "2 squares NE", "1 square S", "3 squares N and 1 E": the exact step from a reference square
// (rows grow southwards, columns eastwards), so one reference and one offset name one square.
std::string offset_text(int dr, int dc) {
  int ar = std::abs(dr), ac = std::abs(dc);
  auto squares = [](int n) { return std::to_string(n) + (n == 1 ? " square " : " squares "); };
  std::string ns = dr < 0 ? "N" : "S", ew = dc > 0 ? "E" : "W";
  if (dr == 0) return squares(ac) + ew;
  if (dc == 0) return squares(ar) + ns;
  if (ar == ac) return squares(ar) + ns + ew;
  return squares(ar) + ns + " and " + std::to_string(ac) + " " + ew;
}

std::string offset_from(int sq, int ref) {
  return offset_text(row_of(sq) - row_of(ref), col_of(sq) - col_of(ref));
}

// The area's name, then the square's place relative to the nearest of `cities`, or to the
// centre of `area` when there is no city.
std::string relative_name(const Data& d, int sq, const std::string& area, const std::vector<int>& cities,
                          const std::vector<int>& area_squares) {
  int city = nearest_city(d, sq, cities);
  if (city >= 0) {
    const City& c = d.cities[static_cast<size_t>(city)];
    return area + ", " + offset_from(sq, c.square) + " of " + (c.name == area ? "the city" : c.name);
  }
  int centre = centre_of(area_squares);
  if (centre == sq || centre < 0) return "the centre of " + area;
  return area + ", " + offset_from(sq, centre) + " of its centre";
}

// "north", "south-west"...: the compass point nearest the direction from `from` to `to`
// (integer sectors: a step counts as diagonal once the smaller part exceeds 5/12 of the larger,
// about tan 22.5 degrees).
std::string compass_word(int from, int to) {
  int dr = row_of(to) - row_of(from), dc = col_of(to) - col_of(from);
  int ar = std::abs(dr), ac = std::abs(dc);
  std::string ns = ar * 12 > ac * 5 ? (dr < 0 ? "north" : "south") : "";
  std::string ew = ac * 12 > ar * 5 ? (dc > 0 ? "east" : "west") : "";
  return ns.empty() || ew.empty() ? ns + ew : ns + "-" + ew;
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  return out;
}

}  // namespace

std::string place_name(const Data& d, int loc) {
  if (loc == kCentralIndia) return "Central India";
  if (loc == kUrals) return "the Urals";
  if (loc < 0 || loc >= kSquares) return "off map";
  if (d.city_at[loc] >= 0) return d.cities[static_cast<size_t>(d.city_at[loc])].name;
  int r = d.region[loc];
  if (r >= 0)
    return relative_name(d, loc, d.region_name[static_cast<size_t>(r)],
                         d.region_cities[static_cast<size_t>(r)], d.region_squares[static_cast<size_t>(r)]);
  std::string area = water_name(d, loc);
  std::vector<int> all_cities, water;
  for (size_t c = 0; c < d.cities.size(); ++c) all_cities.push_back(static_cast<int>(c));
  if (all_cities.empty())  // the centre is the reference only then
    for (int sq = 0; sq < kSquares; ++sq)
      if (d.region[sq] < 0 && water_name(d, sq) == area) water.push_back(sq);
  return relative_name(d, loc, area, all_cities, water);
}

std::string block_place_name(const Data& d, int block) {
  int r0 = block / kBlocksPerRow * kBlock, c0 = block % kBlocksPerRow * kBlock;
  int centre = (r0 + kBlock / 2) * kW + c0 + kBlock / 2;
  std::vector<int> count(d.region_name.size(), 0), inside, all;
  int water = -1;  // a water square of the block
  for (int r = r0; r < r0 + kBlock; ++r)
    for (int c = c0; c < c0 + kBlock; ++c) {
      int sq = r * kW + c;
      if (d.region[sq] >= 0)
        ++count[static_cast<size_t>(d.region[sq])];
      else if (water < 0)
        water = sq;
      if (d.city_at[sq] >= 0) inside.push_back(d.city_at[sq]);
    }
  // The regions holding at least 5 of the 49 squares, largest first (at most three), or else the
  // largest one; a block of water only is named by its water.
  std::vector<std::pair<int, int>> order;  // (-squares, region)
  for (size_t r = 0; r < count.size(); ++r)
    if (count[r] > 0) order.emplace_back(-count[r], static_cast<int>(r));
  std::sort(order.begin(), order.end());
  std::vector<std::string> names;
  for (auto [minus, r] : order)
    if ((-minus >= 5 || names.empty()) && names.size() < 3)
      names.push_back(d.region_name[static_cast<size_t>(r)]);
  if (names.empty()) names.push_back(water_name(d, water));
  std::string text = "Squares in " + joined(names);
  std::sort(inside.begin(), inside.end());  // equals: the first in data order, as elsewhere
  if (!inside.empty())
    return text + " around " + d.cities[static_cast<size_t>(nearest_city(d, centre, inside))].name;
  for (size_t c = 0; c < d.cities.size(); ++c) all.push_back(static_cast<int>(c));
  int city = nearest_city(d, centre, all);
  if (city < 0) return text;
  const City& near = d.cities[static_cast<size_t>(city)];
  return text + " " + compass_word(near.square, centre) + " of " + near.name;
}

}  // namespace frontier::crossroads
