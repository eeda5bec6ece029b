// HandOfDestinyGame: game info and options, the initial position, prompts, and the dispatch of
// legal actions and their application to the rule files; labels and explanations.
#include "hand_of_destiny/game.h"

#include <algorithm>

#include "core/text.h"
#include "hand_of_destiny/rules.h"

namespace frontier::hand_of_destiny {

namespace {

struct OptionDef {
  const char* id;
  const char* name;
  const char* rule;
};
// 2.0: the advanced rules are a level the players choose; each is an option, on by default
// because the Khartoum scenario rules (29.16, 29.17) build on them.
constexpr OptionDef kOptions[] = {
    {"artillery", "Artillery (17.0)", "+1 tactical superiority for more artillery"},
    {"breakoff", "Breakoff (18.0, 29.16)", "leaders, cavalry, camels and river boats may break off"},
    {"pursuit", "Pursuit (19.0)", "leaders and cavalry may pursue after a win"},
    {"major_battles", "Major battles (20.0)", "winner recruits one, loser loses one"},
    {"supply", "Supply (21.3, 29.17)", "out-of-supply Empire units move and fight at -1"},
};

}  // namespace

core::Status set_options(const frontier::MatchSetup& setup, State& s) {
  for (const auto& o : setup.options()) {
    bool on = o.value() != "off";
    if (o.id() == "artillery")
      s.opt_artillery = on;
    else if (o.id() == "breakoff")
      s.opt_breakoff = on;
    else if (o.id() == "pursuit")
      s.opt_pursuit = on;
    else if (o.id() == "major_battles")
      s.opt_major = on;
    else if (o.id() == "supply")
      s.opt_supply = on;
    else
      return core::Status::invalid_argument("unknown option '" + o.id() + "'");
  }
  return core::Status::ok();
}

HandOfDestinyGame::HandOfDestinyGame(std::string game_id, const Scenario& scenario, std::string scenario_id,
                                     std::string scenario_name)
    : sc_(&scenario), parts_(encode_view_parts(scenario)) {
  info_.set_id(game_id);
  info_.set_title(sc_->name);
  for (const auto& side : sc_->sides) info_.add_seats(side);
  auto* sc = info_.add_scenarios();
  sc->set_id(scenario_id);
  sc->set_name(scenario_name);
  sc->set_description("Set-up 25.1-25.2; " + std::to_string(sc_->turns()) +
                      " turns (26.0); Mahdist first player");
  for (const auto& o : kOptions) {
    auto* opt = info_.add_options();
    opt->set_id(o.id);
    opt->set_name(o.name);
    opt->set_description(o.rule);
    opt->set_default_value("on");
    opt->add_choices()->set_value("on");
    opt->add_choices()->set_value("off");
  }
  info_.set_rulebook("Hand of Destiny system rules 1-22 with the Khartoum scenario rules 23-29");
}

core::Result<std::unique_ptr<core::GameState>> HandOfDestinyGame::initial(
    const frontier::MatchSetup& setup) const {
  if (setup.scenario() != info_.scenarios(0).id()) {
    return core::Status::invalid_argument(info_.title() + " has only the scenario '" +
                                          info_.scenarios(0).id() + "'");
  }
  auto s = std::make_unique<State>();
  s->sc = sc_;
  s->rng = core::Rng(setup.seed());
  if (auto st = set_options(setup, *s); !st) return st;
  for (int u = 0; u < sc_->unit_count(); ++u) {
    if (s->info(u).setup >= 0) set_loc(*s, u, s->info(u).setup);
  }
  // 25.1: the Empire's five A cards over its four B cards; 25.2: the Mahdist deck shuffled.
  std::vector<core::CardId> mahdist, a_cards, b_cards;
  for (int c = 0; c < sc_->card_count(); ++c) {
    const CardInfo& card = sc_->cards[static_cast<size_t>(c)];
    if (card.side == kMahdist)
      mahdist.push_back(static_cast<core::CardId>(c));
    else
      (card.group_a ? a_cards : b_cards).push_back(static_cast<core::CardId>(c));
  }
  s->deck[kMahdist] = core::Deck::shuffled(mahdist, s->rng);
  s->deck[kEmpire] = core::Deck::stacked(a_cards, b_cards, s->rng);
  start_setup(*s);
  return std::unique_ptr<core::GameState>(std::move(s));
}

core::SeatMask HandOfDestinyGame::awaiting(const core::GameState& gs) const {
  const State& s = S(gs);
  if (s.finished) return 0;
  int seat = prompt_seat(s);
  return seat < 0 ? 0 : core::seat_bit(seat);
}

core::PromptInfo HandOfDestinyGame::prompt(const core::GameState& gs, core::Seat seat) const {
  const State& s = S(gs);
  if (s.finished || prompt_seat(s) != seat) return {};
  return {step_name(s.step), prompt_text(s)};
}

void HandOfDestinyGame::legal_actions(const core::GameState& gs, core::Seat seat,
                                      std::vector<core::Action>& out) const {
  out.clear();
  const State& s = S(gs);
  if (s.finished || prompt_seat(s) != seat) return;
  switch (module_of(s.step)) {
    case StepModule::kEgyptianMarch:
      legal_egyptian_march(s, out);
      break;
    case StepModule::kMarch:
      legal_march(s, out);
      break;
    case StepModule::kBattle:
      legal_battle(s, seat, out);
      break;
    case StepModule::kTurn:
      legal_turn(s, seat, out);
      break;
  }
}

bool HandOfDestinyGame::bot_light_step(const core::GameState& gs, core::Seat) const {
  const State& s = S(gs);
  return s.step == Step::kSetupGarrison || s.step == Step::kSetupMahdist;
}

std::optional<core::Game::BotStep> HandOfDestinyGame::bot_step(const core::GameState& gs, core::Seat,
                                                               const core::Action& a) const {
  const State& s = S(gs);
  if (s.step == Step::kMoveStep && a.kind == khartoum::STEP_TO) return BotStep{s.group_space, a.a};
  if (s.step == Step::kEgyptianMarchStep && a.kind == khartoum::MARCH_TO) return BotStep{s.march_space, a.a};
  return std::nullopt;
}

bool HandOfDestinyGame::bot_skips(const core::GameState& gs, core::Seat, const core::Action& a) const {
  const State& s = S(gs);
  switch (module_of(s.step)) {
    case StepModule::kMarch:
      return bot_skips_march(s, a);
    case StepModule::kBattle:
      return bot_skips_battle(s, a);
    default:
      return false;
  }
}

void HandOfDestinyGame::apply_legal(core::GameState& gs, core::Seat, const core::Action& a,
                                    core::EventSink& log) const {
  State& s = S(gs);
  switch (module_of(s.step)) {
    case StepModule::kEgyptianMarch:
      apply_egyptian_march(s, a, log);
      break;
    case StepModule::kMarch:
      apply_march(s, a, log);
      break;
    case StepModule::kBattle:
      apply_battle(s, a, log);
      break;
    case StepModule::kTurn:
      apply_turn(s, a, log);
      break;
  }
  // 27.0: the Mahdist sudden-death victory is checked at every moment.
  if (!s.finished && mahdist_sudden_death(s)) {
    s.finished = true;
    s.step = Step::kOver;
    s.winner = kMahdist;
    s.result = 1;
    if (log.enabled())
      log.add("game.end", "Mahdist units hold Khartoum, Wadi Halfa and Suakin: Mahdist Total Victory (27.0)");
  }
}

std::string HandOfDestinyGame::explain_illegal(const core::GameState& gs, core::Seat seat,
                                               const core::Action& a) const {
  const State& s = S(gs);
  if (s.finished) return "The game is over (27.0)";
  if (prompt_seat(s) != seat) return seat_name(seat) + " has no decision to make now";
  auto unit_ok = [&](int u) { return u >= 0 && u < s.sc->unit_count(); };
  switch (a.kind) {
    case khartoum::RE_RECRUIT:
      if (unit_ok(a.a) && s.info(a.a).never_returns)
        return s.info(a.a).name + " may not be re-recruited (28.0)";
      return "Only eliminated British units named on the card may be re-recruited, two at most (28.0)";
    case khartoum::PLACE_UNIT:
      return "Recruits go where 28.0 allows: Mahdists with the Mahdi or in Mahdist-held towns, the Empire at "
             "Empire-held Wadi "
             "Halfa or Suakin (British also at the ports, 29.13), never among enemy units";
    case khartoum::PLACE_SETUP:
      return "That space is not a legal set-up space for this unit (25.1, 25.2)";
    case khartoum::STEP_TO:
    case khartoum::MARCH_TO:
      return "No route the whole group may use leads there (11.0, 29.8 desert, 29.10 river boats, 29.11 "
             "Nile, 29.12 naval)";
    case khartoum::FIRE:
      return "Each unpanicked unit fires once per round, when its side's turn to fire comes (13.1, 13.3)";
    case khartoum::ELIMINATE_UNIT:
      return "Eliminations are taken first and by unpanicked units first, from units in this battle (13.3)";
    case khartoum::PANIC_UNIT:
      return "Panics are taken after every elimination, by units in this battle (13.3)";
    case khartoum::RETREAT_TO:
    case khartoum::BREAKOFF_TO:
      return "Retreat to an adjacent space free of enemy units by a route every retreating unit may use "
             "(13.5)";
    case khartoum::BREAK_OFF:
      return "Only unpanicked leaders, cavalry, camels and river boats may break off, instead of firing "
             "(18.0, 29.16)";
    case khartoum::PURSUE_TO:
    case khartoum::PURSUE_WITH:
      return "Only unpanicked leaders and cavalry of the winning attacker pursue, one route, together (19.0)";
    case khartoum::MOVE_FROM:
    case khartoum::TOGGLE:
    case khartoum::SET_OUT:
      return "Only units the card lets move (11.0, 29.2) that have not moved yet may go; garrisons never "
             "move (29.3)";
    case khartoum::HOLD_CARD:
    case khartoum::PLAY_NOW:
    case khartoum::PLAY_HELD:
      return "Only the card just picked (or the held card) may be played or held (29.1)";
    default:
      break;
  }
  return "That is not one of the choices now: " + prompt(gs, seat).text;
}

std::string HandOfDestinyGame::describe(const core::GameState& gs, core::Seat, const core::Action& a) const {
  const State& s = S(gs);
  auto sp = [&](int i) { return space_name(s, i); };
  auto un = [&](int i) { return s.info(i).name; };
  auto card = [&](int c) {
    return s.sc->cards[static_cast<size_t>(c)].id + " " + s.sc->cards[static_cast<size_t>(c)].name;
  };
  switch (a.kind) {
    case khartoum::PLACE_SETUP:
      return "Set up " + un(s.setup_cursor) + " at " + sp(a.a);
    case khartoum::PLAY_HELD:
      return "Play held " + card(a.a);
    case khartoum::DRAW_CARD:
      return "Pick a card";
    case khartoum::PLAY_NOW:
      return "Play " + card(a.a) + " now";
    case khartoum::HOLD_CARD:
      return "Hold " + card(a.a);
    case khartoum::RE_RECRUIT:
      return "Re-recruit " + un(a.a);
    case khartoum::DONE:
      return "Done";
    case khartoum::PLACE_UNIT:
      return "Place " + un(s.pending_unit) + " at " + sp(a.a);
    case khartoum::CHOOSE_UNIT:
      switch (s.step) {
        case Step::kBreakoutGarrison:
          return "Break out " + un(a.a);
        case Step::kBreakoutInfantry:
          return "Convert to " + un(a.a);
        case Step::kMajorLoss:
          return "Lose " + un(a.a);
        default:
          return "Recruit " + un(a.a);
      }
    case khartoum::MARCH_STACK:
      return "March the Egyptians at " + sp(a.a);
    case khartoum::MARCH_TO:
      return "March the Egyptians to " + sp(a.a);
    case khartoum::MOVE_FROM:
      return "Move from " + sp(a.a);
    case khartoum::END_MARCH:
      return "End the March Phase";
    case khartoum::TOGGLE:
      return (s.unit(a.a).flags & kSelected ? "Leave " : "Take ") + un(a.a);
    case khartoum::SET_OUT:
      return "Set out";
    case khartoum::CANCEL:
      return "Cancel";
    case khartoum::STEP_TO:
      return "Go to " + sp(a.a);
    case khartoum::HALT:
      return "Halt at " + sp(s.group_space);
    case khartoum::FIGHT:
      return "Fight at " + sp(a.a);
    case khartoum::FIRE:
      return "Fire with " + un(a.a);
    case khartoum::BREAK_OFF:
      return "Break off " + un(a.a);
    case khartoum::ELIMINATE_UNIT:
      return "Eliminate " + un(a.a);
    case khartoum::PANIC_UNIT:
      return "Panic " + un(a.a);
    case khartoum::RETREAT_TO:
      return "Retreat to " + sp(a.a);
    case khartoum::BREAKOFF_TO:
      return "Break off to " + sp(a.a);
    case khartoum::PURSUE_WITH:
      return (s.unit(a.a).flags & kSelected ? "Hold back " : "Pursue with ") + un(a.a);
    case khartoum::PURSUE_TO:
      return "Pursue to " + sp(a.a);
    case khartoum::NO_PURSUIT:
      return "No pursuit";
    case khartoum::PUT_ON_TOP:
      return "Put " + un(a.a) + " on top at " + sp(s.unit(a.a).loc);
  }
  return "?";
}

// The March Phase (11.0): the "Move from <space>" choices are the stacks that may still move.
std::string HandOfDestinyGame::confirm(const core::GameState& gs, core::Seat, const core::Action& a,
                                       const std::vector<core::Action>& legal) const {
  if (S(gs).step != Step::kMarch || a.kind != khartoum::END_MARCH) return {};
  auto movable = std::count_if(legal.begin(), legal.end(),
                               [](const core::Action& l) { return l.kind == khartoum::MOVE_FROM; });
  if (movable == 0) return {};
  return "End the March Phase with " + core::count_of(static_cast<int>(movable), "stack", "stacks") +
         " unmoved?";
}

void HandOfDestinyGame::refs(const core::GameState& gs, core::Seat, const core::Action& a,
                             std::vector<frontier::Ref>& out) const {
  const State& s = S(gs);
  auto add = [&](const char* type, const std::string& id) {
    frontier::Ref r;
    r.set_type(type);
    r.set_id(id);
    out.push_back(r);
  };
  switch (a.kind) {
    case khartoum::PLACE_SETUP:
    case khartoum::PLACE_UNIT:
    case khartoum::MARCH_STACK:
    case khartoum::MARCH_TO:
    case khartoum::MOVE_FROM:
    case khartoum::STEP_TO:
    case khartoum::FIGHT:
    case khartoum::RETREAT_TO:
    case khartoum::BREAKOFF_TO:
    case khartoum::PURSUE_TO:
      add("space", s.sc->spaces[static_cast<size_t>(a.a)].id);
      break;
    case khartoum::RE_RECRUIT:
    case khartoum::CHOOSE_UNIT:
    case khartoum::TOGGLE:
    case khartoum::FIRE:
    case khartoum::BREAK_OFF:
    case khartoum::ELIMINATE_UNIT:
    case khartoum::PANIC_UNIT:
    case khartoum::PURSUE_WITH:
    case khartoum::PUT_ON_TOP:
      add("unit", s.info(a.a).id);
      break;
    case khartoum::PLAY_HELD:
    case khartoum::PLAY_NOW:
    case khartoum::HOLD_CARD:
      add("card", s.sc->cards[static_cast<size_t>(a.a)].id);
      break;
    default:
      break;
  }
}

core::Rng& HandOfDestinyGame::rng(core::GameState& gs) const {
  return S(gs).rng;
}

}  // namespace frontier::hand_of_destiny
