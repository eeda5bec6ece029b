// Movement (11.3, 12.2, 13.0, 16.21, 19.2).
#include <random>

#include "crossroads/rules.h"
#include "helpers.h"

namespace frontier::crossroads::test {
namespace {

TEST(CrossroadsMovement, ForceMovesAtItsSlowestUnit) {
  // 11.3: a flying column (6) with a field force (4) moves 4.
  auto s = board({"place British FC at Delhi", "place British FF at Delhi"});
  play(*s, kBritish, "Pick the force at Delhi");
  play(*s, kBritish, "Begin the move");
  EXPECT_EQ(S(*s).force_mp, 8);  // half points
}

TEST(CrossroadsMovement, AgentAddsHisMilitaryRating) {
  // 16.21: Keane (military 2) with an infantry brigade (4) gives the force 6.
  auto s = board({"place British FF at Delhi", "agent Keane at Delhi"});
  play(*s, kBritish, "Pick the force at Delhi");
  play(*s, kBritish, "Begin the move");
  EXPECT_EQ(S(*s).force_mp, 12);
  // The agent giving the bonus may not be dropped off (16.21).
  play(*s, kBritish, "Move to North India, 1 square S of Delhi");
  EXPECT_FALSE(offered(*s, kBritish, "Drop off Keane"));
}

TEST(CrossroadsMovement, AgentsMaySetOffWithoutTheirStack) {
  // 11.3: any of a square's pieces form a force; the agents alone move at their own rate (13.2).
  auto s = board({"place British FF at Delhi", "agent Keane at Delhi", "agent Burnes at Delhi"});
  EXPECT_FALSE(offered(*s, kBritish, "Pick the agents at Agra without the units"));
  play(*s, kBritish, "Pick the agents at Delhi without the units");
  EXPECT_TRUE(offered(*s, kBritish, "Take along British field force 1"));
  EXPECT_TRUE(offered(*s, kBritish, "Leave behind Keane"));
  play(*s, kBritish, "Begin the move");
  EXPECT_EQ(S(*s).force_mp, 16);  // kAgentMove (8), not the field force's 4 + Keane's 2
  play(*s, kBritish, "Move to North India, 1 square S of Delhi");
  play(*s, kBritish, "End this force's move");
  EXPECT_EQ(S(*s).agents[S(*s).d->agent_index("Burnes")].loc, square("Delhi") + kW);
  // The field force stays, and may still move as a force of its own.
  EXPECT_TRUE(offered(*s, kBritish, "Pick the force at Delhi"));
  EXPECT_FALSE(offered(*s, kBritish, "Pick the agents at Delhi without the units"));
}

TEST(CrossroadsMovement, LaterOperationsCostSupply) {
  // 12.2: moving in the 2nd-5th operations phases costs one SP per force.
  auto s = board({"place British FF at Delhi", "phase movement British op 2", "sp British 0"});
  EXPECT_FALSE(offered(*s, kBritish, "Pick the force at Delhi"));
  edit(*s, "sp British 1");
  play(*s, kBritish, "Pick the force at Delhi");
  play(*s, kBritish, "Begin the move (1 SP)");
  EXPECT_EQ(S(*s).sp[kBritish], 0);
}

TEST(CrossroadsMovement, OnlyHighlightedForcesMoveDiagonally) {
  // 13.2: irregulars may cross vertices, field forces only sides.
  auto s = board({"place NI IR at Delhi"});
  play(*s, kBritish, "Pick the force at Delhi");
  play(*s, kBritish, "Begin the move");
  EXPECT_TRUE(offered(*s, kBritish, "Move to North India, 1 square NE of Delhi"));
  auto t = board({"place British FF at Delhi"});
  play(*t, kBritish, "Pick the force at Delhi");
  play(*t, kBritish, "Begin the move");
  EXPECT_FALSE(offered(*t, kBritish, "Move to North India, 1 square NE of Delhi"));
}

TEST(CrossroadsMovement, MustStopOnEnteringEnemyCombatUnits) {
  // 13.32
  auto s = board({"place British FF at Delhi", "place Russian FF at 35,31"});
  play(*s, kBritish, "Pick the force at Delhi");
  play(*s, kBritish, "Begin the move");
  play(*s, kBritish, "Move to North India, 1 square E of Delhi");
  for (const auto& l : labels(*s, kBritish)) EXPECT_EQ(l.rfind("Move to", 0), std::string::npos) << l;
}

TEST(CrossroadsMovement, OnlyBritishRegularsEnterCentralIndia) {
  // 19.21
  const Data& d = data();
  int edge = -1;
  for (int sq = 0; sq < kSquares && edge < 0; ++sq)
    if (d.central_india_edge[sq]) edge = sq;
  std::string at = square_name(d, edge);
  auto s = board({"place British FF at " + at, "place NI GA at " + at});
  play(*s, kBritish, "Pick the force at " + at);
  play(*s, kBritish, "Begin the move");
  EXPECT_FALSE(offered(*s, kBritish, "Move to Central India"));
  auto t = board({"place British FF at " + at});
  play(*t, kBritish, "Pick the force at " + at);
  play(*t, kBritish, "Begin the move");
  EXPECT_TRUE(offered(*t, kBritish, "Move to Central India"));
}

TEST(CrossroadsMovement, ForceSailedHomeMayEndItsMove) {
  // 19.11 + 13.84: a force sailing the Persian Gulf may sail home to Central India, and there,
  // off the map's squares, it is not at sea: it may end its move. (Reading the home base's
  // terrain once ran past the map's array; the sanitizer build catches that class.)
  const Data& d = data();
  std::string at = square_name(d, d.gulf_entry);
  auto s = board({"place British FF at Karachi", "sp British 5"});
  play(*s, kBritish, "Pick the force at Karachi");
  play(*s, kBritish, "Begin the move");
  play(*s, kBritish, "Begin amphibious movement");
  play(*s, kBritish, "Move to " + at);
  play(*s, kBritish, "Move to Central India");
  EXPECT_EQ(S(*s).force_sq, kCentralIndia);
  EXPECT_TRUE(offered(*s, kBritish, "End this force's move"));
}

TEST(CrossroadsMovement, AmphibiousLegNeverEntersASquareTwice) {
  // 13.81: one movement point moves the force "any distance along a contiguous chain": a path.
  // Going back over squares already crossed in the same leg would let a force (or a bot) step
  // to and fro at no cost without end; every square it could reach that way lies on a path.
  const Data& d = data();
  std::string sea = square_name(d, d.gulf_entry);
  auto s = board({"place British FF at Karachi", "sp British 5"});
  play(*s, kBritish, "Pick the force at Karachi");
  play(*s, kBritish, "Begin the move");
  play(*s, kBritish, "Begin amphibious movement");
  play(*s, kBritish, "Move to " + sea);
  EXPECT_FALSE(offered(*s, kBritish, "Move to Karachi"));  // where the leg began
  int mp = S(*s).force_mp;
  std::string step;  // onward along the chain
  for (const auto& l : labels(*s, kBritish))
    if (l.rfind("Move to the ", 0) == 0) step = l;  // a water square: "the Arabian Sea, ..."
  ASSERT_FALSE(step.empty());
  play(*s, kBritish, step);
  EXPECT_FALSE(offered(*s, kBritish, "Move to " + sea));  // crossed already in this leg
  EXPECT_EQ(S(*s).force_mp, mp);                          // the chain cost its one point once
}

TEST(CrossroadsMovement, AnAmphibiousLegIsNeverLeftAtSea) {
  // 13.84: a force may not end its move at sea, and 13.81's leg never enters a square twice, so
  // the leg may step out to sea only while a way ashore (or home, 19.11/19.12) remains over
  // squares it has not entered. Random legs from every port: whenever the force is at sea, a
  // move onward is offered. (Without the way-ashore half, legs sail into bays whose only exit
  // they have already crossed and are left with nothing to do.)
  const Data& d = data();
  std::mt19937 rng(1384);
  int legs = 0, sea_steps = 0;
  for (const City& port : d.cities) {
    if (!port.port) continue;
    for (int walk = 0; walk < 150; ++walk) {
      auto s = board({"place British FF at " + port.name, "sp British 20"});
      if (!offered(*s, kBritish, "Pick the force at " + port.name)) break;
      play(*s, kBritish, "Pick the force at " + port.name);
      play(*s, kBritish, "Begin the move");
      if (!offered(*s, kBritish, "Begin amphibious movement")) break;
      play(*s, kBritish, "Begin amphibious movement");
      ++legs;
      for (int step = 0; step < 80 && S(*s).phase == kForce && S(*s).force_mode == 1; ++step) {
        std::vector<std::string> moves;
        for (const auto& l : labels(*s, kBritish))
          if (l.rfind("Move to ", 0) == 0) moves.push_back(l);
        int at = S(*s).force_sq;
        bool at_sea = at < kSquares && d.terrain[at] == kSea;
        if (at_sea) ++sea_steps;
        ASSERT_TRUE(!at_sea || !moves.empty())
            << "a leg from " << port.name << " is stuck at sea at square " << at / kW << "," << at % kW;
        if (moves.empty()) break;
        play(*s, kBritish, moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng)]);
      }
    }
  }
  EXPECT_GE(legs, 600);  // 150 from each of the four ports a British force may sail from
  EXPECT_GT(sea_steps, 4000);
}

TEST(CrossroadsMovement, RailLegNeverEntersASquareTwice) {
  // 13.61: "an unlimited number of connected squares via friendly railroads" for one movement
  // point: a path, as 13.81's chain. A new leg (13.63, one more point) may cross them again.
  auto s = board({"place British FF at 30,30", "turn 6", "marker British railroad at 30,30",
                  "marker British railroad at 30,31", "marker British railroad at 30,32"});
  play(*s, kBritish, "Pick the force at North India, 1 square N of Simla");
  play(*s, kBritish, "Begin the move");
  play(*s, kBritish, "Begin railroad movement");
  play(*s, kBritish, "Move to North India, 1 square NE of Simla");
  EXPECT_FALSE(offered(*s, kBritish, "Move to North India, 1 square N of Simla"));
  EXPECT_TRUE(offered(*s, kBritish, "Move to Western Tibet, 1 square NW of Gartok"));
  play(*s, kBritish, "Move to Western Tibet, 1 square NW of Gartok");
  EXPECT_FALSE(offered(*s, kBritish, "Move to North India, 1 square NE of Simla"));
  play(*s, kBritish, "Return to land movement");
  play(*s, kBritish, "Begin railroad movement");
  EXPECT_TRUE(offered(*s, kBritish, "Move to North India, 1 square NE of Simla"));
}

}  // namespace
}  // namespace frontier::crossroads::test

namespace frontier::crossroads::test {
namespace {

TEST(CrossroadsMovement, HomeBaseBySeaAndRail) {
  // 19.11: British regulars leave Central India by the Persian Gulf (amphibious, 2 SP as from a
  // non-port); 19.14: from 1860-64 by a friendly railroad on an edge square.
  auto s = board({"place British FF at Central India", "sp British 2"});
  play(*s, kBritish, "Pick the force at Central India");
  play(*s, kBritish, "Begin the move");
  play(*s, kBritish, "Begin amphibious movement");
  EXPECT_EQ(S(*s).sp[kBritish], 0);
  EXPECT_EQ(data().water[S(*s).force_sq], 'G');
  const Data& d = data();
  int edge = -1;
  for (int sq = 0; sq < kSquares && edge < 0; ++sq)
    if (d.central_india_edge[sq]) edge = sq;
  std::string at = square_name(d, edge);
  auto t = board({"place British FF at Central India", "turn 6", "marker British railroad at " + at});
  play(*t, kBritish, "Pick the force at Central India");
  play(*t, kBritish, "Begin the move");
  play(*t, kBritish, "Begin railroad movement");
  EXPECT_TRUE(offered(*t, kBritish, "Move to " + at));
}

// The choices a bot is left with while forming the force at hand: each label, and whether the
// bot skips it.
std::vector<std::pair<std::string, bool>> bot_choices(const core::GameState& s) {
  std::vector<core::Action> legal;
  game().legal_actions(s, kBritish, legal);
  std::vector<std::pair<std::string, bool>> out;
  for (const core::Action& a : legal)
    out.emplace_back(game().describe(s, kBritish, a), game().bot_skips(s, kBritish, a));
  return out;
}

bool bot_skips_label(const core::GameState& s, const std::string& label) {
  for (const auto& [l, skipped] : bot_choices(s))
    if (l == label) return skipped;
  ADD_FAILURE() << label << " is not offered";
  return false;
}

TEST(CrossroadsMovement, BotsFormAForceOnlyByLeavingPiecesBehind) {
  // 11.3: every piece in the square starts in the force. A bot only leaves pieces behind, keeps
  // one, and does not cancel a force it could move, so forming one takes it at most n choices.
  auto s = board({"place British FF at Delhi", "place British FC at Delhi", "agent Keane at Delhi"});
  play(*s, kBritish, "Pick the force at Delhi");
  int leave = 0;
  for (const auto& [label, skipped] : bot_choices(*s)) {
    bool leaving = label.rfind("Leave behind", 0) == 0;
    leave += leaving;
    EXPECT_EQ(skipped, label == "Cancel this force") << label;
  }
  EXPECT_EQ(leave, 3);
  play(*s, kBritish, "Leave behind Keane");
  EXPECT_TRUE(bot_skips_label(*s, "Take along Keane"));
  for (const auto& [label, skipped] : bot_choices(*s)) {
    if (label.rfind("Leave behind", 0) == 0) {
      EXPECT_FALSE(skipped) << label;
    }
  }
  // One unit left in the force: leaving it too would only cancel the force.
  std::string second;
  for (const auto& [label, skipped] : bot_choices(*s))
    if (label.rfind("Leave behind", 0) == 0) second = label;
  play(*s, kBritish, second);
  int offered_to_bot = 0;
  for (const auto& [label, skipped] : bot_choices(*s)) {
    offered_to_bot += !skipped;
    if (!skipped) {
      EXPECT_EQ(label, "Begin the move");
    }
  }
  EXPECT_EQ(offered_to_bot, 1);
  play(*s, kBritish, "Begin the move");
  EXPECT_FALSE(bot_skips_label(*s, "End this force's move"));
}

TEST(CrossroadsMovement, BotsCancelAForceThatCannotPayToBegin) {
  // 12.2: from the 2nd operations phase a force pays one SP to begin. With none left the bot
  // may cancel, and still never takes a piece back.
  auto s = board({"place British FF at Delhi", "place British FC at Delhi", "phase movement British op 2",
                  "sp British 1"});
  play(*s, kBritish, "Pick the force at Delhi");
  EXPECT_TRUE(bot_skips_label(*s, "Cancel this force"));
  edit(*s, "sp British 0");
  EXPECT_FALSE(offered(*s, kBritish, "Begin the move (1 SP)"));
  EXPECT_FALSE(bot_skips_label(*s, "Cancel this force"));
  std::string first;
  for (const auto& [label, skipped] : bot_choices(*s))
    if (first.empty() && label.rfind("Leave behind", 0) == 0) first = label;
  play(*s, kBritish, first);
  EXPECT_TRUE(bot_skips_label(*s, "Take along " + first.substr(std::string("Leave behind ").size())));
}

}  // namespace
}  // namespace frontier::crossroads::test
