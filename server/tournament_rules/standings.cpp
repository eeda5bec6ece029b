// Tiebreak values and the ranking that applies them group by group.
#include "tournament_rules/standings.h"

#include <algorithm>
#include <map>

namespace frontier::tournament {

namespace {

using Records = std::map<PlayerId, PlayerRecord>;

bool unplayed(EntryKind k) {
  return k != EntryKind::kPlayed && k != EntryKind::kPending;
}

// Each round's Buchholz contribution: the opponent's points, or the player's own when the
// round was not played over the board.
std::vector<int64_t> buchholz_parts(const Records& records, const PlayerRecord& r) {
  std::vector<int64_t> parts;
  for (const RoundEntry& e : r.rounds) {
    if (e.kind == EntryKind::kPending) continue;
    parts.push_back(unplayed(e.kind) ? r.points : records.at(*e.opponent).points);
  }
  return parts;
}

int64_t value_of(Tiebreak t, const Records& records, const PlayerRecord& r,
                 const std::vector<PlayerId>& group) {
  switch (t) {
    case Tiebreak::kBuchholz: {
      std::vector<int64_t> parts = buchholz_parts(records, r);
      int64_t sum = 0;
      for (int64_t p : parts) sum += p;
      return sum;
    }
    case Tiebreak::kMedianBuchholz: {
      std::vector<int64_t> parts = buchholz_parts(records, r);
      if (parts.size() < 3) return 0;
      std::sort(parts.begin(), parts.end());
      int64_t sum = 0;
      for (size_t i = 1; i + 1 < parts.size(); ++i) sum += parts[i];
      return sum;
    }
    case Tiebreak::kSonnebornBerger: {
      int64_t sum = 0;
      for (const RoundEntry& e : r.rounds) {
        if (e.kind == EntryKind::kPlayed)
          sum += static_cast<int64_t>(records.at(*e.opponent).points) * e.points;
      }
      return sum;
    }
    case Tiebreak::kHeadToHead: {
      // Only meaningful when the whole tied group met one another.
      for (PlayerId x : group) {
        for (PlayerId y : group) {
          if (x == y) continue;
          const PlayerRecord& rx = records.at(x);
          bool met = std::any_of(rx.rounds.begin(), rx.rounds.end(), [&](const RoundEntry& e) {
            return e.kind == EntryKind::kPlayed && e.opponent == y;
          });
          if (!met) return 0;
        }
      }
      int64_t sum = 0;
      for (const RoundEntry& e : r.rounds) {
        if (e.kind == EntryKind::kPlayed && std::count(group.begin(), group.end(), *e.opponent) > 0)
          sum += e.points;
      }
      return sum;
    }
    case Tiebreak::kWins: {
      int64_t wins = 0;
      for (const RoundEntry& e : r.rounds) wins += e.games_won;
      return wins;
    }
    case Tiebreak::kPointsAsSideA:
    case Tiebreak::kPointsAsSideB: {
      int64_t sum = 0;
      for (const RoundEntry& e : r.rounds)
        sum += t == Tiebreak::kPointsAsSideA ? e.points_as_a : e.points_as_b;
      return sum;
    }
  }
  return 0;
}

}  // namespace

const char* tiebreak_name(Tiebreak t) {
  switch (t) {
    case Tiebreak::kBuchholz:
      return "Buchholz";
    case Tiebreak::kMedianBuchholz:
      return "median Buchholz";
    case Tiebreak::kSonnebornBerger:
      return "Sonneborn-Berger";
    case Tiebreak::kHeadToHead:
      return "head-to-head";
    case Tiebreak::kWins:
      return "wins";
    case Tiebreak::kPointsAsSideA:
      return "points as side A";
    case Tiebreak::kPointsAsSideB:
      return "points as side B";
  }
  return "?";
}

std::vector<StandingRow> compute_standings(const std::vector<PlayerId>& players,
                                           const std::vector<Round>& rounds, int games_per_board,
                                           const std::vector<Tiebreak>& order) {
  Records records = build_records(players, rounds, games_per_board);
  std::map<PlayerId, StandingRow> rows;
  for (PlayerId p : players) {
    rows[p].player = p;
    rows[p].points = records.at(p).points;
    rows[p].tiebreaks.assign(order.size(), 0);
  }

  // Groups of players tied so far, best group first; each member list in pairing order.
  std::vector<std::vector<PlayerId>> groups = {players};
  auto split = [&](size_t criterion, auto key) {
    std::vector<std::vector<PlayerId>> next;
    for (std::vector<PlayerId>& group : groups) {
      std::map<int64_t, std::vector<PlayerId>, std::greater<>> by_value;
      for (PlayerId p : group) by_value[key(p, group)].push_back(p);
      for (auto& [value, members] : by_value) {
        if (criterion < order.size()) {
          for (PlayerId p : members) rows[p].tiebreaks[criterion] = value;
        }
        next.push_back(std::move(members));
      }
    }
    groups = std::move(next);
  };
  split(order.size(),
        [&](PlayerId p, const std::vector<PlayerId>&) { return int64_t{records.at(p).points}; });
  for (size_t i = 0; i < order.size(); ++i) {
    split(i, [&](PlayerId p, const std::vector<PlayerId>& group) {
      return value_of(order[i], records, records.at(p), group);
    });
  }

  std::vector<StandingRow> table;
  for (const std::vector<PlayerId>& group : groups) {
    int rank = static_cast<int>(table.size()) + 1;
    for (PlayerId p : group) {
      rows[p].rank = rank;
      table.push_back(rows[p]);
    }
  }
  return table;
}

}  // namespace frontier::tournament
