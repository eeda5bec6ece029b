// Words for Gordon: action labels (unique within the prompt), prompt sentences, the reasons an
// action is refused (citing the rule), and the result text with the performance table (9.3).
#include <iterator>
#include <string>

#include "lion/rules.h"

namespace frontier::lion {

namespace {

const char* const kActionNames[kActionTypes] = {"Improve fortifications (6.1)",
                                                "Raise City Morale",
                                                "Increase Resource Points",
                                                "Build or repair gunboats (6.4)",
                                                "Create militia",
                                                "Raid (6.5)",
                                                "Sortie (6.6)",
                                                "Set up defensive positions (6.7)"};

bool raid_stage(Stage st) {
  return st == Stage::kRaidTarget || st == Stage::kRaidInfantry || st == Stage::kRaidLeader ||
         st == Stage::kRaidSupport;
}

}  // namespace

std::string unit_name(int type, int steps) {
  if (steps <= 0) return data().troop_names[type];  // an eliminated counter
  return data().troop_names[type] + (steps >= 2 ? " (2 steps)" : " (1 step)");
}

std::string action_type_name(int type) {
  static const char* const kPlain[kActionTypes] = {
      "fortifications", "city morale", "resource points", "gunboats",
      "militia",        "raid",        "sortie",          "defensive positions"};
  return kPlain[type];
}

std::string stage_name(Stage stage) {
  static const char* const kNames[] = {
      "choose_action", "fortify",       "gunboats",      "raid_target",   "raid_infantry",  "raid_leader",
      "raid_support",  "sortie_target", "sortie_troops", "sortie_leader", "sortie_support", "defence_area",
      "defence_units", "ultimatum",     "spend_rp",      "lose_step",     "lose_gun",       "game_over"};
  return kNames[static_cast<int>(stage)];
}

std::string stage_words(Stage stage) {
  static const char* const kWords[] = {
      "Choosing actions",       "Fortifying",         "Building gunboats",
      "Raid: the target",       "Raid: infantry",     "Raid: the leader",
      "Raid: support",          "Sortie: the target", "Sortie: troops",
      "Sortie: the leader",     "Sortie: support",    "Defence: the area",
      "Defence: the defenders", "Ultimatum",          "Spending Resource Points",
      "Losing a step",          "Losing a gun",       "Game over"};
  static_assert(std::size(kWords) == static_cast<size_t>(Stage::kGameOver) + 1, "one phase word per Stage");
  return kWords[static_cast<int>(stage)];
}

std::string describe_action(const State& s, const core::Action& a) {
  const Data& d = data();
  switch (static_cast<ActionKind>(a.kind)) {
    case START_ACTION:
      switch (a.a) {
        case kMoraleAction:
          return "Raise City Morale by " + std::to_string(a.b) + " (" + std::to_string(2 * a.b) + " RP, 6.2)";
        case kResourcesAction:
          return "Increase Resource Points by " + std::to_string(a.b) + " (" + std::to_string(2 * a.b) +
                 " CM, 6.2)";
        case kMilitiaAction:
          return std::string(a.b == 1 ? "Create one militia" : "Create two militia") + " (1 CM, 6.3)";
        default:
          return a.a >= 0 && a.a < kActionTypes ? kActionNames[a.a] : "?";
      }
    case END_ACTIONS:
      return "End the action phase";
    case FORTIFY_AREA:
      return "Fortify " + d.areas[a.a].name;
    case FORTIFY_DONE:
      return "Done fortifying";
    case BUILD_GUNBOAT:
      return "Build a gunboat (1 RP)";
    case REPAIR_GUNBOAT:
      return "Repair a gunboat (1 RP)";
    case GUNBOATS_DONE:
      return "Done with gunboats";
    case TARGET_BANNER:
      return std::string(raid_stage(s.stage) ? "Raid the " : "Sortie against the ") + d.banner_names[a.a] +
             " in " + d.areas[area_index(a.a, s.banner_pos[a.a])].name;
    case ADD_TROOP:
      return "Add " + unit_name(a.a, a.b);
    case TROOPS_DONE:
      return "No more infantry";
    case CHOOSE_LEADER:
      return a.a < 0 ? "No leader" : "Add " + d.leader_names[a.a];
    case ADD_GUN:
      return a.a == kHeavy ? "Add the heavy gun" : "Add a light gun";
    case ADD_GUNBOAT:
      return "Add a gunboat";
    case LAUNCH:
      return s.stage == Stage::kRaidSupport ? "Launch the raid" : "Launch the sortie";
    case DEFEND_AREA:
      return "Defend " + d.areas[a.a].name;
    case DEFENCE_DONE:
      return "Done setting up defences";
    case AREA_DONE:
      return "Garrison of " + (s.defence_area >= 0 ? d.areas[s.defence_area].name : std::string("?")) +
             " complete";
    case SPEND_RP:
      return a.a == 1 ? "Spend 1 RP for +1 (7.2)" : "Spend no RP";
    case LOSE_STEP:
      return (a.b >= 2 ? "Reduce " : "Eliminate ") + unit_name(a.a, a.b);
    case LOSE_GUN:
      return a.a == kHeavy ? "Lose the heavy gun" : "Lose a light gun";
    case ULTIMATUM:
      return a.a == 0 ? "Pay 2 RP" : "Lose 2 CM";
    default:
      return "?";
  }
}

core::PromptInfo prompt_info(const State& s) {
  switch (s.stage) {
    case Stage::kChooseAction:
      return {"choose_action",
              "Turn " + std::to_string(s.turn) + ": " + std::to_string(s.ap) +
                  " AP left; choose the next action in the order of 4.1, or end the action phase"};
    case Stage::kFortify:
      return {"fortify", "Choose an area under your control to fortify (1 RP each, at most 4 a turn, 6.1)"};
    case Stage::kGunboats:
      return {"gunboats", "Build or repair gunboats (1 RP each, at most 3 in play, 6.4)"};
    case Stage::kRaidTarget:
      return {"raid_target", "Choose the banner to raid (6.5)"};
    case Stage::kRaidInfantry:
      return {"raid_infantry", "Choose the one regular infantry unit of the raid (6.5)"};
    case Stage::kRaidLeader:
      return {"raid_leader", "Choose a leader for the raid, or none (6.5)"};
    case Stage::kRaidSupport:
      return {"raid_support",
              "Add a light gun, gunboats if the banner is on a Nile bank, then launch the raid (6.5)"};
    case Stage::kSortieTarget:
      return {"sortie_target", "Choose the banner to attack (6.6)"};
    case Stage::kSortieTroops:
      return {"sortie_troops", "Choose up to three infantry units for the sortie (6.6)"};
    case Stage::kSortieLeader:
      return {"sortie_leader", "Choose a leader for the sortie, or none (6.6)"};
    case Stage::kSortieSupport:
      return {"sortie_support",
              "Add light guns (one per infantry unit), gunboats on a Nile bank, the heavy gun with a "
              "gunboat; then "
              "launch the sortie (6.6)"};
    case Stage::kDefenceArea:
      return {"defence_area", "Choose an area under your control to defend, one per banner path (6.7)"};
    case Stage::kDefenceUnits:
      return {"defence_units", "Place up to 4 infantry, one leader, guns and (on a Nile bank) gunboats in " +
                                   data().areas[s.defence_area].name + " (6.7)"};
    case Stage::kUltimatum:
      return {"event_choice", "The Mahdi summons Khartoum to surrender: pay 2 RP or lose 2 CM (event 17)"};
    case Stage::kSpendRp:
      return {"spend_rp", data().banner_names[s.combat.banner] + " attacks " +
                              data().areas[s.combat.area].name + ": spend one RP for +1? (7.2)"};
    case Stage::kLoseStep:
      return {"allocate_step_loss",
              std::to_string(s.combat.steps_left) + " step loss(es) to assign, two-step units first (11.11)"};
    case Stage::kLoseGun:
      return {"allocate_gun_loss", std::to_string(s.combat.guns_left) + " gun(s) to lose"};
    default:
      return {};
  }
}

// Which prompt each action kind answers (the rest are refused before any rule is consulted).
bool kind_fits_stage(Stage st, int kind) {
  switch (kind) {
    case START_ACTION:
    case END_ACTIONS:
      return st == Stage::kChooseAction;
    case FORTIFY_AREA:
    case FORTIFY_DONE:
      return st == Stage::kFortify;
    case BUILD_GUNBOAT:
    case REPAIR_GUNBOAT:
    case GUNBOATS_DONE:
      return st == Stage::kGunboats;
    case TARGET_BANNER:
      return st == Stage::kRaidTarget || st == Stage::kSortieTarget;
    case ADD_TROOP:
      return st == Stage::kRaidInfantry || st == Stage::kSortieTroops || st == Stage::kDefenceUnits;
    case TROOPS_DONE:
      return st == Stage::kSortieTroops;
    case CHOOSE_LEADER:
      return st == Stage::kRaidLeader || st == Stage::kSortieLeader || st == Stage::kDefenceUnits;
    case ADD_GUN:
    case ADD_GUNBOAT:
      return st == Stage::kRaidSupport || st == Stage::kSortieSupport || st == Stage::kDefenceUnits;
    case LAUNCH:
      return st == Stage::kRaidSupport || st == Stage::kSortieSupport;
    case DEFEND_AREA:
    case DEFENCE_DONE:
      return st == Stage::kDefenceArea;
    case AREA_DONE:
      return st == Stage::kDefenceUnits;
    case SPEND_RP:
      return st == Stage::kSpendRp;
    case LOSE_STEP:
      return st == Stage::kLoseStep;
    case LOSE_GUN:
      return st == Stage::kLoseGun;
    case ULTIMATUM:
      return st == Stage::kUltimatum;
    default:
      return false;
  }
}

std::string why_illegal(const State& s, const core::Action& a) {
  if (s.finished()) return "The game is over (9.0)";
  if (!kind_fits_stage(s.stage, a.kind))
    return "Not now: first \"" + prompt_info(s).text +
           "\"; once started, an action must be completed before the next (4.1)";
  switch (static_cast<ActionKind>(a.kind)) {
    case START_ACTION:
      if (s.stage != Stage::kChooseAction)
        return "Finish the current action first: once started, an action must be completed (4.1)";
      if (a.a < 0 || a.a >= kActionTypes) return "There is no such action (4.1)";
      if (s.turn == 1 && (a.a == kResourcesAction || a.a >= kRaidAction))
        return "On turn 1 only fortifications, morale, gunboats and militia are allowed (4.2)";
      if (s.actions_done >> a.a & 1u)
        return "Only one action of the same type may be carried out in a turn (4.1)";
      if (a.a <= s.last_action) return "Actions must be carried out in the order listed in 4.1";
      if (a.a == kResourcesAction && (s.actions_done >> kMoraleAction & 1u))
        return "City Morale or Resource Points may be increased in a turn, not both (6.2)";
      if (a.a == kMilitiaAction)
        return "At most two militia units may exist at any time, and raising them costs 1 CM (6.3)";
      if (a.a == kSortieAction) return "A sortie needs 1 RP and an eligible infantry unit (6.6)";
      if (a.a == kMoraleAction)
        return "Raising morale costs 2 RP a point, at most 4 RP, up to CM 15 (6.2, 4.2)";
      return "That action is not possible now (6.0)";
    case FORTIFY_AREA:
      if (a.a >= 0 && a.a < kAreas && !s.controlled(a.a))
        return "Only areas under your control may be fortified (6.1, 11.3)";
      if (a.a >= 0 && a.a < kAreas && s.fort_marker[a.a])
        return "An area may be improved only one level above its starting level (6.1)";
      return "At most 4 RP a turn may be spent on fortifications, and only while markers remain (6.1, 2.3)";
    case BUILD_GUNBOAT:
      return "At most 3 gunboats may be in play, and destroyed gunboats are never rebuilt (6.4)";
    case ADD_TROOP:
      if (s.stage == Stage::kDefenceUnits) {
        int troops = 0, regulars = 0;
        for (const Troop& t : s.troops) {
          if (t.loc != Loc::kDeployed || t.area != s.defence_area) continue;
          ++troops;
          regulars += is_regular(t.type);
        }
        if (troops >= 4) return "At most 4 infantry units may be placed per area (6.7 errata)";
        if (a.a == kMilitia && regulars == 0)
          return "Militia cannot be placed alone in an area: place a regular unit first (6.7 errata)";
        return "Only units in the Available Troops box may be placed; used units stay in the Used box (6.7)";
      }
      if (s.stage == Stage::kSortieTroops)
        return "A sortie takes up to three two-step regulars or one-step Egyptian/Sudanese units; no militia "
               "or reduced Bachi-bouzouks (6.6)";
      return "A raid takes one regular infantry unit from the Available box (6.5)";
    case ADD_GUN:
      if (a.a == kHeavy) return "Heavy guns join a sortie only with a gunboat, and never a raid (6.5, 6.6)";
      return "No more light guns than infantry units in a sortie, one in a raid (6.5, 6.6)";
    case ADD_GUNBOAT:
      return "Gunboats act only in Nile bank areas (2.1, 6.5-6.7)";
    case CHOOSE_LEADER:
      return "One leader at most, taken from the Available Leaders box (6.5-6.7)";
    case DEFEND_AREA:
      if (a.a >= 0 && a.a < kAreas && !s.controlled(a.a))
        return "Units may only be deployed in areas under your control (6.7, 11.3)";
      return "Units cannot be deployed in more than one area on each Banner path (6.7 errata)";
    case AREA_DONE:
      return "An area needs at least one regular troop unit: militia cannot stand alone (6.7 errata)";
    case LOSE_STEP:
      return "Step losses go to two-step units first (11.11)";
    default:
      return "That is not one of the choices now: " + prompt_info(s).text;
  }
}

std::string result_text(const State& s) {
  if (s.end == EndReason::kVictory) {
    return "Victory (9.1): the Relief Force reaches Khartoum at the end of turn " +
           std::to_string(s.end_turn) +
           " and the Governor's Palace is still yours. You become a legendary hero in England.";
  }
  std::string why = s.end == EndReason::kPalaceTaken   ? "a banner takes the Governor's Palace"
                    : s.end == EndReason::kNoResources ? "the Resource Points fall below 1"
                                                       : "City Morale falls below 1";
  // 9.3: held until the month of the last completed turn.
  int held = s.end_turn - 1;
  std::string perf;
  switch (held) {
    case 11:
      perf = "Defeat with honour, Sire! The Queen honours you posthumously.";
      break;
    case 10:
      perf =
          "A pretty good job, old chap. Sorry you did not get out in time to have tea with Prime Minister "
          "Gladstone.";
      break;
    case 9:
      perf = "Not too bad. But the Queen will not compare you to Gordon Pasha at your funeral.";
      break;
    case 8:
      perf =
          "If by chance you survived, one may doubt that you will be offered anything other than a "
          "pen-pushing job "
          "in a dark and damp office in London on your return.";
      break;
    default:
      perf = "Khartoum fell before September 1884: below the performance table.";
  }
  std::string month = held >= 1 ? data().proto.months(held - 1) : std::string("February 1884");
  return "Defeat (9.2) on turn " + std::to_string(s.end_turn) + ": " + why + ". Palace held until " + month +
         " (9.3): " + perf;
}

}  // namespace frontier::lion
