// Random events (8.0) and their effects.
#include "crossroads/rules.h"
#include "helpers.h"

namespace frontier::crossroads::test {
namespace {

std::vector<std::string> roll_events(core::GameState& s) {
  std::vector<core::LogEvent> events;
  core::EventSink sink(&events);
  random_events(S(s), sink);
  std::vector<std::string> out;
  for (auto& e : events) out.push_back(e.text);
  return out;
}

bool has(const std::vector<std::string>& lines, const std::string& text) {
  for (auto& l : lines)
    if (l.find(text) != std::string::npos) return true;
  return false;
}

TEST(CrossroadsEvents, TwoStepRollWithBalanceOfPowerModifier) {
  // 8.1 example: turn 3, the British roll 5, +1 for the balance of power = 6: D then C;
  // D 4 Nihilist Revolt, C 1 Anglo-Russian Accord.
  auto s = board({"turn 3", "bop 3", "pounds Russian 10"});
  for (int f : {5, 4, 2, 1}) S(*s).rng.force_roll(f);
  auto log = roll_events(*s);
  EXPECT_TRUE(has(log, "British roll for events: 5+1 = 6, columns D then C"));
  EXPECT_TRUE(has(log, "Nihilist Revolt"));
  EXPECT_TRUE(has(log, "Anglo-Russian Accord"));
  EXPECT_EQ(S(*s).pounds[kRussian], 8);  // Nihilist Revolt: one die of pounds lost (rolled 2)
  EXPECT_EQ(S(*s).bop, 2);               // +1 (Nihilist) then 2 toward the centre (Accord) from 4
}

TEST(CrossroadsEvents, SameEventTwiceIsNoEvent) {
  // 8.2: a modified 7+ rolls column D twice; the same result the second time is No Event.
  auto s = board({"turn 3", "bop 14"});
  for (int f : {6, 3, 3}) S(*s).rng.force_roll(f);
  auto log = roll_events(*s);
  EXPECT_TRUE(has(log, "Rolled again this turn: No Event (8.2)"));
}

TEST(CrossroadsEvents, TreasuryNeverBelowZero) {
  // 9.3 addition: Batta takes at most what the treasury holds.
  auto s = board({"pounds British 2"});
  S(*s).rng.force_roll(6);
  core::EventSink none;
  apply_event(S(*s), "batta", kBritish, none);
  EXPECT_EQ(S(*s).pounds[kBritish], 0);
}

TEST(CrossroadsEvents, JihadGivesGhazisToPlace) {
  // 21.1-21.2: a die of Ghazis for the roller, placed by him; removed at the end of the turn.
  auto s = board({});
  S(*s).rng.force_roll(3);
  core::EventSink none;
  apply_event(S(*s), "jihad", kRussian, none);
  EXPECT_EQ(S(*s).control[kGhazi], kRussian);
  EXPECT_EQ(game().prompt(*s, kRussian).kind, "jihad");
  EXPECT_FALSE(offered(*s, kRussian, "Raise the Jihad in North India"));  // 21.2
  play(*s, kRussian, "Raise the Jihad in Afghanistan");
  play(*s, kRussian, "Squares in Pamir and Afghanistan around Chitral");  // a long list goes by blocks
  play(*s, kRussian, "Place at Kabul");
  int ghazis = 0;
  for (int u = 0; u < S(*s).nunits; ++u) ghazis += S(*s).units[u].loc == square("Kabul");
  EXPECT_EQ(ghazis, 3);
}

TEST(CrossroadsEvents, IndianMutinyOncePerGame) {
  auto s = board({});
  core::EventSink none;
  apply_event(S(*s), "indian_mutiny", kRussian, none);
  EXPECT_EQ(S(*s).control[data().region_index("NI")], kNeutral);
  edit(*s, "control NI British");
  apply_event(S(*s), "indian_mutiny", kRussian, none);  // Scenario 2 7.0b: later ones are No Event
  EXPECT_EQ(S(*s).control[data().region_index("NI")], kBritish);
}

}  // namespace
}  // namespace frontier::crossroads::test

namespace frontier::crossroads::test {
namespace {

TEST(CrossroadsEvents, NewAgentChosenByTheRoller) {
  // 16.5(3), 16.61: an agent of the current period, free, chosen by the player.
  auto s = board({});
  core::EventSink none;
  apply_event(S(*s), "new_agent", kBritish, none);
  EXPECT_EQ(game().prompt(*s, kBritish).kind, "new_agent");
  EXPECT_FALSE(offered(*s, kBritish, "Take agent Roberts"));  // period 2
  play(*s, kBritish, "Take agent Napier");
  EXPECT_EQ(S(*s).agents[data().agent_index("Napier")].loc, kCentralIndia);
}

}  // namespace
}  // namespace frontier::crossroads::test
