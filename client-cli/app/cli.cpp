// Command table, help texts and dispatch.
#include "app/cli.h"

#include <unistd.h>

#include <iostream>
#include <optional>
#include <stdexcept>

#include "app/commands.h"
#include "app/play.h"
#include "app/wrapping_stream.h"

namespace frontier::cli {

namespace {

struct Command {
  const char* name;
  int (*run)(Context&);
  const char* usage;
  const char* summary;
  const char* details;
};

const Command kCommands[] = {
    {"server", cmd_server, "frontier server [URL]", "show or set the server (default ws://127.0.0.1:8080/)",
     "Changing the server forgets the stored session: log in again there.\n"},
    {"register", cmd_register, "frontier register NAME [--password PW]", "create an account and log in",
     "NAME: 3-32 letters, digits, '_' or '-'. The password (8+ characters) is asked without echo on a\n"
     "terminal, else read from FRONTIER_PASSWORD or one line of stdin. The session token is stored\n"
     "in $XDG_CONFIG_HOME/frontier/config (or ~/.config/frontier/config), readable only by you.\n"},
    {"login", cmd_login, "frontier login NAME [--password PW]", "log in and store the session token",
     "The password is read as for `register`.\n"},
    {"logout", cmd_logout, "frontier logout", "end the session and forget the token", ""},
    {"games", cmd_games, "frontier games", "list games, their scenarios and options", ""},
    {"new", cmd_new,
     "frontier new GAME [--scenario ID] [--side SIDE] [--option ID=VALUE]... [--private] [--clock CLOCK]\n"
     "             [--vs-bot easy|normal|hard] [--rated|--casual]",
     "create a match and take a seat",
     "Prints the match number. A two-player match waits for an opponent, who joins it with\n"
     "`frontier join N`. --vs-bot gives every other side to the computer (it sees only what its\n"
     "side may see) and the match starts at once, as a solitaire game (lion) does.\n"
     "--private keeps it out of `frontier open` and prints an invite code: share the number and\n"
     "the code (`frontier join N --invite CODE`).\n"
     "--casual: the result leaves ratings alone; --rated: it moves both players' ratings\n"
     "(`frontier ratings GAME`). Without either, public and computer matches are rated, private\n"
     "ones between people casual; solitaire is never rated.\n"
     "--clock fast (3 days, +12 h a move, cap 5 days), slow (3 days, +36 h, cap 10 days) or\n"
     "BANK/INCREMENT/CAP with durations like 3d, 12h, 90m: a side that runs out loses on time.\n"},
    {"open", cmd_open, "frontier open [--limit N]", "list public matches waiting for players", ""},
    {"join", cmd_join, "frontier join MATCH [--side SIDE] [--invite CODE]", "take a free seat in a match",
     "A private match needs the invite code its creator was given (`frontier new --private`).\n"},
    {"list", cmd_list, "frontier list [--limit N]", "list your matches and whose turn it is", ""},
    {"play", cmd_play,
     "frontier play MATCH [--policy ask|random|first] [--seed N] [--delay MS] [--zoom TEXT] [--quiet]",
     "play a match: board, log and numbered choices, kept current",
     "Pick a choice by its number or by typing (part of) its name; `help` at the prompt lists the other\n"
     "commands (board, log, zoom, chat, undo, resign yes, quit). --policy random|first answers every\n"
     "prompt automatically (scripts, demos, load); --seed fixes the random policy. The connection is\n"
     "re-established with back-off if lost, and an unanswered choice is resent so that it applies once.\n"},
    {"watch", cmd_watch, "frontier watch MATCH [--invite CODE] [--zoom TEXT] [--quiet]",
     "follow a match as a spectator", "Shows what every seat may see, kept current; `quit` leaves.\n"},
    {"log", cmd_log, "frontier log MATCH [--from SEQ]", "print the match log you may read", ""},
    {"replay", cmd_replay, "frontier replay MATCH [--at N | --all]", "step through a finished match",
     "When this client carries the game's rules it re-runs the match from the revealed seed, checks the\n"
     "final hash against the server's (verifiable dice) and shows the board at each action:\n"
     "Enter or n next, p previous, g N go to action N, e end, q quit. --at N prints one position,\n"
     "--all every one. Otherwise it steps through the log.\n"},
    {"verify", cmd_verify, "frontier verify MATCH", "check a finished match's dice (seed and re-run)",
     "Asks the server to re-run the match from its revealed seed and, when this client carries the\n"
     "game's rules, re-runs it here too: the seed must hash to the commitment shown from the first\n"
     "move, and the actions must reach the announced final hash. Exit status 1 when a check fails.\n"},
    {"abort", cmd_abort, "frontier abort MATCH", "end a match without result before every side has moved",
     "Allowed while some side has not made its first move (not in tournaments); no winner, no rating.\n"},
    {"takeback", cmd_takeback, "frontier takeback MATCH [offer|accept|refuse|withdraw]",
     "ask to take back your last move, or answer the opponent's request",
     "offer (the default) asks the opponent to return the match to just before your latest move,\n"
     "with everything after it; they accept or refuse; withdraw cancels your own offer.\n"
     "Not in solitaire games (use undo in `frontier play`) or tournaments.\n"},
    {"rematch", cmd_rematch, "frontier rematch MATCH", "ask for a rematch of a finished match, sides swapped",
     "The new match starts when every player has asked; the command then prints its number.\n"},
    {"resign", cmd_resign, "frontier resign MATCH", "resign a running match", ""},
    {"chat", cmd_chat, "frontier chat MATCH TEXT...", "say something to a match's players and spectators",
     ""},
    {"tournament", cmd_tournament,
     "frontier tournament create|list|show|register|withdraw|start|standings|pair ...",
     "host and play in tournaments",
     "  create GAME [--name N] [--format swiss|round-robin|single|double] [--rounds N] [--cycles 1|2]\n"
     "         [--scenario ID] [--option ID=VALUE]... [--mini-match] [--third-place] [--all-at-once]\n"
     "         [--min N] [--max N] [--closes-at UNIX] [--start-at UNIX] [--round-time SECONDS]\n"
     "         [--tiebreak buchholz|median-buchholz|sonneborn-berger|head-to-head|wins|side-a|side-b]...\n"
     "         [--unrated] [--clock fast|slow|BANK/INC/CAP]\n"
     "  list | show ID | standings ID | pair ID (the current pairings and their match ids)\n"
     "  register ID | withdraw ID\n"
     "  organiser: start ID | pause ID | resume ID | remove ID PLAYER [--disqualify] |\n"
     "             forbid ID PLAYER PLAYER | adjust ID ROUND BOARD RESULT --reason TEXT | finish ID |\n"
     "             add-bot ID easy|normal|hard (enters a computer opponent, docs/ai.md)\n"
     "  RESULT: 1-0, 0-1 or 1/2 per game (comma-separated in a mini-match), +- / -+ / -- for forfeits.\n"
     "  Your tournament matches appear in `frontier list`; play them with `frontier play MATCH`.\n"},
    {"vacation", cmd_vacation, "frontier vacation DAYS", "pause your clocks for DAYS days (0 ends it)",
     "Starts now; days count against your yearly allowance (whole days begun). Your clocks in every\n"
     "match stop while it lasts and run again when it ends.\n"},
    {"profile", cmd_profile, "frontier profile [--webhook URL] [--notify KIND=on|off]...",
     "show or change your notification settings and vacation days",
     "--webhook http://host/path receives a JSON POST per notification (\"\" removes it); KIND is\n"
     "your-turn, start-end or time-low. See docs/play-by-web.md.\n"},
    {"email", cmd_email,
     "frontier email [set ADDRESS | verify CODE | remove | on CHOICE... | off CHOICE... | delay TIME]",
     "show or change your e-mail notices",
     "Alone: your address, whether it is verified, and what is mailed to it.\n"
     "  set ADDRESS    give or change the address; the server mails it an 8-digit code\n"
     "  verify CODE    the code from that mail (within 24 hours); nothing else is mailed before\n"
     "  remove         forget the address: nothing more is mailed\n"
     "  on CHOICE...   mail these: your-turn, daily-digest, clock-warnings, tournament-pairings,\n"
     "  off CHOICE...  game-over, or all (or a unique start of one; also turn, digest, clock,\n"
     "                 pairings, over)\n"
     "  delay TIME     your-turn mails only after TIME without looking at the match: 90 (minutes),\n"
     "                 90m, 2h or 1d, at most a week; 0 mails at once\n"
     "A new code can be mailed every 10 minutes (`set` the address again). See docs/play-by-web.md.\n"},
    {"ratings", cmd_ratings, "frontier ratings GAME [--side SIDE] [--all] [--limit N] [--history]",
     "Glicko-2 leaderboard of a game, or of one side of it",
     "Established ratings only unless --all (provisional players have a high rating deviation);\n"
     "--history adds your own rating changes in that pool, one per rated game.\n"},
};

const Command* find_command(const std::string& name) {
  for (const auto& c : kCommands) {
    if (name == c.name) return &c;
  }
  return nullptr;
}

void print_help(std::ostream& out) {
  out << "frontier: play Frontier matches from a terminal\n\nUsage: frontier COMMAND [ARGS] [--json]\n\n";
  for (const auto& c : kCommands) {
    std::string name = c.name;
    name.resize(10, ' ');
    out << "  " << name << c.summary << "\n";
  }
  out << "\n  help      this text; `frontier COMMAND --help` for one command\n\n"
         "Every command takes --json (one JSON object per line) and --server URL (this call only).\n"
         "Colour is used when stdout is a terminal (NO_COLOR or --no-colour turn it off).\n"
         "\nA first match:\n"
         "  frontier register NAME\n"
         "  frontier games                         what can be played here\n"
         "  frontier new lion                      a solitaire game: you are Gordon\n"
         "  frontier new khartoum --vs-bot normal  against the computer\n"
         "  frontier new khartoum                  against a person, who runs `frontier join N`\n"
         "  frontier play N                        N is the match number `new` printed\n";
}

void print_command_help(const Command& c, std::ostream& out) {
  out << "Usage: " << c.usage << "\n\n" << c.summary << ".\n";
  if (*c.details) out << "\n" << c.details;
}

core::Result<uint64_t> number_flag(const Context& ctx, const std::string& name, uint64_t fallback) {
  if (!ctx.args.has(name)) return fallback;
  std::string v = ctx.args.get(name);
  try {
    size_t used = 0;
    uint64_t n = std::stoull(v, &used);
    if (used == v.size()) return n;
  } catch (const std::exception&) {
  }
  return core::Status::invalid_argument("--" + name + " wants a number, not '" + v + "'");
}

int run_loop(Context& ctx, bool watching) {
  auto id = match_arg(ctx);
  if (!id) return ctx.fail(id.status());
  PlayOptions opts;
  opts.match_id = *id;
  opts.watching = watching;
  opts.invite = ctx.args.get("invite");
  auto policy = parse_policy(ctx.args.get("policy"));
  if (!policy) return ctx.fail(policy.status());
  opts.policy = *policy;
  auto seed = number_flag(ctx, "seed", 0);
  auto delay = number_flag(ctx, "delay", 0);
  auto lines = number_flag(ctx, "log-lines", 10);
  if (!seed) return ctx.fail(seed.status());
  if (!delay) return ctx.fail(delay.status());
  if (!lines) return ctx.fail(lines.status());
  opts.seed = *seed;
  opts.delay_ms = static_cast<int>(*delay);
  opts.render.log_lines = *lines;
  opts.quiet = ctx.args.has("quiet");
  opts.render.board.focus = ctx.args.get("zoom");
  return PlayLoop(ctx, opts).run();
}

}  // namespace

int cmd_play(Context& ctx) {
  return run_loop(ctx, false);
}

int cmd_watch(Context& ctx) {
  return run_loop(ctx, true);
}

int cli_main(int argc, char** argv, const core::Registry& games) {
  // Every line a person reads on a terminal fits its width: standard error always (with --json
  // errors go to standard output as JSON), standard output below unless it carries JSON.
  WrapStreamToTerminal wrap_err(std::cerr, STDERR_FILENO);
  std::vector<std::string> words(argv + 1, argv + argc);
  auto args = parse_args(words);
  if (!args) {
    std::cerr << "frontier: " << args.status().message() << "\n";
    return 2;
  }
  Context ctx;
  ctx.args = std::move(*args);
  ctx.games = &games;
  ctx.json = ctx.args.has("json");
  std::optional<WrapStreamToTerminal> wrap_out;
  if (!ctx.json) wrap_out.emplace(std::cout, STDOUT_FILENO);
  ctx.style = Style(!ctx.json && !ctx.args.has("no-colour") && !ctx.args.has("no-color") &&
                    colour_wanted(STDOUT_FILENO));
  const std::string& name = ctx.args.command;
  if (name.empty() || name == "help") {
    const Command* c = ctx.args.positional.empty() ? nullptr : find_command(ctx.args.positional[0]);
    if (ctx.json) {
      std::cout << "{\"commands\":[";
      for (const auto& k : kCommands) {
        if (c != nullptr && c != &k) continue;
        std::cout << (&k == kCommands || c != nullptr ? "" : ",") << "{\"name\":" << json_quote(k.name)
                  << ",\"usage\":" << json_quote(k.usage) << ",\"summary\":" << json_quote(k.summary) << "}";
      }
      std::cout << "]}\n";
    } else if (c) {
      print_command_help(*c, std::cout);
    } else {
      print_help(std::cout);
    }
    return name.empty() && !ctx.args.has("help") ? 2 : 0;
  }
  const Command* c = find_command(name);
  if (c == nullptr) {
    std::cerr << "frontier: unknown command '" << name << "' (see `frontier help`)\n";
    return 2;
  }
  if (ctx.args.has("help")) {
    print_command_help(*c, std::cout);
    return 0;
  }
  auto dir = config_dir();
  if (!dir) return ctx.fail(dir.status());
  ctx.dir = *dir;
  auto config = load_config(ctx.dir);
  if (!config) return ctx.fail(config.status());
  ctx.config = *config;
  // --server applies to this call only; `frontier server URL` stores it.
  if (ctx.args.has("server") && name != "server") ctx.config.server = ctx.args.get("server");
  try {
    return c->run(ctx);
  } catch (const std::exception& e) {
    // Only number parsing of flags throws (std::stoul); say which input was wrong.
    return ctx.fail(
        core::Status::invalid_argument(std::string("Bad number in the arguments (") + e.what() + ")"));
  }
}

}  // namespace frontier::cli
