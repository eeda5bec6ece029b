// What a seat sees (22.0 fog of war), the labels and prompts it is shown, script edits and
// the consistency check.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "crossroads.pb.h"
#include "crossroads/state.h"

namespace frontier::crossroads {

// Locations where each seat has a piece (22.1(1)), computed once per view.
struct Presence {
  explicit Presence(const State& s);
  std::array<uint8_t, kLocs> here{};
};
// 22.1 with the seats' presence computed once (see may_examine).
bool examine(const State& s, const Presence& p, int viewer, int loc, int side);
// 22.1: may `viewer` examine the pieces of `side` at `loc`? (Own pieces always; kObserver only
// what both seats may examine; everything once the game is over.)
bool may_examine(const State& s, int viewer, int loc, int side);
void build_view(const State& s, int viewer, CrossroadsView& out);
// Every hidden fact redrawn from `rng`, the result depending on what `viewer` may know alone
// (table.cpp).
std::unique_ptr<core::GameState> resample(const State& s, int viewer, core::Rng& rng);
// The open facts in machine form (CrossroadsView.table), and a position rebuilt from them with
// every hidden fact drawn from `rng` (Game::determinize); a view the game could not have sent this
// seat is InvalidArgument.
void fill_table(const State& s, const Presence& p, int viewer, CrossroadsTable& t);
core::Result<std::unique_ptr<core::GameState>> state_from_view(std::unique_ptr<State> fresh,
                                                               const CrossroadsView& v, int viewer,
                                                               core::Rng& rng);
std::string phase_name(const State& s);
// The side whose phase it is (view field `phasing`): the phasing player of the operations phases,
// the side provisioning (17.3); -1 in set-up, initiative, expenditure (both at once) and at the end.
int phasing_side(const State& s);

core::PromptInfo prompt_for(const State& s, int seat);
std::string describe_action(const State& s, int seat, const core::Action& a);
void action_refs(const State& s, const core::Action& a, std::vector<frontier::Ref>& out);
std::string explain(const State& s, int seat, const core::Action& a);

core::Status edit_state(State& s, std::string_view command);
std::string invariants(const State& s);

}  // namespace frontier::crossroads
