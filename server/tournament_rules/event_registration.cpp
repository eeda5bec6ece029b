// Creating an event, registration, late entry, withdrawals, removals, forbidden pairings,
// pause, and the start (pairing numbers, the round robin schedule or the seeded bracket).
#include <algorithm>
#include <set>

#include "tournament_rules/berger.h"
#include "tournament_rules/event.h"
#include "tournament_rules/event_internal.h"

namespace frontier::tournament {

using core::Status;

const char* format_name(Format f) {
  switch (f) {
    case Format::kRoundRobin:
      return "round robin";
    case Format::kSwiss:
      return "Swiss";
    case Format::kSingleElimination:
      return "single elimination";
    case Format::kDoubleElimination:
      return "double elimination";
  }
  return "?";
}

Status validate_config(const EventConfig& c) {
  if (c.games_per_board != 1 && c.games_per_board != 2) {
    return Status::invalid_argument("a pairing is one game or a two-game mini-match, not " +
                                    std::to_string(c.games_per_board) + " games");
  }
  if (c.format == Format::kRoundRobin && c.cycles != 1 && c.cycles != 2) {
    return Status::invalid_argument("a round robin has one or two cycles");
  }
  if (c.format == Format::kSwiss && (c.rounds < 1 || c.rounds > 99)) {
    return Status::invalid_argument("a Swiss needs between 1 and 99 rounds");
  }
  if (c.min_players < 2) return Status::invalid_argument("an event needs at least two players");
  if (c.max_players != 0 && c.max_players < c.min_players) {
    return Status::invalid_argument("the player limit is below the minimum");
  }
  std::set<Tiebreak> seen(c.tiebreaks.begin(), c.tiebreaks.end());
  if (seen.size() != c.tiebreaks.size()) return Status::invalid_argument("a tiebreak is listed twice");
  return Status::ok();
}

core::Result<Event> create_event(EventConfig config, PlayerId organiser) {
  if (Status s = validate_config(config); !s) return s;
  Event event;
  event.config = std::move(config);
  event.organiser = organiser;
  return event;
}

Status register_player(Event& event, PlayerId player, double rating, int64_t now) {
  if (find_player(event, player))
    return Status::illegal_action("player " + std::to_string(player) + " is already registered");
  const EventConfig& c = event.config;
  if (c.max_players != 0 && static_cast<int>(event.players.size()) >= c.max_players) {
    return Status::illegal_action("the event is full (" + std::to_string(c.max_players) + " players)");
  }
  EventPlayer entry;
  entry.id = player;
  entry.rating = rating;
  if (event.phase == Phase::kRegistration) {
    if (c.registration_opens_at != 0 && now < c.registration_opens_at) {
      return Status::illegal_action("registration has not opened yet");
    }
    if (c.registration_closes_at != 0 && now > c.registration_closes_at) {
      return Status::illegal_action("registration has closed");
    }
  } else if (event.phase == Phase::kRunning && c.format == Format::kSwiss) {
    // Late entry: the entrant misses the rounds paired so far, at most half of them.
    int entry_round = event.current_round + 1;
    if (entry_round > c.rounds || event.current_round > c.rounds / 2) {
      return Status::illegal_action("late entry closes once more than half the rounds (" +
                                    std::to_string(c.rounds / 2) + " of " + std::to_string(c.rounds) +
                                    ") have been paired");
    }
    entry.entry_round = entry_round;
    int top = 0;
    for (const EventPlayer& p : event.players) top = std::max(top, p.pairing_number);
    entry.pairing_number = top + 1;
  } else {
    return Status::illegal_action(std::string("registration is closed: the ") + format_name(c.format) +
                                  " event has started");
  }
  event.players.push_back(entry);
  return Status::ok();
}

Status withdraw_player(Event& event, PlayerId player) {
  EventPlayer* p = find_player(event, player);
  if (!p) return Status::not_found("player " + std::to_string(player) + " is not registered");
  if (event.phase == Phase::kRegistration) {
    event.players.erase(event.players.begin() + (p - event.players.data()));
    return Status::ok();
  }
  if (event.phase == Phase::kFinished) return Status::illegal_action("the event is over");
  if (p->status != PlayerStatus::kActive)
    return Status::illegal_action("player " + std::to_string(player) + " has already left");
  p->status = PlayerStatus::kWithdrawn;
  forfeit_open_boards_of(event, player);
  return Status::ok();
}

Status remove_player(Event& event, PlayerId player, bool disqualify) {
  EventPlayer* p = find_player(event, player);
  if (!p) return Status::not_found("player " + std::to_string(player) + " is not registered");
  if (event.phase == Phase::kRegistration) {
    event.players.erase(event.players.begin() + (p - event.players.data()));
    return Status::ok();
  }
  if (event.phase == Phase::kFinished) return Status::illegal_action("the event is over");
  p->status = disqualify ? PlayerStatus::kDisqualified : PlayerStatus::kRemoved;
  forfeit_open_boards_of(event, player);
  return Status::ok();
}

Status forbid_pairing(Event& event, PlayerId a, PlayerId b) {
  if (a == b) return Status::invalid_argument("a player cannot be paired with themselves anyway");
  if (!find_player(event, a) || !find_player(event, b)) {
    return Status::not_found("both players of a forbidden pairing must be registered");
  }
  for (auto [x, y] : event.forbidden) {
    if ((x == a && y == b) || (x == b && y == a)) return Status::ok();
  }
  event.forbidden.emplace_back(a, b);
  return Status::ok();
}

Status set_paused(Event& event, bool paused) {
  if (event.phase != Phase::kRunning)
    return Status::illegal_action("only a running event can be paused or resumed");
  event.paused = paused;
  return Status::ok();
}

bool should_start(const Event& event, int64_t now) {
  return event.phase == Phase::kRegistration && event.config.start_at && now >= *event.config.start_at;
}

Status start_event(Event& event, int64_t now) {
  if (event.phase != Phase::kRegistration) return Status::illegal_action("the event has already started");
  if (Status s = validate_config(event.config); !s) return s;
  int count = static_cast<int>(event.players.size());
  if (count < event.config.min_players) {
    return Status::illegal_action("the event needs " + std::to_string(event.config.min_players) +
                                  " players and has " + std::to_string(count));
  }
  // Pairing numbers by rating, best first; equal ratings keep registration order.
  std::vector<size_t> order(event.players.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t x, size_t y) { return event.players[x].rating > event.players[y].rating; });
  std::vector<PlayerId> by_number;
  for (size_t i = 0; i < order.size(); ++i) {
    event.players[order[i]].pairing_number = static_cast<int>(i) + 1;
    by_number.push_back(event.players[order[i]].id);
  }
  switch (event.config.format) {
    case Format::kRoundRobin:
      event.rounds = round_robin_schedule(by_number, event.config.cycles);
      break;
    case Format::kSwiss:
      break;
    case Format::kSingleElimination:
      event.bracket = start_elimination(single_elimination(count, event.config.third_place_match), by_number);
      break;
    case Format::kDoubleElimination:
      event.bracket = start_elimination(double_elimination(count), by_number);
      break;
  }
  event.phase = Phase::kRunning;
  event.round_started_at.clear();
  event.started_at = now;
  return Status::ok();
}

}  // namespace frontier::tournament
