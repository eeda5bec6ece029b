// The rule areas of Asia Crossroads, one file each. Every area offers its legal actions for the
// seat holding the prompt, applies them, and labels them; sequence.cpp strings them together.
#pragma once

#include <string>
#include <vector>

#include "crossroads/board.h"

namespace frontier::crossroads {

using Actions = std::vector<core::Action>;

// sequence.cpp: the turn sequence (3.0), initiative (7.0), end of turn, victory (25.0).
core::SeatMask awaiting_seats(const State& s);
void start_operations_step(State& s, core::EventSink& ev);  // after a sub-phase ends
void compute_victory(const State& s, int vp[2]);
// 25.11: the treasury's pounds divided by 10, remainders rounded up.
inline int treasury_vp(int pounds) {
  return (pounds + 9) / 10;
}

// setup.cpp (26.0)
void setup_legal(const State& s, int seat, Actions& out);
void setup_apply(State& s, const core::Action& a, core::EventSink& ev);
int setup_placer(const State& s);
std::string setup_prompt(const State& s);              // names the piece placed next and where it may go
void setup_continue(State& s, core::EventSink& ev);    // places forced placements
void start_setup_done(State& s, core::EventSink& ev);  // set-up over: the first turn begins
void after_initiative(State& s, core::EventSink& ev);
void expend_finished(State& s);
void provisioning_continue(State& s, core::EventSink& ev);

// economy.cpp (9.0, 10.0, 17.1, 20.0)
void collect_income(State& s, core::EventSink& ev);
int unit_cost(const State& s, int type);  // pounds, the Pounds Expenditure Table (10.0)
int agent_cost(const State& s, int agent);
// Pounds spent on what `side` has in play: its units and agents on the map or at home, at their
// cost, and its supply points at one pound each. Bots' estimates count them with the treasury.
int holdings(const State& s, int side);
// prospects.cpp: tenths of a VP that `side`'s agents may yet win by negotiation (15.0), by their
// political values and their distances from capitals of regions the side does not control, a
// treaty worth the region's VP and its natives with the cities they hold.
// Bots' estimates count it, so that an agent sets off for a capital turns before it can talk.
int negotiation_prospects(const State& s, int side);
// Half movement points from `loc` to `region`'s capital for an agent travelling alone (13.2), at
// the map's terrain costs; -1 where no way leads there.
int capital_distance(const Data& d, int region, int loc);
void expend_legal(const State& s, int seat, Actions& out);
void expend_apply(State& s, int seat, const core::Action& a, core::EventSink& ev);
std::string expend_describe(const State& s, int seat, const core::Action& a);

// movement.cpp (11.0, 13.0, 19.0)
void movement_legal(const State& s, int seat, Actions& out);
void movement_apply(State& s, const core::Action& a, core::EventSink& ev);
int force_movement(const State& s);  // half points, with s.force_agent's bonus (16.21)
void force_sets_off(State& s, int sp_cost, core::EventSink& ev);  // movement points fixed, logged
// What a bot leaves out while forming a force: taking a piece along again (all start in it,
// 11.3), leaving the last one behind, and cancelling a force it could move. A search sees only
// the positions on its own walk through the tree, so from one decision to the next a bot could
// take a piece along, leave it behind and take it along again, or pick a force and cancel it,
// and never meet a repeat (a stack of n pieces has 2^n forces): a British bot toggled one stack
// some 1,800 times in a game. Picking a force is the decision to move from that square; what
// stays behind is then settled one piece at a time, at most n decisions.
bool bot_skips_forming(const State& s, int seat, const core::Action& a);

// agents.cpp: which one agent counts (14.8, 15.1(4), 15.61(4), 16.21) -- a prompt when several could
bool combat_agents_chosen(State& s);  // false: a prompt was raised
bool ask_move_agent(State& s);        // false: a prompt was raised
void ask_counter(State& s);           // the non-phasing player declares his counter
void agent_pick_legal(const State& s, int seat, Actions& out);
void agent_pick_apply(State& s, const core::Action& a, core::EventSink& ev);
std::string agent_pick_label(const State& s, const core::Action& a);

// negotiation.cpp (15.0, 5.4)
void negotiation_legal(const State& s, int seat, Actions& out);
void negotiation_apply(State& s, int seat, const core::Action& a, core::EventSink& ev);
void belligerency_check(State& s, core::EventSink& ev);
// Chance in a thousand that `side` wins a treaty with `region` (a T, 15.62 T1 counted at half)
// by an agent of this political value committing as many pounds (15.1(2)), no agent countering,
// with the modifiers as they stand. `occupied`: the squares `side`'s combat units stand in
// (built once for many questions).
int treaty_chance(const State& s, const SquareSet& occupied, int region, int side, int political);

// combat.cpp (14.0, 16.4, 20.5, 24.0)
void combat_legal(const State& s, int seat, Actions& out);
void combat_apply(State& s, int seat, const core::Action& a, core::EventSink& ev);
int combat_column(int attack, int defence);
bool combat_pending(const State& s);
void resolve_odds(State& s, core::EventSink& ev);  // after the terrain multiple and the agents (14.7-14.8)
void capture_checks(State& s, core::EventSink& ev);

// supply.cpp (17.3-17.6)
void provision_legal(const State& s, int seat, Actions& out);
void provision_apply(State& s, const core::Action& a, core::EventSink& ev);
bool provision_next(State& s);  // moves to the next square needing a decision; false when done
int provision_need(const State& s, int sq, int side, bool* expeditionary);
// A side's next provisioning as the bots reckon it: every square's supply points (17.33, 17.6)
// against the points the side holds, and those its pounds may still buy before then.
struct ProvisioningOutlook {
  int points = 0;  // the supply points its squares need
  // What it stands to lose, in pounds at unit cost (tenths of a VP, as holdings counts them),
  // plus the VP of the cities left empty. Bots' estimates subtract it: without it a bot saw no
  // worth in a supply point before the turn's end, beyond its search, so bought none and lost
  // every expeditionary force each turn.
  int lost = 0;
};
ProvisioningOutlook provisioning_outlook(const State& s, int side);

// events.cpp (8.0, 21.0)
void random_events(State& s, core::EventSink& ev);
void apply_event(State& s, const std::string& id, int roller, core::EventSink& ev);

}  // namespace frontier::crossroads
