// Property tests of The Lion of Khartoum: seeded playouts with every per-step check (engine
// validation, invariants, snapshot round trip, no view leaks when the decks are redrawn) and
// replays; legal-action counts in named positions; the pinned playout signature; snapshots;
// refused actions.
#include <set>

#include "core/engine.h"
#include "lion/heuristic.h"
#include "lion_fixture.h"
#include "sim/playout.h"

namespace frontier::lion::testing {
namespace {

frontier::MatchSetup setup(std::vector<std::pair<std::string, std::string>> options = {}) {
  frontier::MatchSetup s;
  s.set_game("lion");
  s.set_scenario("standard");
  for (auto& [k, v] : options) {
    auto* o = s.add_options();
    o->set_id(k);
    o->set_value(v);
  }
  return s;
}

TEST(LionProperty, RandomPlayoutsAllEndLegally) {
  sim::PlayoutOptions opt;
  opt.seed = 1000;
  opt.games = 1500;
  opt.check = true;
  opt.check_replay = true;
  auto r = sim::run_playouts(game(), setup(), opt);
  EXPECT_TRUE(r.failures.empty()) << r.failures.front();
  EXPECT_EQ(r.finished, opt.games);
  for (const auto& [text, n] : r.results) {
    EXPECT_TRUE(text.find("Victory (9.1)") == 0 || text.find("Defeat (9.2)") == 0) << text;
  }
}

TEST(LionProperty, EveryOptionPlaysOut) {
  for (auto opts : {std::vector<std::pair<std::string, std::string>>{{"difficulty", "lion_cub"}},
                    {{"difficulty", "lion_king"}},
                    {{"no_event_cards", "on"}}}) {
    sim::PlayoutOptions opt;
    opt.seed = 77;
    opt.games = 150;
    opt.check = true;
    opt.check_replay = true;
    opt.policy = sim::Policy::kHeuristic;
    auto r = sim::run_playouts(game(), setup(opts), opt);
    EXPECT_TRUE(r.failures.empty()) << r.failures.front();
    EXPECT_EQ(r.finished, opt.games);
  }
}

TEST(LionProperty, HeuristicHoldsOutMoreOftenThanRandom) {
  sim::PlayoutOptions opt;
  opt.seed = 1;
  opt.games = 400;
  opt.check = true;
  opt.policy = sim::Policy::kHeuristic;
  auto heuristic = sim::run_playouts(game(), setup(), opt);
  EXPECT_TRUE(heuristic.failures.empty()) << heuristic.failures.front();
  opt.check = false;
  opt.policy = sim::Policy::kRandom;
  auto random = sim::run_playouts(game(), setup(), opt);
  EXPECT_GT(heuristic.winners["Gordon"], random.winners["Gordon"] + opt.games / 20);
}

TEST(LionProperty, PinnedPlayoutSignature) {
  sim::PlayoutOptions opt;
  opt.seed = 1;
  opt.games = 200;
  auto r = sim::run_playouts(game(), setup(), opt);
  // Changes only when the rules' behaviour, the data or the snapshot format changes: update it deliberately.
  EXPECT_EQ(core::hash_hex(r.signature), "98d61966a5ccb50f");
  opt.policy = sim::Policy::kHeuristic;
  auto h = sim::run_playouts(game(), setup(), opt);
  EXPECT_EQ(core::hash_hex(h.signature), "fa4df78d76e7b777");
}

TEST(LionOracle, LegalActionCountsInNamedPositions) {
  std::vector<core::Action> legal;
  auto g = start();
  game().legal_actions(*g, 0, legal);
  EXPECT_EQ(legal.size(), 7u);  // 4.2: turn 1 menu
  play(*g, "Improve fortifications (6.1)");
  game().legal_actions(*g, 0, legal);
  EXPECT_EQ(legal.size(), 18u);  // 16 path areas 5-2, the Palace, done
  auto h = start();
  edit(*h, "turn 3");
  game().legal_actions(*h, 0, legal);
  EXPECT_EQ(legal.size(), 12u);  // 8 action types, two amounts for morale/resources/militia, end
  play(*h, "Set up defensive positions (6.7)");
  game().legal_actions(*h, 0, legal);
  EXPECT_EQ(legal.size(), 18u);  // 17 controlled areas + done
  play(*h, "Defend Fort Omdurman");
  game().legal_actions(*h, 0, legal);
  EXPECT_EQ(legal.size(), 8u);  // 3 regular types, 3 leaders, 2 gun types (no militia, no gunboats)
}

TEST(LionSnapshot, RoundTripAndCorruption) {
  auto g = start(9);
  core::Rng pick(5);
  std::vector<core::Action> legal;
  for (int i = 0; i < 40 && game().awaiting(*g); ++i) {
    game().legal_actions(*g, 0, legal);
    ASSERT_TRUE(
        core::apply(game(), *g, 0, legal[pick.below(static_cast<uint32_t>(legal.size()))]).status.is_ok());
  }
  std::string snap = core::snapshot(game(), *g);
  auto back = game().restore(snap);
  ASSERT_TRUE(back.is_ok());
  EXPECT_EQ(core::snapshot(game(), **back), snap);
  EXPECT_LT(snap.size(), 1024u);  // far below the 64 KiB limit of DESIGN §2
  EXPECT_FALSE(game().restore(snap.substr(0, snap.size() / 2)).is_ok());
  EXPECT_FALSE(game().restore(snap + "x").is_ok());
}

TEST(LionIllegal, RefusedActionsChangeNothingAndCiteTheRule) {
  auto g = start();
  edit(*g, "turn 3");
  std::string before = core::state_hash(game(), *g);
  auto r = core::apply(game(), *g, 0, core::Action{DEFEND_AREA, 0, 0, 0});
  EXPECT_EQ(r.status.code(), core::StatusCode::kIllegalAction);
  EXPECT_NE(r.status.message().find("(4.1)"), std::string::npos) << r.status.message();
  EXPECT_EQ(core::state_hash(game(), *g), before);
  auto other = core::apply(game(), *g, 1, core::Action{END_ACTIONS, 0, 0, 0});
  EXPECT_FALSE(other.status.is_ok());
  EXPECT_EQ(core::state_hash(game(), *g), before);
}

TEST(LionHidden, ResampleRedrawsOnlyTheDecks) {
  auto g = start(11);
  core::Rng rng(3);
  auto other = game().resample_hidden(*g, 0, rng);
  ASSERT_NE(other, nullptr);
  frontier::GameView a, b;
  game().view(*g, 0, a);
  game().view(*other, 0, b);
  EXPECT_EQ(a.SerializeAsString(), b.SerializeAsString());
  const State& x = st(g);
  const State& y = S(*other);
  EXPECT_NE(std::vector<core::CardId>(x.events.draw_pile().begin(), x.events.draw_pile().end()),
            std::vector<core::CardId>(y.events.draw_pile().begin(), y.events.draw_pile().end()));
}

TEST(LionHeuristic, AlwaysChoosesALegalActionWithUniqueLabels) {
  std::vector<core::Action> legal;
  core::Rng coin(8);
  for (uint64_t seed = 21; seed < 61; ++seed) {
    auto g = start(seed);
    for (int i = 0; i < 3000 && game().awaiting(*g); ++i) {
      game().legal_actions(*g, 0, legal);
      // DESIGN §2: labels are unique within one prompt (scripts and clients select by label).
      std::set<std::string> labels;
      for (const auto& x : legal)
        ASSERT_TRUE(labels.insert(game().describe(*g, 0, x)).second) << game().describe(*g, 0, x);
      // Half heuristic, half random moves, to reach positions neither reaches alone.
      core::Action a = coin.below(2) ? choose_heuristic_action(*g)
                                     : legal[coin.below(static_cast<uint32_t>(legal.size()))];
      ASSERT_NE(std::find(legal.begin(), legal.end(), a), legal.end());
      ASSERT_TRUE(core::apply(game(), *g, 0, a).status.is_ok());
    }
    EXPECT_EQ(game().awaiting(*g), 0u);
  }
}

}  // namespace
}  // namespace frontier::lion::testing
