// Scenario-script edits (docs/games/crossroads.md lists the language) and the invariants
// checked on every step of the property tests.
#include <sstream>

#include "crossroads/board.h"
#include "crossroads/rules.h"
#include "crossroads/view.h"

namespace frontier::crossroads {

namespace {

int parse_side(const std::string& w) {
  if (w == "British") return kBritish;
  if (w == "Russian") return kRussian;
  if (w == "neutral") return kNeutral;
  return -1;
}

// "Kabul", "Central India", "Urals", a square's place name ("Persia, 2 squares NE of Teheran")
// or "r,c".
int parse_loc(const Data& d, std::string w) {
  while (!w.empty() && w.front() == ' ') w.erase(w.begin());
  if (w == "Central India") return kCentralIndia;
  if (w == "Urals") return kUrals;
  int c = d.city_index(w);
  if (c >= 0) return d.cities[c].square;
  for (int loc = 0; loc < kLocs; ++loc)
    if (d.loc_names[static_cast<size_t>(loc)] == w) return loc;
  auto comma = w.find(',');
  if (comma != std::string::npos) {
    int r = std::atoi(w.substr(0, comma).c_str()), col = std::atoi(w.substr(comma + 1).c_str());
    if (r >= 0 && r < kH && col >= 0 && col < kW) return r * kW + col;
  }
  return -1;
}

UnitKind parse_kind(const std::string& k, bool* ok) {
  static const char* codes[] = {"FF", "FC", "GA", "IR", "EL", "GZ"};
  for (int i = 0; i < 6; ++i)
    if (k == codes[i]) return static_cast<UnitKind>(i);
  *ok = false;
  return kFieldForce;
}

Phase parse_phase(const std::string& p, bool* ok) {
  if (p == "expenditure") return kExpend;
  if (p == "movement") return kMovement;
  if (p == "negotiations") return kNegotiations;
  if (p == "combat") return kCombat;
  if (p == "initiative") return kInitiative;
  if (p == "provisioning") return kProvisioning;
  *ok = false;
  return kMovement;
}

core::Status bad(std::string_view command, const std::string& why) {
  return core::Status::invalid_argument("crossroads edit '" + std::string(command) + "': " + why);
}

}  // namespace

core::Status edit_state(State& s, std::string_view command) {
  const Data& d = *s.d;
  std::string line(command);
  std::istringstream in(line);
  std::string verb;
  in >> verb;
  auto rest_after = [&](const std::string& key) -> std::string {
    auto p = line.find(" " + key + " ");
    return p == std::string::npos ? std::string() : line.substr(p + key.size() + 2);
  };
  if (verb == "clearmap") {  // every piece back to the counter mix, every marker removed
    for (int u = 0; u < s.nunits; ++u) s.units[u] = {kPool, s.units[u].type, 0};
    for (int a = 0; a < s.nagents; ++a)
      if (s.agents[a].loc != kDead) s.agents[a] = {kPool, 0};
    s.markers.fill(0);
    return core::Status::ok();
  }
  if (verb == "place") {  // place <nation> <type> [xN] at <loc>
    std::string nation, kind, count;
    in >> nation >> kind >> count;
    int n = count.size() > 1 && count[0] == 'x' ? std::atoi(count.c_str() + 1) : 1;
    bool ok = true;
    UnitKind k = parse_kind(kind, &ok);
    int loc = parse_loc(d, rest_after("at"));
    int t = ok ? d.type_index(d.nation_of(nation == "British"   ? "BR"
                                          : nation == "Russian" ? "RU"
                                                                : nation),
                              k)
               : -1;
    if (t < 0 || loc < 0) return bad(command, "unknown unit or location");
    for (int u = 0; u < s.nunits && n > 0; ++u)
      if (s.units[u].loc == kPool && s.units[u].type == t) s.units[u].loc = static_cast<int16_t>(loc), --n;
    if (n > 0) return bad(command, "not enough units in the counter mix (10.62)");
    return core::Status::ok();
  }
  if (verb == "agent") {  // agent <name> at <loc>
    auto at = line.find(" at ");
    if (at == std::string::npos) return bad(command, "expected 'agent <name> at <location>'");
    int a = d.agent_index(line.substr(6, at - 6));
    int loc = parse_loc(d, line.substr(at + 4));
    if (a < 0 || loc < 0) return bad(command, "unknown agent or location");
    s.agents[a] = {static_cast<int16_t>(loc), 0};
    return core::Status::ok();
  }
  if (verb == "marker") {  // marker <side> <colony|fort|post|railroad> at <loc>
    std::string side, kind;
    in >> side >> kind;
    int sd = parse_side(side), loc = parse_loc(d, rest_after("at"));
    int k = kind == "colony" ? 0 : kind == "fort" ? 1 : kind == "post" ? 2 : kind == "railroad" ? 3 : -1;
    if (sd < 0 || sd > 1 || k < 0 || loc < 0 || loc >= kSquares)
      return bad(command, "expected marker <side> <colony|fort|post|railroad> at <square>");
    s.markers[loc] |= marker_bit(sd, static_cast<MarkerKind>(k));
    return core::Status::ok();
  }
  if (verb == "control") {  // control <code> <side>
    std::string code, side;
    in >> code >> side;
    int r = d.region_index(code), sd = parse_side(side);
    if (r < 0 || sd < 0) return bad(command, "unknown region or side");
    s.control[r] = static_cast<int8_t>(sd);
    return core::Status::ok();
  }
  if (verb == "bop" || verb == "turn") {
    int v = 0;
    in >> v;
    if (verb == "bop") {
      if (v == 0 || v < -18 || v > 18)
        return bad(command, "the index runs 1..18 either way, with no 0 (4.0)");
      s.bop = static_cast<int8_t>(v);
    } else {
      s.turn = static_cast<int8_t>(v);
    }
    return core::Status::ok();
  }
  if (verb == "pounds" || verb == "sp") {
    std::string side;
    int v = 0;
    in >> side >> v;
    int sd = parse_side(side);
    if (sd < 0 || sd > 1 || v < 0) return bad(command, "expected <British|Russian> <amount>");
    (verb == "pounds" ? s.pounds : s.sp)[sd] = static_cast<int16_t>(v);
    return core::Status::ok();
  }
  if (verb == "phase") {  // phase <name> <phasing side> [op N]
    std::string name, side, opw;
    int op = 1;
    in >> name >> side >> opw >> op;
    bool ok = true;
    Phase p = parse_phase(name, &ok);
    int sd = parse_side(side);
    if (!ok || sd < 0 || sd > 1)
      return bad(command, "expected phase <expenditure|movement|negotiations|combat> <side> [op N]");
    s.phase = p;
    s.phasing = static_cast<int8_t>(sd);
    s.first = static_cast<int8_t>(sd);
    s.op = static_cast<int8_t>(op);
    s.done = {0, 0};
    for (int u = 0; u < s.nunits; ++u) s.units[u].flags = 0;
    for (int a = 0; a < s.nagents; ++a) s.agents[a].flags = 0;
    if (p == kProvisioning) {  // 17.3: this side provisions last, then the turn ends
      s.prov_side = static_cast<int8_t>(sd);
      s.first = static_cast<int8_t>(other(sd));
      s.prov_sq = -1;
      if (!provision_next(s)) return bad(command, "no square needs provisioning");
    }
    return core::Status::ok();
  }
  return bad(command, "unknown command");
}

std::string invariants(const State& s) {
  const Data& d = *s.d;
  if (s.nunits != static_cast<int>(d.counters.size())) return "counter mix size changed";
  for (int u = 0; u < s.nunits; ++u) {
    if (s.units[u].type != d.counters[u]) return "unit type changed (10.62)";
    int l = s.units[u].loc;
    if (l < kPool || l >= kLocs) return "unit " + std::to_string(u) + " has a bad location";
    if (l >= 0 && l < kSquares && d.terrain[l] == kSea && s.phase != kForce)
      return "unit at sea outside a move (13.84)";
    if (l == kCentralIndia && s.unit_side(u) != kBritish) return "non-British unit in Central India (19.21)";
    if (l == kUrals && s.unit_side(u) != kRussian) return "non-Russian unit in the Urals (19.22)";
  }
  for (int a = 0; a < s.nagents; ++a)
    if (s.agents[a].loc < kHeldByRussian || s.agents[a].loc >= kLocs) return "agent with a bad location";
  if (s.bop == 0 || s.bop > 18 || s.bop < -18) return "Balance of Power out of range (4.0, 4.3)";
  for (int i = 0; i < 2; ++i) {
    if (s.pounds[i] < 0) return "negative treasury (9.3)";
    if (s.sp[i] < 0) return "negative supply points";
  }
  for (int r = 0; r <= kRegions; ++r)
    if (s.control[r] < 0 || s.control[r] > 2) return "bad control value";
  return {};
}

}  // namespace frontier::crossroads
