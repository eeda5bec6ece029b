// frontier-sim: list games, run seeded random playouts, scenario scripts and replays, and play
// a demo game with its log. The simulator is a front end: it may do I/O; the rules never do.
#include "sim/cli.h"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <google/protobuf/text_format.h>

#include "core/data.h"
#include "core/engine.h"
#include "core/record.h"
#include "sim/json.h"
#include "sim/playout.h"
#include "sim/script.h"

namespace frontier::sim {

namespace {

const char kUsage[] =
    "usage: frontier-sim COMMAND [ARGS]\n"
    "  list                                   games, scenarios and options\n"
    "  play --game G [--scenario S] [--seed N] [--games K] [--policy random|first|heuristic]\n"
    "       [--option id=value]... [--check] [--replay-check] [--record FILE] [--json]\n"
    "                                         seeded random playouts with statistics\n"
    "  script FILE...                         run scenario scripts, one line per script\n"
    "  replay RECORD                          re-run a game record; print final hash and status\n"
    "  demo [--game G] [--seed N] [--policy heuristic]\n"
    "                                         play one random (or heuristic) game and print its log\n";

struct Args {
  std::vector<std::string> positional;
  std::vector<std::pair<std::string, std::string>> flags;  // --name value (value "" for switches)
  bool has(const std::string& name) const {
    for (const auto& f : flags) {
      if (f.first == name) return true;
    }
    return false;
  }
  std::string get(const std::string& name, const std::string& fallback = "") const {
    for (const auto& f : flags) {
      if (f.first == name) return f.second;
    }
    return fallback;
  }
};

bool is_switch(const std::string& name) {
  return name == "json" || name == "check" || name == "replay-check";
}

Args parse_args(int argc, char** argv, int from) {
  Args a;
  for (int i = from; i < argc; ++i) {
    std::string s = argv[i];
    if (s.rfind("--", 0) == 0) {
      std::string name = s.substr(2), value;
      if (auto eq = name.find('='); eq != std::string::npos) {
        value = name.substr(eq + 1);
        name = name.substr(0, eq);
      } else if (!is_switch(name) && i + 1 < argc) {
        value = argv[++i];
      }
      a.flags.emplace_back(name, value);
    } else {
      a.positional.push_back(s);
    }
  }
  return a;
}

int cmd_list(const core::Registry& registry) {
  for (const core::Game* g : registry.games()) {
    const auto& info = g->info();
    std::cout << info.id() << "  " << info.title() << "  (sides:";
    for (const auto& s : info.seats()) std::cout << " " << s;
    std::cout << ")\n";
    for (const auto& sc : info.scenarios())
      std::cout << "  scenario " << sc.id() << "  " << sc.name() << "\n";
    for (const auto& o : info.options()) {
      std::cout << "  option " << o.id() << " =";
      for (const auto& c : o.choices()) std::cout << " " << c.value();
      std::cout << " (default " << o.default_value() << ")  " << o.name() << "\n";
    }
  }
  return 0;
}

// Builds a MatchSetup from --game/--scenario/--option; prints the problem and returns false.
bool setup_from_args(const core::Registry& registry, const Args& args, const core::Game*& game,
                     frontier::MatchSetup& setup) {
  std::string id = args.get("game");
  if (id.empty() && !registry.games().empty()) id = registry.games().front()->id();
  game = registry.find(id);
  if (game == nullptr) {
    std::cerr << "frontier-sim: unknown game '" << id << "' (see frontier-sim list)\n";
    return false;
  }
  setup.set_game(id);
  std::string scenario = args.get("scenario");
  if (scenario.empty() && game->info().scenarios_size() > 0) scenario = game->info().scenarios(0).id();
  setup.set_scenario(scenario);
  for (const auto& [name, value] : args.flags) {
    if (name != "option") continue;
    auto eq = value.find('=');
    auto* o = setup.add_options();
    o->set_id(value.substr(0, eq));
    o->set_value(eq == std::string::npos ? "on" : value.substr(eq + 1));
  }
  if (auto s = core::validate_setup(*game, setup); !s) {
    std::cerr << "frontier-sim: " << s.message() << "\n";
    return false;
  }
  return true;
}

int cmd_play(const core::Registry& registry, const Args& args) {
  const core::Game* game = nullptr;
  frontier::MatchSetup setup;
  if (!setup_from_args(registry, args, game, setup)) return 2;
  PlayoutOptions opt;
  opt.seed = std::stoull(args.get("seed", "1"));
  opt.games = std::stoi(args.get("games", "1"));
  std::string policy = args.get("policy", "random");
  if (policy != "random" && policy != "first" && policy != "heuristic") {
    std::cerr << "frontier-sim: --policy must be random, first or heuristic\n";
    return 2;
  }
  opt.policy = policy == "first"       ? Policy::kFirst
               : policy == "heuristic" ? Policy::kHeuristic
                                       : Policy::kRandom;
  opt.check = args.has("check");
  opt.check_replay = args.has("replay-check");
  opt.keep_first_record = args.has("record");
  PlayoutReport r = run_playouts(*game, setup, opt);
  if (opt.keep_first_record) {
    std::string text;
    google::protobuf::TextFormat::PrintToString(r.first_record, &text);
    std::ofstream(args.get("record")) << text;
  }
  double gps = r.seconds > 0 ? r.games / r.seconds : 0;
  double aps = r.seconds > 0 ? static_cast<double>(r.actions) / r.seconds : 0;
  if (args.has("json")) {
    std::ostringstream o;
    o << "{\"game\":" << json_string(setup.game()) << ",\"scenario\":" << json_string(setup.scenario())
      << ",\"seed\":" << opt.seed << ",\"games\":" << r.games << ",\"finished\":" << r.finished
      << ",\"actions\":" << r.actions << ",\"seconds\":" << r.seconds << ",\"games_per_s\":" << gps
      << ",\"actions_per_s\":" << aps << ",\"signature\":\"" << core::hash_hex(r.signature)
      << "\",\"results\":{";
    bool first = true;
    for (const auto& [k, v] : r.results) {
      o << (first ? "" : ",") << json_string(k) << ":" << v;
      first = false;
    }
    o << "},\"winners\":{";
    first = true;
    for (const auto& [k, v] : r.winners) {
      o << (first ? "" : ",") << json_string(k) << ":" << v;
      first = false;
    }
    o << "},\"failures\":[";
    for (size_t i = 0; i < r.failures.size(); ++i) o << (i ? "," : "") << json_string(r.failures[i]);
    o << "]}";
    std::cout << o.str() << "\n";
  } else {
    std::printf(
        "%s/%s seed %llu: %d games, %d finished, %llu actions in %.3f s (%.1f games/s, %.0f actions/s)\n",
        setup.game().c_str(), setup.scenario().c_str(), static_cast<unsigned long long>(opt.seed), r.games,
        r.finished, static_cast<unsigned long long>(r.actions), r.seconds, gps, aps);
    for (const auto& [k, v] : r.winners) std::printf("  winner %-24s %d\n", k.c_str(), v);
    for (const auto& [k, v] : r.results) std::printf("  result %-40s %d\n", k.c_str(), v);
    std::printf("  signature %s\n", core::hash_hex(r.signature).c_str());
    for (const auto& f : r.failures) std::printf("  FAILURE %s\n", f.c_str());
  }
  return r.failures.empty() ? 0 : 1;
}

int cmd_script(const core::Registry& registry, const Args& args) {
  if (args.positional.empty()) {
    std::cerr << "frontier-sim script: name at least one script file\n";
    return 2;
  }
  int failed = 0;
  for (const auto& path : args.positional) {
    ScriptResult r = run_script_file(registry, path);
    if (r.passed) {
      std::printf("PASS %s (%d steps)\n", path.c_str(), r.steps_run);
    } else {
      ++failed;
      std::printf("FAIL %s: %s\n", path.c_str(), r.failure.c_str());
    }
  }
  std::printf("%zu passed, %d failed\n", args.positional.size() - failed, failed);
  return failed == 0 ? 0 : 1;
}

int cmd_replay(const core::Registry& registry, const Args& args) {
  if (args.positional.size() != 1) {
    std::cerr << "frontier-sim replay: name one record file\n";
    return 2;
  }
  std::ifstream in(args.positional[0]);
  if (!in) {
    std::cerr << "frontier-sim replay: cannot open " << args.positional[0] << "\n";
    return 2;
  }
  std::stringstream buf;
  buf << in.rdbuf();
  frontier::GameRecord record;
  if (auto s = core::parse_text_proto(buf.str(), args.positional[0], &record); !s) {
    std::cerr << "frontier-sim replay: " << s.message() << "\n";
    return 2;
  }
  auto r = core::replay(registry, record);
  if (!r) {
    std::cerr << "frontier-sim replay: " << r.status().message() << "\n";
    return 1;
  }
  frontier::GameStatus status;
  r->game->status(*r->state, status);
  std::printf("hash %s\nactions %d\nturn %u\nfinished %s\nresult %s\n",
              core::state_hash(*r->game, *r->state).c_str(), record.actions_size(), status.turn(),
              status.finished() ? "yes" : "no", status.result().c_str());
  return 0;
}

int cmd_demo(const core::Registry& registry, const Args& args) {
  const core::Game* game = nullptr;
  frontier::MatchSetup setup;
  if (!setup_from_args(registry, args, game, setup)) return 2;
  setup.set_seed(std::stoull(args.get("seed", "2026")));
  auto initial = game->initial(setup);
  if (!initial) {
    std::cerr << "frontier-sim: " << initial.status().message() << "\n";
    return 1;
  }
  auto state = std::move(initial).value();
  core::Rng policy(setup.seed(), 7);
  bool heuristic = args.get("policy") == "heuristic";
  std::vector<core::Action> legal;
  std::printf("%s — %s, seed %llu, %s players\n", game->info().title().c_str(), setup.scenario().c_str(),
              static_cast<unsigned long long>(setup.seed()), heuristic ? "heuristic" : "random");
  while (core::SeatMask waiting = game->awaiting(*state)) {
    core::Seat seat = 0;
    while ((waiting & core::seat_bit(seat)) == 0) ++seat;
    game->legal_actions(*state, seat, legal);
    core::Action a;
    if (!heuristic || !game->policy_action(*state, seat, a))
      a = legal[policy.below(static_cast<uint32_t>(legal.size()))];
    std::printf("%s: %s\n", game->seat_name(seat).c_str(), game->describe(*state, seat, a).c_str());
    std::vector<core::LogEvent> events;
    (void)core::apply(*game, *state, seat, a, &events);
    for (const auto& e : events) {
      if (auto line = core::line_for(e, core::kObserver)) std::printf("    %s\n", line->c_str());
    }
  }
  frontier::GameStatus status;
  game->status(*state, status);
  std::printf("Game over on turn %u: %s\nfinal hash %s\n", status.turn(), status.result().c_str(),
              core::state_hash(*game, *state).c_str());
  return 0;
}

}  // namespace

int run_cli(int argc, char** argv, const core::Registry& registry) {
  if (argc < 2 || std::strcmp(argv[1], "help") == 0 || std::strcmp(argv[1], "--help") == 0) {
    std::fputs(kUsage, argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  for (const auto& problem : registry.problems())
    std::fprintf(stderr, "frontier-sim: %s\n", problem.message().c_str());
  if (!registry.problems().empty()) return 1;
  std::string cmd = argv[1];
  Args args = parse_args(argc, argv, 2);
  try {
    if (cmd == "list") return cmd_list(registry);
    if (cmd == "play") return cmd_play(registry, args);
    if (cmd == "script") return cmd_script(registry, args);
    if (cmd == "replay") return cmd_replay(registry, args);
    if (cmd == "demo") return cmd_demo(registry, args);
  } catch (const std::exception& e) {  // std::stoi and friends on bad numbers
    std::cerr << "frontier-sim " << cmd << ": bad argument (" << e.what() << ")\n";
    return 2;
  }
  std::cerr << "frontier-sim: unknown command '" << cmd << "'\n" << kUsage;
  return 2;
}

}  // namespace frontier::sim
