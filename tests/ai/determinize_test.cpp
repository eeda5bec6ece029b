// Game::determinize rebuilds a full position from a seat's view alone (issue 47). Over random
// playouts of every shipped game and scenario, at sampled positions, for every seat and observers:
//  - view(determinize(view(s))) == view(s) for that seat, and the seat's legal actions agree;
//  - nothing the view leaves out was guessed wrong: resample_hidden (whose redraw depends only on
//    what the seat may see, tests/ai/never_peeks_test.cpp) gives the same state from the rebuilt
//    position as from the true one, so a fact the seat knows but the view lacks is caught here;
//  - the hidden facts are really redrawn: where resample_hidden can change anything but the dice,
//    some of the draws differ from the true state.
// Every shipped game rebuilds (EveryShippedGameRebuildsFromItsView), so a new one cannot be
// registered without determinize.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <map>
#include <set>
#include <string>

#include "core/engine.h"
#include "core/view.h"
#include "crossroads.pb.h"
#include "games.h"
#include "khartoum.pb.h"
#include "lion.pb.h"

namespace frontier {
namespace {

constexpr int kDraws = 4;
constexpr int kMoreDraws = 40;
constexpr int kStride = 3;  // every third position is checked
constexpr int kMaxSteps = 3000;

// The state's snapshot with its dice set aside: the dice to come are hidden from every seat.
std::string without_dice(const core::Game& game, const core::GameState& s, const core::GameState& dice_from) {
  auto copy = s.clone();
  auto dice = dice_from.clone();
  game.rng(*copy) = game.rng(*dice);
  return core::snapshot(game, *copy);
}

struct Tally {
  int positions = 0;
  int hidden = 0;  // positions where something besides the dice was hidden from the seat
};

void check_position(const core::Game& game, const frontier::MatchSetup& terms, const core::GameState& s,
                    core::Seat seat, uint64_t salt, Tally& tally, const std::string& where) {
  frontier::GameView view;
  game.view(s, seat, view);
  const std::string shown = view.payload().SerializeAsString();
  std::vector<core::Action> legal_true, legal_rebuilt;
  game.legal_actions(s, seat, legal_true);
  const std::string truth = without_dice(game, s, s);
  bool anything_hidden = false;
  bool redrawn = false;
  for (int d = 0; d < kDraws; ++d) {
    core::Rng rng(salt, static_cast<uint64_t>(d) + 1);
    auto rebuilt = game.determinize(terms, view, seat, rng);
    ASSERT_TRUE(rebuilt) << where << ": " << rebuilt.status().message();
    const core::GameState& r = *rebuilt.value();
    frontier::GameView again;
    game.view(r, seat, again);
    if (again.payload().SerializeAsString() != shown) {
      auto a = core::unpack_view(view, game.view_type()), b = core::unpack_view(again, game.view_type());
      FAIL() << where << ": the rebuilt position looks different\nshown:\n"
             << a->DebugString() << "\nrebuilt:\n"
             << b->DebugString();
    }
    game.legal_actions(r, seat, legal_rebuilt);
    ASSERT_EQ(legal_rebuilt, legal_true) << where << ": the rebuilt position offers other choices";
    ASSERT_EQ(game.check_invariants(r), "") << where;
    core::Rng a(salt ^ 0x9e37, static_cast<uint64_t>(d)), b(salt ^ 0x9e37, static_cast<uint64_t>(d));
    auto from_true = game.resample_hidden(s, seat, a);
    auto from_rebuilt = game.resample_hidden(r, seat, b);
    if (from_true) {
      ASSERT_EQ(core::snapshot(game, *from_rebuilt), core::snapshot(game, *from_true))
          << where << ": the rebuilt position differs from the true one in a fact its view does not show";
      if (without_dice(game, *from_true, s) != truth) anything_hidden = true;
    }
    if (without_dice(game, r, s) != truth) redrawn = true;
  }
  // A hidden fact with few possible values (the last two cards of a pile) is drawn right by
  // chance one time in a few: more draws before it counts as never redrawn.
  for (int d = kDraws; anything_hidden && !redrawn && d < kMoreDraws; ++d) {
    core::Rng rng(salt, static_cast<uint64_t>(d) + 1);
    auto rebuilt = game.determinize(terms, view, seat, rng);
    ASSERT_TRUE(rebuilt) << where << ": " << rebuilt.status().message();
    if (without_dice(game, *rebuilt.value(), s) != truth) redrawn = true;
  }
  ++tally.positions;
  if (anything_hidden) {
    ++tally.hidden;
    EXPECT_TRUE(redrawn) << where << ": " << kMoreDraws << " draws all rebuilt the true hidden facts";
  }
}

// Game `g` of a scenario plays option choices in turn, so every choice of every option is met.
void check_game(const core::Game& game, const std::string& scenario, int g, Tally& tally) {
  const uint64_t seed = 4700 + static_cast<uint64_t>(g);
  frontier::MatchSetup setup;
  setup.set_game(game.id());
  setup.set_scenario(scenario);
  setup.set_seed(seed);
  for (int o = 0; o < game.info().options_size(); ++o) {
    const auto& option = game.info().options(o);
    if (option.choices_size() == 0) continue;
    auto* chosen = setup.add_options();
    chosen->set_id(option.id());
    chosen->set_value(option.choices((g + o) % option.choices_size()).value());
  }
  auto initial = game.initial(setup);
  ASSERT_TRUE(initial) << initial.status().message();
  auto state = std::move(initial.value());
  frontier::MatchSetup terms = setup;
  terms.clear_seed();  // a seat never knows the seed
  core::Rng chooser(seed, 0x4445ULL);
  std::vector<core::Action> legal;
  core::EventSink no_log;
  for (int step = 0; step <= kMaxSteps; ++step) {
    bool over = game.awaiting(*state) == 0;
    if (step % kStride == 0 || over) {
      // Every seat, and observers (kObserver): a spectator's view rebuilds a position too.
      for (core::Seat seat = core::kObserver; seat < game.seat_count(); ++seat) {
        std::string where = game.id() + " " + scenario + " seed " + std::to_string(seed) + " step " +
                            std::to_string(step) + " seat " +
                            (seat == core::kObserver ? "observer" : game.seat_name(seat));
        check_position(game, terms, *state, seat, seed * 1000003 + static_cast<uint64_t>(step), tally, where);
        if (testing::Test::HasFatalFailure()) return;
      }
    }
    if (over) return;
    core::Seat seat = std::countr_zero(game.awaiting(*state));
    game.legal_actions(*state, seat, legal);
    ASSERT_FALSE(legal.empty());
    // Half the moves from the game's own policy where it has one, so games last and reach the
    // positions random play never does (the Lion's Gordon all but always falls early at random).
    core::Action action = legal[chooser.below(static_cast<uint32_t>(legal.size()))];
    core::Action policy;
    if (chooser.below(2) == 0 && game.policy_action_among(*state, seat, legal, policy)) action = policy;
    game.apply_legal(*state, seat, action, no_log);
  }
}

// `only`: one scenario; `first`: the first game's number (which option choices it plays).
void check_registered(const std::string& id, int games_per_scenario, const std::string& only = "",
                      int first = 0) {
  const core::Game* game = builtin_games().find(id);
  ASSERT_NE(game, nullptr) << id;
  for (const auto& scenario : game->info().scenarios()) {
    if (!only.empty() && scenario.id() != only) continue;
    Tally tally;
    for (int g = first; g < first + games_per_scenario; ++g) {
      check_game(*game, scenario.id(), g, tally);
      if (testing::Test::HasFatalFailure()) return;
    }
    std::printf("%s %s: %d positions, %d with hidden facts\n", id.c_str(), scenario.id().c_str(),
                tally.positions, tally.hidden);
    EXPECT_GT(tally.hidden, 0) << id << " " << scenario.id() << ": no position hid anything";
  }
}

TEST(Determinize, LionRoundTripsEveryScenario) {
  check_registered("lion", 60);
}

// Khartoum hides who stands under each Mahdist stack's top from the Empire and spectators (29.14),
// the Hold card a side put aside or has just picked (29.1) and every draw pile's order.
TEST(Determinize, KhartoumRoundTripsEveryScenario) {
  check_registered("khartoum", 12);
}

// Every registered game rebuilds a position from its first view (a new game without
// determinize fails here; its bots could not search from their seat's view).
TEST(Determinize, EveryShippedGameRebuildsFromItsView) {
  for (const core::Game* game : builtin_games().games()) {
    frontier::MatchSetup setup;
    setup.set_game(game->id());
    setup.set_scenario(game->info().scenarios(0).id());
    setup.set_seed(1);
    auto s = game->initial(setup);
    ASSERT_TRUE(s) << game->id();
    frontier::GameView view;
    game->view(*s.value(), 0, view);
    core::Rng rng(1, 1);
    auto rebuilt = game->determinize(setup, view, 0, rng);
    EXPECT_TRUE(rebuilt) << game->id() << ": " << rebuilt.status().message();
  }
}

// What determinize answers to `view` once `change` has been made to it.
template <class View, class Change>
core::StatusCode tampered(const core::Game& game, const frontier::MatchSetup& terms,
                          const frontier::GameView& view, core::Seat seat, Change&& change) {
  View v;
  EXPECT_TRUE(view.payload().UnpackTo(&v));
  change(v);
  frontier::GameView bad;
  bad.mutable_payload()->PackFrom(v);
  core::Rng rng(3, 3);
  return game.determinize(terms, bad, seat, rng).status().code();
}

// What no seat could have been sent is refused with a typed error, never a crash or a position.
TEST(Determinize, LionRefusesViewsItCouldNotHaveSent) {
  const core::Game* game = builtin_games().find("lion");
  ASSERT_NE(game, nullptr);
  frontier::MatchSetup setup;
  setup.set_game("lion");
  setup.set_scenario(game->info().scenarios(0).id());
  auto s = game->initial(setup);
  ASSERT_TRUE(s);
  frontier::GameView view;
  game->view(*s.value(), 0, view);
  core::Rng rng(2, 2);
  ASSERT_TRUE(game->determinize(setup, view, 0, rng));

  frontier::GameView other;  // not a Lion view at all
  EXPECT_EQ(game->determinize(setup, other, 0, rng).status().code(), core::StatusCode::kInvalidArgument);

  auto tamper = [&](auto&& change) { return tampered<lion::LionView>(*game, setup, view, 0, change); };
  EXPECT_EQ(tamper([](lion::LionView& v) { v.set_turn(40); }), core::StatusCode::kInvalidArgument);
  EXPECT_EQ(tamper([](lion::LionView& v) { v.mutable_table()->mutable_troops(0)->set_loc(99); }),
            core::StatusCode::kInvalidArgument);
  // A card in two piles, and a card missing: the decks no longer hold 20 cards.
  EXPECT_EQ(tamper([](lion::LionView& v) { v.mutable_table()->mutable_events()->add_discards(1); }),
            core::StatusCode::kInvalidArgument);
  EXPECT_EQ(tamper([](lion::LionView& v) {
              v.mutable_table()->mutable_events()->mutable_draw_pile()->RemoveLast();
            }),
            core::StatusCode::kInvalidArgument);
  EXPECT_EQ(tamper([](lion::LionView& v) { v.clear_table(); }), core::StatusCode::kInvalidArgument);
}

// Asia Crossroads: both seats and observers, every scenario, the optional rules on and off in turn
// (check_game). Hidden: the pieces a seat may not examine (22.1, 22.3), the other treasury (9.0),
// unrevealed commitments (15.1(2)) and the rest CrossroadsTable lists.
TEST(Determinize, CrossroadsRoundTripsScenario1) {
  check_registered("crossroads", 1, "scenario1");
}

// The other game number: each optional rule is on in one of scenarios 1 and 2 and off in the other.
TEST(Determinize, CrossroadsRoundTripsScenario2) {
  check_registered("crossroads", 1, "scenario2", 1);
}

// Scenario 3 from the Scenario 2 set-up (game 3: its `start` option's second choice, a new seed);
// from the Scenario 1 set-up its first 3000 steps are much like Scenario 1's own.
TEST(Determinize, CrossroadsRoundTripsScenario3) {
  check_registered("crossroads", 1, "scenario3", 3);
}

// A Crossroads view the game could not have sent this seat is refused with a typed error.
TEST(Determinize, CrossroadsRefusesViewsItCouldNotHaveSent) {
  const core::Game* game = builtin_games().find("crossroads");
  ASSERT_NE(game, nullptr);
  frontier::MatchSetup setup;
  setup.set_game("crossroads");
  setup.set_scenario("scenario1");
  setup.set_seed(7);
  auto s = game->initial(setup);
  ASSERT_TRUE(s);
  // Into the game a little, so both sides have pieces the other may not examine.
  core::Rng chooser(7, 7);
  std::vector<core::Action> legal;
  core::EventSink no_log;
  for (int step = 0; step < 40 && game->awaiting(*s.value()) != 0; ++step) {
    core::Seat seat = std::countr_zero(game->awaiting(*s.value()));
    game->legal_actions(*s.value(), seat, legal);
    game->apply_legal(*s.value(), seat, legal[chooser.below(static_cast<uint32_t>(legal.size()))], no_log);
  }
  setup.clear_seed();
  frontier::GameView view;
  game->view(*s.value(), 0, view);
  core::Rng rng(2, 2);
  ASSERT_TRUE(game->determinize(setup, view, 0, rng));
  EXPECT_EQ(game->determinize(setup, view, 5, rng).status().code(), core::StatusCode::kInvalidArgument);
  frontier::GameView other;  // not a Crossroads view at all
  EXPECT_EQ(game->determinize(setup, other, 0, rng).status().code(), core::StatusCode::kInvalidArgument);

  auto tamper = [&](auto&& change) {
    return tampered<crossroads::CrossroadsView>(*game, setup, view, 0, change);
  };
  using crossroads::CrossroadsView;
  EXPECT_EQ(tamper([](CrossroadsView& v) { v.clear_table(); }), core::StatusCode::kInvalidArgument);
  EXPECT_EQ(tamper([](CrossroadsView& v) { v.mutable_table()->set_phase(99); }),
            core::StatusCode::kInvalidArgument);
  EXPECT_EQ(tamper([](CrossroadsView& v) { v.mutable_table()->mutable_unit_loc()->RemoveLast(); }),
            core::StatusCode::kInvalidArgument);
  EXPECT_EQ(tamper([](CrossroadsView& v) { v.mutable_table()->set_unit_loc(0, 5000); }),
            core::StatusCode::kInvalidArgument);
  // The seat's own treasury is never a secret to it, and the readable fields must agree with the table.
  EXPECT_EQ(tamper([](CrossroadsView& v) { v.mutable_table()->set_pounds(0, -9); }),
            core::StatusCode::kInvalidArgument);
  EXPECT_EQ(tamper([](CrossroadsView& v) { v.set_turn(v.turn() + 1); }), core::StatusCode::kInvalidArgument);
  // A flag the seat may not examine on one of its own stacks: a seat always examines its own (22.1).
  EXPECT_EQ(tamper([](CrossroadsView& v) {
              for (auto& st : *v.mutable_stacks())
                if (st.side() == "British" && st.examined()) {
                  st.set_examined(false);
                  st.clear_units();
                  st.clear_agents();
                  st.set_holds_units(true);
                  break;
                }
            }),
            core::StatusCode::kInvalidArgument);
}

// A Khartoum position after the standard set-up (25.1, 25.2), the Empire holding K-08 aside.
std::unique_ptr<core::GameState> khartoum_position(const core::Game& game, frontier::MatchSetup& terms) {
  terms.set_game("khartoum");
  terms.set_scenario("campaign");
  terms.set_seed(47);
  auto s = game.initial(terms);
  EXPECT_TRUE(s);
  EXPECT_TRUE(game.edit(*s.value(), "setup standard"));
  EXPECT_TRUE(game.edit(*s.value(), "hold Empire K-08"));
  terms.clear_seed();
  return std::move(s.value());
}

// 29.14, 29.1: over a few draws the Empire meets different Mahdists under the tops of the
// stacks, and the Mahdist different cards put aside by the Empire; what each sees stays put.
TEST(Determinize, KhartoumRedrawsHiddenUnitsAndHeldCards) {
  const core::Game* game = builtin_games().find("khartoum");
  ASSERT_NE(game, nullptr);
  frontier::MatchSetup terms;
  auto s = khartoum_position(*game, terms);
  auto table = [&](const core::GameState& state, core::Seat seat) {
    frontier::GameView v;
    game->view(state, seat, v);
    return core::unpack_view<khartoum::KhartoumView>(v).table();
  };
  std::set<std::string> arrangements;
  std::set<int> held_cards;
  core::Rng rng(4747, 1);
  for (int d = 0; d < 24; ++d) {
    frontier::GameView empire_view, mahdist_view;
    game->view(*s, 1, empire_view);
    game->view(*s, 0, mahdist_view);
    auto for_empire = game->determinize(terms, empire_view, 1, rng);
    auto for_mahdist = game->determinize(terms, mahdist_view, 0, rng);
    ASSERT_TRUE(for_empire) << for_empire.status().message();
    ASSERT_TRUE(for_mahdist) << for_mahdist.status().message();
    // Who stands where and in which order, as the Mahdist (who sees everything) sees the rebuilt
    // state: the units under a top trade places (29.14).
    std::string where;
    const auto seen = table(*for_empire.value(), 0);
    for (const auto& u : seen.units())
      where += std::to_string(u.loc()) + "/" + std::to_string(u.stamp()) + ",";
    arrangements.insert(where);
    held_cards.insert(table(*for_mahdist.value(), 1).decks(1).held());
  }
  EXPECT_GT(arrangements.size(), 3u) << "the Mahdists under the tops were not redrawn";
  // Card indices in data order: K-05 Breakout is 4, K-08 The River Column 7.
  EXPECT_EQ(held_cards, (std::set<int>{4, 7})) << "the Empire's held card is K-05 or K-08 (29.1)";
  // The Mahdist himself sees his stacks: every draw puts each unit where it truly is.
  frontier::GameView mahdist_view;
  game->view(*s, 0, mahdist_view);
  auto again = game->determinize(terms, mahdist_view, 0, rng);
  ASSERT_TRUE(again);
  EXPECT_EQ(table(*again.value(), 0).SerializeAsString(), table(*s, 0).SerializeAsString());
}

// What no seat could have been sent is refused with a typed error, never a crash or a position.
TEST(Determinize, KhartoumRefusesViewsItCouldNotHaveSent) {
  const core::Game* game = builtin_games().find("khartoum");
  ASSERT_NE(game, nullptr);
  frontier::MatchSetup terms;
  auto s = khartoum_position(*game, terms);
  frontier::GameView view;
  game->view(*s, 1, view);
  core::Rng rng(2, 2);
  ASSERT_TRUE(game->determinize(terms, view, 1, rng));
  constexpr auto kInvalid = core::StatusCode::kInvalidArgument;

  frontier::GameView other;  // not a Khartoum view at all
  EXPECT_EQ(game->determinize(terms, other, 1, rng).status().code(), kInvalid);
  EXPECT_EQ(game->determinize(terms, view, 2, rng).status().code(), kInvalid);  // no third seat
  frontier::MatchSetup elsewhere = terms;
  elsewhere.set_scenario("no-such-scenario");
  EXPECT_EQ(game->determinize(elsewhere, view, 1, rng).status().code(), kInvalid);

  auto tamper = [&](auto&& change) {
    return tampered<khartoum::KhartoumView>(*game, terms, view, 1, change);
  };
  // Re-encoded in field order, the view is still the same view.
  EXPECT_EQ(tamper([](khartoum::KhartoumView&) {}), core::StatusCode::kOk);
  EXPECT_EQ(tamper([](khartoum::KhartoumView& v) { v.clear_table(); }), kInvalid);
  EXPECT_EQ(tamper([](khartoum::KhartoumView& v) { v.set_turn(40); }), kInvalid);
  EXPECT_EQ(tamper([](khartoum::KhartoumView& v) { v.mutable_table()->set_step(99); }), kInvalid);
  // An Empire unit hidden from the Empire; a hidden unit's state missing.
  EXPECT_EQ(tamper([](khartoum::KhartoumView& v) {
              auto* garrison = v.mutable_table()->mutable_units(9);  // Khartoum Garrison
              *v.mutable_table()->add_hidden_units() = *garrison;
              garrison->Clear();
              garrison->set_hidden(true);
            }),
            kInvalid);
  EXPECT_EQ(
      tamper([](khartoum::KhartoumView& v) { v.mutable_table()->mutable_hidden_units()->RemoveLast(); }),
      kInvalid);
  // A visible unit moved in the table but not on the board the view shows.
  EXPECT_EQ(tamper([](khartoum::KhartoumView& v) {
              auto* units = v.mutable_table()->mutable_units();
              for (auto& u : *units)
                if (!u.hidden() && u.loc() >= 0) {
                  u.set_loc(u.loc() == 1 ? 2 : 1);
                  break;
                }
            }),
            kInvalid);
  // A card in two piles, a Mahdist card in the Empire's deck, a deck one card short.
  EXPECT_EQ(tamper([](khartoum::KhartoumView& v) {
              auto* d = v.mutable_table()->mutable_decks(1);
              d->add_discards(d->held());
            }),
            kInvalid);
  EXPECT_EQ(tamper([](khartoum::KhartoumView& v) { v.mutable_table()->mutable_decks(1)->add_removed(12); }),
            kInvalid);
  EXPECT_EQ(tamper([](khartoum::KhartoumView& v) {
              v.mutable_sides(0)->set_deck_size(v.sides(0).deck_size() - 1);
            }),
            kInvalid);
  // The Empire's own held card said unseen: the rebuilt Empire holds another (K-05 is unseen).
  EXPECT_EQ(tamper([](khartoum::KhartoumView& v) { v.mutable_table()->mutable_decks(1)->set_held(-2); }),
            kInvalid);
}

}  // namespace
}  // namespace frontier
