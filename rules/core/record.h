// Game records: a setup plus the ordered actions by seat. Replaying one is how a stored match is
// loaded, how dice are verified after the seed is revealed, and what `frontier-sim replay` does.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "core/engine.h"
#include "core/registry.h"
#include "record.pb.h"

namespace frontier::core {

struct Replayed {
  const Game* game = nullptr;
  std::unique_ptr<GameState> state;
};

// Re-runs `record` from its setup. Fails (naming the action index) if any action is refused, or
// if record.final_hash is set and differs. `events`, when given, collects the whole log.
Result<Replayed> replay(const Registry& registry, const frontier::GameRecord& record,
                        std::vector<LogEvent>* events = nullptr);
// The same with the game given (record.setup.game is not looked up).
Result<Replayed> replay(const Game& game, const frontier::GameRecord& record,
                        std::vector<LogEvent>* events = nullptr);

// Appends an applied action to a record, with its label for readers.
void record_action(frontier::GameRecord& record, Seat seat, const Action& action, std::string label);

}  // namespace frontier::core
