// Prompts and action labels: what each seat is asked and how each choice reads.
#include "crossroads/board.h"
#include "crossroads/picker.h"
#include "crossroads/rules.h"
#include "crossroads/view.h"

namespace frontier::crossroads {

namespace {

std::string piece(const State& s, int id) {
  if (id >= 1000) return s.d->agents[id - 1000].name;
  return unit_label(s, id);
}

std::string region_name(const State& s, int r) {
  return s.d->region_name[r];
}

std::string offer_text(const State& s) {
  std::string v = std::to_string(s.offer_value);
  switch (s.offer_kind) {
    case kGivePounds:
      return " offer " + v + " pounds";
    case kAskPounds:
      return " ask for " + v + " pounds";
    case kGiveRegion:
      return " offer control of " + region_name(s, s.offer_value);
    default:
      return " offer to make " + region_name(s, s.offer_value) + " neutral";
  }
}

}  // namespace

core::PromptInfo prompt_for(const State& s, int seat) {
  const Data& d = *s.d;
  if (s.levy_khan)
    return {"levy_khan",
            "Put the Khan of " + d.region_name[s.levy_region] + " on one of the levy irregulars? (5.42(3))"};
  if (s.levy_left > 0)
    return {s.levy_region >= 0 ? "levy" : "jihad",
            s.levy_region >= 0 ? "Place " + std::to_string(s.levy_left) + " levy irregulars of " +
                                     d.region_name[s.levy_region] + " (5.42(3))"
                               : "Place the Ghazis and the Mad Mullah (21.2)"};
  if (s.pick_for >= 0)
    return s.pick_for == kPickCombat
               ? core::PromptInfo{"combat_agent", "Choose the one agent whose military value counts at " +
                                                      square_name(d, s.combat_sq) + " (14.8)"}
           : s.pick_for == kPickMove
               ? core::PromptInfo{"move_agent",
                                  "Choose the one agent giving the force its "
                                  "movement bonus (16.21)"}
               : core::PromptInfo{"counter",
                                  "Counter the " +
                                      std::string(s.nego_ultimatum ? "ultimatum" : "negotiations") + " in " +
                                      region_name(s, s.nego_region) + "? (" +
                                      (s.nego_ultimatum ? "15.61(4))" : "15.1(4))")};
  if (s.new_agent_for == seat) return {"new_agent", "Choose the agent the event brings (16.5(3), 16.61)"};
  if (s.pending_prisoner >= 0)
    return {"prisoner", "Hold " + d.agents[s.pending_prisoner].name + " prisoner or execute him (16.42)"};
  if (s.offer_from >= 0)
    return {"answer_offer", std::string("The ") + side_name(s.offer_from) + offer_text(s) + " (23.0)"};
  if (s.hashishan_side == seat) return {"hashishan", "Designate a square with enemy units (32.6, Hashishan)"};
  switch (s.phase) {
    case kSetup:
      return {"setup", setup_prompt(s)};
    case kInitiative:
      return {"initiative", "Choose the first player for this turn (7.2)"};
    case kExpend:
      return {s.recruit_pick[seat] >= 0 ? "recruit_place" : "expend",
              "Spend pounds: recruits, supply points, markers (9.2, 10.0)"};
    case kMovement:
      return {"movement", "Operations phase " + std::to_string(s.op) + ": pick a force to move (13.0)"};
    case kForce:
      return {"force", "Move the force at " + square_name(d, s.force_sq) + " (13.0)"};
    case kNegotiations:
      return {"negotiations", "Negotiations (15.0)"};
    case kCommitPounds:
      return {"commit",
              "Commit pounds secretly to the negotiations with " + region_name(s, s.nego_region) + " (15.1)"};
    case kCombat:
      return {"combat", "Resolve every combat (14.21)"};
    case kWithdrawChoice:
      return {"withdraw", "Withdraw before combat at " + square_name(d, s.combat_sq) + "? (14.5)"};
    case kCrtChoice:
      return {"crt", "Choose the combat results table (14.6)"};
    case kTerrainChoice:
      return {"terrain", "Choose one terrain multiple (14.74)"};
    case kLossChoice:
      return {"loss", "Choose the unit lost at " + square_name(d, s.combat_sq)};
    case kRetreatChoice:
      return {"retreat", "Choose where to retreat from " + square_name(d, s.combat_sq)};
    case kMassacreChoice:
      return {"end_operation", "End of the operation: captures done; eliminate enemy markers? (20.5)"};
    case kProvisioning:
      return {"provision", "Provision the force at " + square_name(d, s.prov_sq) + " (17.3)"};
    case kStarveChoice:
      return {"starve", "Choose " + std::to_string(s.starve_due) + " unit(s) lost to lack of forage (17.4)"};
    default:
      return {};
  }
}

std::string describe_action(const State& s, int seat, const core::Action& a) {
  const Data& d = *s.d;
  switch (a.kind) {
    case PLACE:
      return "Place at " + square_name(d, a.a);
    case CHOOSE_FIRST:
      return std::string(side_name(a.a)) + " first";
    case RECRUIT:
    case RECRUIT_AT:
    case BUY_SP:
    case BUY_MARKER:
    case DONE:
    case DISBAND:
    case RELEASE:
      return expend_describe(s, seat, a);
    case SELECT_FORCE:
      if (a.b == kAgentsAlone) return "Pick the agents at " + square_name(d, a.a) + " without the units";
      return "Pick the force at " + square_name(d, a.a);
    case TOGGLE_UNIT: {
      bool in = a.a >= 1000 ? (s.agents[a.a - 1000].flags & kInForce) : (s.units[a.a].flags & kInForce);
      if (a.b == 1) return "Pick up " + piece(s, a.a) + " by telegraph";
      return (in ? "Leave behind " : "Take along ") + piece(s, a.a);
    }
    case BEGIN_MOVE:
      return "Begin the move" + std::string(s.op > 1 ? " (1 SP)" : "");
    case FORCED_MARCH:
      return "Begin a forced march carrying " + std::to_string(a.a) + " SP";
    case STEP:
      return "Move to " + square_name(d, a.a);
    case DROP:
      return "Drop off " + piece(s, a.a);
    case END_MOVE:
      return a.a == 1 ? "Cancel this force" : "End this force's move";
    case END_MOVEMENT:
      return "End movement";
    case EMBARK:
      return a.a == 1 ? "Begin amphibious movement" : "Return to land movement";
    case RAIL:
      return "Begin railroad movement";
    case NEGOTIATE:
      return "Negotiate with " + region_name(s, a.a) + " through " + d.agents[a.b].name;
    case ULTIMATUM:
      return "Ultimatum to " + region_name(s, a.a) + " through " + d.agents[a.b].name;
    case COMMIT:
      return "Commit " + std::to_string(a.a) + " pounds";
    case END_NEGOTIATIONS:
      return "End negotiations";
    case RESOLVE:
      return "Attack at " + square_name(d, a.a);
    case WITHDRAW:
      return a.a ? "Withdraw" : "Stand and fight";
    case CHOOSE_CRT:
      return a.a ? "Raid" : "Battle";
    case TERRAIN_MULTIPLE:
      return a.a == 3 ? "Defend tripled" : "Defend doubled";
    case LOSE:
      return "Lose " + piece(s, a.a);
    case RETREAT:
      return "Retreat to " + square_name(d, a.a);
    case PRISONER:
      return a.a ? "Hold prisoner" : "Execute";
    case MASSACRE:
      return (a.b ? "Massacre " : "Destroy the enemy markers at ") + square_name(d, a.a);
    case END_COMBAT:
      return a.a ? "End the operations phase" : "End combat";
    case PROVISION: {
      static const char* pay[] = {"Pay nothing", "Pay 1 SP for forage", "Pay 1 SP for the expedition",
                                  "Pay 2 SP"};
      return pay[a.a];
    }
    case STARVE:
      return "Starve " + piece(s, a.a);
    case LEVY:
      if (a.b == 1) return "Raise the Jihad in " + d.region_name[a.a];
      if (a.b == 2)
        return a.a < 0 ? "Leave the Khan in the counter mix" : "Put the Khan at " + square_name(d, a.a);
      return a.a < 0 ? "No square: lose the rest" : "Place at " + square_name(d, a.a);
    case OFFER_POUNDS:
      return (a.b ? "Ask for " : "Offer ") + std::to_string(a.a) + " pounds";
    case OFFER_REGION:
      return a.b ? "Offer to make " + region_name(s, a.a) + " neutral"
                 : "Offer control of " + region_name(s, a.a);
    case ANSWER_OFFER:
      return a.a ? "Accept the offer" : "Decline the offer";
    case DISCOVER:
      return "Attempt a discovery with " + d.agents[a.a].name;
    case ZOOM:
      return block_label(d, a.a);
    case PICK_AGENT:
      return agent_pick_label(s, a);
    case CHOOSE_AGENT:
      return "Take agent " + d.agents[a.a].name;
    case TARGET_SQUARE:
      if (a.b == 1) return "Send the Hashishan after " + d.agents[a.a].name;
      return a.a < 0 ? "No target" : "Target " + square_name(d, a.a);
  }
  return "?";
}

void action_refs(const State& s, const core::Action& a, std::vector<frontier::Ref>& out) {
  auto add = [&](const char* type, int id) {
    frontier::Ref r;
    r.set_type(type);
    r.set_id(std::to_string(id));
    out.push_back(r);
  };
  switch (a.kind) {
    case PLACE:
    case RECRUIT_AT:
    case SELECT_FORCE:
    case STEP:
    case RESOLVE:
    case RETREAT:
    case LEVY:
      if (a.b == 1)
        add("region", a.a);
      else if (a.a >= 0)
        add("square", a.a);
      return;
    case MASSACRE:
      if (a.a >= 0) add(a.a >= kSquares ? "box" : "square", a.a);
      return;
    case TARGET_SQUARE:
      if (a.b == 1)
        add("agent", a.a);
      else if (a.a >= 0)
        add("square", a.a);
      return;
    case BUY_MARKER:
      add("square", a.b);
      return;
    case TOGGLE_UNIT:
    case DROP:
    case LOSE:
    case STARVE:
      add(a.a >= 1000 ? "agent" : "unit", a.a >= 1000 ? a.a - 1000 : a.a);
      return;
    case PICK_AGENT:
      if (a.a >= 0) add("agent", a.a);
      return;
    case NEGOTIATE:
    case ULTIMATUM:
      add("region", a.a);
      add("agent", a.b);
      return;
    default:
      (void)s;
      return;
  }
}

std::string explain(const State& s, int seat, const core::Action& a) {
  const Data& d = *s.d;
  if (s.finished) return "The game is over (25.0)";
  switch (a.kind) {
    case STEP:
      if (a.a >= 0 && a.a < kSquares && d.terrain[a.a] == kSea && s.force_mode != 1)
        return "Units may not enter sea/lake squares except by amphibious movement (13.71)";
      if (s.phase == kForce)
        return "That square is not a neighbour the force can reach with its remaining movement points (13.1, "
               "13.32)";
      return "No force is moving now (13.0)";
    case BEGIN_MOVE:
      if (s.op > 1 && s.sp[seat] < 1) return "Moving in operations phases 2-5 costs one supply point (12.2)";
      return "No force is being formed now (11.3)";
    case NEGOTIATE:
      return "Negotiations need your agent in the capital of a neutral or enemy region with no enemy combat "
             "units, once per region per sub-phase (15.0, 15.3, 15.5)";
    case COMMIT:
      return "You may commit from zero up to your agent's political value in pounds you have (15.1)";
    case RECRUIT:
    case RECRUIT_AT:
      return "Recruits must be available in the counter mix, affordable and placed as 10.3 and 10.61 allow";
    case BUY_MARKER:
      return "Civilization markers are placed only as 20.2-20.3 allow";
    case RESOLVE:
      return "Combat happens only where your combat units share a square with enemy combat units (14.21)";
    case END_COMBAT:
      return "Every combat must be resolved before the combat sub-phase ends (14.21)";
    case OFFER_POUNDS:
    case OFFER_REGION:
      if (s.offers_made[seat] >= kOffersPerPhase)
        return "At most " + std::to_string(kOffersPerPhase) + " agreement offers per player per phase (23.0)";
      return "Offers are pounds you have, or pounds asked, or the control of a region you control, made at "
             "one "
             "of your prompts; never units or markers (23.1, 23.2)";
    case ANSWER_OFFER:
      return "You can accept a request for pounds only when you have them and are not placing a recruit "
             "(23.1, "
             "10.3)";
    case PICK_AGENT:
      return "Only one of your agents present may count: in the combat (14.8), for the movement bonus "
             "(16.21) or "
             "to counter negotiations (15.1(4), 15.61(4)), and only when that choice is asked";
    case SELECT_FORCE:
      return "Pick a square holding your pieces that have not moved this sub-phase (11.3, 12.2)";
  }
  return "That action is not legal now";
}

}  // namespace frontier::crossroads
