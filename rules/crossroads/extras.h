// Decisions that interrupt or sit beside the main sequence: the initiative choice (7.2), levy
// and Jihad placement (5.42(3), 21.2), prisoners (16.42), player agreements (23.0), the
// optional massacre (30.0) and discoveries (32.0).
#pragma once

#include "crossroads/rules.h"

namespace frontier::crossroads {

void extras_legal(const State& s, int seat, Actions& out);  // interrupts (levy, prisoner, offer)
bool extras_apply(State& s, int seat, const core::Action& a, core::EventSink& ev);  // false if not ours
void agreement_offers(const State& s, int seat, Actions& out);       // during expenditure (23.0)
void operation_end_options(const State& s, int seat, Actions& out);  // 30.0, 32.0 at kMassacreChoice
void jihad_squares(const State& s, int region, std::vector<int>& out);

}  // namespace frontier::crossroads
