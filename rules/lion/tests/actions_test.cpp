// Raids (6.5), sorties (6.6), defensive positions (6.7), defence resolution (7.2) and the
// casualty rules (11.11) of The Lion of Khartoum.
#include <algorithm>

#include "core/view.h"
#include "lion_fixture.h"

namespace frontier::lion::testing {
namespace {

std::unique_ptr<core::GameState> turn3(int ap = 3) {
  auto g = start(7);
  edit(*g, "turn 3");
  edit(*g, "ap " + std::to_string(ap));
  return g;
}

// The question before the action phase ends with AP unused (4.1) or a banner path without a
// defender (6.7), as LegalChoice.confirm carries it; the phase in words on the status line.
TEST(LionActions, EndingWithAPOrAPathUndefendedAsksFirst) {  // 4.1, 6.7
  auto s = turn3(2);
  auto confirm_of = [&](const std::string& label) {
    frontier::Prompt p = core::prompt_with_choices(game(), *s, 0);
    for (const auto& c : p.choices())
      if (c.label() == label) return c.confirm();
    ADD_FAILURE() << "no choice " << label << " in " << choices(*s);
    return std::string();
  };
  frontier::GameStatus status;
  game().status(*s, status);
  EXPECT_EQ(status.phase(), "Choosing actions");
  EXPECT_EQ(status.score_name(), "Months the Palace held");
  std::string question = confirm_of("End the action phase");
  EXPECT_EQ(question.rfind("End the action phase with 2 action points unused (4.1)", 0), 0u) << question;
  EXPECT_EQ(question.back(), '?');
  // Without AP only the open paths are left to ask about: those whose areas hold nobody in
  // Gordon's view.
  edit(*s, "ap 0");
  frontier::GameView packed;
  game().view(*s, 0, packed);
  auto view = core::unpack_view<LionView>(packed);
  std::vector<std::string> open;
  for (const auto& a : view.areas()) {
    bool held = false;
    for (const auto& b : view.areas()) held = held || (b.path() == a.path() && b.units_size() > 0);
    if (a.path() != "palace" && !held && std::find(open.begin(), open.end(), a.path()) == open.end())
      open.push_back(a.path());
  }
  question = confirm_of("End the action phase");
  if (open.empty()) {
    EXPECT_EQ(question, "");
  } else {
    EXPECT_EQ(question.rfind("End the action phase with no defender on the " + open[0], 0), 0u) << question;
    for (const auto& path : open) EXPECT_NE(question.find(path), std::string::npos) << question;
    EXPECT_EQ(question.find("action point"), std::string::npos) << question;
  }
}

TEST(LionRaid, HalfStrengthRoundedUpAndNileOnlyGunboats) {
  auto g = turn3();
  edit(*g, "banner black 6 9");
  edit(*g, "gunboats 2 0");
  play(*g, "Raid (6.5)");
  play(*g, "Raid the Black Banner in Omdurman Camp");
  // 6.5: one regular infantry unit, never militia
  EXPECT_FALSE(can(*g, "Add Militia (1 step)"));
  play(*g, "Add Bachi-bouzouks (2 steps)");
  play(*g, "No leader");
  // 6.5: gunboats only against a banner on a Nile bank; Omdurman Camp is not one.
  EXPECT_EQ(choices(*g), "Add a light gun | Launch the raid");
  dice(*g, {6, 6, 6, 6});
  std::vector<core::LogEvent> log;
  play(*g, "Launch the raid", &log);
  // Bachi +1, CM 12 → 0, RP 32 → +1, 9 / 2 rounded up = 5: DRM -3; 12 - 3 = 9.
  EXPECT_NE(text(log).find("units +1, CM/RP +1, half strength -5 = DRM -3; roll 12 → 9: Minor success"),
            std::string::npos)
      << text(log);
  EXPECT_EQ(st(g).rp, 33);
}

TEST(LionRaid, SuccessDisorganisesTheBanner) {
  auto g = turn3();
  edit(*g, "banner white 5 2");
  play(*g, "Raid (6.5)");
  play(*g, "Raid the White Banner in White Nile Shore");
  play(*g, "Add Sudanese infantry (2 steps)");
  play(*g, "Add Muhamad Ali Pasha");
  dice(*g, {4, 4, 6, 6});
  play(*g, "Launch the raid");  // +2 +2 +1 - 1 = +4; 8 + 4 = 12: major success (AOT.2)
  EXPECT_TRUE(st(g).disorganised[3]);
  EXPECT_EQ(st(g).banner_str[3], 1);
  EXPECT_EQ(st(g).rp, 34);
}

TEST(LionSortie, EligibleUnitsAndSupport) {
  auto g = turn3();
  edit(*g, "reduce bachi");
  edit(*g, "militia 2");
  edit(*g, "gunboats 1 0");
  play(*g, "Sortie (6.6)");
  EXPECT_EQ(st(g).rp, 31);  // 6.6: 1 RP
  play(*g, "Sortie against the Red Banner in Halfaya");
  // 6.6: no militia, no reduced Bachi-bouzouks; at least one infantry unit.
  EXPECT_FALSE(can(*g, "Add Militia (1 step)"));
  EXPECT_FALSE(can(*g, "Add Bachi-bouzouks (1 step)"));
  EXPECT_FALSE(can(*g, "No more infantry"));
  auto r = core::apply(game(), *g, 0, core::Action{ADD_TROOP, kMilitia, 1, 0});
  EXPECT_NE(r.status.message().find("(6.6)"), std::string::npos);
  play(*g, "Add Sudanese infantry (2 steps)");
  play(*g, "No more infantry");
  play(*g, "No leader");
  // 6.6: the heavy gun only with a gunboat; light guns one per infantry unit.
  EXPECT_FALSE(can(*g, "Add the heavy gun"));
  play(*g, "Add a light gun");
  EXPECT_FALSE(can(*g, "Add a light gun"));
  play(*g, "Add a gunboat");  // Halfaya is a Nile bank
  EXPECT_TRUE(can(*g, "Add the heavy gun"));
  play(*g, "Add the heavy gun");
  dice(*g, {6, 6, 6, 6, 6});
  std::vector<core::LogEvent> log;
  play(*g, "Launch the sortie", &log);
  // Sudanese +1, light +1, gunboat +1, heavy +2, CM/RP +1 (RP 31), strength -6: DRM 0; 12.
  EXPECT_NE(text(log).find("units +5, CM/RP +1, strength -6 = DRM +0; roll 12 → 12: Major success"),
            std::string::npos)
      << text(log);
  EXPECT_EQ(st(g).banner_str[2], 4);
  EXPECT_EQ(st(g).banner_pos[2], 6);  // 7.2: no retreat beyond area 6
  EXPECT_EQ(st(g).cm, 13);
}

TEST(LionSortie, RetreatGivesBackAKeyArea) {
  auto g = turn3();
  edit(*g, "banner black 5 2");
  edit(*g, "cm 10");
  play(*g, "Sortie (6.6)");
  play(*g, "Sortie against the Black Banner in Fort Omdurman");
  play(*g, "Add Egyptian infantry (2 steps)");
  play(*g, "No more infantry");
  play(*g, "No leader");
  dice(*g, {5, 5, 6});
  play(*g, "Launch the sortie");  // +1, RP 31 +1, -2: DRM 0, 10: success, retreat (AOT.3)
  EXPECT_EQ(st(g).banner_pos[0], 6);
  EXPECT_EQ(st(g).cm, 11);  // 11.9: Fort Omdurman regained
}

TEST(LionDefence, AreaRulesOfTheErrata) {
  auto g = turn3(1);
  edit(*g, "banner green 3 6");
  edit(*g, "militia 2");
  play(*g, "Set up defensive positions (6.7)");
  // 6.7 / 11.3: only areas under your control.
  EXPECT_FALSE(can(*g, "Defend Buri Fort"));
  EXPECT_TRUE(can(*g, "Defend Coptic Quarter"));
  auto r =
      core::apply(game(), *g, 0, core::Action{DEFEND_AREA, static_cast<int16_t>(area_by_id("green4")), 0, 0});
  EXPECT_NE(r.status.message().find("under your control"), std::string::npos);
  play(*g, "Defend Governor's Palace");  // the Palace lies on all four paths
  play(*g, "Add Egyptian infantry (2 steps)");
  play(*g, "Add Egyptian infantry (2 steps)");
  play(*g, "Add Militia (1 step)");
  play(*g, "Add Militia (1 step)");
  EXPECT_FALSE(can(*g, "Add Sudanese infantry (2 steps)"));  // errata: up to 4 infantry per area
  auto fifth = core::apply(game(), *g, 0, core::Action{ADD_TROOP, kSudanese, 2, 0});
  EXPECT_NE(fifth.status.message().find("At most 4 infantry units"), std::string::npos)
      << fifth.status.message();
  play(*g, "Add Lt. Col. Stewart");
  EXPECT_FALSE(can(*g, "Add Muhamad Ali Pasha"));  // one leader per area
  play(*g, "Add a light gun");
  play(*g, "Add a light gun");  // any number of guns
  play(*g, "Garrison of Governor's Palace complete");
  EXPECT_EQ(choices(*g), "Done setting up defences");  // errata: one area per banner path
}

// The White Banner (strength 12) attacks the upgraded Southern Ramparts, held by Bachi-bouzouks,
// Sudanese infantry and Stewart; the Green Banner (strength 0) activates next. At the 7.2 RP prompt.
std::unique_ptr<core::GameState> ramparts_under_attack() {
  auto g = turn3(1);
  edit(*g, "fort white4 on");
  edit(*g, "banner white 5 12");
  edit(*g, "draws banner 2");  // White, then Green
  edit(*g, "banner green 6 0");
  play(*g, "Set up defensive positions (6.7)");
  play(*g, "Defend Southern Ramparts");
  play(*g, "Add Bachi-bouzouks (2 steps)");
  play(*g, "Add Sudanese infantry (2 steps)");
  play(*g, "Add Lt. Col. Stewart");
  play(*g, "Garrison of Southern Ramparts complete");
  play(*g, "Done setting up defences");
  return g;
}

TEST(LionDefence, BannerTakesTheAreaAndSurvivorsFallBack) {
  auto g = ramparts_under_attack();
  ASSERT_EQ(game().prompt(*g, 0).kind, "spend_rp");
  // Bachi 0, Sudanese +1, Stewart +2, +2 (rampart + marker), +1 (RP 32), -12 = -6; 2 → -4:
  // overrun (AOT.1), casualties at -2.
  dice(*g, {1, 1, 6, 6});
  std::vector<core::LogEvent> log;
  play(*g, "Spend no RP", &log);
  EXPECT_NE(text(log).find("DRM -6; roll 2 → -4: Defences overrun"), std::string::npos) << text(log);
  // Troops 6-2 = 4: one step, two two-step units: Gordon chooses (11.11).
  ASSERT_EQ(game().prompt(*g, 0).kind, "allocate_step_loss");
  EXPECT_EQ(choices(*g), "Reduce Sudanese infantry (2 steps) | Reduce Bachi-bouzouks (2 steps)");
  play(*g, "Reduce Bachi-bouzouks (2 steps)", &log);
  const State& s = st(g);
  EXPECT_EQ(s.banner_pos[3], 4);                      // 7.2: it advances into the area and stops
  EXPECT_FALSE(s.fort_marker[area_by_id("white4")]);  // the upgrade marker is removed
  EXPECT_NE(text(log).find("City Morale -1 → 11"), std::string::npos);  // 11.9: key area
  EXPECT_NE(text(log).find("Green Banner is disorganised and does nothing (7.1)"), std::string::npos);
  EXPECT_EQ(s.turn, 4);
  EXPECT_EQ(s.leaders[kStewart].loc, Loc::kAvailable);
}

TEST(LionDefence, OptionalResourcePointAddsOne) {
  auto g = turn3(1);
  edit(*g, "draws banner 3");
  play(*g, "Set up defensive positions (6.7)");
  play(*g, "Defend Khojali");
  play(*g, "Add Egyptian infantry (2 steps)");
  play(*g, "Garrison of Khojali complete");
  play(*g, "Done setting up defences");
  dice(*g, {3, 3, 6});
  std::vector<core::LogEvent> log;
  play(*g, "Spend 1 RP for +1 (7.2)", &log);  // 7.2 step 3
  // Egyptians +2, open 0, +1, RP 31 +1, strength -6: DRM -2; 6 → 4: breaks in.
  EXPECT_NE(text(log).find("units +2, fortification +0, 1 RP +1, CM/RP +1, strength -6 = DRM -2; roll 6 → 4"),
            std::string::npos)
      << text(log);
}

CombatView combat_view(const core::GameState& s) {
  GameView v;
  game().view(s, 0, v);
  return core::unpack_view<LionView>(v).combat();
}

TEST(LionCombatView, ARaidBeingFormedShowsItsStackAndTheModifierItWillRollWith) {
  auto g = turn3();
  edit(*g, "banner black 6 9");
  play(*g, "Raid (6.5)");
  play(*g, "Raid the Black Banner in Omdurman Camp");
  play(*g, "Add Bachi-bouzouks (2 steps)");
  play(*g, "No leader");
  CombatView c = combat_view(*g);
  EXPECT_EQ(c.kind(), "raid");
  EXPECT_EQ(c.banner(), "Black Banner");
  EXPECT_EQ(c.banner_strength(), 9);
  ASSERT_EQ(c.units_size(), 1);
  EXPECT_EQ(c.units(0).name(), "Bachi-bouzouks (2 steps)");
  EXPECT_EQ(c.units(0).factor(), 1);
  // 6.5 step 3: half the strength, rounded up; the same terms the roll's log line gives.
  EXPECT_EQ(c.units_drm(), 1);
  EXPECT_EQ(c.tracks_drm(), 1);
  EXPECT_EQ(c.banner_drm(), -5);
  EXPECT_EQ(c.drm(), -3);
  EXPECT_FALSE(c.rolled());
  dice(*g, {6, 6, 6, 6});
  std::vector<core::LogEvent> log;
  play(*g, "Launch the raid", &log);
  EXPECT_NE(text(log).find("= DRM -3;"), std::string::npos) << text(log);
  GameView after;
  game().view(*g, 0, after);
  EXPECT_FALSE(core::unpack_view<LionView>(after).has_combat());  // resolved and over: no combat to show
}

TEST(LionCombatView, ADefenceShowsTheAreaBeforeTheRollAndTheOutcomeWhileLossesAreChosen) {
  auto g = ramparts_under_attack();
  // 7.2 step 3: the RP is still to decide; the modifier shown is the one without it.
  CombatView before = combat_view(*g);
  EXPECT_EQ(before.kind(), "defence");
  EXPECT_EQ(before.banner(), "White Banner");
  EXPECT_EQ(before.area(), "Southern Ramparts");
  EXPECT_EQ(before.units_size(), 3);
  EXPECT_EQ(before.fortification(), 2);  // rampart + upgrade marker
  EXPECT_EQ(before.banner_drm(), -12);
  EXPECT_EQ(before.drm(), -6);  // Bachi 0, Sudanese +1, Stewart +2, +2, CM/RP +1, -12
  EXPECT_FALSE(before.rolled());
  dice(*g, {1, 1, 6, 6});
  play(*g, "Spend no RP");
  // Overrun (AOT.1), troops roll 6 - 2 = 4: one step, and Gordon chooses which (11.11).
  ASSERT_EQ(game().prompt(*g, 0).kind, "allocate_step_loss");
  CombatView after = combat_view(*g);
  EXPECT_TRUE(after.rolled());
  EXPECT_FALSE(after.rp_spent());
  EXPECT_EQ(after.outcome(), "Defences overrun");
  EXPECT_EQ(after.outcome_max(), 2);
  EXPECT_EQ(after.casualty_drm(), -2);
  EXPECT_EQ(after.steps_to_lose(), 1);
  EXPECT_EQ(after.next_table(), "guns");  // leaders and troops rolled, guns and gunboats to come
  EXPECT_EQ(after.drm(), 0);              // the terms are the log line's once rolled
}

}  // namespace
}  // namespace frontier::lion::testing
