// The open facts of a Crossroads position in machine form (CrossroadsView.table) and their
// inverse: a full position rebuilt from one seat's view alone (Game::determinize, issue 47). The
// redraw of what the seat may not know is shared with resample_hidden, so both depend on the seat's
// knowledge alone: the pieces it may not examine (22.1, 22.3), the other side's treasury and
// supply points (9.0), an unrevealed commitment (15.1(2)), the agent the other side named before
// the roll (14.8), the movement left to a force it cannot examine, and the dice to come.
#include <google/protobuf/util/message_differencer.h>

#include <algorithm>
#include <bit>
#include <string>
#include <vector>

#include "crossroads/board.h"
#include "crossroads/rules.h"
#include "crossroads/snapshot.h"
#include "crossroads/view.h"

namespace frontier::crossroads {

namespace {

namespace pb = google::protobuf;

constexpr int kSecret = -9;  // a fact hidden from the seat (CrossroadsTable)

// The numbers every seat knows, each under its table field's name: one list serves writing and
// reading, so the two cannot drift apart. What may be secret is in Secrets below.
template <typename St, typename F>
void open_fields(St& s, F&& f) {
  f("phase", s.phase), f("first", s.first), f("phasing", s.phasing), f("op", s.op);
  f("first_turn", s.first_turn), f("turn", s.turn), f("balance_of_power", s.bop);
  f("start_neutral", s.start_neutral), f("done", s.done), f("spy_ring", s.spy_ring);
  f("open_war_by", s.open_war_by), f("open_war_this_turn", s.open_war_this_turn);
  f("events_seen", s.events_seen), f("trade_boom", s.trade_boom), f("famine", s.famine);
  f("mutiny_done", s.mutiny_done), f("ranjit_rule", s.ranjit_rule), f("discovered", s.discovered);
  f("placement", s.placement), f("placed", s.placed), f("force_sq", s.force_sq),
      f("force_mode", s.force_mode);
  f("force_begun", s.force_begun), f("force_moved", s.force_moved), f("force_forced", s.force_forced);
  f("left_home", s.left_home), f("nego_region", s.nego_region), f("nego_agent", s.nego_agent);
  f("nego_defender_agent", s.nego_defender_agent), f("nego_ultimatum", s.nego_ultimatum);
  f("nego_done", s.nego_done), f("combat_sq", s.combat_sq), f("combat_crt", s.combat_crt);
  f("combat_mult", s.combat_mult), f("loss_side", s.loss_side), f("losses_due", s.losses_due);
  f("retreat_side", s.retreat_side), f("loss_context", s.loss_context), f("combat_result", s.combat_result);
  f("pending_prisoner", s.pending_prisoner), f("prov_side", s.prov_side), f("prov_sq", s.prov_sq);
  f("starve_due", s.starve_due), f("levy_side", s.levy_side), f("levy_region", s.levy_region);
  f("levy_left", s.levy_left), f("levy_khan", s.levy_khan), f("levy_pending", s.levy_pending);
  f("offer_from", s.offer_from), f("offer_kind", s.offer_kind), f("offer_value", s.offer_value);
  f("offers_made", s.offers_made), f("bazaar", s.bazaar), f("somnath", s.somnath);
  f("once_discoveries", s.once_discoveries), f("hashishan_side", s.hashishan_side);
  f("pick_for", s.pick_for), f("pick_side", s.pick_side), f("new_agent_for", s.new_agent_for);
  f("hashishan_sq", s.hashishan_sq), f("finished", s.finished), f("winner", s.winner), f("vp", s.vp);
}

// The table's fields in open_fields' order, looked up once (a view is built twice per action).
const std::vector<const pb::FieldDescriptor*>& open_descriptors() {
  static const std::vector<const pb::FieldDescriptor*> fields = [] {
    std::vector<const pb::FieldDescriptor*> out;
    State s;
    open_fields(s, [&](const char* name, const auto&) {
      out.push_back(CrossroadsTable::descriptor()->FindFieldByName(name));
    });
    return out;
  }();
  return fields;
}

struct Writer {
  CrossroadsTable& t;
  size_t next = 0;  // open_fields walks the descriptors in step
  const pb::FieldDescriptor& field(const char*) { return *open_descriptors()[next++]; }
  void put(const pb::FieldDescriptor& fd, int64_t v) {
    const pb::Reflection& r = *t.GetReflection();
    switch (fd.cpp_type()) {
      case pb::FieldDescriptor::CPPTYPE_BOOL:
        fd.is_repeated() ? r.AddBool(&t, &fd, v != 0) : r.SetBool(&t, &fd, v != 0);
        break;
      case pb::FieldDescriptor::CPPTYPE_UINT32:
        fd.is_repeated() ? r.AddUInt32(&t, &fd, static_cast<uint32_t>(v))
                         : r.SetUInt32(&t, &fd, static_cast<uint32_t>(v));
        break;
      default:
        fd.is_repeated() ? r.AddInt32(&t, &fd, static_cast<int32_t>(v))
                         : r.SetInt32(&t, &fd, static_cast<int32_t>(v));
    }
  }
  template <typename T>
  void operator()(const char* name, const T& v) {
    put(field(name), static_cast<int64_t>(v));
  }
  template <typename T, size_t N>
  void operator()(const char* name, const std::array<T, N>& v) {
    const pb::FieldDescriptor& fd = field(name);
    for (const T& x : v) put(fd, static_cast<int64_t>(x));
  }
};

// Reads the table's numbers into the state's small fields, remembering the first that does not fit.
struct Reader {
  const CrossroadsTable& t;
  std::string error;
  size_t next = 0;  // open_fields walks the descriptors in step
  const pb::FieldDescriptor& field(const char*) { return *open_descriptors()[next++]; }
  int64_t get(const pb::FieldDescriptor& fd, int i) const {
    const pb::Reflection& r = *t.GetReflection();
    switch (fd.cpp_type()) {
      case pb::FieldDescriptor::CPPTYPE_BOOL:
        return i < 0 ? r.GetBool(t, &fd) : r.GetRepeatedBool(t, &fd, i);
      case pb::FieldDescriptor::CPPTYPE_UINT32:
        return i < 0 ? r.GetUInt32(t, &fd) : r.GetRepeatedUInt32(t, &fd, i);
      default:
        return i < 0 ? r.GetInt32(t, &fd) : r.GetRepeatedInt32(t, &fd, i);
    }
  }
  template <typename T>
  void set(T& v, int64_t x, const char* name) {
    v = static_cast<T>(x);
    if (static_cast<int64_t>(v) != x && error.empty()) error = std::string(name) + " out of range";
  }
  template <typename T>
  void operator()(const char* name, T& v) {
    set(v, get(field(name), -1), name);
  }
  template <typename T, size_t N>
  void operator()(const char* name, std::array<T, N>& v) {
    const pb::FieldDescriptor& fd = field(name);
    if (t.GetReflection()->FieldSize(t, &fd) != static_cast<int>(N)) {
      if (error.empty()) error = std::string(name) + " has the wrong length";
      return;
    }
    for (size_t i = 0; i < N; ++i) set(v[i], get(fd, static_cast<int>(i)), name);
  }
};

// Which of the facts that may be secret are hidden from `viewer` here. Depends only on what the
// viewer knows (its own pieces, the phase, the combat square's pieces, which both sides examine).
struct Secrets {
  std::array<bool, 2> purse{};         // pounds, SP, SP bought, the recruit being placed, the zoom
  std::array<bool, 2> commit{};        // pounds committed, not yet revealed (15.1(2))
  std::array<bool, 2> combat_agent{};  // named before the roll among several (14.8)
  bool force = false;                  // the movement, carried SP and bonus agent of a force it cannot see
};

Secrets secrets(const State& s, const Presence& p, int viewer) {
  Secrets x;
  if (s.finished) return x;
  for (int side = 0; side < 2; ++side) {
    if (side == viewer) continue;
    x.purse[side] = true;
    x.commit[side] = s.phase == kCommitPounds && s.commit[side] >= 0;
    x.combat_agent[side] =
        s.pick_for == kPickCombat && s.combat_agent[side] >= -1 && agents_at(s, s.combat_sq, side) > 1;
  }
  x.force = s.phasing != viewer && (s.force_sq < 0 || !examine(s, p, viewer, s.force_sq, s.phasing));
  return x;
}

bool unit_known(const State& s, const Presence& p, int viewer, int u) {
  if (s.finished) return true;
  int l = s.units[u].loc;
  return l >= 0 ? examine(s, p, viewer, l, s.unit_side(u)) : s.unit_side(u) == viewer;  // one's own pool
}

bool agent_known(const State& s, const Presence& p, int viewer, int a) {
  if (s.finished) return true;
  int l = s.agents[a].loc;
  if (l >= 0) return examine(s, p, viewer, l, s.agent_side(a));
  return l != kPool || s.agent_side(a) == viewer;  // the dead and the prisoners are public
}

// A stack the viewer sees only as a flag (22.3), and whether it holds combat units.
struct HiddenStack {
  int loc, side;
  bool units;
};

// Puts every hidden piece back in play at random: each hidden stack gets at least one piece of
// the kind it shows (a unit, or agents alone), then a few more; the other side's home box, which
// the viewer never sees, a few of its regulars. Every number drawn depends on the public facts
// and the lists given (made from them) alone, never on where the pieces really are.
std::string redraw_pieces(State& s, int viewer, const std::vector<int>& units, const std::vector<int>& agents,
                          const std::vector<HiddenStack>& stacks, core::Rng& rng) {
  const Data& d = *s.d;
  for (int u : units) s.units[u] = {kPool, s.units[u].type, 0};
  for (int a : agents) s.agents[a] = {kPool, 0};
  for (int side = 0; side < 3; ++side) {
    if (side == viewer) continue;
    std::vector<int> us, as, locs;
    for (int u : units)
      if (s.unit_side(u) == side && !(side == kNeutral && s.type(u).nation == kGhaziNation))
        us.push_back(u);  // neutral Ghazis are off the map (21.3)
    for (int a : agents)
      if (s.agent_side(a) == side) as.push_back(a);
    auto fits = [&](int u, int loc) {
      int nation = s.type(u).nation;
      if (loc >= kSquares) return nation == side;  // the home box: the side's own regulars (19.2)
      // Neutral units keep to their region (5.4); the others go anywhere.
      return side != kNeutral || (nation >= 2 && nation - 2 == d.region[loc]);
    };
    auto take_unit = [&](int loc, bool strict) {
      std::vector<size_t> fit;
      for (size_t i = 0; i < us.size(); ++i)
        if (fits(us[i], loc) || (!strict && loc < kSquares)) fit.push_back(i);
      if (fit.empty()) return false;
      size_t i = fit[rng.below(static_cast<uint32_t>(fit.size()))];
      s.units[us[i]].loc = static_cast<int16_t>(loc);
      us.erase(us.begin() + static_cast<std::ptrdiff_t>(i));
      return true;
    };
    for (const HiddenStack& h : stacks) {
      if (h.side != side) continue;
      locs.push_back(h.loc);
      if (h.units) {
        if (!take_unit(h.loc, true) && !take_unit(h.loc, false))
          return std::string("a stack of ") + side_name(side) + " units where none can be";
        for (uint32_t k = rng.below(3); k > 0 && take_unit(h.loc, true); --k) {
        }
      } else {
        if (as.empty()) return std::string("a stack of ") + side_name(side) + " agents where none can be";
        size_t i = rng.below(static_cast<uint32_t>(as.size()));
        s.agents[as[i]].loc = static_cast<int16_t>(h.loc);
        as.erase(as.begin() + static_cast<std::ptrdiff_t>(i));
      }
    }
    if (side != kNeutral) {
      int home = side == kBritish ? kCentralIndia : kUrals;
      locs.push_back(home);
      for (uint32_t k = rng.below(4); k > 0 && take_unit(home, true); --k) {
      }
    }
    // A few more agents of the period (16.5), each in one of the side's hidden places.
    for (int a : as)
      if (!locs.empty() && (d.agents[a].periods >> (s.period() - 1) & 1) && rng.below(4) == 0)
        s.agents[a].loc = static_cast<int16_t>(locs[rng.below(static_cast<uint32_t>(locs.size()))]);
  }
  // The phasing side's hidden pieces where its force stands are that force (13.0).
  if (s.phase == kForce) {
    for (int u : units)
      if (s.units[u].loc == s.force_sq && s.unit_side(u) == s.phasing) s.units[u].flags = kInForce;
    for (int a : agents)
      if (s.agents[a].loc == s.force_sq && s.agent_side(a) == s.phasing) s.agents[a].flags = kInForce;
  }
  return {};
}

// Redraws the secret numbers (after the pieces: some depend on where they now are).
void redraw_numbers(State& s, int viewer, core::Rng& rng) {
  const Data& d = *s.d;
  Secrets x = secrets(s, Presence(s), viewer);
  for (int side = 0; side < 2; ++side) {
    if (x.purse[side]) {
      s.pounds[side] = static_cast<int16_t>(rng.below(80));
      s.sp[side] = static_cast<int16_t>(rng.below(20));
      s.sp_bought[side] = static_cast<int16_t>(rng.below(4));
      s.recruit_pick[side] = -1;
      s.zoom[side] = -1;
    }
    if (x.commit[side]) {
      int agent = side == s.phasing ? s.nego_agent : s.nego_defender_agent;
      int most = s.nego_ultimatum || agent < 0 ? 0 : std::min<int>(d.agents[agent].political, s.pounds[side]);
      s.commit[side] = static_cast<int8_t>(rng.below(static_cast<uint32_t>(most + 1)));  // 15.1(2)
    }
    if (x.combat_agent[side]) {
      std::vector<int8_t> named;
      for (int a = 0; a < s.nagents; ++a)
        if (s.agents[a].loc == s.combat_sq && s.agent_side(a) == side)
          named.push_back(static_cast<int8_t>(a));
      s.combat_agent[side] = named[rng.below(static_cast<uint32_t>(named.size()))];
    }
  }
  if (x.force) {
    s.force_mp = static_cast<int16_t>(rng.below(13));  // half movement points: up to 6 (2.82)
    s.force_carry = static_cast<int8_t>(s.force_forced ? rng.below(3) : 0);
    std::vector<int8_t> bonus{-1};
    for (int a = 0; a < s.nagents; ++a)
      if (s.agents[a].flags & kInForce) bonus.push_back(static_cast<int8_t>(a));
    s.force_agent = bonus[rng.below(static_cast<uint32_t>(bonus.size()))];
  }
  s.rng = core::Rng(rng.next_u32(), rng.next_u32());  // the dice to come are nobody's to know
}

std::string redraw(State& s, int viewer, const std::vector<int>& units, const std::vector<int>& agents,
                   std::vector<HiddenStack> stacks, core::Rng& rng) {
  std::sort(stacks.begin(), stacks.end(), [](const HiddenStack& a, const HiddenStack& b) {
    return a.loc * 3 + a.side < b.loc * 3 + b.side;
  });
  if (std::string bad = redraw_pieces(s, viewer, units, agents, stacks, rng); !bad.empty()) return bad;
  redraw_numbers(s, viewer, rng);
  return {};
}

int side_of(const std::string& name) {
  for (int side = 0; side < 3; ++side)
    if (name == side_name(side)) return side;
  return -1;
}

}  // namespace

void fill_table(const State& s, const Presence& p, int viewer, CrossroadsTable& t) {
  Writer w{t, 0};
  open_fields(s, w);
  for (int r = 0; r <= kRegions; ++r) t.add_control(s.control[r]);
  Secrets x = secrets(s, p, viewer);
  for (int side = 0; side < 2; ++side) {
    bool purse = x.purse[side];
    t.add_pounds(purse ? kSecret : s.pounds[side]);
    t.add_supply_points(purse ? kSecret : s.sp[side]);
    t.add_sp_bought(purse ? kSecret : s.sp_bought[side]);
    t.add_recruit_pick(purse ? kSecret : s.recruit_pick[side]);
    t.add_zoom(purse ? kSecret : s.zoom[side]);
    t.add_commit(x.commit[side] ? kSecret : s.commit[side]);
    t.add_combat_agent(x.combat_agent[side] ? kSecret : s.combat_agent[side]);
  }
  t.set_force_mp(x.force ? kSecret : s.force_mp);
  t.set_force_agent(x.force ? kSecret : s.force_agent);
  t.set_force_carry(x.force ? kSecret : s.force_carry);
  t.mutable_unit_loc()->Reserve(s.nunits);
  t.mutable_unit_flags()->Reserve(s.nunits);
  t.mutable_agent_loc()->Reserve(s.nagents);
  t.mutable_agent_flags()->Reserve(s.nagents);
  for (int u = 0; u < s.nunits; ++u) {
    bool known = unit_known(s, p, viewer, u);
    t.add_unit_loc(known ? s.units[u].loc : kSecret);
    t.add_unit_flags(known ? s.units[u].flags : 0);
  }
  for (int a = 0; a < s.nagents; ++a) {
    bool known = agent_known(s, p, viewer, a);
    t.add_agent_loc(known ? s.agents[a].loc : kSecret);
    t.add_agent_flags(known ? s.agents[a].flags : 0);
  }
  for (int sq = 0; sq < kSquares; ++sq)
    if (s.massacred[sq]) t.add_massacred(sq);
  for (size_t i = 0; i < s.leg_entered.words.size(); ++i)
    for (uint64_t bits = s.leg_entered.words[i]; bits != 0; bits &= bits - 1)
      t.add_leg_entered(static_cast<int>(i * 64) + std::countr_zero(bits));
  t.set_result(s.result);
}

std::unique_ptr<core::GameState> resample(const State& s, int viewer, core::Rng& rng) {
  auto out = std::make_unique<State>(s);
  Presence p(s);
  std::vector<int> units, agents;
  std::vector<HiddenStack> stacks;
  for (int u = 0; u < s.nunits; ++u)
    if (!unit_known(s, p, viewer, u)) units.push_back(u);
  for (int a = 0; a < s.nagents; ++a)
    if (!agent_known(s, p, viewer, a)) agents.push_back(a);
  // The flags the viewer sees (22.3): the map's stacks it may not examine.
  std::array<uint8_t, kSquares * 3> seen{};  // bit 0 a stack, bit 1 with units
  for (int u : units)
    if (int l = s.units[u].loc; l >= 0 && l < kSquares)
      seen[static_cast<size_t>(l * 3 + s.unit_side(u))] |= 3;
  for (int a : agents)
    if (int l = s.agents[a].loc; l >= 0 && l < kSquares)
      seen[static_cast<size_t>(l * 3 + s.agent_side(a))] |= 1;
  for (int k = 0; k < kSquares * 3; ++k)
    if (seen[static_cast<size_t>(k)])
      stacks.push_back({k / 3, k % 3, (seen[static_cast<size_t>(k)] & 2) != 0});
  std::string bad = redraw(*out, viewer, units, agents, std::move(stacks), rng);
  (void)bad;  // the true position always holds a piece of the right kind for each of its stacks
  return out;
}

core::Result<std::unique_ptr<core::GameState>> state_from_view(std::unique_ptr<State> s,
                                                               const CrossroadsView& v, int viewer,
                                                               core::Rng& rng) {
  auto refuse = [](const std::string& why) {
    return core::Status::invalid_argument("the Crossroads view " + why);
  };
  if (!v.has_table()) return refuse("carries no table");
  const CrossroadsTable& t = v.table();
  Reader r{t, {}, 0};
  open_fields(*s, r);
  if (t.control_size() != kRegions + 1 || t.pounds_size() != 2 || t.supply_points_size() != 2 ||
      t.sp_bought_size() != 2 || t.recruit_pick_size() != 2 || t.zoom_size() != 2 || t.commit_size() != 2 ||
      t.combat_agent_size() != 2 || t.unit_loc_size() != s->nunits || t.unit_flags_size() != s->nunits ||
      t.agent_loc_size() != s->nagents || t.agent_flags_size() != s->nagents)
    return refuse("has lists of the wrong length");
  for (int i = 0; i <= kRegions; ++i) {
    if (t.control(i) < 0 || t.control(i) > 2) return refuse("has a bad region control");
    s->control[static_cast<size_t>(i)] = static_cast<int8_t>(t.control(i));
  }
  // A secret stays as the fresh state has it: the redraw below sets it.
  auto maybe = [&](auto& field, int64_t x, const char* name) {
    if (x != kSecret) r.set(field, x, name);
  };
  for (int i = 0; i < 2; ++i) {
    maybe(s->pounds[i], t.pounds(i), "pounds");
    maybe(s->sp[i], t.supply_points(i), "supply points");
    maybe(s->sp_bought[i], t.sp_bought(i), "supply points bought");
    maybe(s->recruit_pick[i], t.recruit_pick(i), "recruit");
    maybe(s->zoom[i], t.zoom(i), "zoom");
    maybe(s->commit[i], t.commit(i), "commitment");
    maybe(s->combat_agent[i], t.combat_agent(i), "combat agent");
  }
  maybe(s->force_mp, t.force_mp(), "force movement");
  maybe(s->force_agent, t.force_agent(), "force agent");
  maybe(s->force_carry, t.force_carry(), "force supply");
  std::vector<int> units, agents;
  for (int u = 0; u < s->nunits; ++u) {
    int l = t.unit_loc(u);
    if (l == kSecret) {
      units.push_back(u);
    } else {
      if (l < kPool || l >= kLocs) return refuse("puts a unit off the board");
      s->units[u].loc = static_cast<int16_t>(l);
      r.set(s->units[u].flags, t.unit_flags(u), "unit flags");
    }
  }
  for (int a = 0; a < s->nagents; ++a) {
    int l = t.agent_loc(a);
    if (l == kSecret) {
      agents.push_back(a);
    } else {
      if (l < kHeldByRussian || l >= kLocs) return refuse("puts an agent off the board");
      s->agents[a].loc = static_cast<int16_t>(l);
      r.set(s->agents[a].flags, t.agent_flags(a), "agent flags");
    }
  }
  static const char* kinds[] = {"colony", "fort", "trading post", "railroad"};
  for (const MarkerView& m : v.markers()) {
    int side = side_of(m.side()), kind = -1;
    for (int k = 0; k < 4; ++k)
      if (m.kind() == kinds[k]) kind = k;
    if (m.square() < 0 || m.square() >= kSquares || side < 0 || side > 1 || kind < 0)
      return refuse("has a marker the game has not");
    s->markers[static_cast<size_t>(m.square())] |= marker_bit(side, static_cast<MarkerKind>(kind));
  }
  for (int sq : t.massacred()) {
    if (sq < 0 || sq >= kSquares) return refuse("has a massacre off the map");
    s->massacred[static_cast<size_t>(sq)] = 1;
  }
  for (int sq : t.leg_entered()) {
    if (sq < 0 || sq >= kSquares) return refuse("has a movement leg off the map");
    s->leg_entered.add(sq);
  }
  s->result = t.result();
  std::vector<HiddenStack> stacks;
  for (const StackView& st : v.stacks()) {
    if (st.examined()) continue;
    int side = side_of(st.side());
    if (st.square() < 0 || st.square() >= kSquares || side < 0) return refuse("has a flag off the map");
    stacks.push_back({st.square(), side, st.holds_units()});
  }
  for (int u : units)
    if (s->unit_side(u) == viewer) return refuse("hides one of the seat's own units");
  if (!r.error.empty()) return refuse("has its " + r.error);
  {  // the numbers the rules use as indices, within what the rules can set (snapshot.cpp)
    core::ByteWriter w;
    write_state(*s, w);
    State check;
    if (!read_state(w.bytes(), check)) return refuse("is not a position of the game");
  }
  if (std::string bad = redraw(*s, viewer, units, agents, std::move(stacks), rng); !bad.empty())
    return refuse("shows " + bad);
  if (std::string bad = invariants(*s); !bad.empty()) return refuse("is not a position of the game: " + bad);
  // Last, the proof: the rebuilt position shows this seat exactly what it was shown.
  CrossroadsView again;
  build_view(*s, viewer, again);
  if (!pb::util::MessageDifferencer::Equals(again, v)) return refuse("is not one the game could have sent");
  return std::unique_ptr<core::GameState>(std::move(s));
}

}  // namespace frontier::crossroads
