// Not a rule: what bots leave out so that their envoys -- agents who may win a treaty, political
// value 2 or more (15.1(2)) -- travel to a capital, negotiate there and are paid for
// (rules/crossroads/envoys.h, docs/ai.md "Envoys").
#include <bit>

#include "crossroads/rules.h"
#include "helpers.h"

namespace frontier::crossroads::test {
namespace {

// Every region the Russians' but `open_region`: their envoys have one place to go (15.3).
std::vector<std::string> russian_but(const std::string& open_region, std::vector<std::string> more) {
  std::vector<std::string> edits;
  for (const std::string& r : data().region_code)
    if (r != open_region) edits.push_back("control " + r + " Russian");
  edits.insert(edits.end(), more.begin(), more.end());
  return edits;
}

std::unique_ptr<core::GameState> russian_board(const std::string& open_region,
                                               std::vector<std::string> more) {
  return board(russian_but(open_region, std::move(more)), kRussian);
}

// Whether a bot playing the Russians leaves out the choice labelled `label`.
bool skipped(const core::GameState& s, const std::string& label) {
  auto a = core::find_by_label(game(), s, kRussian, label);
  if (!a) {
    ADD_FAILURE() << label << " is not offered";
    return false;
  }
  return game().bot_skips(s, kRussian, *a);
}

int to_bukhara(int loc) {
  return capital_distance(data(), data().region_index("BU"), loc);
}

TEST(CrossroadsEnvoys, AnEnvoyAwayFromItsCapitalSetsOff) {
  // 12.2(1): the first operations phase's move is free, so the phase does not end without it.
  auto s = russian_board("BU", {"agent Ignatiev at Kazalinsk"});
  EXPECT_TRUE(skipped(*s, "End movement"));
  // 15.1(2): political value 1 and one pound reach a differential of 2, no treaty on a plain die.
  auto pundit = russian_board("BU", {"agent Cherchiaev at Kazalinsk"});
  EXPECT_FALSE(skipped(*pundit, "End movement"));
  // 12.2(2): later phases cost a supply point a force; with none, nothing more is asked.
  auto unpaid = russian_board("BU", {"agent Ignatiev at Kazalinsk", "phase movement Russian op 2"});
  EXPECT_FALSE(skipped(*unpaid, "End movement"));
  // A capital where an enemy agent could counter (15.1(4)) is nobody's goal.
  auto countered = russian_board("BU", {"agent Ignatiev at Kazalinsk", "agent Burnes at Bukhara"});
  EXPECT_FALSE(skipped(*countered, "End movement"));
}

TEST(CrossroadsEnvoys, EveryStepIsOnAShortestWayToTheCapital) {
  // Kazalinsk to Bukhara is one phase's march for an agent alone (13.2: 8 movement points).
  auto s = russian_board("BU", {"agent Ignatiev at Kazalinsk"});
  play(*s, kRussian, "Pick the force at Kazalinsk");
  play(*s, kRussian, "Begin the move");
  int steps = 0;
  while (S(*s).force_sq != square("Bukhara")) {
    int here = to_bukhara(S(*s).force_sq);
    std::vector<core::Action> legal;
    game().legal_actions(*s, kRussian, legal);
    const core::Action* onward = nullptr;
    for (const core::Action& a : legal) {
      if (a.kind != STEP) continue;
      // On a shortest way there: the distance left falls by the step's cost.
      bool on_the_way = to_bukhara(a.a) + enter_cost(data(), S(*s).force_sq, a.a) == here;
      EXPECT_EQ(game().bot_skips(*s, kRussian, a), !on_the_way) << game().describe(*s, kRussian, a);
      if (on_the_way) onward = &a;
    }
    ASSERT_NE(onward, nullptr) << "no way on, " << here << " half points from Bukhara";
    EXPECT_TRUE(skipped(*s, "End this force's move"));  // a step nearer is still in reach
    ASSERT_TRUE(core::apply(game(), *s, kRussian, *onward).status.is_ok());
    ASSERT_LT(++steps, 20);
  }
  EXPECT_FALSE(skipped(*s, "End this force's move"));
  play(*s, kRussian, "End this force's move");
  EXPECT_FALSE(skipped(*s, "End movement"));
}

TEST(CrossroadsEnvoys, AnEnvoyAtItsCapitalStaysAtWork) {
  auto s = russian_board("BU", {"agent Ignatiev at Bukhara", "place Russian FF at Bukhara"});
  EXPECT_FALSE(skipped(*s, "End movement"));
  play(*s, kRussian, "Pick the force at Bukhara");
  EXPECT_TRUE(skipped(*s, "Begin the move"));
  play(*s, kRussian, "Leave behind Ignatiev");
  EXPECT_FALSE(skipped(*s, "Begin the move"));
}

TEST(CrossroadsEnvoys, AnEnvoyNegotiatesWithAllItMayCommit) {
  auto s = russian_board(
      "BU", {"agent Ignatiev at Bukhara", "pounds Russian 5", "phase negotiations Russian op 1"});
  EXPECT_TRUE(skipped(*s, "End negotiations"));
  play(*s, kRussian, "Negotiate with Bukhara through Ignatiev");
  // 15.1(2): up to the political value, each pound one more on the differential.
  EXPECT_TRUE(skipped(*s, "Commit 2 pounds"));
  EXPECT_FALSE(skipped(*s, "Commit 3 pounds"));
  auto poor = russian_board(
      "BU", {"agent Ignatiev at Bukhara", "pounds Russian 2", "phase negotiations Russian op 1"});
  play(*poor, kRussian, "Negotiate with Bukhara through Ignatiev");
  EXPECT_FALSE(skipped(*poor, "Commit 2 pounds"));
  // 15.5: not beside enemy combat units, so nothing is asked there.
  auto barred = russian_board(
      "BU", {"agent Ignatiev at Bukhara", "place British FF at Bukhara", "phase negotiations Russian op 1"});
  EXPECT_FALSE(skipped(*barred, "End negotiations"));
}

TEST(CrossroadsEnvoys, AJourneysSupplyPointsAreBoughtFirst) {
  // Orenburg to Khokand is two phases' march: the second costs a supply point (12.2(2)).
  auto s =
      russian_board("KK", {"agent Ignatiev at Orenburg", "pounds Russian 3", "phase expenditure Russian"});
  EXPECT_TRUE(skipped(*s, "Finish income and expenditure"));
  play(*s, kRussian, "Buy a supply point (1 pound)");
  EXPECT_FALSE(skipped(*s, "Finish income and expenditure"));
  // Nothing to pay with: the phase may end.
  auto broke =
      russian_board("KK", {"agent Ignatiev at Orenburg", "pounds Russian 0", "phase expenditure Russian"});
  EXPECT_FALSE(skipped(*broke, "Finish income and expenditure"));
}

TEST(CrossroadsEnvoys, OneEnvoyToARegion) {
  // 15.3: one try a region a sub-phase. With one region open the second envoy has no goal and
  // is not sent anywhere; the stronger negotiator (Ignatiev, 3) goes.
  auto s = russian_board("BU", {"agent Ignatiev at Kazalinsk", "agent Vitkovitch at Orenburg"});
  play(*s, kRussian, "Pick the force at Orenburg");
  play(*s, kRussian, "Begin the move");
  EXPECT_FALSE(skipped(*s, "End this force's move"));
}

// Bots ask about a whole list of legal actions at once (Game::bot_skips_among), the envoys'
// goals worked out once for the list; the answers must be bot_skips' own, action by action. Games
// played by the Expansionist with a third of the moves at random, so forces, envoys' journeys and
// negotiations come up; every awaited seat, every step.
TEST(CrossroadsEnvoys, AnswersForAListAreTheAnswersActionByAction) {
  int skipped_seen = 0, journeys_seen = 0;
  for (const char* scenario : {"scenario1", "scenario2"}) {
    auto s = start(scenario, 5);
    core::Rng chooser(5, 2);
    core::EventSink no_log;
    std::vector<core::Action> legal;
    std::vector<uint8_t> among;
    for (int step = 0; step < 2500 && game().awaiting(*s); ++step) {
      core::Seat actor = std::countr_zero(game().awaiting(*s));
      for (core::Seat seat = 0; seat < game().seat_count(); ++seat) {
        if (!(game().awaiting(*s) & core::seat_bit(seat))) continue;
        game().legal_actions(*s, seat, legal);
        game().bot_skips_among(*s, seat, legal, among);
        ASSERT_EQ(among.size(), legal.size());
        for (size_t i = 0; i < legal.size(); ++i) {
          ASSERT_EQ(among[i] != 0, game().bot_skips(*s, seat, legal[i]))
              << scenario << " step " << step << ": " << game().describe(*s, seat, legal[i]);
          skipped_seen += among[i];
          journeys_seen += among[i] && legal[i].kind == STEP;
        }
      }
      core::Action a;
      game().legal_actions(*s, actor, legal);
      if (chooser.below(3) == 0 || !game().policy_action(*s, actor, a))
        a = legal[chooser.below(legal.size())];
      game().apply_legal(*s, actor, a, no_log);
    }
  }
  EXPECT_GT(skipped_seen, 0);
  EXPECT_GT(journeys_seen, 0);  // steps off an envoy's way came up
}

}  // namespace
}  // namespace frontier::crossroads::test
