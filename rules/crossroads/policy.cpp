#include "crossroads/policy.h"

#include <cstdlib>

#include "crossroads/rules.h"

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
    case NEGOTIATE:
    case ULTIMATUM:
      return 60 + s.d->region_vp[a.a];
    case COMMIT:  // about half the treasury: enough to win some, not all in one region
      return 50 - std::abs(2 * a.a - s.pounds[seat]);
    case RESOLVE:
      return 55;
    case DISCOVER:
      return 45;
    case RECRUIT:
      return a.a < 0 ? -20 : 40;  // a = -1 cancels the pick
    case RECRUIT_AT:
      return 35 + square_value(s, seat, a.a);
    case BUY_MARKER:
      return a.a == kRailroad ? 20 : 36;
    case BUY_SP:  // before recruiting, what the next provisioning needs (17.3-17.6)
      return s.sp[seat] < provisioning_outlook(s, seat).points ? 41 : 5;
    case SELECT_FORCE:
      return 30;
    case BEGIN_MOVE:
      return 34;
    case STEP:
      return 32 + square_value(s, seat, a.a);
    case END_MOVE:
      return a.a == 1 ? -20 : 15;  // never cancel a selected force
    case END_MOVEMENT:
    case END_NEGOTIATIONS:
    case DONE:
      return 10;
    case CHOOSE_CRT:  // Battle over Raid
    case WITHDRAW:    // stand and fight
      return a.a == 0 ? 30 : 20;
    case TERRAIN_MULTIPLE:
      return 30 + a.a;
    case LOSE:
    case STARVE:
      return 30 - unit_strength(s, a.a);  // the weakest unit goes
    case PRISONER:
      return a.a == 1 ? 25 : 15;
    case MASSACRE:
      return a.b == 0 ? 25 : 5;
    case END_COMBAT:
      return a.a == 0 ? 12 : 11;
    case PROVISION:
      return 20 + a.a;  // pay what it must
    case ANSWER_OFFER:  // a gift is accepted, anything asked of it refused
      return (a.a == 1) == (s.offer_kind == kGivePounds || s.offer_kind == kGiveRegion) ? 20 : 10;
    case OFFER_POUNDS:
    case OFFER_REGION:
      return -10;
    case DISBAND:
    case TOGGLE_UNIT:
    case DROP:
      return -30;  // whole forces move; nothing is given up by choice
    case ZOOM:
      return a.a < 0 ? -15 : 15;  // narrows a long list of squares; never back out
    case PICK_AGENT:
      return a.a >= 0 ? 20 : 10;
    case CHOOSE_FIRST:
      return a.a == seat ? 20 : 10;
    case PLACE:
    case LEVY:
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
