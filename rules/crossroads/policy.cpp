#include "crossroads/policy.h"

#include <cstdlib>

namespace frontier::crossroads {

namespace {

// What entering square `sq` is worth to `seat`: a region it does not control, the more so for
// its victory points, and a city there.
int square_value(const State& s, int seat, int sq) {
  if (sq < 0 || sq >= kSquares) return 0;
  int value = 0;
  int region = s.d->region[sq];
  if (region >= 0 && s.control[region] != seat) value += 2 + s.d->region_vp[region];
  if (s.d->city_at[sq] >= 0) value += 3;
  return value;
}

int unit_strength(const State& s, int unit) {
  if (unit < 0 || unit >= s.nunits) return 0;
  return s.d->types[s.units[unit].type].strength;
}

}  // namespace

int heuristic_score(const State& s, int seat, const core::Action& a) {
  switch (a.kind) {
    case kNegotiate:
    case kUltimatum:
      return 60 + s.d->region_vp[a.a];
    case kCommit:  // about half the treasury: enough to win some, not all in one region
      return 50 - std::abs(2 * a.a - s.pounds[seat]);
    case kResolve:
      return 55;
    case kDiscover:
      return 45;
    case kRecruit:
      return a.a < 0 ? -20 : 40;  // a = -1 cancels the pick
    case kRecruitAt:
      return 35 + square_value(s, seat, a.a);
    case kBuyMarker:
      return a.a == kRailroad ? 20 : 36;
    case kBuySp:
      return s.sp[seat] < 4 ? 38 : 5;
    case kSelectForce:
      return 30;
    case kBeginMove:
      return 34;
    case kStep:
      return 32 + square_value(s, seat, a.a);
    case kEndMove:
      return a.a == 1 ? -20 : 15;  // never cancel a selected force
    case kEndMovement:
    case kEndNegotiations:
    case kDone:
      return 10;
    case kChooseCrt:  // Battle over Raid
    case kWithdraw:   // stand and fight
      return a.a == 0 ? 30 : 20;
    case kTerrainMultiple:
      return 30 + a.a;
    case kLose:
    case kStarve:
      return 30 - unit_strength(s, a.a);  // the weakest unit goes
    case kPrisoner:
      return a.a == 1 ? 25 : 15;
    case kMassacre:
      return a.b == 0 ? 25 : 5;
    case kEndCombat:
      return a.a == 0 ? 12 : 11;
    case kProvision:
      return 20 + a.a;  // pay what it must
    case kAnswerOffer:  // a gift is accepted, anything asked of it refused
      return (a.a == 1) == (s.offer_kind == kGivePounds || s.offer_kind == kGiveRegion) ? 20 : 10;
    case kOfferPounds:
    case kOfferRegion:
      return -10;
    case kDisband:
    case kToggleUnit:
    case kDrop:
      return -30;  // whole forces move; nothing is given up by choice
    case kZoom:
      return a.a < 0 ? -15 : 15;  // narrows a long list of squares; never back out
    case kPickAgent:
      return a.a >= 0 ? 20 : 10;
    case kChooseFirst:
      return a.a == seat ? 20 : 10;
    case kPlace:
    case kLevy:
    case kJihadPlace:
      return 20 + square_value(s, seat, a.a);
    default:
      return 15;
  }
}

bool heuristic_action(const State& s, int seat, const std::vector<core::Action>& legal, core::Action& out) {
  if (legal.empty()) return false;
  int best = -1000000;
  for (const core::Action& a : legal) {
    int score = heuristic_score(s, seat, a);
    if (score > best) {
      best = score;
      out = a;
    }
  }
  return true;
}

}  // namespace frontier::crossroads
