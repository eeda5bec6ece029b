// Choices the rules leave to a player: which one agent counts (14.8, 15.1(4), 15.61(4), 16.21)
// and player agreements (23.0).
#include "crossroads/rules.h"
#include "helpers.h"

namespace frontier::crossroads::test {
namespace {

TEST(CrossroadsChoices, AttackerPicksTheAgentWhoseValueCounts) {
  // 14.8: "any one (and only one) agent in his force" -- the attacker may pick Burnes (1) over
  // Keane (2); the defender with a single agent is not asked.
  auto s = board({"place NI FF at 28,22", "agent Keane at 28,22", "agent Burnes at 28,22",
                  "place PE GA at 28,22", "agent Vitkovitch at 28,22", "phase combat British op 1"});
  play(*s, kBritish, "Attack at Afghanistan, 1 square S of Kabul");
  EXPECT_EQ(game().prompt(*s, kBritish).kind, "combat_agent");
  EXPECT_EQ(labels(*s, kBritish).size(), 2u);
  S(*s).rng.force_roll(3);
  auto log = log_of(*s, kBritish, "Use Burnes's military value 1 in combat");
  bool found = false;
  for (auto& l : log) found = found || l.find("rolled 3+0") != std::string::npos;  // 1 - Vitkovitch's 1
  EXPECT_TRUE(found);
}

TEST(CrossroadsChoices, DefenderPicksHisAgentToo) {
  // 14.8: the defender subtracts the military value of any one agent in his force.
  auto s = board({"place NI FF at 28,22", "agent Keane at 28,22", "place PE GA at 28,22",
                  "agent Vitkovitch at 28,22", "agent Samson at 28,22", "phase combat British op 1"});
  play(*s, kBritish, "Attack at Afghanistan, 1 square S of Kabul");
  EXPECT_EQ(game().awaiting(*s), core::seat_bit(kRussian));
  EXPECT_EQ(game().prompt(*s, kRussian).kind, "combat_agent");
  S(*s).rng.force_roll(3);
  auto log = log_of(*s, kRussian, "Use Samson's military value 2 in combat");
  bool found = false;
  for (auto& l : log) found = found || l.find("rolled 3+0") != std::string::npos;  // Keane 2 - Samson 2
  EXPECT_TRUE(found);
}

TEST(CrossroadsChoices, MoverPicksTheMovementBonusAgent) {
  // 16.21: one agent per force gives the bonus; the owner picks which. Burnes (1) chosen over
  // Keane (2): 4 + 1 = 5 movement points; Burnes may not be dropped off, Keane may.
  auto s = board({"place British FF at Delhi", "agent Keane at Delhi", "agent Burnes at Delhi"});
  play(*s, kBritish, "Pick the force at Delhi");
  play(*s, kBritish, "Begin the move");
  EXPECT_EQ(game().prompt(*s, kBritish).kind, "move_agent");
  play(*s, kBritish, "Burnes gives the movement bonus (+1)");
  EXPECT_EQ(S(*s).force_mp, 10);
  play(*s, kBritish, "Move to North India, 1 square S of Delhi");
  EXPECT_FALSE(offered(*s, kBritish, "Drop off Burnes"));
  EXPECT_TRUE(offered(*s, kBritish, "Drop off Keane"));
}

TEST(CrossroadsChoices, NoPromptWithOneAgent) {
  // 16.21: a single agent in the force is the only candidate: no question is asked.
  auto s = board({"place British FF at Delhi", "agent Keane at Delhi"});
  play(*s, kBritish, "Pick the force at Delhi");
  play(*s, kBritish, "Begin the move");
  EXPECT_EQ(game().prompt(*s, kBritish).kind, "force");
  EXPECT_EQ(S(*s).force_mp, 12);
}

TEST(CrossroadsChoices, DefenderDeclaresHisCounter) {
  // 15.1(4): the non-phasing player declares whether he counters, and with which agent.
  auto s = board({"agent Burnes at Kabul", "agent Vitkovitch at Kabul", "agent Simonich at Kabul",
                  "pounds British 5", "pounds Russian 5", "phase negotiations British op 1"});
  play(*s, kBritish, "Negotiate with Afghanistan through Burnes");
  EXPECT_EQ(game().awaiting(*s), core::seat_bit(kRussian));
  EXPECT_EQ(labels(*s, kRussian),
            (std::vector<std::string>{"Counter with Simonich (political value 2)",
                                      "Counter with Vitkovitch (political value 2)", "Do not counter"}));
  play(*s, kRussian, "Do not counter");
  // Declining: only the British commit, the Russian treasury is untouched.
  EXPECT_EQ(game().awaiting(*s), core::seat_bit(kBritish));
  S(*s).rng.force_roll(1);
  play(*s, kBritish, "Commit 0 pounds");
  EXPECT_EQ(S(*s).pounds[kRussian], 5);
}

TEST(CrossroadsChoices, UltimatumCounterIsDeclared) {
  // 15.61(4): the same declaration for an ultimatum (optional rule 15.6).
  auto s = board({"agent Burnes at Kabul", "place British FF at Kabul", "agent Vitkovitch at Kabul",
                  "phase negotiations British op 1"},
                 kBritish, {{"ultimatums", "on"}});
  play(*s, kBritish, "Ultimatum to Afghanistan through Burnes");
  EXPECT_EQ(game().prompt(*s, kRussian).kind, "counter");
  play(*s, kRussian, "Counter with Vitkovitch (political value 2)");
  EXPECT_EQ(S(*s).nego_defender_agent, data().agent_index("Vitkovitch"));
}

TEST(CrossroadsChoices, RegionMayBeMadeNeutral) {
  // 23.1(2): "change the control status of regions they control" -- neutral is one such status.
  auto s = board({"control AF British", "phase negotiations British op 1"});
  play(*s, kBritish, "Offer to make Afghanistan neutral");
  EXPECT_EQ(game().prompt(*s, kRussian).kind, "answer_offer");
  play(*s, kRussian, "Accept the offer");
  EXPECT_EQ(S(*s).control[data().region_index("AF")], kNeutral);
}

TEST(CrossroadsChoices, PoundsMayBeAskedFor) {
  // 23.1(1): trade pounds -- either way; the other player accepts only if he can pay.
  auto s = board({"pounds British 0", "pounds Russian 3", "phase combat British op 1"});
  play(*s, kBritish, "Ask for 2 pounds");
  play(*s, kRussian, "Accept the offer");
  EXPECT_EQ(S(*s).pounds[kBritish], 2);
  EXPECT_EQ(S(*s).pounds[kRussian], 1);
  play(*s, kBritish, "Ask for 5 pounds");
  EXPECT_EQ(labels(*s, kRussian), std::vector<std::string>{"Decline the offer"});
}

TEST(CrossroadsChoices, BotsMakeNoOffers) {
  // 23.1 offers are one-sided here (nothing makes the other side pay back): a bot skips every
  // gift (pounds, a region, a region made neutral) and every request for pounds, and still
  // has the rest of its choices.
  auto s = board({"control AF British", "pounds British 10", "phase negotiations British op 1"});
  int offers = 0, others = 0;
  std::vector<core::Action> legal;
  game().legal_actions(*s, kBritish, legal);
  for (const core::Action& a : legal) {
    std::string label = game().describe(*s, kBritish, a);
    bool offer = label.rfind("Offer", 0) == 0 || label.rfind("Ask for", 0) == 0;
    offers += offer;
    others += !offer;
    EXPECT_EQ(game().bot_skips(*s, kBritish, a), offer) << label;
  }
  EXPECT_EQ(offers, 4 * 2 + 3 * 2);  // 1, 2, 5 or 10 pounds either way; North India, Nepal, Afghanistan
  EXPECT_GT(others, 0);
}

TEST(CrossroadsChoices, OffersAreBoundedPerPhase) {
  // 23.0 interpretation: two offers per seat per phase keep every game finite.
  auto s = board({"pounds British 10", "phase negotiations British op 1"});
  for (int i = 0; i < kOffersPerPhase; ++i) {
    play(*s, kBritish, "Offer 1 pounds");
    play(*s, kRussian, "Decline the offer");
  }
  EXPECT_FALSE(offered(*s, kBritish, "Offer 1 pounds"));
  // A third offer is refused with the reason and changes nothing.
  std::string before = core::state_hash(game(), *s);
  auto r = core::apply(game(), *s, kBritish, core::Action{OFFER_POUNDS, 1, 0, 0});
  EXPECT_FALSE(r.status.is_ok());
  EXPECT_NE(r.status.message().find("(23.0)"), std::string::npos) << r.status.message();
  EXPECT_EQ(core::state_hash(game(), *s), before);
}

}  // namespace
}  // namespace frontier::crossroads::test

namespace frontier::crossroads::test {
namespace {

TEST(CrossroadsChoices, LevyKhanIsTheGainingPlayersChoice) {
  // 5.42(3): "The player may take the Khan ... and place it on one of the irregulars."
  auto s = board({"place British FF at Kandahar", "phase negotiations British op 1"});
  S(*s).rng.force_roll(2);
  play(*s, kBritish, "End negotiations");  // 5.41(2): Afghanistan joins the Russians
  std::vector<core::Action> legal;
  while (game().prompt(*s, kRussian).kind == "levy") {  // the first square offered each time
    game().legal_actions(*s, kRussian, legal);
    ASSERT_FALSE(legal.empty());
    core::apply(game(), *s, kRussian, legal.front());
  }
  EXPECT_EQ(game().prompt(*s, kRussian).kind, "levy_khan");
  auto choices = labels(*s, kRussian);
  EXPECT_EQ(choices.back(), "Leave the Khan in the counter mix");
  int khan = data().agent_index("Khan of Afghanistan");
  ASSERT_GE(khan, 0);
  play(*s, kRussian, "Leave the Khan in the counter mix");
  EXPECT_EQ(S(*s).agents[khan].loc, kPool);
  EXPECT_FALSE(S(*s).levy_busy());
}

}  // namespace
}  // namespace frontier::crossroads::test
