// The Hand of Destiny system as a core::Game: one instance per campaign data file. Khartoum is
// registered as game id "khartoum" (seats Mahdist, Empire) over rules/data/khartoum.txtpb.
#pragma once

#include <memory>
#include <string>

#include "core/game.h"
#include "hand_of_destiny/state.h"
#include "hand_of_destiny/view_parts.h"

namespace frontier::hand_of_destiny {

class HandOfDestinyGame final : public core::Game {
 public:
  // `scenario`: compiled from the game's data file (load_scenario), kept for the process's life.
  HandOfDestinyGame(std::string game_id, const Scenario& scenario, std::string scenario_id,
                    std::string scenario_name);

  const frontier::GameInfo& info() const override { return info_; }
  core::Result<std::unique_ptr<core::GameState>> initial(const frontier::MatchSetup& setup) const override;
  core::SeatMask awaiting(const core::GameState& state) const override;
  core::PromptInfo prompt(const core::GameState& state, core::Seat seat) const override;
  void legal_actions(const core::GameState& state, core::Seat seat,
                     std::vector<core::Action>& out) const override;
  void apply_legal(core::GameState& state, core::Seat seat, const core::Action& action,
                   core::EventSink& events) const override;
  std::string explain_illegal(const core::GameState& state, core::Seat seat,
                              const core::Action& action) const override;
  std::string describe(const core::GameState& state, core::Seat seat,
                       const core::Action& action) const override;
  void refs(const core::GameState& state, core::Seat seat, const core::Action& action,
            std::vector<frontier::Ref>& out) const override;
  // Ending the March Phase with stacks that could still move (11.0).
  std::string confirm(const core::GameState& state, core::Seat seat, const core::Action& action,
                      const std::vector<core::Action>& legal) const override;
  void view(const core::GameState& state, core::Seat viewer, frontier::GameView& out) const override;
  const google::protobuf::Descriptor& view_type() const override;
  void status(const core::GameState& state, frontier::GameStatus& out) const override;
  void snapshot(const core::GameState& state, core::ByteWriter& out) const override;
  core::Result<std::unique_ptr<core::GameState>> restore(std::string_view bytes) const override;
  core::Rng& rng(core::GameState& state) const override;
  core::Status edit(core::GameState& state, std::string_view command) const override;
  std::unique_ptr<core::GameState> resample_hidden(const core::GameState& state, core::Seat viewer,
                                                   core::Rng& rng) const override;
  // From the seat's view alone (KhartoumView.table, table.cpp), the hidden facts redrawn by
  // resample_hidden.
  core::Result<std::unique_ptr<core::GameState>> determinize(const frontier::MatchSetup& setup,
                                                             const frontier::GameView& view,
                                                             core::Seat viewer,
                                                             core::Rng& rng) const override;
  std::string check_invariants(const core::GameState& state) const override;
  // The greedy player (policy.h), first best action.
  bool policy_action(const core::GameState& state, core::Seat seat, core::Action& out) const override;
  bool policy_action_among(const core::GameState& state, core::Seat seat,
                           const std::vector<core::Action>& legal, core::Action& out) const override;
  // The same greedy player with a random tie-break (the benchmark's opponent, bench/ai).
  bool greedy_action(const core::GameState& state, core::Seat seat, const std::vector<core::Action>& legal,
                     core::Rng& rng, core::Action& out) const override;
  // From the Empire's victory points against its target (27.0), for bots' cut-short playouts.
  std::optional<int> estimate(const core::GameState& state, core::Seat seat) const override;
  // Choices a bot leaves out so that its decisions do not go round in circles (rules.h).
  bool bot_skips(const core::GameState& state, core::Seat seat, const core::Action& action) const override;
  // The set-up placements (25.1, 25.2) get a small search.
  bool bot_light_step(const core::GameState& state, core::Seat seat) const override;
  // A normal decision takes about 40 ms of a core: a turn of 32 full searches is about 1.3 s.
  int bot_turn_searches() const override { return 32; }
  // A group's step (11.0) and the Egyptian march of card 18 (29.1), so a bot does not march a
  // stack back into a space it left in the same move.
  std::optional<BotStep> bot_step(const core::GameState& state, core::Seat seat,
                                  const core::Action& action) const override;

 private:
  frontier::GameInfo info_;
  const Scenario* sc_;
  ViewParts parts_;  // the views' fixed parts, encoded once (view_parts.h)
};

}  // namespace frontier::hand_of_destiny
