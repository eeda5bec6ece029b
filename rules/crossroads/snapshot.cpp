// Snapshot bytes of a State (one field list serves both directions, so the two can never
// drift apart). The static Data is not serialised: restore points the state at data().
#include "crossroads/snapshot.h"

#include <type_traits>

#include "crossroads/places.h"
#include "crossroads/scenario.h"

namespace frontier::crossroads {

namespace {

template <typename F>
void fields(State& s, F&& f) {
  f(s.scenario), f(s.last_turn), f(s.options), f(s.turn), f(s.first_turn), f(s.phase), f(s.first), f(s.op);
  f(s.phasing), f(s.bop);
  for (auto& v : s.control) f(v);
  for (auto& v : s.start_neutral) f(v);
  for (int i = 0; i < 2; ++i) f(s.pounds[i]), f(s.sp[i]), f(s.sp_bought[i]), f(s.done[i]), f(s.spy_ring[i]);
  f(s.open_war_by), f(s.open_war_this_turn), f(s.events_seen), f(s.trade_boom), f(s.famine), f(s.mutiny_done);
  f(s.ranjit_rule), f(s.nunits), f(s.nagents);
  for (int u = 0; u < s.nunits; ++u) f(s.units[u].loc), f(s.units[u].type), f(s.units[u].flags);
  for (int a = 0; a < s.nagents; ++a) f(s.agents[a].loc), f(s.agents[a].flags);
  for (auto& v : s.markers) f(v);
  for (auto& v : s.massacred) f(v);
  for (auto& v : s.discovered) f(v);
  f(s.placement), f(s.placed), f(s.force_sq), f(s.force_mp), f(s.force_mode), f(s.force_agent),
      f(s.force_begun);
  f(s.force_moved), f(s.force_forced), f(s.force_carry), f(s.left_home), f(s.nego_region), f(s.nego_agent);
  f(s.nego_defender_agent), f(s.nego_ultimatum), f(s.commit[0]), f(s.commit[1]), f(s.nego_done),
      f(s.combat_sq);
  f(s.combat_crt), f(s.combat_mult), f(s.loss_side), f(s.losses_due), f(s.retreat_side), f(s.loss_context);
  f(s.combat_result), f(s.pending_prisoner), f(s.prov_side), f(s.prov_sq), f(s.starve_due), f(s.levy_side);
  f(s.levy_region), f(s.levy_left), f(s.levy_pending[0]), f(s.levy_pending[1]), f(s.recruit_pick[0]);
  f(s.recruit_pick[1]), f(s.offer_from), f(s.offer_kind), f(s.offer_value), f(s.offers_made[0]),
      f(s.offers_made[1]);
  f(s.bazaar), f(s.somnath[0]), f(s.somnath[1]), f(s.once_discoveries), f(s.hashishan_side),
      f(s.hashishan_sq), f(s.new_agent_for), f(s.zoom[0]), f(s.zoom[1]);
  f(s.pick_for), f(s.pick_side), f(s.levy_khan), f(s.combat_agent[0]), f(s.combat_agent[1]);
  f(s.finished), f(s.winner), f(s.vp[0]), f(s.vp[1]);
  for (auto& v : s.leg_entered.words) f(v);
}

bool within(int v, int lo, int hi) {
  return v >= lo && v < hi;
}

// The fields the rules use as indices into the static data or the piece arrays, each inside what
// the rules can have set it to (a snapshot only ever holds such values; a corrupt one may not).
// The pieces themselves are checked by invariants() in restore().
bool indices_in_range(const State& s) {
  const Data& d = *s.d;
  int agents = s.nagents, squares = kSquares, regions = kRegions;
  if (s.phase > kGameOver || !within(s.first, 0, 2) || !within(s.phasing, 0, 2) || !within(s.prov_side, 0, 2))
    return false;
  if (s.nagents != static_cast<int>(d.agents.size())) return false;
  if (!within(s.placement, 0,
              static_cast<int>(scenario_of(s).placements.size()) + (s.phase == kSetup ? 0 : 1)))
    return false;
  // A force may set off from Central India or the Urals (off-map locations); the rest are squares.
  // The losses of a forced march are taken where it ended, which may be such a box too (27.1).
  if (!within(s.force_sq, -1, kLocs) || !within(s.combat_sq, -1, kLocs)) return false;
  if (s.combat_sq >= kSquares && s.loss_context != 1) return false;
  for (int sq : {s.prov_sq, s.hashishan_sq})
    if (!within(sq, -1, squares)) return false;
  for (int a : {s.force_agent, s.nego_agent, s.nego_defender_agent, s.pending_prisoner})
    if (!within(a, -1, agents)) return false;
  for (int side : {s.open_war_by, s.loss_side, s.retreat_side, s.levy_side, s.offer_from, s.hashishan_side,
                   s.pick_side, s.new_agent_for, s.winner})
    if (!within(side, -1, 2)) return false;
  if (!within(s.nego_region, -1, regions) || !within(s.levy_region, -2 - regions, regions)) return false;
  if (!within(s.pick_for, -1, 3) || !within(s.offer_kind, 0, 4) || s.combat_result > kDE ||
      !within(s.combat_crt, 0, 3))
    return false;
  for (int i = 0; i < 2; ++i) {
    int pick = s.recruit_pick[i];
    if (!within(pick, -2, static_cast<int>(d.types.size())) && !within(pick, 1000, 1000 + agents))
      return false;
    if (!within(s.combat_agent[i], -2, agents) || !within(s.zoom[i], -1, kBlocks)) return false;
  }
  return true;
}

}  // namespace

void write_state(const State& s, core::ByteWriter& w) {
  s.rng.write(w);
  fields(const_cast<State&>(s), [&](auto& v) { w.svarint(static_cast<int64_t>(v)); });
  w.str(s.result);
}

bool read_state(std::string_view bytes, State& s) {
  core::ByteReader r(bytes);
  s.d = &data();
  if (!s.rng.read(r)) return false;
  bool ok = true;
  fields(s, [&](auto& v) {
    int64_t x = 0;
    if (!ok || !r.svarint(x)) {
      ok = false;
      return;
    }
    using T = std::remove_reference_t<decltype(v)>;
    v = static_cast<T>(x);
    if (static_cast<int64_t>(v) != x) ok = false;
    const void* p = &v;
    if ((p == &s.nunits && (x < 0 || x > kMaxUnits)) || (p == &s.nagents && (x < 0 || x > kMaxAgents))) {
      ok = false;
      v = static_cast<T>(0);  // keeps the loops over units/agents inside their arrays
    }
  });
  return ok && r.str(s.result) && r.at_end() && indices_in_range(s);
}

}  // namespace frontier::crossroads
