// Swiss events run through the event API — registration, late entries, withdrawals,
// forfeits, restarts from storage — checked from the stored rounds alone (C.04.1): nobody
// meets twice, nobody gets two byes or a bye after a forfeit win, sides stay within the
// limits unless a round says they yielded, every active entrant is paired each round.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "core/rng.h"
#include "tournament_rules/event.h"
#include "tournament_rules/event_proto.h"
#include "tournament_rules/records.h"

namespace frontier::tournament {
namespace {

void check_rounds(const Event& e, uint64_t seed) {
  std::set<std::pair<PlayerId, PlayerId>> met;
  std::map<PlayerId, int> byes;
  std::map<PlayerId, bool> forfeit_won;
  std::map<PlayerId, std::string> sides;
  for (int r = 1; r <= e.current_round; ++r) {
    const Round& round = e.rounds[static_cast<size_t>(r - 1)];
    std::set<PlayerId> seen;
    for (const Board& b : round.boards) {
      ASSERT_TRUE(met.insert({std::min(b.a, b.b), std::max(b.a, b.b)}).second) << "rematch, seed " << seed;
      ASSERT_TRUE(seen.insert(b.a).second && seen.insert(b.b).second);
    }
    if (round.bye) {
      ASSERT_EQ(byes[*round.bye]++, 0) << "second bye, seed " << seed;
      ASSERT_FALSE(forfeit_won[*round.bye]) << "bye after a forfeit win, seed " << seed;
      seen.insert(*round.bye);
    }
    for (const EventPlayer& p : e.players) {
      // Whoever was active and entered when the round was paired is in it; only players
      // who left since then may be missing (their board was forfeited, not removed).
      if (p.status == PlayerStatus::kActive && p.entry_round <= r) {
        ASSERT_TRUE(seen.count(p.id)) << "player " << p.id << " unpaired in round " << r << ", seed " << seed;
      }
    }
    for (const Board& b : round.boards) {
      if (b.result.kind == ResultKind::kForfeitBLoses) forfeit_won[b.a] = true;
      if (b.result.kind == ResultKind::kForfeitALoses) forfeit_won[b.b] = true;
      if (b.result.kind != ResultKind::kPlayed) continue;
      sides[b.a] += 'A';
      sides[b.b] += 'B';
      if (round.side_limits_relaxed) continue;
      for (PlayerId p : {b.a, b.b}) {
        const std::string& s = sides[p];
        int diff = static_cast<int>(std::count(s.begin(), s.end(), 'A')) -
                   static_cast<int>(std::count(s.begin(), s.end(), 'B'));
        ASSERT_LE(std::abs(diff), 2) << s << " seed " << seed;
        bool last = r == e.config.rounds;
        if (!last && s.size() >= 3) {
          ASSERT_FALSE(s.substr(s.size() - 3) == "AAA" || s.substr(s.size() - 3) == "BBB")
              << s << " seed " << seed;
        }
      }
    }
  }
}

TEST(EventProperties, RandomSwissEventsThroughTheEventApi) {
  int finished = 0;
  for (uint64_t seed = 1; seed <= 400; ++seed) {
    core::Rng rng(seed * 31337);
    EventConfig c;
    c.format = Format::kSwiss;
    c.rounds = rng.between(3, 7);
    Event e = *create_event(c, 1);
    int field = rng.between(6, 24);
    for (int i = 0; i < field; ++i)
      ASSERT_TRUE(register_player(e, static_cast<PlayerId>(i + 1), rng.between(1000, 2200), 0).is_ok());
    ASSERT_TRUE(start_event(e, 0).is_ok());
    PlayerId next_id = 1000;
    for (int step = 0; step < 100 && e.phase == Phase::kRunning; ++step) {
      auto opened = open_next_boards(e, step);
      if (!opened.is_ok()) break;  // a field too small for the rounds: checked below all the same
      if (rng.below(4) == 0)
        (void)register_player(e, next_id++, 1500, step);  // late entry, when still allowed
      for (const OpenedBoard& ob : *opened) {
        const Board& now = e.rounds[static_cast<size_t>(ob.round - 1)].boards[static_cast<size_t>(ob.board)];
        if (now.result.kind != ResultKind::kPending) continue;  // forfeited by a withdrawal
        uint32_t roll = rng.below(100);
        if (roll < 3) {
          ASSERT_TRUE(withdraw_player(e, rng.below(2) == 0 ? ob.pairing.a : ob.pairing.b).is_ok());
        } else if (roll < 6) {
          ASSERT_TRUE(record_forfeit(e, ob.round, ob.board, ResultKind::kForfeitALoses).is_ok());
        } else {
          ASSERT_TRUE(record_game(e, ob.round, ob.board, static_cast<GameOutcome>(rng.below(3))).is_ok());
        }
      }
      if (step % 3 == 0) e = *parse_event(serialize_event(e));  // a restart
      check_rounds(e, seed);
      if (::testing::Test::HasFatalFailure()) return;
    }
    finished += e.phase == Phase::kFinished;
  }
  EXPECT_GT(finished, 300);
}

}  // namespace
}  // namespace frontier::tournament
