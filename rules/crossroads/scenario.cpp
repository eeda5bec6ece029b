#include "crossroads/scenario.h"

#include <sstream>

#include "core/data.h"
#include "crossroads_data.pb.h"

namespace frontier::crossroads {

namespace {
core::Result<std::vector<Scenario>> load() {
  if (auto st = data_status(); !st) return st;
  const Data& d = data();
  if (d.counters.size() > kMaxUnits || d.agents.size() > kMaxAgents)
    return core::Status::corruption("crossroads data: the counter mix exceeds the state's arrays");
  ScenariosData msg;
  if (auto st = core::load_data("crossroads_scenarios.txtpb", &msg); !st) return st;
  auto bad = [](const std::string& what) { return core::Status::corruption("crossroads scenario: " + what); };
  std::vector<Scenario> out;
  for (const auto& sc : msg.scenarios()) {
    Scenario x{sc.id(),
               sc.name(),
               sc.first_turn(),
               sc.last_turn(),
               sc.bop(),
               {sc.british_pounds(), sc.russian_pounds()},
               {},
               {},
               sc.ranjit_singh(),
               sc.mutiny_done()};
    for (int side = 0; side < 2; ++side) {
      for (const auto& r : side == 0 ? sc.british_regions() : sc.russian_regions()) {
        if (d.region_index(r) < 0) return bad("unknown region " + r);
        x.regions[side].push_back(d.region_index(r));
      }
    }
    for (const auto& p : sc.placements()) {
      if (d.nation_of(p.nation()) < 0) return bad("unknown nation " + p.nation());
      Placement q{p.placer() == "BR" ? 0 : 1,
                  d.nation_of(p.nation()),
                  -1,
                  -1,
                  -1,
                  p.count(),
                  Where::kFixed,
                  -1,
                  false,
                  0,
                  p.group()};
      if (p.type() == "AGENT")
        q.agent = d.agent_index(p.agent());
      else if (p.type() == "COLONY")
        q.marker = kColony;
      else if (p.type() == "FORT")
        q.marker = kFort;
      else if (p.type() == "TRADING_POST")
        q.marker = kTradingPost;
      else {
        static const char* kinds[] = {"FF", "FC", "GA", "IR", "EL", "GZ"};
        for (int k = 0; k < 6; ++k)
          if (p.type() == kinds[k]) q.type = d.type_index(q.nation, static_cast<UnitKind>(k));
        if (q.type < 0) return bad("no unit " + p.nation() + " " + p.type());
      }
      if (p.type() == "AGENT" && q.agent < 0) return bad("agent " + p.agent());
      const std::string& w = p.where();
      auto colon = w.find(':');
      std::string kind = w.substr(0, colon), arg = colon == std::string::npos ? "" : w.substr(colon + 1);
      if (kind == "city") {
        int c = d.city_index(arg);
        if (c < 0) return bad("city " + arg);
        q.fixed = d.cities[c].square;
      } else if (kind == "home") {
        q.home = true;
        q.where = Where::kHome;
      } else {
        q.where = kind == "cities" ? Where::kCities : kind == "noncity" ? Where::kNonCity : Where::kFort;
        std::stringstream in(arg);
        for (std::string code; std::getline(in, code, ',');) {
          if (d.region_index(code) < 0) return bad("unknown region " + code);
          q.regions |= 1u << d.region_index(code);
        }
      }
      x.placements.push_back(q);
    }
    out.push_back(std::move(x));
  }
  return out;
}

const core::Result<std::vector<Scenario>>& loaded() {
  static const core::Result<std::vector<Scenario>> s = load();
  return s;
}

}  // namespace

core::Status scenarios_status() {
  return loaded().is_ok() ? core::Status::ok() : loaded().status();
}

const std::vector<Scenario>& scenarios() {
  return loaded().value();
}

const Scenario& scenario_of(const State& s) {
  return scenarios()[s.first_turn == 1 ? 0 : 1];
}

void init_state(State& s, int base, int last_turn) {
  const Data& d = data();
  const Scenario& sc = scenarios()[base];
  s.d = &d;
  s.first_turn = s.turn = static_cast<int8_t>(sc.first_turn);
  s.last_turn = static_cast<int8_t>(last_turn);
  s.bop = static_cast<int8_t>(sc.bop);
  s.pounds = {static_cast<int16_t>(sc.pounds[0]), static_cast<int16_t>(sc.pounds[1])};
  s.control.fill(kNeutral);
  for (int side = 0; side < 2; ++side)
    for (int r : sc.regions[side]) s.control[r] = static_cast<int8_t>(side);
  for (int r = 0; r < kRegions; ++r) s.start_neutral[r] = s.control[r] == kNeutral;
  s.nunits = static_cast<int>(d.counters.size());
  for (int u = 0; u < s.nunits; ++u) s.units[u] = {kPool, d.counters[u], 0};
  s.nagents = static_cast<int>(d.agents.size());
  for (int a = 0; a < s.nagents; ++a) s.agents[a] = {kPool, 0};
  s.ranjit_rule = sc.ranjit;
  s.mutiny_done = sc.mutiny_done;
  s.phase = kSetup;
  s.placement = 0;
  s.placed = 0;
}

}  // namespace frontier::crossroads
