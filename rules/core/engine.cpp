// The validation gate and the small helpers every front end shares.
#include "core/engine.h"

#include <algorithm>
#include <limits>

namespace frontier::core {

ApplyResult apply(const Game& game, GameState& state, Seat seat, const Action& action,
                  std::vector<LogEvent>* events) {
  if (seat < 0 || seat >= game.seat_count()) {
    return {Status::not_your_turn("Observers cannot act in a game"), false};
  }
  if ((game.awaiting(state) & seat_bit(seat)) == 0) {
    return {Status::not_your_turn(game.seat_name(seat) + " has no decision to make now"), false};
  }
  std::vector<Action> legal;
  game.legal_actions(state, seat, legal);
  if (std::find(legal.begin(), legal.end(), action) == legal.end()) {
    return {Status::illegal_action(game.explain_illegal(state, seat, action)), false};
  }
  uint64_t draws_before = game.rng(state).draws();
  EventSink sink(events);
  game.apply_legal(state, seat, action, sink);
  bool chance = game.rng(state).draws() != draws_before;
  return {Status::ok(), sink.irreversible() || chance};
}

std::string snapshot(const Game& game, const GameState& state) {
  ByteWriter w;
  game.snapshot(state, w);
  return w.take();
}

std::string state_hash(const Game& game, const GameState& state) {
  return hash_hex(fnv1a64(snapshot(game, state)));
}

frontier::Prompt prompt_with_choices(const Game& game, const GameState& state, Seat seat) {
  frontier::Prompt p;
  fill_prompt(game, state, seat, p);
  return p;
}

void fill_prompt(const Game& game, const GameState& state, Seat seat, frontier::Prompt& p) {
  p.set_seat(seat);
  if (seat < 0 || (game.awaiting(state) & seat_bit(seat)) == 0) return;
  PromptInfo info = game.prompt(state, seat);
  p.set_kind(info.kind);
  p.set_text(info.text);
  std::vector<Action> legal;
  game.legal_actions(state, seat, legal);
  std::vector<frontier::Ref> refs;
  for (const Action& a : legal) {
    auto* choice = p.add_choices();
    *choice->mutable_action() = to_proto(a);
    choice->set_label(game.describe(state, seat, a));
    refs.clear();
    game.refs(state, seat, a, refs);
    for (auto& r : refs) *choice->add_refs() = std::move(r);
    // The only choice left is no slip of the hand: nothing to ask.
    if (legal.size() > 1) choice->set_confirm(game.confirm(state, seat, a, legal));
  }
}

std::optional<Action> find_by_label(const Game& game, const GameState& state, Seat seat,
                                    std::string_view label) {
  std::vector<Action> legal;
  game.legal_actions(state, seat, legal);
  for (const Action& a : legal) {
    if (game.describe(state, seat, a) == label) return a;
  }
  return std::nullopt;
}

std::optional<std::string> line_for(const LogEvent& event, Seat viewer) {
  if (event.visible_to == kAllSeats) return event.text;
  if (viewer >= 0 && viewer < 32 && (event.visible_to & seat_bit(viewer)) != 0) return event.text;
  if (!event.redacted.empty()) return event.redacted;
  return std::nullopt;
}

Status validate_setup(const Game& game, const frontier::MatchSetup& setup) {
  const auto& info = game.info();
  bool scenario_known = std::any_of(info.scenarios().begin(), info.scenarios().end(),
                                    [&](const auto& s) { return s.id() == setup.scenario(); });
  if (!scenario_known) {
    return Status::invalid_argument("Unknown scenario '" + setup.scenario() + "' for " + info.id());
  }
  for (const auto& opt : setup.options()) {
    auto it = std::find_if(info.options().begin(), info.options().end(),
                           [&](const auto& o) { return o.id() == opt.id(); });
    if (it == info.options().end()) {
      return Status::invalid_argument("Unknown option '" + opt.id() + "' for " + info.id());
    }
    bool value_ok = std::any_of(it->choices().begin(), it->choices().end(),
                                [&](const auto& c) { return c.value() == opt.value(); });
    if (!value_ok) {
      return Status::invalid_argument("Option '" + opt.id() + "' cannot be '" + opt.value() + "'");
    }
  }
  return Status::ok();
}

std::string option_value(const Game& game, const frontier::MatchSetup& setup, std::string_view id) {
  for (const auto& opt : setup.options()) {
    if (opt.id() == id) return opt.value();
  }
  for (const auto& o : game.info().options()) {
    if (o.id() == id) return o.default_value();
  }
  return {};
}

frontier::Action to_proto(const Action& action) {
  frontier::Action p;
  p.set_kind(action.kind);
  p.set_a(action.a);
  p.set_b(action.b);
  p.set_c(action.c);
  return p;
}

Result<Action> from_proto(const frontier::Action& p) {
  auto fits16 = [](int32_t v) {
    return v >= std::numeric_limits<int16_t>::min() && v <= std::numeric_limits<int16_t>::max();
  };
  if (p.kind() > std::numeric_limits<uint16_t>::max() || !fits16(p.a()) || !fits16(p.b()) || !fits16(p.c())) {
    return Status::invalid_argument("Action fields out of range");
  }
  return Action{static_cast<uint16_t>(p.kind()), static_cast<int16_t>(p.a()), static_cast<int16_t>(p.b()),
                static_cast<int16_t>(p.c())};
}

}  // namespace frontier::core
