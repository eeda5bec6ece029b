// Income (9.0), recruits (10.0), supply point prices (17.1), civilization markers (20.0).
#include "core/engine.h"
#include "crossroads/rules.h"
#include "helpers.h"

namespace frontier::crossroads::test {
namespace {

std::unique_ptr<core::GameState> spend(std::vector<std::string> edits) {
  edits.push_back("phase expenditure British");
  return board(edits);
}

TEST(CrossroadsEconomy, OccupiedCitiesAndTradingPostsPay) {
  // 9.1(2)-(3): occupied city = its value; with a trading post double; an unoccupied trading
  // post pays the normal value; nothing when the enemy occupies it.
  auto s = board({"place British GA at Delhi", "marker British post at Agra", "marker British post at Simla",
                  "place British GA at Simla", "marker British post at Lucknow",
                  "place Russian GA at Lucknow", "pounds British 0"});
  S(*s).rng.force_roll(1);  // home government: die 1, no modifier (index 1) -> 4
  S(*s).rng.force_roll(1);
  core::EventSink none;
  collect_income(S(*s), none);
  // Delhi 3 + Agra 3 (unoccupied post) + Simla 3x2 (occupied post) = 12, plus home 4.
  EXPECT_EQ(S(*s).pounds[kBritish], 16);
}

// The question before the end of income and expenditure (LegalChoice.confirm): pounds left are
// banked (9.3), but rarely on purpose; an empty treasury finishes without a question.
TEST(CrossroadsEconomy, FinishingWithPoundsLeftAsksFirst) {
  auto confirm_of = [](core::GameState& s, const std::string& label) {
    frontier::Prompt p = core::prompt_with_choices(game(), s, kBritish);
    for (const auto& c : p.choices())
      if (c.label() == label) return c.confirm();
    ADD_FAILURE() << "no choice " << label;
    return std::string();
  };
  auto s = spend({"pounds British 3"});
  EXPECT_EQ(confirm_of(*s, "Finish income and expenditure"),
            "Finish income and expenditure with 3 pounds unspent (banked, 9.3)?");
  EXPECT_EQ(confirm_of(*s, "Buy a supply point (1 pound)"), "");
  play(*s, kBritish, "Buy a supply point (1 pound)");
  play(*s, kBritish, "Buy a supply point (1 pound)");
  EXPECT_EQ(confirm_of(*s, "Finish income and expenditure"),
            "Finish income and expenditure with 1 pound unspent (banked, 9.3)?");
  play(*s, kBritish, "Buy a supply point (1 pound)");
  EXPECT_EQ(confirm_of(*s, "Finish income and expenditure"), "");
}

TEST(CrossroadsEconomy, SupplyPointsCostMoreAfterTen) {
  // 17.1: the first 10 SP a turn cost one pound, later ones two.
  auto s = spend({"pounds British 30"});
  for (int i = 0; i < 10; ++i) play(*s, kBritish, "Buy a supply point (1 pound)");
  EXPECT_TRUE(offered(*s, kBritish, "Buy a supply point (2 pounds)"));
  play(*s, kBritish, "Buy a supply point (2 pounds)");
  EXPECT_EQ(S(*s).pounds[kBritish], 18);
}

TEST(CrossroadsEconomy, NativeFieldForceNeedsAnOccupiedCity) {
  // 10.33 example: British control Afghanistan and occupy Kabul: an Afghan field force goes there.
  auto s = spend({"control AF British", "place British FF at Kabul", "pounds British 10"});
  play(*s, kBritish, "Recruit Afghanistan field force (3 pounds)");
  auto l = labels(*s, kBritish);
  EXPECT_TRUE(offered(*s, kBritish, "Place the recruit at Kabul"));
  EXPECT_FALSE(offered(*s, kBritish, "Place the recruit at Kandahar"));
}

TEST(CrossroadsEconomy, BotsCountWhatWasBoughtAtItsCost) {
  // Not a rule: the bots' estimate (docs/ai.md) counts a side's treasury at a tenth of a VP a
  // pound (25.11) and what it bought and still has at its cost, so a recruit (10.0) or a supply
  // point (17.1) moves value from one to the other and leaves the estimate as it was, when the
  // side has the supply points its next provisioning needs (which the estimate counts too).
  auto s = spend({"control AF British", "place British FF at Kabul", "pounds British 11", "sp British 5"});
  int before = game().estimate(*s, kBritish).value();
  ASSERT_GT(before, 0);
  ASSERT_LT(before, 1000);
  play(*s, kBritish, "Recruit Afghanistan field force (3 pounds)");
  play(*s, kBritish, "Place the recruit at Kabul");
  EXPECT_EQ(S(*s).pounds[kBritish], 8);
  EXPECT_EQ(game().estimate(*s, kBritish).value(), before);
  play(*s, kBritish, "Buy a supply point (1 pound)");
  EXPECT_EQ(S(*s).pounds[kBritish], 7);
  EXPECT_EQ(game().estimate(*s, kBritish).value(), before);
}

TEST(CrossroadsEconomy, BotsEstimateKeepsRisingPastTheLeadThatWins) {
  // Not a rule: 25.52 makes a 20 VP lead a win, but the bots' estimate (docs/ai.md) must keep
  // telling a bigger lead from a smaller one, or a bot that leads by 20 stops building its lead
  // and a random opponent's gains turn the game into a draw. Symmetric: the two sides' estimates
  // add up to the whole range.
  int previous = -1;
  for (int pounds : {0, 100, 200, 300, 600, 1200}) {  // a tenth of a VP a pound (25.11)
    auto s = board({"pounds British " + std::to_string(pounds), "pounds Russian 0"});
    int british = game().estimate(*s, kBritish).value();
    EXPECT_GT(british, previous) << pounds;
    EXPECT_LT(british, 1000) << pounds;
    EXPECT_EQ(british + game().estimate(*s, kRussian).value(), 1000) << pounds;
    previous = british;
  }
}

TEST(CrossroadsEconomy, BotsScoreTheLeadGainedSinceTheirSearchBegan) {
  // Not a rule: far ahead, the bots' estimate of the whole lead (25.52) is flat, so a search
  // scores its cut-short playouts by the lead gained since it began (docs/ai.md): nothing gained
  // reads even, a VP gained (ten pounds, 25.11) as much as a VP's lead in an even game,
  // 500 x 10 / (10 + 200) tenths, for one side as against the other.
  auto start = board({"pounds British 600", "pounds Russian 0"});
  auto richer = board({"pounds British 610", "pounds Russian 0"});
  EXPECT_EQ(game().estimate_since(*start, *start, kBritish).value(), 500);
  int gained = game().estimate_since(*start, *richer, kBritish).value() - 500;
  EXPECT_EQ(gained, 500 * 10 / (10 + 200));
  EXPECT_EQ(game().estimate_since(*start, *richer, kRussian).value(), 500 - gained);
  EXPECT_LT(game().estimate(*richer, kBritish).value() - game().estimate(*start, kBritish).value(),
            gained / 4);
}

TEST(CrossroadsEconomy, RecruitsLimitedByForage) {
  // 10.61: new brigades in a square up to its forage value.
  auto s = spend({"control AF British", "place British FF at Kabul", "pounds British 60"});
  int placed = 0;
  while (offered(*s, kBritish, "Recruit Afghanistan irregulars (1 pound)")) {
    play(*s, kBritish, "Recruit Afghanistan irregulars (1 pound)");
    // A long list of squares is offered block by block (picker.h).
    if (!offered(*s, kBritish, "Squares in Pamir and Afghanistan around Chitral")) break;
    play(*s, kBritish, "Squares in Pamir and Afghanistan around Chitral");
    if (!offered(*s, kBritish, "Place the recruit at Kabul")) break;
    play(*s, kBritish, "Place the recruit at Kabul");
    ++placed;
  }
  EXPECT_EQ(placed, forage(S(*s), square("Kabul")));
}

TEST(CrossroadsEconomy, ColonyNeedsRegularAndAgent) {
  // 20.31(1)
  auto s = spend({"place British FF at Kabul", "pounds British 20"});
  EXPECT_FALSE(offered(*s, kBritish, "Build a colony at Kabul"));
  edit(*s, "agent Burnes at Kabul");
  EXPECT_TRUE(offered(*s, kBritish, "Build a colony at Kabul"));
  EXPECT_TRUE(offered(*s, kBritish, "Build a trading post at Kabul"));
  EXPECT_FALSE(offered(*s, kBritish, "Build a railroad at Kabul"));  // 20.34: not before 1860-64
}

TEST(CrossroadsEconomy, OneMarkerOfEachTypePerSquare) {
  // 20.21: no second trading post where one stands, but a fort beside it.
  auto s = spend({"place British FF at Kabul", "pounds British 20", "marker British post at Kabul"});
  EXPECT_FALSE(offered(*s, kBritish, "Build a trading post at Kabul"));
  EXPECT_TRUE(offered(*s, kBritish, "Build a fort at Kabul"));
  // 20.31(1): a colony takes a trading post's place, so none is built beside one.
  auto c = spend({"place British FF at Kabul", "pounds British 20", "marker British colony at Kabul"});
  EXPECT_FALSE(offered(*c, kBritish, "Build a trading post at Kabul"));
  EXPECT_TRUE(offered(*c, kBritish, "Build a fort at Kabul"));
  // 20.23: nothing beside an enemy marker.
  auto t = spend({"place British FF at Kabul", "pounds British 20", "marker Russian post at Kabul"});
  EXPECT_FALSE(offered(*t, kBritish, "Build a trading post at Kabul"));
  EXPECT_FALSE(offered(*t, kBritish, "Build a fort at Kabul"));
}

TEST(CrossroadsEconomy, BothSeatsSpendAtOnce) {
  // 3.1 [3]: income and expenditure are simultaneous.
  auto s = spend({});
  EXPECT_EQ(game().awaiting(*s), core::seat_bit(kBritish) | core::seat_bit(kRussian));
  play(*s, kRussian, "Finish income and expenditure");
  EXPECT_EQ(game().awaiting(*s), core::seat_bit(kBritish));
  play(*s, kBritish, "Finish income and expenditure");
  EXPECT_EQ(game().prompt(*s, kBritish).kind, "movement");
}

}  // namespace
}  // namespace frontier::crossroads::test

namespace frontier::crossroads::test {
namespace {

TEST(CrossroadsEconomy, PrisonersReleasedOrPlaced) {
  // 16.42(1): a prisoner may be returned; 16.44: a captured native agent whose region is now
  // friendly may be placed on any square with a friendly unit.
  auto s = spend({"place British FF at Delhi", "control AF British"});
  S(*s).agents[data().agent_index("Dost Mohammed")].loc = kHeldByBritish;
  S(*s).agents[data().agent_index("Simonich")].loc = kHeldByBritish;
  play(*s, kBritish, "Place the captured Dost Mohammed (16.44)");
  play(*s, kBritish, "Place the recruit at Delhi");
  EXPECT_EQ(S(*s).agents[data().agent_index("Dost Mohammed")].loc, square("Delhi"));
  play(*s, kBritish, "Release Simonich");
  EXPECT_EQ(S(*s).agents[data().agent_index("Simonich")].loc, kUrals);
}

}  // namespace
}  // namespace frontier::crossroads::test
