// Random playouts with optional per-step property checks.
#include "sim/playout.h"

#include <chrono>

#include "core/engine.h"
#include "core/record.h"

namespace frontier::sim {

namespace {

std::string view_bytes(const core::Game& game, const core::GameState& state, core::Seat seat) {
  frontier::GameView v;
  game.view(state, seat, v);
  std::string out;
  google::protobuf::io::StringOutputStream stream(&out);
  google::protobuf::io::CodedOutputStream coded(&stream);
  coded.SetSerializationDeterministic(true);
  v.SerializeToCodedStream(&coded);
  coded.Trim();
  return out;
}

// Everything `check` promises, for one position. Empty when all hold.
std::string check_position(const core::Game& game, const core::GameState& state, core::Rng& check_rng) {
  if (std::string bad = game.check_invariants(state); !bad.empty()) return "invariant: " + bad;
  std::string snap = core::snapshot(game, state);
  auto restored = game.restore(snap);
  if (!restored) return "restore failed: " + restored.status().message();
  if (core::snapshot(game, **restored) != snap) return "snapshot does not round-trip";
  for (core::Seat seat = core::kObserver; seat < game.seat_count(); ++seat) {
    auto other = game.resample_hidden(state, seat, check_rng);
    if (!other) continue;
    if (view_bytes(game, state, seat) != view_bytes(game, *other, seat)) {
      return "view of " + game.seat_name(seat) + " changes when hidden facts are redrawn (leak)";
    }
  }
  return {};
}

}  // namespace

PlayoutReport run_playouts(const core::Game& game, const frontier::MatchSetup& base,
                           const PlayoutOptions& options) {
  PlayoutReport report;
  std::vector<core::Action> legal;
  auto start = std::chrono::steady_clock::now();
  for (int g = 0; g < options.games; ++g) {
    frontier::MatchSetup setup = base;
    setup.set_seed(options.seed + static_cast<uint64_t>(g));
    auto initial = game.initial(setup);
    ++report.games;
    if (!initial) {
      report.failures.push_back("seed " + std::to_string(setup.seed()) + ": " + initial.status().message());
      continue;
    }
    std::unique_ptr<core::GameState> state = std::move(initial).value();
    core::Rng policy_rng(setup.seed(), 0x504f4c494359ULL /* "POLICY" */);
    // Checks draw from their own generator so turning them on never changes the moves chosen.
    core::Rng check_rng(setup.seed(), 0x434845434bULL /* "CHECK" */);
    bool want_record = options.check_replay || (options.keep_first_record && g == 0);
    frontier::GameRecord record;
    if (want_record) *record.mutable_setup() = setup;
    std::string failure;
    uint64_t steps = 0;
    core::EventSink no_log;
    while (failure.empty()) {
      core::SeatMask waiting = game.awaiting(*state);
      if (waiting == 0) break;
      if (steps >= options.max_actions_per_game) {
        failure = "no end after " + std::to_string(steps) + " actions";
        break;
      }
      // Pick the acting seat among those holding prompts (several may, for secret choices).
      core::Seat seats[32];
      int n = 0;
      for (core::Seat s = 0; s < game.seat_count(); ++s) {
        if (waiting & core::seat_bit(s)) seats[n++] = s;
      }
      core::Seat seat = n == 1 ? seats[0] : seats[policy_rng.below(static_cast<uint32_t>(n))];
      game.legal_actions(*state, seat, legal);
      if (legal.empty()) {
        failure = game.seat_name(seat) + " holds a prompt with no legal choice";
        break;
      }
      core::Action action;
      if (options.policy == Policy::kFirst) {
        action = legal.front();
      } else if (options.policy != Policy::kHeuristic || !game.policy_action(*state, seat, action)) {
        action = legal[policy_rng.below(static_cast<uint32_t>(legal.size()))];
      }
      if (want_record)
        core::record_action(record, seat, action, options.check ? game.describe(*state, seat, action) : "");
      if (options.check) {
        std::vector<core::LogEvent> events;
        auto r = core::apply(game, *state, seat, action, &events);
        if (!r.status) failure = "legal action refused: " + r.status.message();
        if (failure.empty()) failure = check_position(game, *state, check_rng);
      } else {
        game.apply_legal(*state, seat, action, no_log);
      }
      ++steps;
    }
    report.actions += steps;
    std::string hash = core::state_hash(game, *state);
    report.signature = core::fnv1a64(core::hash_hex(report.signature) + hash);
    if (failure.empty() && options.check_replay) {
      record.set_final_hash(hash);
      auto replayed = core::replay(game, record);
      if (!replayed) failure = "replay: " + replayed.status().message();
    }
    if (options.keep_first_record && g == 0) {
      record.set_final_hash(hash);
      report.first_record = record;
    }
    if (!failure.empty()) {
      report.failures.push_back("seed " + std::to_string(setup.seed()) + " step " + std::to_string(steps) +
                                ": " + failure);
      continue;
    }
    frontier::GameStatus status;
    game.status(*state, status);
    if (status.finished()) ++report.finished;
    ++report.results[status.result().empty() ? "(no result)" : status.result()];
    std::string winner =
        status.draw() ? "draw" : (status.winner() >= 0 ? game.seat_name(status.winner()) : "none");
    ++report.winners[winner];
  }
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

}  // namespace frontier::sim
