// Scenario-script edits of a Lion position (docs/games/lion.md lists the language). They set up
// the rulebook's worked examples; they change counters and tracks only through the same state
// fields the rules use, and refuse anything they do not understand.
#include <sstream>
#include <string>

#include "lion/rules.h"

namespace frontier::lion {

namespace {

core::Status bad(const std::string& why) {
  return core::Status::invalid_argument("lion edit: " + why);
}

bool parse_loc(const std::string& word, Loc& loc) {
  static const std::pair<const char*, Loc> kNames[] = {
      {"available", Loc::kAvailable}, {"used", Loc::kUsed},          {"eliminated", Loc::kEliminated},
      {"wounded", Loc::kWounded},     {"dead", Loc::kDead},          {"damaged", Loc::kDamaged},
      {"unbuilt", Loc::kUnbuilt},     {"destroyed", Loc::kDestroyed}};
  for (const auto& [name, l] : kNames) {
    if (word == name) {
      loc = l;
      return true;
    }
  }
  return false;
}

int action_type_by_word(const std::string& w) {
  static const char* const kWords[kActionTypes] = {"fortify", "morale", "resources", "gunboats",
                                                   "militia", "raid",   "sortie",    "defence"};
  for (int i = 0; i < kActionTypes; ++i) {
    if (w == kWords[i]) return i;
  }
  return -1;
}

core::Status edit_draws(State& s, std::istringstream& in) {
  std::string deck;
  in >> deck;
  if (!deck.empty() && deck.back() == ':') deck.pop_back();
  std::vector<int> cards;
  for (int c; in >> c;) cards.push_back(c);
  core::Deck* d = deck == "event" || deck == "events" ? &s.events
                  : deck == "banner"                  ? &s.banner_deck
                                                      : nullptr;
  if (d == nullptr) return bad("draws: deck must be 'event' or 'banner', not '" + deck + "'");
  for (auto it = cards.rbegin(); it != cards.rend(); ++it) {
    if (!d->stack_on_top(static_cast<core::CardId>(*it)))
      return bad("draws: card " + std::to_string(*it) + " is not in the " + deck + " deck");
  }
  return core::Status::ok();
}

}  // namespace

core::Status edit_state(State& s, std::string_view command) {
  std::istringstream in{std::string(command)};
  std::string verb;
  in >> verb;
  const LionData& p = data().proto;
  auto number = [&](int lo, int hi, int8_t& field) -> core::Status {
    int v = 0;
    if (!(in >> v) || v < lo || v > hi)
      return bad(verb + " needs a number from " + std::to_string(lo) + " to " + std::to_string(hi));
    field = static_cast<int8_t>(v);
    return core::Status::ok();
  };
  if (verb == "turn") {
    auto st = number(1, kTurns, s.turn);
    s.free_rp = s.turn == 1 ? 8 : 0;
    return st;
  }
  if (verb == "ap") return number(0, 9, s.ap);
  if (verb == "cm") return number(1, p.cm_max(), s.cm);
  if (verb == "rp") return number(1, p.rp_max(), s.rp);
  if (verb == "relief") return number(1, kTurns, s.relief_turn);
  if (verb == "draws") return edit_draws(s, in);
  if (verb == "banner") {  // banner <id> <area 2-6> <strength> [disorganised]
    std::string id, flag;
    int area = 0, strength = 0;
    in >> id >> area >> strength >> flag;
    int b = banner_by_id(id);
    if (b < 0 || area < 2 || area > 6 || strength < 0 || strength > p.banner_max_strength())
      return bad("banner <black|green|red|white> <area 2-6> <strength> [disorganised]");
    s.banner_pos[b] = static_cast<int8_t>(area);
    s.banner_str[b] = static_cast<int8_t>(strength);
    s.disorganised[b] = flag == "disorganised";
    for (int n = area; n <= 6; ++n) s.fort_marker[area_index(b, n)] = false;
    return core::Status::ok();
  }
  if (verb == "fort") {  // fort <area id> on|off
    std::string id, onoff;
    in >> id >> onoff;
    int a = area_by_id(id);
    if (a < 0 || (onoff != "on" && onoff != "off")) return bad("fort <area id> on|off");
    s.fort_marker[a] = onoff == "on";
    return core::Status::ok();
  }
  if (verb == "reduce") {  // reduce <troop type>: one available two-step unit becomes one-step
    std::string id;
    in >> id;
    int type = troop_by_id(id);
    int i = type < 0 ? -1 : find_troop(s, Loc::kAvailable, type, 2);
    if (i < 0) return bad("reduce: no available two-step " + id);
    s.troops[i].steps = 1;
    return core::Status::ok();
  }
  if (verb == "troop") {  // troop <type> <steps> <box>: an available unit moves to that box
    std::string id, box;
    int steps = 0;
    Loc loc{};
    in >> id >> steps >> box;
    int type = troop_by_id(id);
    int i = type < 0 ? -1 : find_troop(s, Loc::kAvailable, type, steps);
    if (i < 0 || !parse_loc(box, loc) || (loc != Loc::kUsed && loc != Loc::kEliminated))
      return bad("troop <type> <steps> used|eliminated, for an available unit");
    s.troops[i].loc = type == kMilitia && loc == Loc::kEliminated ? Loc::kUnraised : loc;
    return core::Status::ok();
  }
  if (verb == "militia") {  // militia <n>: n militia raised and available (6.3)
    int n = 0;
    in >> n;
    if (n < 0 || n > 2) return bad("militia 0-2");
    for (Troop& t : s.troops) {
      if (t.type != kMilitia) continue;
      t.loc = n-- > 0 ? Loc::kAvailable : Loc::kUnraised;
      t.steps = 1;
      t.area = -1;
    }
    return core::Status::ok();
  }
  if (verb == "gun") {  // gun heavy|light used|eliminated
    std::string id, box;
    Loc loc{};
    in >> id >> box;
    int type = id == "heavy" ? kHeavy : id == "light" ? kLight : -1;
    int i = type < 0 ? -1 : find_gun(s, Loc::kAvailable, type);
    if (i < 0 || !parse_loc(box, loc) || (loc != Loc::kUsed && loc != Loc::kEliminated))
      return bad("gun heavy|light used|eliminated, for an available gun");
    s.guns[i].loc = loc;
    return core::Status::ok();
  }
  if (verb == "gunboats") {  // gunboats <available> <damaged>
    int avail = -1, damaged = -1;
    in >> avail >> damaged;
    if (avail < 0 || damaged < 0 || avail + damaged > kGunboats)
      return bad("gunboats <available> <damaged>, at most 3");
    for (Gunboat& g : s.gunboats) {
      g.loc = avail-- > 0 ? Loc::kAvailable : damaged-- > 0 ? Loc::kDamaged : Loc::kUnbuilt;
      g.area = -1;
    }
    return core::Status::ok();
  }
  if (verb == "leader") {  // leader <id> available|wounded|dead
    std::string id, box;
    Loc loc{};
    in >> id >> box;
    int l = leader_by_id(id);
    if (l < 0 || !parse_loc(box, loc) ||
        (loc != Loc::kAvailable && loc != Loc::kWounded && loc != Loc::kDead))
      return bad("leader stewart|ali|nushi available|wounded|dead");
    s.leaders[l] = {loc, -1, s.turn};
    return core::Status::ok();
  }
  if (verb == "done") {  // done <action type>: that action was already carried out this turn
    std::string w;
    in >> w;
    int t = action_type_by_word(w);
    if (t < 0) return bad("done fortify|morale|resources|gunboats|militia|raid|sortie|defence");
    s.actions_done |= static_cast<uint8_t>(1u << t);
    if (t > s.last_action) s.last_action = static_cast<int8_t>(t);
    return core::Status::ok();
  }
  if (verb == "triggered") {  // triggered <card>: that event has taken effect (5.1)
    int c = 0;
    in >> c;
    if (c < 1 || c > kEventCards) return bad("triggered 1-20");
    s.events_triggered |= 1u << c;
    return core::Status::ok();
  }
  return bad("unknown command '" + std::string(command) + "'");
}

}  // namespace frontier::lion
