// Running an event's rounds: opening the next boards (Swiss pairing, round robin schedule,
// ready bracket matches), recording games and forfeits, round completion and deadlines.
#include <algorithm>

#include "tournament_rules/event.h"
#include "tournament_rules/event_internal.h"
#include "tournament_rules/mini_match.h"
#include "tournament_rules/records.h"
#include "tournament_rules/swiss.h"

namespace frontier::tournament {

using core::Status;

namespace {

bool is_bracket(const Event& event) {
  return event.config.format == Format::kSingleElimination ||
         event.config.format == Format::kDoubleElimination;
}

std::vector<PlayerId> player_ids(const Event& event) {
  std::vector<PlayerId> ids;
  for (const EventPlayer& p : event.players) ids.push_back(p.id);
  return ids;
}

// Forfeits a pending board one of whose players has left.
void forfeit_if_absent(const Event& event, Board& board) {
  if (board.result.kind != ResultKind::kPending) return;
  bool a_in = is_active(event, board.a);
  bool b_in = is_active(event, board.b);
  if (a_in && b_in) return;
  board.result.games.clear();
  board.result.kind = !a_in && !b_in ? ResultKind::kDoubleForfeit
                      : a_in         ? ResultKind::kForfeitBLoses
                                     : ResultKind::kForfeitALoses;
}

SwissRequest swiss_request(const Event& event) {
  SwissRequest request;
  request.round = event.current_round + 1;
  request.total_rounds = event.config.rounds;
  request.forbidden = event.forbidden;
  request.initial_side = event.config.initial_side;
  request.sides_matter = event.config.games_per_board == 1;
  std::vector<PlayerId> ids = player_ids(event);
  const int gpb = event.config.games_per_board;
  auto records = build_records(ids, event.rounds, gpb);
  std::vector<Round> earlier(event.rounds.begin(), event.rounds.end() - (event.rounds.empty() ? 0 : 1));
  auto before_last = build_records(ids, earlier, gpb);
  for (const EventPlayer& p : event.players) {
    if (p.status != PlayerStatus::kActive || p.entry_round > request.round) continue;
    const PlayerRecord& r = records.at(p.id);
    SwissEntrant e;
    e.id = p.id;
    e.pairing_number = p.pairing_number;
    e.score = r.points;
    if (request.sides_matter) e.sides.sides = r.sides_played();
    e.opponents = r.opponents();
    e.had_bye = r.had_bye() || r.had_forfeit_win();  // C.04.1 d: either bars the bye
    if (!r.rounds.empty()) {
      const RoundEntry& last = r.rounds.back();
      if (last.kind == EntryKind::kBye) {
        e.last_float = Float::kDown;
      } else if (last.opponent) {
        HalfPoints mine = before_last.at(p.id).points;
        HalfPoints theirs = before_last.at(*last.opponent).points;
        e.last_float = theirs < mine ? Float::kDown : theirs > mine ? Float::kUp : Float::kNone;
      }
    }
    request.entrants.push_back(std::move(e));
  }
  return request;
}

std::vector<OpenedBoard> pending_boards_of_round(const Event& event, int round_number) {
  std::vector<OpenedBoard> opened;
  const Round& round = event.rounds[static_cast<size_t>(round_number - 1)];
  for (size_t i = 0; i < round.boards.size(); ++i) {
    if (round.boards[i].result.kind == ResultKind::kPending) {
      opened.push_back(OpenedBoard{round_number, static_cast<int>(i), round.boards[i]});
    }
  }
  return opened;
}

core::Result<std::vector<OpenedBoard>> open_bracket_boards(Event& event) {
  std::vector<OpenedBoard> opened;
  // Creating a board for an absent player forfeits it at once, which can make the next
  // match ready: repeat until nothing changes.
  for (bool changed = true; changed;) {
    changed = false;
    for (int id : playable_matches(event.bracket)) {
      if (event.bracket_boards.count(id)) continue;
      MatchView view = resolve_bracket(event.bracket)[static_cast<size_t>(id)];
      Board board{*view.top, *view.bottom, {}};
      forfeit_if_absent(event, board);
      event.bracket_boards[id] = board;
      if (board.result.kind != ResultKind::kPending) {
        settle_bracket_board(event, id);
        changed = true;
      } else {
        opened.push_back(OpenedBoard{0, id, board});
      }
    }
  }
  if (bracket_complete(event.bracket)) event.phase = Phase::kFinished;
  return opened;
}

}  // namespace

EventPlayer* find_player(Event& event, PlayerId player) {
  for (EventPlayer& p : event.players) {
    if (p.id == player) return &p;
  }
  return nullptr;
}

const EventPlayer* find_player(const Event& event, PlayerId player) {
  for (const EventPlayer& p : event.players) {
    if (p.id == player) return &p;
  }
  return nullptr;
}

bool is_active(const Event& event, PlayerId player) {
  const EventPlayer* p = find_player(event, player);
  return p && p->status == PlayerStatus::kActive;
}

Board* find_board(Event& event, int round, int board) {
  if (round == 0) {
    auto it = event.bracket_boards.find(board);
    return it == event.bracket_boards.end() ? nullptr : &it->second;
  }
  if (round < 1 || round > event.current_round || round > static_cast<int>(event.rounds.size()))
    return nullptr;
  std::vector<Board>& boards = event.rounds[static_cast<size_t>(round - 1)].boards;
  if (board < 0 || board >= static_cast<int>(boards.size())) return nullptr;
  return &boards[static_cast<size_t>(board)];
}

bool event_board_complete(const Event& event, int round, const Board& board) {
  return board_complete(board.result, event.config.games_per_board, round == 0);
}

void settle_bracket_board(Event& event, int match_id) {
  const Board& board = event.bracket_boards.at(match_id);
  (void)record_bracket_result(event.bracket, match_id, board_winner(board, event.config.games_per_board));
}

void forfeit_open_boards_of(Event& event, PlayerId player) {
  for (int r = 1; r <= event.current_round && r <= static_cast<int>(event.rounds.size()); ++r) {
    for (Board& board : event.rounds[static_cast<size_t>(r - 1)].boards) {
      if ((board.a == player || board.b == player) && board.result.kind == ResultKind::kPending) {
        forfeit_if_absent(event, board);
      }
    }
  }
  for (auto& [id, board] : event.bracket_boards) {
    if ((board.a == player || board.b == player) && board.result.kind == ResultKind::kPending) {
      forfeit_if_absent(event, board);
      settle_bracket_board(event, id);
    }
  }
}

bool round_complete(const Event& event) {
  if (is_bracket(event)) {
    for (const auto& [id, board] : event.bracket_boards) {
      if (!event_board_complete(event, 0, board)) return false;
    }
    return true;
  }
  for (int r = 1; r <= event.current_round; ++r) {
    for (const Board& board : event.rounds[static_cast<size_t>(r - 1)].boards) {
      if (!event_board_complete(event, r, board)) return false;
    }
  }
  return true;
}

bool round_deadline_passed(const Event& event, int64_t now) {
  if (event.config.round_time_limit <= 0 || event.round_started_at.empty() || round_complete(event))
    return false;
  return now >= event.round_started_at.back() + event.config.round_time_limit;
}

core::Result<std::vector<OpenedBoard>> open_next_boards(Event& event, int64_t now) {
  if (event.phase != Phase::kRunning) return Status::illegal_action("the event is not running");
  if (event.paused) return Status::illegal_action("the event is paused by the organiser");
  if (is_bracket(event)) {
    auto opened = open_bracket_boards(event);
    if (opened.is_ok() && !opened->empty()) event.round_started_at.push_back(now);
    return opened;
  }
  if (!round_complete(event)) return std::vector<OpenedBoard>{};
  const int total =
      event.config.format == Format::kSwiss ? event.config.rounds : static_cast<int>(event.rounds.size());
  if (event.current_round >= total) {
    event.phase = Phase::kFinished;
    return std::vector<OpenedBoard>{};
  }
  if (event.config.format == Format::kSwiss) {
    auto pairing = pair_swiss_round(swiss_request(event));
    if (!pairing.is_ok()) return pairing.status();
    event.rounds.push_back(
        Round{event.current_round + 1, pairing->boards, pairing->bye, pairing->side_limits_relaxed});
  }
  int last = event.config.format == Format::kRoundRobin && event.config.all_rounds_at_once
                 ? total
                 : event.current_round + 1;
  std::vector<OpenedBoard> opened;
  while (event.current_round < last) {
    ++event.current_round;
    for (Board& board : event.rounds[static_cast<size_t>(event.current_round - 1)].boards)
      forfeit_if_absent(event, board);
    Round& round = event.rounds[static_cast<size_t>(event.current_round - 1)];
    if (round.bye && !is_active(event, *round.bye)) round.bye.reset();  // a round robin bye for a leaver
    std::vector<OpenedBoard> boards = pending_boards_of_round(event, event.current_round);
    opened.insert(opened.end(), boards.begin(), boards.end());
    event.round_started_at.push_back(now);
  }
  return opened;
}

Status record_game(Event& event, int round, int board, GameOutcome outcome) {
  if (event.phase != Phase::kRunning) return Status::illegal_action("the event is not running");
  Board* b = find_board(event, round, board);
  if (!b)
    return Status::not_found("there is no board " + std::to_string(board) + " in round " +
                             std::to_string(round));
  if (event_board_complete(event, round, *b) ||
      (b->result.kind != ResultKind::kPending && b->result.kind != ResultKind::kPlayed)) {
    return Status::illegal_action("board " + std::to_string(board) + " of round " + std::to_string(round) +
                                  " is already decided");
  }
  b->result.kind = ResultKind::kPlayed;
  b->result.games.push_back(outcome);
  if (round == 0 && event_board_complete(event, round, *b)) settle_bracket_board(event, board);
  return Status::ok();
}

Status record_forfeit(Event& event, int round, int board, ResultKind forfeit) {
  if (forfeit != ResultKind::kForfeitALoses && forfeit != ResultKind::kForfeitBLoses &&
      forfeit != ResultKind::kDoubleForfeit) {
    return Status::invalid_argument("a forfeit names who forfeited");
  }
  if (event.phase != Phase::kRunning) return Status::illegal_action("the event is not running");
  Board* b = find_board(event, round, board);
  if (!b)
    return Status::not_found("there is no board " + std::to_string(board) + " in round " +
                             std::to_string(round));
  if (event_board_complete(event, round, *b)) {
    return Status::illegal_action("board " + std::to_string(board) + " of round " + std::to_string(round) +
                                  " is already decided");
  }
  b->result.kind = forfeit;
  b->result.games.clear();  // the forfeit decides the whole pairing, games played so far included
  if (round == 0) settle_bracket_board(event, board);
  return Status::ok();
}

}  // namespace frontier::tournament
