// Property tests: seeded random playouts of complete games with every per-step check (engine
// validation, invariants, snapshot round trip, no view leaks under 22.0) and replay hashes;
// legal-action counts in named positions; the pinned playout signature; snapshots; refusals.
#include "sim/playout.h"
#include <cstdio>
#include <set>

#include "core/record.h"
#include "helpers.h"

namespace frontier::crossroads::test {
namespace {

frontier::MatchSetup setup_of(const std::string& scenario,
                              std::vector<std::pair<std::string, std::string>> options = {}) {
  frontier::MatchSetup setup;
  setup.set_game("crossroads");
  setup.set_scenario(scenario);
  for (auto& [k, v] : options) {
    auto* o = setup.add_options();
    o->set_id(k);
    o->set_value(v);
  }
  return setup;
}

sim::PlayoutReport run(const frontier::MatchSetup& setup, int games, bool check, uint64_t seed = 100) {
  sim::PlayoutOptions opt;
  opt.seed = seed;
  opt.games = games;
  opt.check = check;
  opt.check_replay = check;
  return sim::run_playouts(game(), setup, opt);
}

void expect_clean(const sim::PlayoutReport& r, int games) {
  for (auto& f : r.failures) ADD_FAILURE() << f;
  EXPECT_EQ(r.finished, games);
  for (auto& [result, n] : r.results) EXPECT_NE(result.find("(25.52)"), std::string::npos) << result;
}

// 25.52: every game ends with a victory level or a draw; 22.0 is never leaked (every step).
TEST(CrossroadsPlayout, Scenario1CheckedEveryStep) {
  expect_clean(run(setup_of("scenario1"), 12, true), 12);
}
TEST(CrossroadsPlayout, Scenario2CheckedEveryStep) {
  expect_clean(run(setup_of("scenario2"), 5, true), 5);
}
TEST(CrossroadsPlayout, Scenario3CheckedEveryStep) {
  expect_clean(run(setup_of("scenario3", {{"start", "scenario2"}}), 2, true), 2);
}
TEST(CrossroadsPlayout, AllOptionalRulesCheckedEveryStep) {
  expect_clean(run(setup_of("scenario3", {{"ultimatums", "on"},
                                          {"forced_march", "on"},
                                          {"telegraph", "on"},
                                          {"staff_work", "on"},
                                          {"massacre", "on"},
                                          {"discoveries", "on"}}),
                   2, true, 7),
               2);
}
TEST(CrossroadsPlayout, ManyUncheckedGamesFinish) {
  expect_clean(run(setup_of("scenario1"), 300, false), 300);
  expect_clean(run(setup_of("scenario3", {{"start", "scenario1"}}), 60, false), 60);
}

// Pinned: changes only when behaviour does (update deliberately, with the reason).
TEST(CrossroadsPlayout, PinnedSignature) {
  auto r = run(setup_of("scenario1"), 20, false, 1);
  // Last: set-up offers no city that already holds the side's trading post (20.21), nor Orenburg
  // with its colony (20.31(1)).
  EXPECT_EQ(core::hash_hex(r.signature), "70c2a9fb39f8d847");
  EXPECT_EQ(r.actions, 24162u);
}

// Legal-action counts in named positions (perft-style oracle).
TEST(CrossroadsPlayout, LegalActionCounts) {
  std::vector<core::Action> legal;
  auto s = start("scenario1", 1);
  game().legal_actions(*s, kRussian, legal);
  // S1 3.4: two West Siberian irregulars in any of six WS cities (Orenburg, Gur'ev, Karkaralinsk,
  // Semipalatinsk, Omsk, Petropavlovsk).
  EXPECT_EQ(legal.size(), 6u);
  auto b = board({"place British FF at Delhi", "agent Keane at Delhi"});
  game().legal_actions(*b, kBritish, legal);
  // Pick the force at Delhi or Keane alone (11.3), end movement; 23.1: offer or ask 1/2/5/10
  // pounds, hand NI or NP to the Russians or make it neutral.
  EXPECT_EQ(legal.size(), 15u);
  play(*b, kBritish, "Pick the force at Delhi");
  game().legal_actions(*b, kBritish, legal);
  EXPECT_EQ(legal.size(), 4u);  // two toggles, begin, cancel
  play(*b, kBritish, "Begin the move");
  game().legal_actions(*b, kBritish, legal);
  EXPECT_EQ(legal.size(), 5u);  // four side neighbours (13.2: no diagonals), end the move
}

TEST(CrossroadsPlayout, SnapshotRoundTrip) {
  auto s = start("scenario1", 5);
  std::vector<core::Action> legal;
  core::Rng r(2);
  for (int i = 0; i < 700; ++i) {
    core::Seat seat = (game().awaiting(*s) & 1) ? 0 : 1;
    game().legal_actions(*s, seat, legal);
    core::apply(game(), *s, seat, legal[r.below(static_cast<uint32_t>(legal.size()))]);
  }
  std::string snap = core::snapshot(game(), *s);
  EXPECT_LE(snap.size(), 256u * 1024u);
  auto back = game().restore(snap);
  ASSERT_TRUE(static_cast<bool>(back));
  EXPECT_EQ(core::snapshot(game(), **back), snap);
  EXPECT_FALSE(static_cast<bool>(game().restore(snap.substr(0, snap.size() / 2))));
}

TEST(CrossroadsPlayout, IllegalActionChangesNothingAndCitesTheRule) {
  // 13.71: no land move into the sea.
  auto s = board({"place British FF at Karachi"});
  play(*s, kBritish, "Pick the force at Karachi");
  play(*s, kBritish, "Begin the move");
  std::string before = core::state_hash(game(), *s);
  auto r = core::apply(game(), *s, kBritish, {STEP, static_cast<int16_t>(square("Karachi") + kW), 0, 0});
  EXPECT_FALSE(r.status.is_ok());
  EXPECT_NE(r.status.message().find("13.71"), std::string::npos) << r.status.message();
  EXPECT_EQ(core::state_hash(game(), *s), before);
}

}  // namespace
}  // namespace frontier::crossroads::test

namespace frontier::crossroads::test {
namespace {

// DESIGN §2: labels are unique within one seat's list and read as sentences (never "?").
TEST(CrossroadsPlayout, LabelsAreUniqueOnEveryStep) {
  int longest = 0;
  for (const char* scenario : {"scenario1", "scenario2"}) {
    auto s = start(scenario, 11,
                   {{"ultimatums", "on"}, {"forced_march", "on"}, {"massacre", "on"}, {"discoveries", "on"}});
    core::Rng r(5);
    std::vector<core::Action> legal;
    for (int i = 0; i < 200000 && game().awaiting(*s); ++i) {
      core::Seat seat = (game().awaiting(*s) & 1) ? 0 : 1;
      auto p = core::prompt_with_choices(game(), *s, seat);
      std::set<std::string> seen;
      for (const auto& c : p.choices()) {
        ASSERT_NE(c.label(), "?") << p.kind();
        ASSERT_TRUE(seen.insert(c.label()).second) << "duplicate label " << c.label() << " in " << p.kind();
      }
      ASSERT_FALSE(p.kind().empty());
      ASSERT_GT(p.choices_size(), 0);
      longest = std::max(longest, p.choices_size());
      game().legal_actions(*s, seat, legal);
      core::apply(game(), *s, seat, legal[r.below(static_cast<uint32_t>(legal.size()))]);
    }
  }
  RecordProperty("longest_prompt", longest);
  EXPECT_LE(longest, 100);  // long square lists go through picker.h blocks
  std::printf("longest prompt: %d choices\n", longest);
}

}  // namespace
}  // namespace frontier::crossroads::test
