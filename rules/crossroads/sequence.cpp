// The turn sequence (3.0): initiative, events, income/expenditure, five operations phases per
// player (movement, negotiations, belligerency, combat), provisioning, end of turn, victory.
#include "crossroads/rules.h"

namespace frontier::crossroads {

namespace {

void start_turn(State& s, core::EventSink& ev);

void end_game(State& s, core::EventSink& ev) {
  int vp[2];
  compute_victory(s, vp);
  s.vp = {static_cast<int16_t>(vp[0]), static_cast<int16_t>(vp[1])};
  int diff = vp[0] - vp[1];
  int margin = diff < 0 ? -diff : diff;
  s.finished = true;
  s.phase = kGameOver;
  const char* level = margin >= 100  ? "Imperial Victory"
                      : margin >= 60 ? "Continental Victory"
                      : margin >= 20 ? "Regional Victory"
                                     : "Draw";
  s.winner = static_cast<int8_t>(margin < 20 ? -1 : diff > 0 ? kBritish : kRussian);
  s.result = margin < 20 ? std::string("Draw (25.52): ")
                         : std::string(side_name(s.winner)) + " " + level + " (25.52): ";
  s.result += "British " + std::to_string(vp[0]) + " VP, Russian " + std::to_string(vp[1]) + " VP";
  if (ev.enabled()) ev.add("victory", s.result);
}

// End of turn: city-occupation BoP shifts (4.0 clarification), Jihad ends (21.3), per-turn
// effects expire.
void end_turn(State& s, core::EventSink& ev) {
  const Data& d = *s.d;
  for (int side = 0; side < 2; ++side) {
    int n = 0;
    for (int r = 0; r < kRegions; ++r) {
      int sq = d.cities[d.capital[r]].square;
      if (s.control[r] != side && occupied_by(s, sq, side)) ++n;
    }
    shift_bop(s, side, n, ev, "capitals occupied at the end of the turn");
  }
  if (s.control[kGhazi] != kNeutral) {
    for (int u = 0; u < s.nunits; ++u)
      if (s.type(u).nation == kGhaziNation) s.units[u] = {kPool, s.units[u].type, 0};
    for (int a = 0; a < s.nagents; ++a)
      if (d.agents[a].nation == kGhaziNation) s.agents[a] = {kPool, 0};
    s.control[kGhazi] = kNeutral;
  }
  s.massacred.fill(0);
  s.trade_boom = s.famine = false;
  s.spy_ring = {0, 0};
  s.somnath = {0, 0};
  s.bazaar = 0;
  s.offers_made = {0, 0};
  s.events_seen = 0;
  s.open_war_this_turn = false;
  if (s.turn >= s.last_turn) {
    end_game(s, ev);
    return;
  }
  ++s.turn;
  start_turn(s, ev);
}

void begin_ops(State& s) {
  s.op = 1;
  s.phasing = s.first;
  s.phase = kMovement;
  s.nego_done = 0;
  s.offers_made = {0, 0};  // 23.0: a fresh allowance of offers each phase
}

void start_turn(State& s, core::EventSink& ev) {
  if (ev.enabled())
    ev.add("turn", "Turn " + std::to_string(s.turn) + " (" + std::to_string(1830 + 5 * s.turn) + "-" +
                       std::to_string(1834 + 5 * s.turn) + ") begins");
  s.sp_bought = {0, 0};
  if (s.ranjit_rule) {  // Scenario 1 special rule 7.2
    int a = s.d->agent_index("Ranjit Singh");
    if (a >= 0 && s.agents[a].loc != kDead) {
      int roll = s.rng.roll();
      if (roll <= 3) {
        if (ev.enabled())
          ev.add("ranjit",
                 "Ranjit Singh dies of natural causes (rolled " + std::to_string(roll) + ", S1 7.2)");
        s.agents[a] = {kDead, 0};
      }
    }
  }
  s.phase = kInitiative;  // 7.0: the favoured player decides who goes first
}

}  // namespace

void start_setup_done(State& s, core::EventSink& ev) {
  start_turn(s, ev);
}

// After the initiative choice: events (8.0), then income (9.1) and the expenditure phase.
void after_initiative(State& s, core::EventSink& ev) {
  if (s.turn != s.first_turn) random_events(s, ev);  // S1 7.1 / S2 7.0a: none on turn 1
  collect_income(s, ev);
  s.done = {0, 0};
  s.phase = kExpend;
}

void start_operations_step(State& s, core::EventSink& ev) {
  // Called when the combat sub-phase of the phasing player ends.
  s.nego_done = 0;
  for (int u = 0; u < s.nunits; ++u) s.units[u].flags &= static_cast<uint8_t>(~(kMoved | kInForce));
  for (int a = 0; a < s.nagents; ++a)
    if (s.agents[a].loc >= 0) s.agents[a].flags &= static_cast<uint8_t>(~(kMoved | kInForce | kLoser));
  if (s.phasing == s.first) {
    s.phasing = static_cast<int8_t>(other(s.first));
    s.phase = kMovement;
    return;
  }
  if (s.op < 5) {
    ++s.op;
    s.offers_made = {0, 0};
    s.phasing = s.first;
    s.phase = kMovement;
    return;
  }
  // Provisioning (17.3), first player then second.
  s.phase = kProvisioning;
  s.prov_side = s.first;
  s.prov_sq = -1;
  while (!provision_next(s)) {
    if (s.prov_side != s.first) {
      end_turn(s, ev);
      return;
    }
    s.prov_side = static_cast<int8_t>(other(s.first));
    s.prov_sq = -1;
  }
}

void provisioning_continue(State& s, core::EventSink& ev) {
  while (!provision_next(s)) {
    if (s.prov_side != s.first) {
      end_turn(s, ev);
      return;
    }
    s.prov_side = static_cast<int8_t>(other(s.first));
    s.prov_sq = -1;
  }
}

void expend_finished(State& s) {
  for (int u = 0; u < s.nunits; ++u) s.units[u].flags &= static_cast<uint8_t>(~kNew);
  begin_ops(s);
}

core::SeatMask awaiting_seats(const State& s) {
  if (s.finished) return 0;
  if (s.levy_busy()) return core::seat_bit(s.levy_side);
  if (s.pending_prisoner >= 0)
    return core::seat_bit(s.agents[s.pending_prisoner].loc == kHeldByBritish ? kBritish : kRussian);
  if (s.offer_from >= 0) return core::seat_bit(other(s.offer_from));
  switch (s.phase) {
    case kSetup:
      return core::seat_bit(setup_placer(s));
    case kInitiative:
      return core::seat_bit(s.bop > 0 ? kBritish : kRussian);
    case kExpend: {
      core::SeatMask m = 0;
      for (int i = 0; i < 2; ++i)
        if (!s.done[i]) m |= core::seat_bit(i);
      return m;
    }
    case kCommitPounds: {
      core::SeatMask m = 0;
      for (int i = 0; i < 2; ++i)
        if (s.commit[i] == -1 && (i == s.phasing || s.nego_defender_agent >= 0)) m |= core::seat_bit(i);
      return m;
    }
    case kWithdrawChoice:
    case kTerrainChoice:
      return core::seat_bit(other(s.phasing));
    case kLossChoice:
      return core::seat_bit(s.loss_side);
    case kRetreatChoice:
      return core::seat_bit(s.retreat_side);
    case kProvisioning:
    case kStarveChoice:
      return core::seat_bit(s.prov_side);
    case kJihadPlacement:
      return core::seat_bit(s.levy_side);
    case kGameOver:
      return 0;
    default:
      return core::seat_bit(s.phasing);
  }
}

void compute_victory(const State& s, int vp[2]) {
  const Data& d = *s.d;
  Occupancy occ(s);
  for (int side = 0; side < 2; ++side) {
    int v = 0;
    for (int r = 0; r < kRegions; ++r)
      if (s.control[r] == side) v += d.region_vp[r];
    for (const City& c : d.cities)
      if (occ.at(c.square, side)) v += c.income;
    for (int sq = 0; sq < kSquares; ++sq) {
      v += s.has_marker(sq, side, kTradingPost) + s.has_marker(sq, side, kRailroad) +
           3 * s.has_marker(sq, side, kColony);
    }
    static const int bop_vp[] = {0, 5, 10, 15};
    v += bop_vp[bop_degree(s, side)];
    v += treasury_vp(s.pounds[side]);
    if (s.open_war_by == side) v -= 15;
    auto regulars_at = [&](const std::string& city) {
      int sq = d.cities[d.city_index(city)].square;
      for (int u = 0; u < s.nunits; ++u)
        if (s.units[u].loc == sq && s.regular(u) && s.unit_side(u) == side) return true;
      return false;
    };
    if (side == kBritish && regulars_at("Orenburg")) v += 10;                             // 25.12
    if (side == kRussian && (regulars_at("Bushire") || regulars_at("Karachi"))) v += 10;  // 25.13
    vp[side] = v;
  }
}

}  // namespace frontier::crossroads
