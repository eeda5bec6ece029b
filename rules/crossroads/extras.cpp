#include "crossroads/extras.h"

#include "core/text.h"
#include "crossroads/picker.h"

namespace frontier::crossroads {

namespace {

bool jihad_region_ok(const State& s, int r) {
  static const char* banned[] = {"WS", "NI", "NP", "PJ", "SN"};  // 21.2
  for (const char* b : banned)
    if (s.d->region_code[r] == b) return false;
  return true;
}

void levy_closed(State& s, core::EventSink& ev) {
  s.levy_khan = false;
  for (int u = 0; u < s.nunits; ++u) s.units[u].flags &= static_cast<uint8_t>(~kLevied);
  next_levy(s, ev);
}

void next_prisoner(State& s) {
  s.pending_prisoner = -1;
  for (int a = 0; a < s.nagents; ++a)
    if ((s.agents[a].loc == kHeldByBritish || s.agents[a].loc == kHeldByRussian) &&
        !(s.agents[a].flags & kMoved)) {
      s.pending_prisoner = static_cast<int8_t>(a);
      return;
    }
}

void discovery(State& s, int seat, int agent, core::EventSink& ev) {
  const Data& d = *s.d;
  int sq = s.agents[agent].loc;
  int city = d.city_at[sq];
  s.discovered[city] = static_cast<uint8_t>(s.discovered[city] | (1 << seat));
  int tens = s.rng.roll(), ones = s.rng.roll();
  int n = tens * 10 + ones;
  const std::string& id = d.discovery[n];
  if (ev.enabled())
    ev.add("discovery", d.agents[agent].name + " at " + d.cities[city].name + " rolls " + std::to_string(n) +
                            ": " + d.discovery_name[n] + " (32.1)");
  int region = d.region[sq];
  if (id == "ahmad") {
    if (s.once_discoveries & 1) return;
    s.once_discoveries |= 1;
    if (s.rng.roll() <= d.agents[agent].political) shift_bop(s, seat, 2, ev, "Ahmad Mahdum");
  } else if (id == "archeology") {
    shift_bop(s, seat, 1, ev, "Archeological Find");
  } else if (id == "bazaar") {
    s.bazaar |= 1u << region;
  } else if (id == "buzkashi") {
    shift_bop(s, s.rng.roll() % 2 == 0 ? seat : other(seat), 1, ev, "Buzkashi");
  } else if (id == "commerce") {
    // Both players' income from this region's cities this turn is paid a second time (tripled
    // under a Trade Boom, whose doubling the first payment already had).
    for (int side = 0; side < 2; ++side) {
      int extra = 0;
      for (const City& c : d.cities) {
        if (c.region != region) continue;
        bool civ = s.has_marker(c.square, side, kTradingPost) || s.has_marker(c.square, side, kColony);
        int v = occupied_by(s, c.square, side)
                    ? c.income * (civ ? 2 : 1)
                    : (civ && !occupied_by(s, c.square, other(side)) ? c.income : 0);
        extra += v;
      }
      s.pounds[side] = static_cast<int16_t>(s.pounds[side] + extra);
    }
  } else if (id == "somnath") {
    if (s.once_discoveries & 2) return;
    s.once_discoveries |= 2;
    s.somnath[seat] = 1;
  } else if (id == "hashishan") {
    if (s.once_discoveries & 4) return;
    s.once_discoveries |= 4;
    s.hashishan_side = static_cast<int8_t>(seat);
  } else if (id == "gold") {
    s.pounds[seat] = static_cast<int16_t>(s.pounds[seat] + s.rng.roll());
  }
}

}  // namespace

// 21.2: one land square in any region except WS, NI, NP, PJ, SN, free of enemy and neutral
// units. Chosen in two steps (region, then square) so each list stays short.
void jihad_squares(const State& s, int region, std::vector<int>& out) {
  out.clear();
  Occupancy occ(s);
  for (int sq : s.d->region_squares[region])
    if (!occ.at(sq, other(s.levy_side)) && !occ.at(sq, kNeutral)) out.push_back(sq);
}

void extras_legal(const State& s, int seat, Actions& out) {
  std::vector<int> sqs;
  if (s.levy_khan) {  // 5.42(3): "may take the Khan ... place it on one of the irregulars"
    for (int u = 0; u < s.nunits; ++u) {
      int l = s.units[u].loc;
      if (!(s.units[u].flags & kLevied)) continue;
      bool seen = false;
      for (const auto& o : out) seen = seen || o.a == l;
      if (!seen) out.push_back({LEVY, static_cast<int16_t>(l), 2, 0});
    }
    out.push_back({LEVY, -1, 2, 0});
    return;
  }
  if (s.levy_left > 0) {
    if (s.levy_region == -1) {  // Jihad, first step: the region (21.2)
      for (int r = 0; r < kRegions; ++r) {
        if (!jihad_region_ok(s, r)) continue;
        jihad_squares(s, r, sqs);
        if (!sqs.empty()) out.push_back({LEVY, static_cast<int16_t>(r), 1, 0});
      }
      if (out.empty()) out.push_back({LEVY, -1, 0, 0});
      return;
    }
    if (s.levy_region >= 0)
      levy_squares(s, sqs);
    else
      jihad_squares(s, -2 - s.levy_region, sqs);
    offer_squares(s, seat, sqs, LEVY, out);
    if (sqs.empty()) out.push_back({LEVY, -1, 0, 0});  // nowhere to place: the levy is lost
    return;
  }
  if (s.new_agent_for == seat) {
    const Data& d = *s.d;
    for (int a = 0; a < s.nagents; ++a)
      if (s.agents[a].loc == kPool && d.agents[a].nation == seat &&
          (d.agents[a].periods >> (s.period() - 1) & 1))
        out.push_back({CHOOSE_AGENT, static_cast<int16_t>(a), 0, 0});
    return;
  }
  if (s.pending_prisoner >= 0) {
    out.push_back({PRISONER, 1, 0, 0});
    out.push_back({PRISONER, 0, 0, 0});
    return;
  }
  if (s.offer_from >= 0) {
    // He can only pay what he has, and not the pounds of a recruit he is placing (10.3).
    if (s.offer_kind != kAskPounds || (s.pounds[seat] >= s.offer_value && s.recruit_pick[seat] < 0))
      out.push_back({ANSWER_OFFER, 1, 0, 0});
    out.push_back({ANSWER_OFFER, 0, 0, 0});
    return;
  }
  if (s.hashishan_side == seat) {
    if (s.hashishan_sq >= 0) {  // 32.6 22: the enemy reveals his agents; pick one
      for (int g = 0; g < s.nagents; ++g)
        if (s.agents[g].loc == s.hashishan_sq && s.agent_side(g) == other(seat))
          out.push_back({TARGET_SQUARE, static_cast<int16_t>(g), 1, 0});
      return;
    }
    uint8_t seen[kSquares] = {};
    for (int u = 0; u < s.nunits; ++u) {
      int l = s.units[u].loc;
      if (l >= 0 && l < kSquares && !seen[l] && s.unit_side(u) == other(seat)) {
        seen[l] = 1;
        out.push_back({TARGET_SQUARE, static_cast<int16_t>(l), 0, 0});
      }
    }
    if (out.empty()) out.push_back({TARGET_SQUARE, -1, 0, 0});
  }
}

void agreement_offers(const State& s, int seat, Actions& out) {
  // 23.0 "at any time": whenever the seat holds a main prompt. Two offers per seat per phase
  // (expenditure, each operations phase) keep every playout finite.
  if (s.offers_made[seat] >= kOffersPerPhase || s.recruit_pick[seat] >= 0) return;
  for (int p : {1, 2, 5, 10}) {  // 23.1(1): trade pounds, either way
    if (p <= s.pounds[seat]) out.push_back({OFFER_POUNDS, static_cast<int16_t>(p), 0, 0});
    out.push_back({OFFER_POUNDS, static_cast<int16_t>(p), 1, 0});
  }
  for (int r = 0; r < kRegions; ++r)  // 23.1(2): change the control status of his own regions
    if (s.control[r] == seat) {
      out.push_back({OFFER_REGION, static_cast<int16_t>(r), 0, 0});
      out.push_back({OFFER_REGION, static_cast<int16_t>(r), 1, 0});
    }
}

void operation_end_options(const State& s, int seat, Actions& out) {
  const Data& d = *s.d;
  if (s.options & kOptMassacre) {  // 30.0
    for (int sq = 0; sq < kSquares; ++sq)
      if (!s.massacred[sq] && occupied_by(s, sq, seat) && !occupied_by(s, sq, other(seat)))
        if (d.city_at[sq] >= 0 || (s.markers[sq] & (0xF << (other(seat) * 4))))
          out.push_back({MASSACRE, static_cast<int16_t>(sq), 1, 0});
  }
  if (s.options & kOptDiscoveries) {  // 32.1-32.4
    for (int a = 0; a < s.nagents; ++a) {
      int l = s.agents[a].loc;
      if (l < 0 || l >= kSquares || d.agents[a].nation != seat || (s.agents[a].flags & kLoser)) continue;
      int c = d.city_at[l];
      if (c < 0 || !s.start_neutral[d.cities[c].region] || s.discovered[c]) continue;
      out.push_back({DISCOVER, static_cast<int16_t>(a), 0, 0});
    }
  }
}

bool extras_apply(State& s, int seat, const core::Action& a, core::EventSink& ev) {
  const Data& d = *s.d;
  switch (a.kind) {
    case CHOOSE_FIRST:
      s.first = static_cast<int8_t>(a.a);
      if (ev.enabled())
        ev.add("initiative", std::string(side_name(a.a)) + " will be first player this turn (7.2)");
      after_initiative(s, ev);
      return true;
    case LEVY: {
      if (a.b == 2) {  // the Khan's placement closes the levy
        if (a.a >= 0) s.agents[khan_of(d, s.levy_region)].loc = a.a;
        levy_closed(s, ev);
        return true;
      }
      if (a.a < 0) {
        s.levy_left = 0;
      } else if (a.b == 1) {
        s.levy_region = static_cast<int8_t>(-2 - a.a);
        return true;
      } else if (s.levy_region < 0) {  // Jihad: all Ghazis and the Mad Mullah together (21.2)
        int left = s.levy_left;
        for (int u = 0; u < s.nunits && left > 0; ++u)
          if (s.units[u].loc == kPool && s.type(u).nation == kGhaziNation) s.units[u].loc = a.a, --left;
        int mullah = d.agent_index("Mad Mullah");
        if (mullah >= 0 && s.agents[mullah].loc == kPool) s.agents[mullah].loc = a.a;
        s.levy_left = 0;
      } else {
        int nation = 2 + s.levy_region;
        for (int u = 0; u < s.nunits; ++u)
          if (s.units[u].loc == kPool && s.type(u).nation == nation && s.type(u).kind == kIrregular) {
            s.units[u].loc = a.a;
            s.units[u].flags |= kLevied;
            break;
          }
        --s.levy_left;
      }
      if (s.levy_left == 0) {
        // 5.42(3): the player may then put the region's Khan, if not on the map, on one of them.
        int khan = s.levy_region >= 0 ? khan_of(d, s.levy_region) : -1;
        bool placed = false;
        for (int u = 0; u < s.nunits; ++u) placed = placed || (s.units[u].flags & kLevied);
        if (khan >= 0 && s.agents[khan].loc == kPool && placed)
          s.levy_khan = true;
        else
          levy_closed(s, ev);
      }
      return true;
    }
    case PRISONER: {
      int ag = s.pending_prisoner;
      if (a.a == 0) {
        if (ev.enabled()) ev.add("execute", d.agents[ag].name + " is executed (16.42)");
        s.agents[ag] = {kDead, 0};
        shift_bop(s, d.agents[ag].nation <= kNationRU ? d.agents[ag].nation : other(seat), 1, ev,
                  "agent executed");
      } else {
        s.agents[ag].flags |= kMoved;  // decided: held
      }
      next_prisoner(s);
      return true;
    }
    case CHOOSE_AGENT:
      s.agents[a.a].loc = static_cast<int16_t>(seat == kBritish ? kCentralIndia : kUrals);
      s.new_agent_for = -1;
      if (ev.enabled())
        ev.add_private("event", core::seat_bit(seat),
                       "New Agent: " + d.agents[a.a].name + " arrives in the home base",
                       std::string("New Agent: the ") + side_name(seat) + " receive an agent");
      return true;
    case OFFER_POUNDS:
    case OFFER_REGION:
      s.offer_from = static_cast<int8_t>(seat);
      s.offer_kind = static_cast<int8_t>(a.kind == OFFER_POUNDS ? (a.b ? kAskPounds : kGivePounds)
                                                                : (a.b ? kRegionNeutral : kGiveRegion));
      s.offer_value = static_cast<int8_t>(a.a);
      ++s.offers_made[seat];
      return true;
    case ANSWER_OFFER: {
      int from = s.offer_from;
      if (a.a == 1) {
        if (s.offer_kind == kGivePounds || s.offer_kind == kAskPounds) {
          int payer = s.offer_kind == kGivePounds ? from : seat;
          int p = std::min<int>(s.offer_value, s.pounds[payer]);
          s.pounds[payer] = static_cast<int16_t>(s.pounds[payer] - p);
          s.pounds[other(payer)] = static_cast<int16_t>(s.pounds[other(payer)] + p);
          if (ev.enabled())
            ev.add_private(
                "agreement", core::seat_bit(from) | core::seat_bit(seat),
                std::string(side_name(payer)) + " pays " + core::count_of(p, "pound", "pounds") + " (23.1)",
                "");
        } else if (s.control[s.offer_value] == from) {
          set_control(s, s.offer_value, s.offer_kind == kGiveRegion ? seat : kNeutral, false, ev);
        }
      } else if (ev.enabled()) {
        ev.add("agreement", std::string(side_name(seat)) + " declines the offer");
      }
      s.offer_from = -1;
      return true;
    }
    case DISCOVER:
      s.agents[a.a].flags |= kLoser;  // one attempt per agent per operation (32.3)
      discovery(s, seat, a.a, ev);
      return true;
    case TARGET_SQUARE: {
      if (a.b == 1) {  // the chosen agent: eliminated on a roll above his total values
        s.hashishan_side = -1;
        s.hashishan_sq = -1;
        if (s.rng.roll() > d.agents[a.a].political + d.agents[a.a].military) {
          eliminate_agent(s, a.a, ev);
          shift_bop(s, other(seat), 1, ev, "Hashishan");
        } else if (ev.enabled()) {
          ev.add("hashishan", d.agents[a.a].name + " survives the Hashishan");
        }
        return true;
      }
      bool agents = false;
      for (int g = 0; g < s.nagents && a.a >= 0; ++g)
        agents = agents || (s.agents[g].loc == a.a && s.agent_side(g) == other(seat));
      if (!agents) {
        if (ev.enabled()) ev.add("hashishan", "No agents in that square (32.6)");
        s.hashishan_side = -1;
        return true;
      }
      s.hashishan_sq = a.a;
      return true;
    }
    case MASSACRE:
      if (a.b != 1) return false;
      {  // 30.0 / 31.3
        uint8_t enemy = static_cast<uint8_t>(0xF << (other(seat) * 4));
        s.markers[a.a] &= static_cast<uint8_t>(~enemy);
        if (d.city_at[a.a] >= 0) ++s.pounds[seat];
        s.massacred[a.a] = 1;
        shift_bop(s, other(seat), 2, ev, "massacre");
        if (ev.enabled())
          ev.add("massacre", std::string(side_name(seat)) + " massacres " + square_name(d, a.a) + " (30.0)");
      }
      return true;
  }
  return false;
}

}  // namespace frontier::crossroads
