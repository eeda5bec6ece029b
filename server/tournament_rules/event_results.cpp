// Result adjustments by the organiser, standings and the winner.
#include <algorithm>

#include "tournament_rules/event.h"
#include "tournament_rules/event_internal.h"
#include "tournament_rules/mini_match.h"

namespace frontier::tournament {

using core::Status;

namespace {

Status check_result_shape(const Event& event, int round, const BoardResult& result) {
  switch (result.kind) {
    case ResultKind::kPending:
      return Status::invalid_argument("an adjusted result must decide the board");
    case ResultKind::kForfeitALoses:
    case ResultKind::kForfeitBLoses:
    case ResultKind::kDoubleForfeit:
      if (!result.games.empty()) return Status::invalid_argument("a forfeit has no games");
      return Status::ok();
    case ResultKind::kPlayed:
      break;
  }
  if (!board_complete(result, event.config.games_per_board, round == 0) ||
      (round != 0 && static_cast<int>(result.games.size()) != event.config.games_per_board)) {
    return Status::invalid_argument("the result must hold exactly the board's games (" +
                                    std::to_string(event.config.games_per_board) +
                                    (round == 0 ? ", and deciders until someone leads)" : ")"));
  }
  return Status::ok();
}

// Elimination: how far a player got, larger is better.
int elimination_depth(const Event& event, PlayerId player) {
  std::optional<PlayerId> champion = bracket_champion(event.bracket);
  if (champion == player) return 1'000'000;
  int depth = 0;
  for (const auto& [id, board] : event.bracket_boards) {
    if (board.a != player && board.b != player) continue;
    const BracketMatch& match = event.bracket.plan.matches[static_cast<size_t>(id)];
    int d = 100 * match.round;
    if (match.part == BracketPart::kGrandFinal || match.part == BracketPart::kGrandFinalReset) d = 100'000;
    if (match.part == BracketPart::kLosers) d = 100 * match.round + 50;  // past the same winners' round
    if (match.part == BracketPart::kThirdPlace) {
      // Semi-final losers: placed just below the final, the third-place winner first.
      int final_round = 0;
      for (const BracketMatch& m : event.bracket.plan.matches) {
        if (m.part == BracketPart::kWinners) final_round = std::max(final_round, m.round);
      }
      d = 100 * (final_round - 1) + (board_winner(board, event.config.games_per_board) == player ? 2 : 1);
    }
    depth = std::max(depth, d);
  }
  return depth;
}

std::vector<StandingRow> elimination_standings(const Event& event) {
  std::vector<std::pair<int, const EventPlayer*>> order;
  for (const EventPlayer& p : event.players) order.emplace_back(elimination_depth(event, p.id), &p);
  std::stable_sort(order.begin(), order.end(), [](const auto& x, const auto& y) {
    return x.first != y.first ? x.first > y.first : x.second->pairing_number < y.second->pairing_number;
  });
  std::vector<StandingRow> table;
  for (size_t i = 0; i < order.size(); ++i) {
    StandingRow row;
    row.player = order[i].second->id;
    row.rank = (i > 0 && order[i].first == order[i - 1].first) ? table.back().rank : static_cast<int>(i) + 1;
    for (const auto& [id, board] : event.bracket_boards) {
      BoardScore score = board_score(board.result, event.config.games_per_board);
      if (board.a == row.player) row.points += score.a;
      if (board.b == row.player) row.points += score.b;
    }
    table.push_back(row);
  }
  return table;
}

}  // namespace

Status adjust_result(Event& event, int round, int board, BoardResult result, std::string reason,
                     PlayerId organiser, int64_t at) {
  if (reason.empty()) return Status::invalid_argument("an adjusted result needs a reason, which is logged");
  if (event.phase == Phase::kRegistration)
    return Status::illegal_action("no results before the event starts");
  Board* b = find_board(event, round, board);
  if (!b)
    return Status::not_found("there is no board " + std::to_string(board) + " in round " +
                             std::to_string(round));
  if (Status s = check_result_shape(event, round, result); !s) return s;
  if (round == 0) {
    // The bracket has moved on from this match: only a correction that keeps the same
    // player advancing is allowed.
    if (!event_board_complete(event, round, *b))
      return Status::illegal_action("record the match result first");
    Board changed = *b;
    changed.result = result;
    int gpb = event.config.games_per_board;
    if (board_winner(changed, gpb) != board_winner(*b, gpb)) {
      return Status::illegal_action(
          "a bracket result cannot change who advanced once the bracket has moved on");
    }
  }
  event.adjustments.push_back(
      ResultAdjustment{round, board, b->result, result, std::move(reason), organiser, at});
  b->result = std::move(result);
  return Status::ok();
}

Status finish_event(Event& event) {
  if (event.phase != Phase::kRunning) return Status::illegal_action("only a running event can be finished");
  event.phase = Phase::kFinished;
  return Status::ok();
}

std::vector<StandingRow> event_standings(const Event& event) {
  if (event.config.format == Format::kSingleElimination ||
      event.config.format == Format::kDoubleElimination) {
    return elimination_standings(event);
  }
  std::vector<const EventPlayer*> by_number;
  for (const EventPlayer& p : event.players) by_number.push_back(&p);
  std::stable_sort(by_number.begin(), by_number.end(), [](const EventPlayer* x, const EventPlayer* y) {
    return x->pairing_number < y->pairing_number;
  });
  std::vector<PlayerId> ids;
  for (const EventPlayer* p : by_number) ids.push_back(p->id);
  std::vector<Round> played(event.rounds.begin(), event.rounds.begin() + event.current_round);
  return compute_standings(ids, played, event.config.games_per_board, event.config.tiebreaks);
}

std::optional<PlayerId> event_winner(const Event& event) {
  if (event.phase != Phase::kFinished) return std::nullopt;
  std::vector<StandingRow> table = event_standings(event);
  if (table.empty() || (table.size() > 1 && table[1].rank == 1)) return std::nullopt;  // shared first place
  return table.front().player;
}

}  // namespace frontier::tournament
