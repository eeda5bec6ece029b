// Provisioning (17.3-17.6): every square with the provisioning player's combat units must be
// in supply. Units beyond the forage value need one SP (17.33 as corrected); expeditionary
// forces need one more (17.6), except in a railroad square linked to the home base (17.62).
// The owner decides whether to pay and which units starve.
#include "crossroads/rules.h"

namespace frontier::crossroads {

namespace {

// 17.62: a friendly railroad chain from `sq` to the home-base edge, free of enemy units.
bool rail_supplied(const State& s, int sq, int side) {
  if (!s.has_marker(sq, side, kRailroad)) return false;
  uint8_t seen[kSquares] = {};
  int stack[kSquares], n = 0;
  stack[n++] = sq;
  seen[sq] = 1;
  while (n > 0) {
    int at = stack[--n];
    if (side == kBritish ? s.d->central_india_edge[at] : s.d->urals_edge[at]) return true;
    int nb[10];
    int k = neighbours(s, at, false, -1, nb);
    for (int i = 0; i < k; ++i) {
      int to = nb[i];
      if (to >= kSquares || seen[to] || !s.has_marker(to, side, kRailroad) || occupied_by(s, to, other(side)))
        continue;
      seen[to] = 1;
      stack[n++] = to;
    }
  }
  return false;
}

}  // namespace

// Excess units over forage (17.32, desert feeds one irregular); *expeditionary set when the
// square holds units not from its region (17.6).
int provision_need(const State& s, int sq, int side, bool* expeditionary) {
  int n = 0, irregular = 0;
  bool exped = false;
  int region = s.d->region[sq];
  for (int u = 0; u < s.nunits; ++u) {
    if (s.units[u].loc != sq || s.unit_side(u) != side) continue;
    ++n;
    if (s.type(u).kind == kIrregular || s.type(u).kind == kGhaziUnit) ++irregular;
    if (s.type(u).nation != 2 + region) exped = true;
  }
  if (exped && rail_supplied(s, sq, side)) exped = false;
  int f = forage(s, sq);
  if (s.d->terrain[sq] == kDesert && irregular > 0 && !s.massacred[sq]) f += 1;  // 2.81
  *expeditionary = exped && n > 0;
  return n > f ? n - f : 0;
}

bool provision_next(State& s) {
  Occupancy occ(s);
  for (int sq = s.prov_sq + 1; sq < kSquares; ++sq) {
    if (!occ.at(sq, s.prov_side)) continue;
    bool exped = false;
    if (provision_need(s, sq, s.prov_side, &exped) > 0 || exped) {
      s.prov_sq = static_cast<int16_t>(sq);
      s.phase = kProvisioning;
      return true;
    }
  }
  return false;
}

void provision_legal(const State& s, int seat, Actions& out) {
  if (s.phase == kStarveChoice) {
    for (int u = 0; u < s.nunits; ++u)
      if (s.units[u].loc == s.prov_sq && s.unit_side(u) == seat)
        out.push_back({STARVE, static_cast<int16_t>(u), 0, 0});
    return;
  }
  bool exped = false;
  int need = provision_need(s, s.prov_sq, seat, &exped);
  // a: bit 0 pay for forage excess, bit 1 pay the expeditionary point.
  for (int pay = 0; pay < 4; ++pay) {
    if ((pay & 1) && need == 0) continue;
    if ((pay & 2) && !exped) continue;
    int cost = (pay & 1) + (pay >> 1 & 1);
    if (cost > s.sp[seat]) continue;
    out.push_back({PROVISION, static_cast<int16_t>(pay), 0, 0});
  }
}

void provision_apply(State& s, const core::Action& a, core::EventSink& ev) {
  int side = s.prov_side, sq = s.prov_sq;
  if (a.kind == STARVE) {
    eliminate_unit(s, a.a, ev);
    if (--s.starve_due > 0) return;
    s.phase = kProvisioning;
    provisioning_continue(s, ev);
    return;
  }
  bool exped = false;
  int need = provision_need(s, sq, side, &exped);
  int pay = a.a;
  s.sp[side] = static_cast<int16_t>(s.sp[side] - (pay & 1) - (pay >> 1 & 1));
  if (exped && !(pay & 2)) {  // 17.6: units not from the region are eliminated
    if (ev.enabled())
      ev.add("supply",
             std::string("Unsupplied expeditionary force at ") + square_name(*s.d, sq) + " is lost (17.6)");
    for (int u = 0; u < s.nunits; ++u)
      if (s.units[u].loc == sq && s.unit_side(u) == side && s.type(u).nation != 2 + s.d->region[sq])
        eliminate_unit(s, u, ev);
    need = provision_need(s, sq, side, &exped);
  }
  if (need > 0 && !(pay & 1)) {
    s.starve_due = static_cast<int16_t>(need);
    s.phase = kStarveChoice;
    return;
  }
  provisioning_continue(s, ev);
}

}  // namespace frontier::crossroads
