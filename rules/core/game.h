// The interface every game system implements, and the few plain types it speaks in.
//
// A game is a stateless object (one per title) operating on an opaque GameState that it
// created. The engine (engine.h) wraps it: apply() there validates by membership in
// legal_actions() and only then calls apply_legal(), so validation can never change state and
// a validated action can never fail ("test before execute").
//
// Determinism contract for implementers: no I/O, no clock, no threads, no floating point in
// anything that affects play, no unordered-container iteration that reaches results; every
// chance event draws from the state's Rng (see rng.h).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/bytes.h"
#include "core/rng.h"
#include "core/status.h"
#include "game.pb.h"
#include "view.pb.h"

namespace frontier::core {

using Seat = int;
constexpr Seat kObserver = -1;  // a spectator: sees only what every seat may see
using SeatMask = uint32_t;
constexpr SeatMask kAllSeats = ~SeatMask{0};
constexpr SeatMask seat_bit(Seat s) {
  return SeatMask{1} << s;
}

// One small step of play. The meaning of kind/a/b/c is the game's (documented by its
// ActionKind enum in proto/<game>.proto); the wire form is frontier.Action.
struct Action {
  uint16_t kind = 0;
  int16_t a = 0;
  int16_t b = 0;
  int16_t c = 0;
  bool operator==(const Action&) const = default;
};

// A structured log event with its readable line. Seats in `visible_to` read `text`; every
// other seat and observers read `redacted` (or nothing when it is empty). Observers read
// `text` only when visible_to == kAllSeats.
struct LogEvent {
  std::string kind;
  std::string text;
  SeatMask visible_to = kAllSeats;
  std::string redacted;
};

// Where apply_legal() reports what happened. Logging can be switched off (random playouts);
// games test enabled() before formatting text so playouts pay nothing for it.
class EventSink {
 public:
  explicit EventSink(std::vector<LogEvent>* out = nullptr) : out_(out) {}
  bool enabled() const { return out_ != nullptr; }
  void add(std::string kind, std::string text) {
    if (out_) out_->push_back({std::move(kind), std::move(text), kAllSeats, {}});
  }
  void add_private(std::string kind, SeatMask visible_to, std::string text, std::string redacted = {}) {
    if (out_) out_->push_back({std::move(kind), std::move(text), visible_to, std::move(redacted)});
  }
  // The action revealed a hidden fact (a face-down stack, a card); it can no longer be undone.
  // (Drawing from the Rng marks this automatically.)
  void mark_irreversible() { irreversible_ = true; }
  bool irreversible() const { return irreversible_; }

 private:
  std::vector<LogEvent>* out_;
  bool irreversible_ = false;
};

struct PromptInfo {
  std::string kind;  // stable machine name; empty = this seat holds no prompt
  std::string text;  // sentence for a person
};

class GameState {
 public:
  virtual ~GameState() = default;
  virtual std::unique_ptr<GameState> clone() const = 0;
};

class Game {
 public:
  virtual ~Game() = default;

  // Id, title, seat (side) names in seat order, scenarios and options.
  virtual const frontier::GameInfo& info() const = 0;

  // The starting position for a scenario, options and seed; InvalidArgument names what is wrong.
  virtual Result<std::unique_ptr<GameState>> initial(const frontier::MatchSetup& setup) const = 0;

  // Seats that hold a prompt now, one bit per seat. 0 exactly when the game is over.
  virtual SeatMask awaiting(const GameState& state) const = 0;
  // The prompt `seat` holds (kind empty when none).
  virtual PromptInfo prompt(const GameState& state, Seat seat) const = 0;
  // Every legal action of `seat` now, appended to `out` (cleared first). Complete: anything not
  // listed is illegal. Labels (describe) are unique within one seat's list.
  virtual void legal_actions(const GameState& state, Seat seat, std::vector<Action>& out) const = 0;
  // Applies an action that legal_actions() listed for `seat`. Must not fail.
  virtual void apply_legal(GameState& state, Seat seat, const Action& action, EventSink& events) const = 0;
  // Why `action` is not legal for `seat` now: a sentence citing the rule where one applies.
  virtual std::string explain_illegal(const GameState& state, Seat seat, const Action& action) const;

  // A short label for a legal action, as a player would say it ("Raid with Ali").
  virtual std::string describe(const GameState& state, Seat seat, const Action& action) const = 0;
  // What a legal action points at on the board (for clickable clients). Optional.
  virtual void refs(const GameState& state, Seat seat, const Action& action,
                    std::vector<frontier::Ref>& out) const {}
  // The question to ask before `seat` sends a legal `action` that ends a phase with something
  // left undone ("End the March Phase with 3 stacks unmoved?"), else empty: a stray click or
  // keystroke cannot be taken back by the rules. `legal` is all of legal_actions(state, seat), so
  // a question counting what is left to do need not list it again. Every client asks it as
  // worded here (LegalChoice.confirm). Optional.
  virtual std::string confirm(const GameState& state, Seat seat, const Action& action,
                              const std::vector<Action>& legal) const {
    return {};
  }

  // The fog-of-war view for `viewer` (kObserver for spectators); everything once the game is over.
  // The game's own view message, packed into `out` (core/view.h: pack_view).
  virtual void view(const GameState& state, Seat viewer, frontier::GameView& out) const = 0;
  // The type of that message: the catalogue sends its schema, so any client can show it.
  virtual const google::protobuf::Descriptor& view_type() const = 0;
  virtual void status(const GameState& state, frontier::GameStatus& out) const = 0;

  // Deterministic snapshot bytes (including the Rng); restore() is its exact inverse.
  virtual void snapshot(const GameState& state, ByteWriter& out) const = 0;
  virtual Result<std::unique_ptr<GameState>> restore(std::string_view bytes) const = 0;

  // The state's generator: scripts queue forced rolls on it; the engine watches it for chance.
  virtual Rng& rng(GameState& state) const = 0;

  // Scenario-script edits of a position ("place Ali Omdurman", "set turn 4"); the command
  // language is the game's, documented in docs/scenario-scripts.md. Default: unsupported.
  virtual Status edit(GameState& state, std::string_view command) const;

  // A state that `viewer` cannot tell apart from `state` (its view is identical) with the facts
  // hidden from it redrawn. Used by leak tests and by bots. nullptr: the game hides nothing.
  virtual std::unique_ptr<GameState> resample_hidden(const GameState& state, Seat viewer, Rng& rng) const {
    return nullptr;
  }
  // A full state built from what `viewer` receives and nothing else: `view` is the view the server
  // sends that seat (view(state, viewer)), `setup` the match's public terms (game, scenario,
  // options; its seed is never read: it would foretell the dice). Every fact the view hides from
  // the seat is drawn from `rng` (hidden hands, the order of face-down decks, face-down units, the
  // dice to come), so view(determinize(view(s)), viewer) == view(s, viewer) and draws differ
  // wherever anything is hidden. A view this game could not have sent is InvalidArgument.
  // Games that cannot rebuild yet answer FailedCheck (tests/ai/determinize_test.cpp lists them,
  // and fails once one starts rebuilding, so it moves to the round-trip test; docs/core.md).
  virtual Result<std::unique_ptr<GameState>> determinize(const frontier::MatchSetup& setup,
                                                         const frontier::GameView& view, Seat viewer,
                                                         Rng& rng) const;
  // A built-in policy's choice for `seat` (a game's documented heuristic player), written to
  // `out`; false when the game has none. Must return one of legal_actions(). Optional.
  virtual bool policy_action(const GameState& state, Seat seat, Action& out) const { return false; }
  // policy_action for a caller that has just listed `legal` (all of legal_actions(state, seat)):
  // a bot's playout lists them at every step, and a policy that lists them again doubles the
  // cost of the step. Must choose as policy_action would.
  virtual bool policy_action_among(const GameState& state, Seat seat, const std::vector<Action>& legal,
                                   Action& out) const {
    return policy_action(state, seat, out);
  }
  // The game's greedy player, for measuring bots against it (frontier-ai-bench --vs greedy): the
  // best of `legal` (all of legal_actions(state, seat)) by the game's own scoring, ties broken
  // with `rng` (the caller's, core/greedy.h), written to `out`; false when the game has none (the
  // bench then uses policy_action). Optional.
  virtual bool greedy_action(const GameState& state, Seat seat, const std::vector<Action>& legal, Rng& rng,
                             Action& out) const {
    return false;
  }
  // How many playout actions per mille bots should take from policy_action (the rest at random):
  // a game whose random moves almost always lose wants its policy nearly always.
  virtual int playout_policy_per_mille() const { return 500; }
  // True for a legal action a bot should never take (Crossroads: an agreement offer, which is
  // one-sided; taking a piece back into a force being formed, which lets a bot circle from one
  // decision to the next where no single search sees a repeat; Khartoum: holding back a pursuer,
  // retaking a unit left out of a group, restacking to a stronger top). Bots' searches leave such actions out
  // wherever another remains, for every seat they model. Optional.
  virtual bool bot_skips(const GameState& state, Seat seat, const Action& action) const { return false; }
  // bot_skips for each of `legal` (all of legal_actions(state, seat), in order), written to
  // `skipped`: a bot asks about every legal action of every step it plans, so a game whose
  // answers share work (Crossroads: its envoys' goals) may do that work once per list. Must
  // answer as bot_skips would. By default bot_skips action by action.
  virtual void bot_skips_among(const GameState& state, Seat seat, const std::vector<Action>& legal,
                               std::vector<uint8_t>& skipped) const;
  // True when `seat`'s decision now matters little to the outcome, so a bot spends only a small
  // search on it (ai/turn.h): a set-up placement among many alike. Optional.
  virtual bool bot_light_step(const GameState& state, Seat seat) const { return false; }
  // How many full searches a bot's turn may spend (ai/turn.h), by what one costs in this game:
  // eight where a decision at normal level takes 150-250 ms of a core (Crossroads), more where
  // it takes a tenth of that. Optional.
  virtual int bot_turn_searches() const { return 8; }
  // Where a legal `action` of `seat` moves a unit or stack one step of a move made step by step:
  // the space it leaves and the one it enters (the game's own numbers); an action that goes on
  // with the move without moving (boarding a boat) is a step from its space to itself; nullopt for
  // any other action. A bot never steps back into a space its stack left earlier in the same move
  // (ai/turn.h, MoveTrail): legal, but a person reads it as a broken opponent. Optional.
  struct BotStep {
    int from = -1, to = -1;
  };
  virtual std::optional<BotStep> bot_step(const GameState& state, Seat seat, const Action& action) const {
    return std::nullopt;
  }
  // The game's heuristic estimate of `seat`'s chances from `state`, in per mille (0 = lost,
  // 1000 = won), for bots that cut a playout short; nullopt when the game has none. Bots call
  // it on redrawn states (resample_hidden), so it may read the whole state. Optional.
  virtual std::optional<int> estimate(const GameState& state, Seat seat) const { return std::nullopt; }
  // The estimate of `state` measured from `start`, the position a search began in (as the
  // searching seat redrew it): a game whose estimate follows a lead may score the change in the
  // lead since then, so that a bot far behind or far ahead, where the estimate is flat, still
  // tells a small gain from none. By default the estimate of `state` alone. Optional.
  virtual std::optional<int> estimate_since(const GameState& start, const GameState& state, Seat seat) const {
    return estimate(state, seat);
  }
  // Debug consistency check; empty when the state is sound, else what is wrong.
  virtual std::string check_invariants(const GameState& state) const { return {}; }

  // Helpers over info().
  int seat_count() const { return info().seats_size(); }
  const std::string& id() const { return info().id(); }
  // Seat index by side name (case-insensitive), or kObserver when unknown.
  Seat seat_by_name(std::string_view name) const;
  std::string seat_name(Seat seat) const;
};

}  // namespace frontier::core
