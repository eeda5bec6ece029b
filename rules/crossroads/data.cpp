#include "crossroads/data.h"

#include <sstream>

#include "core/data.h"
#include "crossroads/places.h"
#include "crossroads_data.pb.h"

namespace frontier::crossroads {

namespace {

// Bad data is reported, never thrown: the first problem found is kept and load() returns it.
struct Problems {
  std::string first;
  void add(const std::string& what) {
    if (first.empty()) first = what;
  }
};

UnitKind parse_kind(const std::string& t, Problems& problems) {
  if (t == "FF") return kFieldForce;
  if (t == "FC") return kFlyingColumn;
  if (t == "GA") return kGarrison;
  if (t == "IR") return kIrregular;
  if (t == "EL") return kElephant;
  if (t == "GZ") return kGhaziUnit;
  problems.add("unknown unit type " + t);
  return kFieldForce;
}

CrtResult parse_crt(const std::string& t, Problems& problems) {
  static const char* names[] = {"AE", "A1R", "AR", "EX", "DR", "D1R", "DE"};
  for (int i = 0; i < 7; ++i)
    if (t == names[i]) return static_cast<CrtResult>(i);
  problems.add("unknown CRT result " + t);
  return kAE;
}

uint8_t parse_nego(const std::string& t, Problems& problems) {
  uint8_t bits = 0;
  std::stringstream in(t);
  for (std::string part; std::getline(in, part, '+');) {
    if (part == "E")
      bits |= kNegE;
    else if (part == "X")
      bits |= kNegX;
    else if (part == "R")
      bits |= kNegR;
    else if (part == "N")
      bits |= kNegN;
    else if (part == "T")
      bits |= kNegT;
    else if (part == "T1")
      bits |= kNegT1;
    else if (part != "-")
      problems.add("unknown negotiation result " + t);
  }
  return bits;
}

core::Result<Data> load() {
  Data d;
  MapData map;
  TablesData tables;
  Problems problems;
  if (auto st = core::load_data("crossroads_map.txtpb", &map); !st) return st;
  if (auto st = core::load_data("crossroads_tables.txtpb", &tables); !st) return st;
  if (map.width() != kW || map.height() != kH || map.terrain_size() != kH || map.region_size() != kH ||
      map.route_size() != kH || map.water_size() != kH)
    return core::Status::corruption("crossroads_map.txtpb: the map is not " + std::to_string(kW) + " by " +
                                    std::to_string(kH) + " squares in every layer");
  for (const auto& r : map.regions()) {
    d.region_code.push_back(r.code());
    d.region_name.push_back(r.name());
    d.region_vp.push_back(r.vp());
  }
  for (int r = 0; r < kH; ++r) {
    for (int c = 0; c < kW; ++c) {
      int sq = r * kW + c;
      char t = map.terrain(r)[c];
      d.terrain[sq] = t == 'c'   ? kClear
                      : t == 'd' ? kDesert
                      : t == 'm' ? kMountain
                      : t == 'r' ? kRiver
                      : t == 'k' ? kCoast
                                 : kSea;
      char g = map.region(r)[c];
      d.region[sq] = static_cast<int8_t>(g == '.' ? -1 : g - 'A');
      char h = map.route(r)[c];
      d.route[sq] = static_cast<uint8_t>(h <= '9' ? h - '0' : h - 'a' + 10);
      d.water[sq] = map.water(r)[c];
      d.city_at[sq] = -1;
      if (d.region[sq] >= 0) d.region_squares[d.region[sq]].push_back(sq);
    }
  }
  for (const auto& c : map.cities()) {
    City city{c.name(), d.region_index(c.region()), c.row() * kW + c.col(), c.income(), c.capital(),
              c.port()};
    if (city.region < 0 || c.row() < 0 || c.row() >= kH || c.col() < 0 || c.col() >= kW) {
      problems.add("city " + c.name() + " lies off the map or in an unknown region");
      continue;
    }
    d.city_at[city.square] = static_cast<int8_t>(d.cities.size());
    if (city.capital) d.capital[city.region] = static_cast<int>(d.cities.size());
    d.region_cities[city.region].push_back(static_cast<int>(d.cities.size()));
    d.cities.push_back(city);
  }
  // Names are asked for in every view and label: built once, as strings the callers share.
  for (int loc = 0; loc < kLocs; ++loc) d.loc_names.push_back(place_name(d, loc));
  for (int b = 0; b < kBlocks; ++b) d.block_names.push_back(block_place_name(d, b));
  for (int sq = 0; sq < kSquares; ++sq) {
    int r = sq / kW, c = sq % kW;
    d.central_india_edge[sq] = r == kH - 1 && d.region[sq] == d.region_index("NI");
    d.urals_edge[sq] = (r == 0 || c == 0) && d.region[sq] == d.region_index("WS");
  }
  // 19.11/19.12: the Gulf square nearest Karachi, the Caspian square nearest Gur'ev.
  auto nearest_sea = [&](const std::string& city, char body) {
    int index = d.city_index(city);
    if (index < 0) {
      problems.add("no city " + city);
      return -1;
    }
    int c = d.cities[index].square, best = -1, bestd = 1 << 30;
    for (int sq = 0; sq < kSquares; ++sq) {
      if (d.water[sq] != body) continue;
      int dist = (sq / kW - c / kW) * (sq / kW - c / kW) + (sq % kW - c % kW) * (sq % kW - c % kW);
      if (dist < bestd) best = sq, bestd = dist;
    }
    return best;
  };
  d.gulf_entry = nearest_sea("Karachi", 'G');
  d.caspian_entry = nearest_sea("Gur'ev", 'C');
  for (const auto& u : tables.units()) {
    if (d.nation_of(u.nation()) < 0) problems.add("unknown nation " + u.nation());
    UnitType t{static_cast<int8_t>(d.nation_of(u.nation())),
               parse_kind(u.type(), problems),
               static_cast<int8_t>(u.strength()),
               u.crt() == "B"   ? kCrtB
               : u.crt() == "R" ? kCrtR
                                : kCrtC,
               static_cast<int8_t>(u.move()),
               u.highlighted()};
    for (int i = 0; i < u.count(); ++i) d.counters.push_back(static_cast<uint8_t>(d.types.size()));
    d.types.push_back(t);
  }
  for (const auto& a : tables.agents()) {
    uint8_t periods = 0;
    for (int p : a.periods()) periods |= static_cast<uint8_t>(1 << (p - 1));
    if (d.nation_of(a.nation()) < 0) problems.add("unknown nation " + a.nation());
    d.agents.push_back({a.name(), static_cast<int8_t>(d.nation_of(a.nation())),
                        static_cast<int8_t>(a.political()), static_cast<int8_t>(a.military()), periods,
                        a.generic()});
  }
  for (const auto& t : tables.crt()) {
    int k = t.name() == "Battle" ? 0 : 1;
    for (int row = 0; row < 8; ++row) {
      std::stringstream in(t.row(row));
      for (int col = 0; col < 7; ++col) {
        std::string cell;
        in >> cell;
        d.crt[k][row][col] = parse_crt(cell, problems);
      }
    }
  }
  for (const auto& e : tables.events()) {
    d.events[e.column()[0] - 'A'][e.roll() - 1] = e.event();
    d.event_names[e.column()[0] - 'A'][e.roll() - 1] = e.name();
  }
  d.home_income.assign(tables.home_income().begin(), tables.home_income().end());
  for (int row = 0; row < 8; ++row) {
    std::stringstream n(tables.negotiations(row)), u(tables.ultimatum(row));
    for (int col = 0; col < 6; ++col) {
      std::string cell;
      n >> cell;
      d.negotiations[row][col] = parse_nego(cell, problems);
    }
    for (int col = 0; col < 8; ++col) {
      std::string cell;
      u >> cell;
      d.ultimatum[row][col] = parse_nego(cell, problems);
    }
  }
  for (const auto& line : tables.discovery()) {
    std::stringstream in(line);
    int n = 0;
    std::string id, name;
    in >> n >> id;
    std::getline(in >> std::ws, name);
    d.discovery[n] = id;
    d.discovery_name[n] = name;
  }
  if (!problems.first.empty()) return core::Status::corruption("crossroads data: " + problems.first);
  return d;
}

const core::Result<Data>& loaded() {
  static const core::Result<Data> d = load();
  return d;
}

}  // namespace

core::Status data_status() {
  return loaded().is_ok() ? core::Status::ok() : loaded().status();
}

const Data& data() {
  return loaded().value();
}

int Data::region_index(const std::string& code) const {
  for (size_t i = 0; i < region_code.size(); ++i)
    if (region_code[i] == code) return static_cast<int>(i);
  return -1;
}
int Data::city_index(const std::string& name) const {
  for (size_t i = 0; i < cities.size(); ++i)
    if (cities[i].name == name) return static_cast<int>(i);
  return -1;
}
int Data::agent_index(const std::string& name) const {
  for (size_t i = 0; i < agents.size(); ++i)
    if (agents[i].name == name) return static_cast<int>(i);
  return -1;
}
int Data::type_index(int nation, UnitKind kind) const {
  for (size_t i = 0; i < types.size(); ++i)
    if (types[i].nation == nation && types[i].kind == kind) return static_cast<int>(i);
  return -1;
}
std::string Data::nation_code(int nation) const {
  if (nation == kNationBR) return "British";
  if (nation == kNationRU) return "Russian";
  if (nation == kGhaziNation) return "Ghazi";
  return region_code[nation - 2];
}
std::string Data::nation_name(int nation) const {
  if (nation >= 2 && nation < kGhaziNation) return region_name[nation - 2];
  return nation_code(nation);
}

int khan_of(const Data& d, int region) {
  return d.agent_index("Khan of " + d.region_name[region]);
}

int Data::nation_of(const std::string& code) const {
  if (code == "BR") return kNationBR;
  if (code == "RU") return kNationRU;
  if (code == "GH") return kGhaziNation;
  int r = region_index(code);
  return r < 0 ? -1 : 2 + r;
}

const std::string& square_name(const Data& d, int loc) {
  static const std::string off_map = "off map";
  return loc >= 0 && loc < kLocs ? d.loc_names[static_cast<size_t>(loc)] : off_map;
}

const char* kind_name(UnitKind k) {
  static const char* names[] = {"field force", "flying column", "garrison",
                                "irregulars",  "elephants",     "ghazis"};
  return names[k];
}
const char* kind_code(UnitKind k) {
  static const char* names[] = {"FF", "FC", "GA", "IR", "EL", "GZ"};
  return names[k];
}

}  // namespace frontier::crossroads
