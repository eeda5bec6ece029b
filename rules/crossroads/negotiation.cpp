// Negotiations (15.0) and ultimatums (15.6), then the belligerency check (5.4). Pound
// commitments are secret: both seats are prompted at once and the amounts revealed together.
#include "crossroads/rules.h"

namespace frontier::crossroads {

namespace {

// 15.1: the Negotiations Table's column for a differential.
int negotiation_column(int diff) {
  return diff <= 0 ? 0 : std::min(5, (diff + 1) / 2);
}

int capital_sq(const State& s, int region) {
  return s.d->cities[s.d->capital[region]].square;
}

// The regions 15.62's modifiers name, looked up once: bots ask for the modifiers of every region
// in every estimate, and a lookup by code compares strings.
struct NamedRegions {
  int ni, pj, sn, sk, af, he, np, wt;
};
const NamedRegions& named_regions(const Data& d) {
  static const NamedRegions r{d.region_index("NI"), d.region_index("PJ"), d.region_index("SN"),
                              d.region_index("SK"), d.region_index("AF"), d.region_index("HE"),
                              d.region_index("NP"), d.region_index("WT")};
  return r;
}

// Die roll modifiers listed under 15.62, "applied to both Negotiations and Ultimatum tables".
// `occupied(sq)`: whether `side`'s combat units stand in square `sq`.
template <typename Occupied>
int nego_drm(const State& s, int region, int side, Occupied occupied) {
  const Data& d = *s.d;
  const NamedRegions& named = named_regions(d);
  int drm = 0;
  if (bop_degree(s, side) >= 2) ++drm;
  if (bop_degree(s, other(side)) >= 2) --drm;
  bool all = true;  // the first city not occupied settles it (bots ask this in every estimate)
  for (size_t i = 0; all && i < d.region_cities[region].size(); ++i)
    all = occupied(d.cities[d.region_cities[region][i]].square);
  if (all) ++drm;
  for (int c : d.region_cities[region]) {  // 20.31(1): colonies stand in cities
    int sq = d.cities[c].square;
    drm += s.has_marker(sq, side, kColony) - s.has_marker(sq, other(side), kColony);
  }
  if (region == named.sk) --drm;
  if (region == named.ni || region == named.pj || region == named.sn)
    drm += s.somnath[side] - s.somnath[other(side)];  // 32.6 21
  if ((region == named.pj || region == named.sn) && s.control[named.ni] == side) ++drm;
  if (region == named.he && s.control[named.af] == side) ++drm;
  if ((region == named.np || region == named.wt) && s.control[named.sk] == side) ++drm;
  return drm;
}

int ultimatum_strength(const State& s, int region, int side, bool with_neutral) {
  int sq = capital_sq(s, region), total = 0;
  for (int u = 0; u < s.nunits; ++u) {
    if (s.units[u].loc != sq) continue;
    int us = s.unit_side(u);
    if (us == side || (with_neutral && us == kNeutral)) total += s.type(u).strength;
  }
  return total;
}

void resolve(State& s, core::EventSink& ev) {
  const Data& d = *s.d;
  int side = s.phasing, enemy = other(side), region = s.nego_region;
  const AgentInfo& att = d.agents[s.nego_agent];
  int def_pv = s.nego_defender_agent >= 0 ? d.agents[s.nego_defender_agent].political : 0;
  int off_pounds = s.commit[side] < 0 ? 0 : s.commit[side];
  int def_pounds = s.commit[enemy] < 0 ? 0 : s.commit[enemy];
  s.pounds[side] = static_cast<int16_t>(s.pounds[side] - off_pounds);
  s.pounds[enemy] = static_cast<int16_t>(s.pounds[enemy] - def_pounds);
  int diff, col;
  uint8_t res;
  int roll = s.rng.roll();
  int drm = nego_drm(s, region, side, [&](int sq) { return occupied_by(s, sq, side); });
  int die = std::clamp(roll + drm, 0, 7);
  if (s.nego_ultimatum) {  // 15.61
    diff = ultimatum_strength(s, region, side, false) * att.political -
           (s.nego_defender_agent >= 0 ? ultimatum_strength(s, region, enemy, true) * def_pv : 0);
    col = diff <= 0 ? 0 : std::min(7, (diff + 5) / 6);
    res = d.ultimatum[die][col];
  } else {  // 15.1
    diff = att.political + off_pounds - def_pv - def_pounds;
    col = negotiation_column(diff);
    res = d.negotiations[die][col];
  }
  if (ev.enabled())
    ev.add("negotiations",
           std::string(side_name(side)) + (s.nego_ultimatum ? " ultimatum" : " negotiations") + " with " +
               d.region_name[region] + " by " + att.name + ": pounds " + std::to_string(off_pounds) +
               " against " + std::to_string(def_pounds) + ", differential " + std::to_string(diff) +
               ", rolled " + std::to_string(roll) + (drm >= 0 ? "+" : "") + std::to_string(drm));
  if (res & kNegT1) {  // 15.62 T1: 1-3 treaty
    int r2 = s.rng.roll();
    if (r2 <= 3) res |= kNegT;
  }
  if (res & kNegR) shift_bop(s, enemy, 1, ev, "negotiations revulsion");
  if (res & kNegX) eliminate_agent(s, s.nego_agent, ev);
  if ((res & kNegE) && s.control[region] == kNeutral) set_control(s, region, enemy, false, ev);
  if ((res & kNegN) && s.control[region] == enemy) set_control(s, region, kNeutral, false, ev);
  if (res & kNegT) set_control(s, region, side, false, ev);
  if (!res && ev.enabled()) ev.add("negotiations", "No effect");
  s.nego_region = s.nego_agent = s.nego_defender_agent = -1;
  s.commit = {-1, -1};
  s.phase = kNegotiations;
}

}  // namespace

int treaty_chance(const State& s, const SquareSet& occupied, int region, int side, int political) {
  int col = negotiation_column(2 * political);  // 15.1(2): its value in pounds committed too
  int drm = nego_drm(s, region, side, [&](int sq) { return occupied.has(sq); }), sixths_x2 = 0;
  for (int roll = 1; roll <= 6; ++roll) {
    uint8_t res = s.d->negotiations[std::clamp(roll + drm, 0, 7)][col];
    sixths_x2 += (res & kNegT) ? 2 : (res & kNegT1) ? 1 : 0;  // T1: a treaty on 1-3 of a second die
  }
  return sixths_x2 * 1000 / 12;
}

void negotiation_legal(const State& s, int seat, Actions& out) {
  const Data& d = *s.d;
  if (s.phase == kCommitPounds) {
    if (s.commit[seat] != -1) return;
    int agent = seat == s.phasing ? s.nego_agent : s.nego_defender_agent;
    int pv = d.agents[agent].political;  // 15.1(2), 15.4
    int most = s.nego_ultimatum ? 0 : std::min<int>(pv, s.pounds[seat]);
    for (int p = 0; p <= most; ++p) out.push_back({COMMIT, static_cast<int16_t>(p), 0, 0});
    return;
  }
  for (int r = 0; r < kRegions; ++r) {
    if (s.control[r] == seat || (s.nego_done >> r & 1)) continue;  // 15.3
    int sq = capital_sq(s, r);
    // An agent there first: the cheaper question, and most capitals have none.
    if (agents_at(s, sq, seat) == 0 || occupied_by(s, sq, other(seat))) continue;  // 15.5
    for (int a = 0; a < s.nagents; ++a) {
      if (s.agents[a].loc != sq || s.agent_side(a) != seat) continue;
      out.push_back({NEGOTIATE, static_cast<int16_t>(r), static_cast<int16_t>(a), 0});
      if (s.options & kOptUltimatums)
        out.push_back({ULTIMATUM, static_cast<int16_t>(r), static_cast<int16_t>(a), 0});
    }
  }
  out.push_back({END_NEGOTIATIONS, 0, 0, 0});
}

void negotiation_apply(State& s, int seat, const core::Action& a, core::EventSink& ev) {
  switch (a.kind) {
    case NEGOTIATE:
    case ULTIMATUM:
      s.nego_region = static_cast<int8_t>(a.a);
      s.nego_agent = static_cast<int8_t>(a.b);
      s.nego_ultimatum = a.kind == ULTIMATUM;
      s.nego_done |= 1u << a.a;
      s.commit = {-1, -1};
      s.phase = kCommitPounds;
      // 15.1(4)/15.61(4): the defender may counter only with an agent in the capital (neutral
      // agents have no effect, 2.8); whether he does, and with which agent, is his to declare.
      ask_counter(s);
      return;
    case COMMIT:
      s.commit[seat] = static_cast<int8_t>(a.a);
      if (ev.enabled())
        ev.add_private("commit", core::seat_bit(seat),
                       std::string(side_name(seat)) + " commits " + std::to_string(a.a) + " pounds",
                       std::string(side_name(seat)) + " has committed pounds");
      if (s.commit[s.phasing] >= 0 && (s.nego_defender_agent < 0 || s.commit[other(s.phasing)] >= 0))
        resolve(s, ev);
      return;
    case END_NEGOTIATIONS:
      belligerency_check(s, ev);
      s.phase = kCombat;
      return;
  }
}

// 5.41(1)-(2): phasing combat units with neutral units, or in a neutral city: invasion.
void belligerency_check(State& s, core::EventSink& ev) {
  const Data& d = *s.d;
  int side = s.phasing;
  Occupancy occ(s);
  for (int sq = 0; sq < kSquares; ++sq) {
    if (!occ.at(sq, side)) continue;
    if (!occ.at(sq, kNeutral) && (d.city_at[sq] < 0 || s.control[d.region[sq]] != kNeutral)) continue;
    uint32_t invaded = 0;
    for (int u = 0; u < s.nunits; ++u)
      if (s.units[u].loc == sq && s.unit_side(u) == kNeutral) {
        int nation = s.type(u).nation;
        if (nation >= 2 && nation < 2 + kRegions) invaded |= 1u << (nation - 2);
      }
    if (d.city_at[sq] >= 0 && s.control[d.region[sq]] == kNeutral) invaded |= 1u << d.region[sq];
    for (int r = 0; r < kRegions; ++r)
      if ((invaded >> r & 1) && s.control[r] == kNeutral) {
        if (ev.enabled())
          ev.add("invasion", std::string(side_name(side)) + " forces violate the neutrality of " +
                                 d.region_name[r] + " (5.41)");
        set_control(s, r, other(side), true, ev);
      }
  }
}

}  // namespace frontier::crossroads
