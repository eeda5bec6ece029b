// The engine around a Game: the one gate every action passes (seat, legality, then rules), the
// state hash, prompts with their labelled choices, per-seat log filtering and set-up checks.
// Servers, clients, the simulator and tests all go through these functions.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace frontier::core {

struct ApplyResult {
  Status status;              // Ok, NotYourTurn or IllegalAction (state untouched unless Ok)
  bool irreversible = false;  // the action drew on chance or revealed something: no undo past it
};

// Validates `action` for `seat` and applies it. On any failure the state is unchanged and the
// status says why in a sentence. `events` (optional) receives the log of what happened.
ApplyResult apply(const Game& game, GameState& state, Seat seat, const Action& action,
                  std::vector<LogEvent>* events = nullptr);

// Deterministic snapshot bytes and their hash (16 hex digits).
std::string snapshot(const Game& game, const GameState& state);
std::string state_hash(const Game& game, const GameState& state);

// The prompt `seat` holds, with every legal choice labelled (empty kind when none).
frontier::Prompt prompt_with_choices(const Game& game, const GameState& state, Seat seat);
// The same, built in `out` (which should be empty): on `out`'s arena when it has one, so the
// server's updates take it without a copy.
void fill_prompt(const Game& game, const GameState& state, Seat seat, frontier::Prompt& out);
// The legal action whose label is `label` (exact match), if any.
std::optional<Action> find_by_label(const Game& game, const GameState& state, Seat seat,
                                    std::string_view label);

// The line `viewer` may read for an event, or nullopt when the event is hidden from it.
std::optional<std::string> line_for(const LogEvent& event, Seat viewer);

// Scenario exists; every option is known and its value one of the listed choices.
Status validate_setup(const Game& game, const frontier::MatchSetup& setup);
// The value of option `id` in `setup`, else the game's default for it.
std::string option_value(const Game& game, const frontier::MatchSetup& setup, std::string_view id);

frontier::Action to_proto(const Action& action);
// Range-checked: kind must fit 16 bits and a/b/c 16-bit signed; InvalidArgument otherwise.
Result<Action> from_proto(const frontier::Action& action);

}  // namespace frontier::core
