// Combat (14.0), open war (24.0) and capture (16.41).
#include "core/view.h"
#include "crossroads.pb.h"
#include "crossroads/rules.h"
#include "helpers.h"

namespace frontier::crossroads::test {
namespace {

TEST(CrossroadsCombat, OddsColumns) {
  // Columns: 0 1:3, 1 1:2, 2 1:1, 3 1.5:1, 4 2:1, 5 3:1, 6 4:1.
  EXPECT_EQ(combat_column(14, 5), 4);  // 14.71 4a: 2.8:1 -> 2:1
  EXPECT_EQ(combat_column(6, 10), 1);  // 14.71 4b: 1:1.67 -> 1:2
  EXPECT_EQ(combat_column(7, 4), 3);   // 14.73: 1.5:1
  EXPECT_EQ(combat_column(5, 4), 2);   // less than 1.5:1 -> 1:1
  EXPECT_EQ(combat_column(1, 9), 0);   // 14.72: worse than 1:3 is 1:3
  EXPECT_EQ(combat_column(30, 4), 6);  // 14.72: better than 4:1 is 4:1
}

std::unique_ptr<core::GameState> fight(std::vector<std::string> edits) {
  edits.push_back("phase combat British op 1");
  return board(edits);
}

TEST(CrossroadsCombat, BattleOnlyWhenRaidFactorsUnderHalf) {
  // 14.62 example 1: 5 factors of B and 3 of R: only the Battle CRT.
  auto s = fight({"control AF British", "place British FF at 28,22", "place NI GA at 28,22",
                  "place AF IR at 28,22", "place Russian FF at 28,22"});
  play(*s, kBritish, "Attack at Afghanistan, 1 square S of Kabul");
  EXPECT_NE(game().prompt(*s, kBritish).kind, "crt");
}

TEST(CrossroadsCombat, EitherTableWithHalfCombined) {
  // 14.62 example 2: 3 factors of B and 3 of C: Battle or Raid.
  auto s = fight({"place NI FF at 28,22", "place British FC at 28,22", "place Russian FF at 28,22"});
  play(*s, kBritish, "Attack at Afghanistan, 1 square S of Kabul");
  EXPECT_EQ(game().prompt(*s, kBritish).kind, "crt");
  EXPECT_TRUE(offered(*s, kBritish, "Raid"));
  EXPECT_TRUE(offered(*s, kBritish, "Battle"));
}

TEST(CrossroadsCombat, OneAgentDrmEachSide) {
  // 14.8: attacker's agent military 2, defender's 1: the modifier is +1.
  // Native forces on both sides, so no open war (24.3) draws on the dice first.
  auto s = fight(
      {"place NI FF at 28,22", "agent Keane at 28,22", "place PE GA at 28,22", "agent Vitkovitch at 28,22"});
  S(*s).rng.force_roll(3);
  auto log = log_of(*s, kBritish, "Attack at Afghanistan, 1 square S of Kabul");
  bool found = false;
  for (auto& l : log) found = found || l.find("rolled 3+1") != std::string::npos;
  EXPECT_TRUE(found);
}

TEST(CrossroadsCombat, FirstRegularClashStartsOpenWar) {
  // 24.1: the defender gets three dice of pounds; the index shifts toward the attacker.
  auto s = fight({"place British FF at 28,22", "place Russian FF at 28,22", "bop 1", "pounds Russian 0"});
  S(*s).rng.force_roll(2);
  S(*s).rng.force_roll(3);
  S(*s).rng.force_roll(4);
  S(*s).rng.force_roll(5);
  play(*s, kBritish, "Attack at Afghanistan, 1 square S of Kabul");
  EXPECT_EQ(S(*s).open_war_by, kBritish);
  EXPECT_EQ(S(*s).pounds[kRussian], 9);
  EXPECT_EQ(S(*s).bop, 6);
}

TEST(CrossroadsCombat, FasterDefendersMayWithdraw) {
  // 14.5: every defender faster than the fastest attacker.
  auto s = fight({"place British FF at 28,22", "place Russian IR at 28,22"});
  play(*s, kBritish, "Attack at Afghanistan, 1 square S of Kabul");
  EXPECT_EQ(game().prompt(*s, kRussian).kind, "withdraw");
  play(*s, kRussian, "Withdraw");
  EXPECT_EQ(game().prompt(*s, kRussian).kind, "retreat");
}

TEST(CrossroadsCombat, CombatIsMandatory) {
  // 14.21: the combat sub-phase cannot end while enemies share a square.
  auto s = fight({"place British FF at 28,22", "place Russian FF at 28,22"});
  EXPECT_FALSE(offered(*s, kBritish, "End combat"));
  auto refused = core::apply(game(), *s, kBritish, {END_COMBAT, 0, 0, 0});
  EXPECT_FALSE(refused.status.is_ok());
  EXPECT_NE(refused.status.message().find("14.21"), std::string::npos);
}

TEST(CrossroadsCombat, LoneAgentsAreCapturedOrEscape) {
  // 16.41: roll above political + military: a named agent is captured.
  auto s = fight({"place British FF at 28,22", "agent Simonich at 28,22"});
  S(*s).rng.force_roll(6);
  play(*s, kBritish, "End combat");
  EXPECT_EQ(S(*s).agents[data().agent_index("Simonich")].loc, kHeldByBritish);
  EXPECT_EQ(game().prompt(*s, kBritish).kind, "prisoner");
  int8_t before = S(*s).bop;
  play(*s, kBritish, "Execute");  // 16.42(2): one toward the victim's side
  EXPECT_EQ(S(*s).bop, before == 1 ? -1 : before - 1);
}

CombatView combat_view(const core::GameState& s, core::Seat viewer) {
  GameView v;
  game().view(s, viewer, v);
  return core::unpack_view<CrossroadsView>(v).combat();
}

TEST(CrossroadsCombat, TheCombatViewShowsWhatWasRolledToEveryone) {
  // 14.7-14.9 for each die face: the odds, the result and the side to choose, as the roll's own
  // log line gives them; both stacks are open to both players then (22.1(2)), so every viewer
  // is shown the same.
  int choices_shown = 0;
  for (int roll = 1; roll <= 6; ++roll) {
    auto s = fight({"place NI FF at 28,22", "place NI GA at 28,22", "place PE GA at 28,22"});
    S(*s).rng.force_roll(roll);
    auto attack = core::find_by_label(game(), *s, kBritish, "Attack at Afghanistan, 1 square S of Kabul");
    ASSERT_TRUE(attack);
    std::vector<core::LogEvent> log;
    ASSERT_TRUE(core::apply(game(), *s, kBritish, *attack, &log).status);
    std::string line;
    for (const auto& e : log) {
      if (e.kind == "combat") line = e.text;
    }
    int phase = S(*s).phase;
    if (phase != kLossChoice && phase != kRetreatChoice) {
      GameView v;
      game().view(*s, kRussian, v);
      EXPECT_FALSE(core::unpack_view<CrossroadsView>(v).has_combat()) << "the combat is over: " << line;
      continue;
    }
    ++choices_shown;
    CombatView c = combat_view(*s, kBritish);
    EXPECT_EQ(c.name(), "Afghanistan, 1 square S of Kabul");
    EXPECT_EQ(c.attacker(), "British");
    EXPECT_EQ(c.defender(), "Russian");
    EXPECT_EQ(c.table(), "Battle");
    EXPECT_NE(line.find(std::to_string(c.attack()) + " against " +
                        std::to_string(c.defence() * c.terrain_multiple()) + " (x" +
                        std::to_string(c.terrain_multiple()) + ")"),
              std::string::npos)
        << line;
    EXPECT_NE(line.find(": " + c.result()), std::string::npos) << line;
    if (!c.odds().empty()) {
      EXPECT_NE(line.find("odds " + c.odds() + ","), std::string::npos) << line;
    }
    EXPECT_FALSE(c.result_text().empty());
    EXPECT_TRUE(phase == kLossChoice ? c.losses_due() == 1 && !c.losing().empty() : !c.retreating().empty());
    for (core::Seat viewer : {core::Seat{kRussian}, core::kObserver}) {
      EXPECT_EQ(combat_view(*s, viewer).SerializeAsString(), c.SerializeAsString());
    }
  }
  EXPECT_GT(choices_shown, 0);
}

TEST(CrossroadsCombat, TheCombatViewKeepsTableAndMultipleWhileAgentsAreNamed) {
  // 14.8: the attacker names his one agent after the table and the multiple are fixed (14.6,
  // 14.74); the view shows them while he chooses, and nothing rolled yet.
  auto s = fight({"place NI FF at 28,22", "agent Keane at 28,22", "agent Burnes at 28,22",
                  "place PE GA at 28,22", "agent Vitkovitch at 28,22"});
  play(*s, kBritish, "Attack at Afghanistan, 1 square S of Kabul");
  ASSERT_EQ(game().prompt(*s, kBritish).kind, "combat_agent");
  CombatView c = combat_view(*s, kRussian);
  EXPECT_EQ(c.table(), "Battle");
  EXPECT_GE(c.terrain_multiple(), 1);
  EXPECT_TRUE(c.result().empty());
  EXPECT_TRUE(c.odds().empty());
}

}  // namespace
}  // namespace frontier::crossroads::test
