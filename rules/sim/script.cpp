// The scenario-script interpreter. Each step either changes the position (edit, dice, draws,
// play) or checks it (expect); the first failing step stops the script with a message that
// says which step, what was found and what was expected.
#include "sim/script.h"

#include <fstream>
#include <sstream>

#include "core/data.h"
#include "core/engine.h"
#include "core/view.h"
#include "sim/view_path.h"

namespace frontier::sim {

namespace {

struct Run {
  const core::Game* game = nullptr;
  std::unique_ptr<core::GameState> state;
  std::vector<core::LogEvent> events_since_expect;
  std::string last_illegal_reason;
};

// "Side: rest" -> seat and rest.
core::Status split_seat(const core::Game& game, const std::string& text, core::Seat& seat,
                        std::string& rest) {
  auto colon = text.find(':');
  std::string side = text.substr(0, colon == std::string::npos ? text.size() : colon);
  rest = colon == std::string::npos ? "" : text.substr(colon + 1);
  while (!rest.empty() && rest.front() == ' ') rest.erase(rest.begin());
  while (!side.empty() && side.back() == ' ') side.pop_back();
  seat = game.seat_by_name(side);
  if (seat == core::kObserver) return core::Status::invalid_argument("Unknown side '" + side + "'");
  return core::Status::ok();
}

std::string legal_labels(const core::Game& game, const core::GameState& state, core::Seat seat) {
  std::vector<core::Action> legal;
  game.legal_actions(state, seat, legal);
  std::string out;
  for (size_t i = 0; i < legal.size() && i < 40; ++i) {
    out += (i ? " | " : "") + game.describe(state, seat, legal[i]);
  }
  if (legal.size() > 40) out += " | ...";
  return out.empty() ? "(none)" : out;
}

core::Status play(Run& run, const std::string& text) {
  core::Seat seat = 0;
  std::string label;
  if (auto s = split_seat(*run.game, text, seat, label); !s) return s;
  auto action = core::find_by_label(*run.game, *run.state, seat, label);
  if (!action) {
    return core::Status::failed_check("'" + label + "' is not a legal choice for " +
                                      run.game->seat_name(seat) +
                                      "; legal: " + legal_labels(*run.game, *run.state, seat));
  }
  auto r = core::apply(*run.game, *run.state, seat, *action, &run.events_since_expect);
  if (!r.status) return core::Status::failed_check("refused: " + r.status.message());
  return core::Status::ok();
}

core::Status play_first(Run& run, const std::string& text) {
  std::string side = text;
  int times = 1;
  if (auto x = text.rfind(" x"); x != std::string::npos) {
    times = std::stoi(text.substr(x + 2));
    side = text.substr(0, x);
  }
  core::Seat seat = run.game->seat_by_name(side);
  if (seat == core::kObserver) return core::Status::invalid_argument("Unknown side '" + side + "'");
  for (int i = 0; i < times; ++i) {
    std::vector<core::Action> legal;
    run.game->legal_actions(*run.state, seat, legal);
    if (legal.empty())
      return core::Status::failed_check(side + " has no legal choice (after " + std::to_string(i) + ")");
    auto r = core::apply(*run.game, *run.state, seat, legal.front(), &run.events_since_expect);
    if (!r.status) return core::Status::failed_check("refused: " + r.status.message());
  }
  return core::Status::ok();
}

core::Status play_illegal(Run& run, const std::string& text) {
  core::Seat seat = 0;
  std::string rest;
  if (auto s = split_seat(*run.game, text, seat, rest); !s) return s;
  std::istringstream in(rest);
  int kind = 0, a = 0, b = 0, c = 0;
  std::string before = core::state_hash(*run.game, *run.state);
  if (in >> kind) {
    in >> a >> b >> c;
    core::Action action{static_cast<uint16_t>(kind), static_cast<int16_t>(a), static_cast<int16_t>(b),
                        static_cast<int16_t>(c)};
    auto r = core::apply(*run.game, *run.state, seat, action, &run.events_since_expect);
    if (r.status) return core::Status::failed_check("the action was accepted but should have been refused");
    run.last_illegal_reason = r.status.message();
  } else if (core::find_by_label(*run.game, *run.state, seat, rest)) {
    return core::Status::failed_check("'" + rest + "' is a legal choice but should not be");
  }
  if (core::state_hash(*run.game, *run.state) != before) {
    return core::Status::failed_check("a refused action changed the state");
  }
  return core::Status::ok();
}

core::Status check_field(const google::protobuf::Message& root, const frontier::Expectation::Field& f) {
  auto values = select_path(root, f.path());
  if (!values) return values.status();
  auto listing = [&] {
    std::string s;
    for (const auto& v : *values) s += (s.empty() ? "" : ", ") + ("'" + v + "'");
    return s.empty() ? std::string("nothing") : s;
  };
  if (f.absent() && !values->empty())
    return core::Status::failed_check(f.path() + " should select nothing but is " + listing());
  if (f.count_set() && static_cast<int>(values->size()) != f.count()) {
    return core::Status::failed_check(f.path() + " selects " + std::to_string(values->size()) +
                                      " values, expected " + std::to_string(f.count()));
  }
  if (!f.equals().empty() || (!f.absent() && !f.count_set() && f.contains().empty())) {
    if (values->size() != 1 || (*values)[0] != f.equals()) {
      return core::Status::failed_check(f.path() + " is " + listing() + ", expected '" + f.equals() + "'");
    }
  }
  if (!f.contains().empty()) {
    bool any = false;
    for (const auto& v : *values) any = any || v.find(f.contains()) != std::string::npos;
    if (!any)
      return core::Status::failed_check(f.path() + " is " + listing() + ", expected to contain '" +
                                        f.contains() + "'");
  }
  return core::Status::ok();
}

// Roots: "status.<path>" (GameStatus), "prompt.<path>" (the seat's Prompt), else the game's view.
core::Status check_fields(Run& run, const frontier::Expectation& e, core::Seat seat) {
  frontier::GameView view;
  run.game->view(*run.state, seat, view);
  frontier::GameStatus status;
  run.game->status(*run.state, status);
  frontier::Prompt prompt = core::prompt_with_choices(*run.game, *run.state, seat);
  std::unique_ptr<google::protobuf::Message> game_view = core::unpack_view(view, run.game->view_type());
  if (game_view == nullptr)
    return core::Status::corruption("the game's view does not decode as its view type");
  for (auto field : e.field()) {
    const google::protobuf::Message* root = game_view.get();
    std::string path = field.path();
    if (path.rfind("status.", 0) == 0) {
      root = &status;
      path = path.substr(7);
    } else if (path.rfind("prompt.", 0) == 0) {
      root = &prompt;
      path = path.substr(7);
    }
    field.set_path(path);
    if (auto s = check_field(*root, field); !s) return s;
  }
  return core::Status::ok();
}

core::Status expect(Run& run, const frontier::Expectation& e) {
  const core::Game& game = *run.game;
  core::Seat seat = core::kObserver;
  if (!e.seat().empty()) {
    seat = game.seat_by_name(e.seat());
    if (seat == core::kObserver) return core::Status::invalid_argument("Unknown side '" + e.seat() + "'");
  }
  if (auto s = check_fields(run, e, seat); !s) return s;
  if (!e.prompt_kind().empty()) {
    std::string kind = seat >= 0 && (game.awaiting(*run.state) & core::seat_bit(seat))
                           ? game.prompt(*run.state, seat).kind
                           : "none";
    if (kind != e.prompt_kind())
      return core::Status::failed_check("prompt is '" + kind + "', expected '" + e.prompt_kind() + "'");
  }
  if (seat >= 0) {
    for (const auto& label : e.choice()) {
      if (!core::find_by_label(game, *run.state, seat, label)) {
        return core::Status::failed_check(
            "'" + label + "' is not among the choices: " + legal_labels(game, *run.state, seat));
      }
    }
    for (const auto& label : e.no_choice()) {
      if (core::find_by_label(game, *run.state, seat, label))
        return core::Status::failed_check("'" + label + "' should not be a choice");
    }
    if (e.choice_count_set()) {
      std::vector<core::Action> legal;
      game.legal_actions(*run.state, seat, legal);
      if (static_cast<int>(legal.size()) != e.choice_count()) {
        return core::Status::failed_check(std::to_string(legal.size()) + " choices, expected " +
                                          std::to_string(e.choice_count()) + ": " +
                                          legal_labels(game, *run.state, seat));
      }
    }
  }
  std::vector<std::string> lines;
  for (const auto& ev : run.events_since_expect) {
    if (auto line = core::line_for(ev, seat)) lines.push_back(*line);
  }
  auto log_has = [&](const std::string& needle) {
    for (const auto& l : lines) {
      if (l.find(needle) != std::string::npos) return true;
    }
    return false;
  };
  for (const auto& needle : e.log_contains()) {
    if (!log_has(needle)) {
      std::string all;
      for (const auto& l : lines) all += "\n    " + l;
      return core::Status::failed_check("log lacks '" + needle +
                                        "'; it reads:" + (all.empty() ? " (nothing)" : all));
    }
  }
  for (const auto& needle : e.log_lacks()) {
    if (log_has(needle)) return core::Status::failed_check("log should not contain '" + needle + "'");
  }
  frontier::GameStatus status;
  game.status(*run.state, status);
  if (e.finished_set() && status.finished() != e.finished()) {
    return core::Status::failed_check(std::string("game is ") + (status.finished() ? "" : "not ") +
                                      "finished");
  }
  if (!e.result_contains().empty() && status.result().find(e.result_contains()) == std::string::npos) {
    return core::Status::failed_check("result is '" + status.result() + "', expected to contain '" +
                                      e.result_contains() + "'");
  }
  if (!e.illegal_reason_contains().empty() &&
      run.last_illegal_reason.find(e.illegal_reason_contains()) == std::string::npos) {
    return core::Status::failed_check("refusal reason is '" + run.last_illegal_reason +
                                      "', expected to contain '" + e.illegal_reason_contains() + "'");
  }
  run.events_since_expect.clear();
  return core::Status::ok();
}

// Queues die faces (`dice`) or blind-pick indexes (`picks`) on the match generator.
core::Status queue_forced(Run& run, const std::string& text, bool dice) {
  std::istringstream in(text);
  int value = 0;
  core::Rng& rng = run.game->rng(*run.state);
  while (in >> value) {
    if (value < 0) return core::Status::invalid_argument("negative value in '" + text + "'");
    if (dice) {
      rng.force_roll(value);
    } else {
      rng.force_pick(static_cast<uint32_t>(value));
    }
  }
  if (!in.eof()) return core::Status::invalid_argument("expected numbers, got '" + text + "'");
  return core::Status::ok();
}

const char* step_name(const frontier::ScriptStep& step) {
  switch (step.step_case()) {
    case frontier::ScriptStep::kEdit:
      return "edit";
    case frontier::ScriptStep::kPlay:
      return "play";
    case frontier::ScriptStep::kPlayIllegal:
      return "play_illegal";
    case frontier::ScriptStep::kExpect:
      return "expect";
    case frontier::ScriptStep::kDice:
      return "dice";
    case frontier::ScriptStep::kDraws:
      return "draws";
    case frontier::ScriptStep::kPlayFirst:
      return "play_first";
    case frontier::ScriptStep::kPicks:
      return "picks";
    default:
      return "empty";
  }
}

}  // namespace

ScriptResult run_script(const core::Registry& registry, const frontier::ScenarioScript& script) {
  ScriptResult result;
  Run run;
  run.game = registry.find(script.setup().game());
  if (run.game == nullptr) {
    result.failure = "unknown game '" + script.setup().game() + "'";
    return result;
  }
  if (auto s = core::validate_setup(*run.game, script.setup()); !s) {
    result.failure = s.message();
    return result;
  }
  auto initial = run.game->initial(script.setup());
  if (!initial) {
    result.failure = initial.status().message();
    return result;
  }
  run.state = std::move(initial).value();
  for (const auto& step : script.steps()) {
    ++result.steps_run;
    core::Status s;
    switch (step.step_case()) {
      case frontier::ScriptStep::kEdit:
        s = run.game->edit(*run.state, step.edit());
        break;
      case frontier::ScriptStep::kPlay:
        s = play(run, step.play());
        break;
      case frontier::ScriptStep::kPlayIllegal:
        s = play_illegal(run, step.play_illegal());
        break;
      case frontier::ScriptStep::kExpect:
        s = expect(run, step.expect());
        break;
      case frontier::ScriptStep::kDice:
        s = queue_forced(run, step.dice(), true);
        break;
      case frontier::ScriptStep::kPicks:
        s = queue_forced(run, step.picks(), false);
        break;
      case frontier::ScriptStep::kDraws:
        s = run.game->edit(*run.state, "draws " + step.draws());
        break;
      case frontier::ScriptStep::kPlayFirst:
        s = play_first(run, step.play_first());
        break;
      default:
        s = core::Status::invalid_argument("empty step");
    }
    if (!s) {
      result.failure =
          "step " + std::to_string(result.steps_run) + " (" + step_name(step) + "): " + s.message();
      return result;
    }
  }
  if (std::string bad = run.game->check_invariants(*run.state); !bad.empty()) {
    result.failure = "invariant broken at the end: " + bad;
    return result;
  }
  result.passed = true;
  return result;
}

ScriptResult run_script_file(const core::Registry& registry, const std::string& path) {
  std::ifstream in(path);
  if (!in) return {false, 0, "cannot open " + path};
  std::stringstream buf;
  buf << in.rdbuf();
  frontier::ScenarioScript script;
  if (auto s = core::parse_text_proto(buf.str(), path, &script); !s) return {false, 0, s.message()};
  return run_script(registry, script);
}

}  // namespace frontier::sim
