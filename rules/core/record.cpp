// Replay of game records.
#include "core/record.h"

namespace frontier::core {

Result<Replayed> replay(const Registry& registry, const frontier::GameRecord& record,
                        std::vector<LogEvent>* events) {
  const Game* game = registry.find(record.setup().game());
  if (game == nullptr) return Status::not_found("Unknown game '" + record.setup().game() + "'");
  return replay(*game, record, events);
}

Result<Replayed> replay(const Game& game_ref, const frontier::GameRecord& record,
                        std::vector<LogEvent>* events) {
  const Game* game = &game_ref;
  if (Status s = validate_setup(*game, record.setup()); !s) return s;
  auto initial = game->initial(record.setup());
  if (!initial) return initial.status();
  std::unique_ptr<GameState> state = std::move(initial).value();
  for (int i = 0; i < record.actions_size(); ++i) {
    const auto& ra = record.actions(i);
    auto action = from_proto(ra.action());
    if (!action) return action.status();
    ApplyResult r = apply(*game, *state, ra.seat(), *action, events);
    if (!r.status) {
      return Status::failed_check("Action " + std::to_string(i + 1) + " (" + ra.label() +
                                  ") was refused: " + r.status.message());
    }
  }
  if (!record.final_hash().empty()) {
    std::string h = state_hash(*game, *state);
    if (h != record.final_hash()) {
      return Status::failed_check("Final hash " + h + " differs from the recorded " + record.final_hash());
    }
  }
  return Replayed{game, std::move(state)};
}

void record_action(frontier::GameRecord& record, Seat seat, const Action& action, std::string label) {
  auto* ra = record.add_actions();
  ra->set_seat(seat);
  *ra->mutable_action() = to_proto(action);
  ra->set_label(std::move(label));
}

}  // namespace frontier::core
