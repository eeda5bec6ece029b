// The facts of each Step in one table: its prompt kind, the part of the rules that lists and
// applies its actions, who answers it and what its prompt says. A new step is one row here.
#include "core/text.h"
#include "hand_of_destiny/rules.h"

namespace frontier::hand_of_destiny {

namespace {

// Who answers a step's prompt.
enum class Answerer : uint8_t {
  kEmpire,
  kMahdist,
  kPlayer,         // the player whose turn it is
  kToFire,         // 13.1 2: the side choosing the next firing unit
  kBreakoffOwner,  // 18.0: the side of the unit breaking off
  kTarget,         // 13.1 2c: the side allocating its losses
  kLoser,
  kWinner,
  kNobody,
};

std::string count_spaces(int n) {
  return core::count_of(n, "space", "spaces");
}

struct StepFacts {
  Step step;
  const char* kind;   // the prompt kind clients and scripts see
  const char* words;  // the step as a player reads it (the status line)
  StepModule module;
  Answerer answerer;
  std::string (*prompt)(const State& s);
};

// In Step's order (checked below); the rule each prompt cites is in its text.
constexpr StepFacts kSteps[] = {
    {Step::kSetupGarrison, "setup_garrison", "Set-up: Empire garrisons", StepModule::kTurn, Answerer::kEmpire,
     [](const State& s) { return "Set up " + s.info(s.setup_cursor).name + " (25.1, 25.2)"; }},
    {Step::kSetupMahdist, "setup_mahdist", "Set-up: Mahdist forces", StepModule::kTurn, Answerer::kMahdist,
     [](const State& s) { return "Set up " + s.info(s.setup_cursor).name + " (25.1, 25.2)"; }},
    {Step::kCardChoice, "card_choice", "Choosing a card", StepModule::kTurn, Answerer::kPlayer,
     [](const State&) -> std::string { return "Play your held card or pick from the deck (29.1)"; }},
    {Step::kHoldDecision, "hold_decision", "Holding a card or not", StepModule::kTurn, Answerer::kPlayer,
     [](const State&) -> std::string {
       return "Play the Hold card now, or put it aside and skip this turn (29.1)";
     }},
    {Step::kReRecruit, "re_recruit", "Recruiting again", StepModule::kTurn, Answerer::kPlayer,
     [](const State&) -> std::string {
       return "Re-recruit up to two eliminated British units named on the card (28.0)";
     }},
    {Step::kPlaceRecruit, "place_recruit", "Placing a recruit", StepModule::kTurn, Answerer::kPlayer,
     [](const State& s) { return "Place " + s.info(s.pending_unit).name + " (28.0)"; }},
    {Step::kChooseEgyptian, "choose_egyptian", "Choosing an Egyptian unit", StepModule::kTurn,
     Answerer::kPlayer,
     [](const State&) -> std::string { return "Choose an Egyptian unit to recruit (28.0)"; }},
    {Step::kBreakoutGarrison, "breakout_garrison", "Garrison breakout", StepModule::kTurn, Answerer::kPlayer,
     [](const State&) -> std::string { return "Choose the garrison that breaks out (29.3)"; }},
    {Step::kBreakoutInfantry, "breakout_infantry", "Infantry breakout", StepModule::kTurn, Answerer::kPlayer,
     [](const State&) -> std::string { return "Choose the infantry that replaces it"; }},
    {Step::kEgyptianMarchStack, "egyptian_march_stack", "Egyptian march: the stack",
     StepModule::kEgyptianMarch, Answerer::kPlayer,
     [](const State& s) {
       return "Choose the Egyptian stack to march " + count_spaces(s.march_left) + " (29.1)";
     }},
    {Step::kEgyptianMarchStep, "egyptian_march_step", "Egyptian march", StepModule::kEgyptianMarch,
     Answerer::kPlayer,
     [](const State& s) { return "March the Egyptians on: " + count_spaces(s.march_left) + " left (29.1)"; }},
    {Step::kMahdiReturn, "mahdi_return", "The Mahdi returns", StepModule::kTurn, Answerer::kPlayer,
     [](const State&) -> std::string {
       return "The Mahdi returns: place him in any space free of Empire units (29.5)";
     }},
    {Step::kMarch, "march", "March", StepModule::kMarch, Answerer::kPlayer,
     [](const State&) -> std::string {
       return "March Phase: choose a space to move from, or end the March Phase (11.0)";
     }},
    {Step::kGroup, "group", "Moving a group", StepModule::kMarch, Answerer::kPlayer,
     [](const State& s) {
       return "Choose the units that move together from " + space_name(s, s.group_space) + " (11.0)";
     }},
    {Step::kMoveStep, "move_step", "Movement", StepModule::kMarch, Answerer::kPlayer,
     [](const State& s) {
       return "Move on from " + space_name(s, s.group_space) + ": " + count_spaces(s.group_left) +
              " left (11.0)";
     }},
    {Step::kChooseBattle, "choose_battle", "Choosing a battle", StepModule::kBattle, Answerer::kPlayer,
     [](const State&) -> std::string { return "Choose the next battle (13.1)"; }},
    {Step::kFire, "fire", "Battle: fire", StepModule::kBattle, Answerer::kToFire,
     [](const State& s) {
       return "Choose your next unit to fire at " + space_name(s, s.battle.space) + " (13.1)";
     }},
    {Step::kBreakoffTo, "breakoff_to", "Breaking off", StepModule::kBattle, Answerer::kBreakoffOwner,
     [](const State& s) {
       return "Choose where " + s.info(s.battle.breakoff_unit).name + " breaks off to (18.0)";
     }},
    {Step::kAllocate, "allocate_loss", "Allocating losses", StepModule::kBattle, Answerer::kTarget,
     [](const State& s) {
       return "Allocate " + core::count_of(s.battle.pending_elim, "elimination", "eliminations") + " and " +
              core::count_of(s.battle.pending_panic, "panic", "panics") + " to your units (13.3)";
     }},
    {Step::kRetreat, "retreat", "Retreat", StepModule::kBattle, Answerer::kLoser,
     [](const State&) -> std::string {
       return "Your panicked units retreat together: choose the space (13.5)";
     }},
    {Step::kMajorRecruit, "major_recruit", "Major battle: recruiting", StepModule::kBattle, Answerer::kWinner,
     [](const State& s) {
       return "Major battle won: recruit one unit into " + space_name(s, s.battle.space) + " (20.0)";
     }},
    {Step::kMajorLoss, "major_loss", "Major battle: a loss", StepModule::kBattle, Answerer::kLoser,
     [](const State&) -> std::string { return "Major battle lost: eliminate one of your units (20.0)"; }},
    {Step::kPursuit, "pursuit", "Pursuit", StepModule::kBattle, Answerer::kWinner,
     [](const State&) -> std::string { return "Pursue with leaders and cavalry, or not (19.0)"; }},
    {Step::kOver, "over", "Game over", StepModule::kTurn, Answerer::kNobody,
     [](const State&) { return std::string(); }},
};

constexpr bool rows_in_step_order() {
  for (size_t i = 0; i < std::size(kSteps); ++i)
    if (static_cast<size_t>(kSteps[i].step) != i) return false;
  return std::size(kSteps) == static_cast<size_t>(Step::kOver) + 1;
}
static_assert(rows_in_step_order(), "kSteps has one row per Step, in Step's order");

const StepFacts& facts(Step step) {
  return kSteps[static_cast<size_t>(step)];
}

}  // namespace

const char* step_name(Step step) {
  return facts(step).kind;
}

const char* step_words(Step step) {
  return facts(step).words;
}

StepModule module_of(Step step) {
  return facts(step).module;
}

std::string prompt_text(const State& s) {
  return facts(s.step).prompt(s);
}

int prompt_seat(const State& s) {
  switch (facts(s.step).answerer) {
    case Answerer::kEmpire:
      return kEmpire;
    case Answerer::kMahdist:
      return kMahdist;
    case Answerer::kPlayer:
      return s.player;
    case Answerer::kToFire:
      return s.battle.to_fire;
    case Answerer::kBreakoffOwner:
      return s.info(s.battle.breakoff_unit).side;
    case Answerer::kTarget:
      return s.battle.target;
    case Answerer::kLoser:
      return s.battle.loser;
    case Answerer::kWinner:
      return s.battle.winner;
    case Answerer::kNobody:
      return -1;
  }
  return -1;
}

}  // namespace frontier::hand_of_destiny
