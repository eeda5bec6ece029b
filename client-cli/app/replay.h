// `frontier replay MATCH`: step through a finished match. When this binary carries the game's
// rules, the match is re-run locally from the revealed seed and its actions, so every position
// shows the full board and the final state hash is checked against the server's (the dice were
// fair). Otherwise the server's log is stepped through seq by seq.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "app/output.h"
#include "core/engine.h"
#include "record.pb.h"
#include "wire.pb.h"

namespace frontier::cli {

// A finished match re-run locally, position by position (position k = after k actions).
class LocalReplay {
 public:
  // Fails when the setup does not start or an action is refused (naming it).
  static core::Result<LocalReplay> start(const core::Game& game, const GameRecord& record);

  size_t size() const { return record_.actions_size(); }
  size_t position() const { return position_; }
  core::Status seek(size_t position);
  // The view of a spectator (everything, once the game is over, as the rules decide).
  wire::MatchUpdate update(uint64_t match_id) const;
  // What the last applied action was, and the log lines it produced.
  const std::string& last_label() const { return last_label_; }
  const std::vector<std::string>& last_lines() const { return last_lines_; }
  std::string state_hash() const { return core::state_hash(*game_, *state_); }
  // Who played which side, for the heading (from the server's view of the match).
  void set_seats(const google::protobuf::RepeatedPtrField<wire::SeatInfo>& seats) { seats_ = seats; }

 private:
  LocalReplay(const core::Game& game, GameRecord record) : game_(&game), record_(std::move(record)) {}
  core::Status step();

  const core::Game* game_;
  GameRecord record_;
  std::unique_ptr<core::GameState> state_;
  size_t position_ = 0;
  std::string last_label_;
  std::vector<std::string> last_lines_;
  google::protobuf::RepeatedPtrField<wire::SeatInfo> seats_;
};

}  // namespace frontier::cli
