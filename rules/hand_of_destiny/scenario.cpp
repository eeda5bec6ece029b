// Compiles ScenarioData into the flat Scenario the rules use; every name is resolved here so a
// typo in a data file is an error at load, never a silent -1 during play.
#include "hand_of_destiny/scenario.h"

#include <map>
#include <memory>

#include "core/data.h"

namespace frontier::hand_of_destiny {

namespace {

template <typename Vec>
int find_named(const Vec& v, const std::string& key) {
  for (size_t i = 0; i < v.size(); ++i) {
    if (v[i].id == key || v[i].name == key) return static_cast<int>(i);
  }
  return -1;
}

core::Status unknown(const std::string& what, const std::string& name) {
  return core::Status::invalid_argument("scenario data: unknown " + what + " '" + name + "'");
}

Result face_result(char c) {
  return c == 'E' ? kEliminate : c == 'P' ? kPanic : kNoEffect;
}

}  // namespace

int Scenario::space_index(const std::string& key) const {
  return find_named(spaces, key);
}
int Scenario::unit_index(const std::string& key) const {
  return find_named(units, key);
}
int Scenario::card_index(const std::string& key) const {
  return find_named(cards, key);
}

core::Result<Scenario> compile_scenario(const ScenarioData& d) {
  Scenario s;
  s.id = d.id();
  s.name = d.name();
  s.sides.assign(d.sides().begin(), d.sides().end());
  std::map<std::string, int> terrain_ix, type_ix;
  for (const auto& t : d.terrain()) {
    TerrainInfo ti;
    ti.name = t.name();
    ti.stop = t.stop();
    ti.tie_side = static_cast<int8_t>(t.tie_side());
    for (int side : t.fortress_for()) ti.fortress_for |= static_cast<uint8_t>(1u << side);
    ti.town = t.town();
    terrain_ix[t.id()] = static_cast<int>(s.terrain.size());
    s.terrain.push_back(ti);
  }
  for (const auto& sp : d.space()) {
    SpaceInfo si;
    si.id = sp.id();
    si.name = sp.name();
    if (!terrain_ix.count(sp.terrain())) return unknown("terrain", sp.terrain());
    si.terrain = static_cast<int8_t>(terrain_ix[sp.terrain()]);
    if (!sp.flood_terrain().empty()) {
      if (!terrain_ix.count(sp.flood_terrain())) return unknown("terrain", sp.flood_terrain());
      si.flood_terrain = static_cast<int8_t>(terrain_ix[sp.flood_terrain()]);
    }
    si.port = sp.port();
    si.recruit_base = sp.recruit_base();
    si.vp = static_cast<int8_t>(sp.vp());
    si.x = sp.x();
    si.y = sp.y();
    s.spaces.push_back(si);
  }
  if (s.spaces.size() > kMaxSpaces) return core::Status::invalid_argument("scenario data: too many spaces");
  auto link = [&](const std::string& a, const std::string& b, LinkKind kind, bool upper) -> core::Status {
    int ia = s.space_index(a), ib = s.space_index(b);
    if (ia < 0) return unknown("space", a);
    if (ib < 0) return unknown("space", b);
    for (auto [from, to] : {std::pair{ia, ib}, std::pair{ib, ia}}) {
      SpaceInfo& sp = s.spaces[static_cast<size_t>(from)];
      if (sp.link_count >= kMaxAdjacent)
        return core::Status::invalid_argument("scenario data: too many routes at " + sp.id);
      sp.links[static_cast<size_t>(sp.link_count++)] = Link{static_cast<int8_t>(to), kind, upper};
    }
    return core::Status::ok();
  };
  for (const auto& r : d.route()) {
    LinkKind k = r.kind() == ROUTE_RIVER ? kRiver : r.kind() == ROUTE_DESERT ? kDesert : kLand;
    if (auto st = link(r.a(), r.b(), k, r.upper_river()); !st) return st;
  }
  for (const auto& n : d.naval()) {
    if (auto st = link(n.a(), n.b(), kNaval, false); !st) return st;
  }
  std::vector<UnitType> types(d.unit_type().begin(), d.unit_type().end());
  for (size_t i = 0; i < types.size(); ++i) {
    type_ix[types[i].id()] = static_cast<int>(i);
    s.type_names.push_back(types[i].name());
  }
  std::map<std::string, std::string> brt;
  for (const auto& c : d.brt()) {
    if (c.faces().size() != 6)
      return core::Status::invalid_argument("scenario data: BRT column " + c.unit_type() + " needs 6 faces");
    brt[c.unit_type()] = c.faces();
  }
  for (const auto& u : d.unit()) {
    UnitInfo ui;
    ui.id = u.id();
    ui.name = u.name();
    ui.side = static_cast<int8_t>(u.side());
    ui.british = u.contingent() == "british" || u.contingent() == "both";
    ui.egyptian = u.contingent() == "egyptian" || u.contingent() == "both";
    if (!type_ix.count(u.type())) return unknown("unit type", u.type());
    const UnitType& t = types[static_cast<size_t>(type_ix[u.type()])];
    ui.type = static_cast<int8_t>(type_ix[u.type()]);
    ui.strength = static_cast<int8_t>(u.strength());
    ui.elite = u.elite();
    ui.eliminate_back = u.eliminate_back();
    ui.never_returns = u.never_returns();
    ui.mahdi = u.mahdi();
    ui.leader = t.leader();
    ui.cavalry = t.cavalry();
    ui.camel = t.camel();
    ui.artillery = t.artillery();
    ui.fleet = t.fleet();
    ui.static_unit = t.static_unit();
    ui.breakoff = t.breakoff();
    if (!u.home().empty() && (ui.home = static_cast<int8_t>(s.space_index(u.home()))) < 0)
      return unknown("space", u.home());
    if (!u.setup().empty() && (ui.setup = static_cast<int8_t>(s.space_index(u.setup()))) < 0)
      return unknown("space", u.setup());
    ui.setup_choice = u.setup_choice();
    if (!brt.count(u.type())) return unknown("BRT column", u.type());
    for (int f = 1; f <= 6; ++f)
      ui.brt[static_cast<size_t>(f)] = face_result(brt[u.type()][static_cast<size_t>(f - 1)]);
    s.units.push_back(ui);
  }
  if (s.units.size() > kMaxUnits) return core::Status::invalid_argument("scenario data: too many units");
  for (const auto& c : d.card()) {
    CardInfo ci;
    ci.id = c.id();
    ci.name = c.name();
    ci.text = c.text();
    ci.side = static_cast<int8_t>(c.side());
    ci.group_a = c.group() == "A";
    ci.hold = c.hold();
    ci.remove = c.remove();
    ci.reshuffle = c.reshuffle();
    ci.recruit_random = static_cast<int8_t>(c.recruit_random());
    ci.recruit_anywhere = c.recruit_anywhere();
    for (const auto& n : c.recruit_named()) {
      int u = s.unit_index(n);
      if (u < 0) return unknown("unit", n);
      ci.recruit_named.push_back(static_cast<int8_t>(u));
    }
    ci.recruit_choice = static_cast<int8_t>(c.recruit_choice());
    ci.recruit_at_capital = c.recruit_at_capital();
    for (const auto& m : c.move()) {
      MoveAllowance ma;
      ma.spaces = static_cast<int8_t>(m.spaces());
      if (m.who() == "all")
        ma.who = MoveAllowance::kAll;
      else if (m.who() == "british")
        ma.who = MoveAllowance::kBritish;
      else if (m.who() == "egyptian")
        ma.who = MoveAllowance::kEgyptian;
      else if (type_ix.count(m.who())) {
        ma.who = MoveAllowance::kType;
        ma.type = static_cast<int8_t>(type_ix[m.who()]);
      } else {
        return unknown("mover", m.who());
      }
      ci.moves.push_back(ma);
    }
    ci.battle_bonus = static_cast<int8_t>(c.battle_bonus());
    if (c.event() == "breakout")
      ci.event = CardInfo::kBreakout;
    else if (c.event() == "egyptian_march")
      ci.event = CardInfo::kEgyptianMarch;
    else if (!c.event().empty())
      return unknown("card event hook", c.event());
    if (c.criteria() == "mahdi_on_map")
      ci.criteria = CardInfo::kMahdiOnMap;
    else if (c.criteria() == "breakout_possible")
      ci.criteria = CardInfo::kBreakoutPossible;
    else if (!c.criteria().empty())
      return unknown("card criterion", c.criteria());
    s.cards.push_back(ci);
  }
  if (s.cards.size() > kMaxCards) return core::Status::invalid_argument("scenario data: too many cards");
  for (const auto& t : d.turn()) {
    s.turn_names.push_back(t.name());
    s.flood.push_back(t.flood());
  }
  if (s.turn_names.size() > kMaxTurns) return core::Status::invalid_argument("scenario data: too many turns");
  s.empire_vp_to_win = d.empire_vp_to_win();
  for (const auto& sd : d.sudden_death()) {
    int i = s.space_index(sd);
    if (i < 0) return unknown("space", sd);
    s.sudden_death.push_back(static_cast<int8_t>(i));
  }
  s.capital = static_cast<int8_t>(s.space_index(d.capital()));
  if (s.capital < 0) return unknown("space", d.capital());
  return s;
}

core::Result<const Scenario*> load_scenario(const std::string& file) {
  static std::map<std::string, std::unique_ptr<Scenario>> cache;
  auto it = cache.find(file);
  if (it != cache.end()) return it->second.get();
  ScenarioData data;
  if (auto st = core::load_data(file, &data); !st) return st;
  auto compiled = compile_scenario(data);
  if (!compiled) return core::Status::corruption(file + ": " + compiled.status().message());
  return cache.emplace(file, std::make_unique<Scenario>(std::move(compiled).value())).first->second.get();
}

}  // namespace frontier::hand_of_destiny
