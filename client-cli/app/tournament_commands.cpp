// `frontier tournament ...` and `frontier ratings`: hosted events and leaderboards. Every reply
// prints as text, or as the reply message in JSON with --json.
#include <cstdio>
#include <sstream>

#include "app/commands.h"

namespace frontier::cli {

namespace {

core::Result<uint64_t> number_arg(const Context& ctx, size_t index, const char* what) {
  if (ctx.args.positional.size() <= index)
    return core::Status::invalid_argument(std::string("Missing ") + what);
  const std::string& word = ctx.args.positional[index];
  try {
    size_t used = 0;
    uint64_t v = std::stoull(word, &used);
    if (used == word.size()) return v;
  } catch (const std::exception&) {
  }
  return core::Status::invalid_argument(std::string(what) + " must be a number, not '" + word + "'");
}

core::Result<wire::ServerMessage> send(Context& ctx, wire::ClientMessage m, bool need_login) {
  auto session = ctx.connect(need_login);
  if (!session) return session.status();
  return (*session)->call(std::move(m));
}

const char* format_text(wire::TournamentFormat f) {
  switch (f) {
    case wire::SWISS:
      return "Swiss";
    case wire::ROUND_ROBIN:
      return "round robin";
    case wire::SINGLE_ELIMINATION:
      return "single elimination";
    case wire::DOUBLE_ELIMINATION:
      return "double elimination";
    default:
      return "?";
  }
}

std::string points(int half) {
  return std::to_string(half / 2) + (half % 2 ? "½" : "");
}

void print_summary(Context& ctx, const wire::TournamentInfo& t) {
  std::ostringstream s;
  s << "#" << t.tournament_id() << " " << t.name() << " — " << t.game() << " (" << t.scenario() << "), "
    << format_text(t.format());
  if (t.rounds() > 0) s << ", " << t.rounds() << " rounds";
  s << (t.mini_match() ? ", mini-matches" : "") << (t.rated() ? ", rated" : ", unrated") << "; " << t.phase();
  if (t.paused()) s << " (paused)";
  if (t.current_round() > 0) s << ", round " << t.current_round();
  s << ", " << t.player_count() << " players\n";
  ctx.say(s.str());
}

void print_pairings(Context& ctx, const wire::TournamentInfo& t, bool current_only) {
  std::ostringstream s;
  for (const auto& b : t.boards()) {
    if (current_only && b.round() != 0 && b.round() != t.current_round()) continue;
    if (b.round() == 0) {
      s << "  match " << b.board() << ": ";
    } else {
      s << "  round " << b.round() << " board " << b.board() << ": ";
    }
    if (b.b_user() == 0) {
      s << b.a_name() << " — bye\n";
      continue;
    }
    s << b.a_name() << " (A) v " << b.b_name() << " (B): " << b.result();
    if (b.match_ids_size() > 0) {
      s << "  [match";
      for (uint64_t id : b.match_ids()) s << " " << id;
      s << "]";
    }
    s << "\n";
  }
  ctx.say(s.str());
}

void print_standings(Context& ctx, const wire::TournamentInfo& t) {
  std::ostringstream s;
  s << "  rank  player                points";
  for (const auto& name : t.tiebreaks()) s << "  " << name;
  s << "\n";
  for (const auto& row : t.standings()) {
    char line[96];
    std::snprintf(line, sizeof line, "  %4d  %-20s  %6s", row.rank(), row.user_name().c_str(),
                  points(row.half_points()).c_str());
    s << line;
    for (int64_t v : row.tiebreaks()) s << "  " << points(static_cast<int>(v));
    s << "\n";
  }
  ctx.say(s.str());
}

void print_full(Context& ctx, const wire::TournamentInfo& t) {
  print_summary(ctx, t);
  if (t.players_size() > 0) {
    std::ostringstream s;
    s << "Players:";
    for (const auto& p : t.players())
      s << " " << p.user_name() << (p.bot() ? " (computer)" : "")
        << (p.status() == "active" ? "" : " (" + p.status() + ")");
    s << "\n";
    ctx.say(s.str());
  }
  if (t.boards_size() > 0) {
    ctx.say("Pairings:\n");
    print_pairings(ctx, t, false);
  }
  if (t.standings_size() > 0) {
    ctx.say("Standings:\n");
    print_standings(ctx, t);
  }
  for (const auto& a : t.adjustments()) {
    ctx.say("Adjusted round " + std::to_string(a.round()) + " board " + std::to_string(a.board()) + ": " +
            a.before() + " → " + a.after() + " (" + a.reason() + ")\n");
  }
}

core::Result<wire::TournamentFormat> parse_format(const std::string& word) {
  if (word.empty() || word == "swiss") return wire::SWISS;
  if (word == "round-robin" || word == "rr") return wire::ROUND_ROBIN;
  if (word == "single" || word == "single-elimination" || word == "knockout") return wire::SINGLE_ELIMINATION;
  if (word == "double" || word == "double-elimination") return wire::DOUBLE_ELIMINATION;
  return core::Status::invalid_argument("--format is swiss, round-robin, single or double, not '" + word +
                                        "'");
}

core::Result<uint32_t> uint_flag(const Context& ctx, const char* name) {
  std::string v = ctx.args.get(name);
  if (v.empty()) return 0u;
  try {
    size_t used = 0;
    unsigned long n = std::stoul(v, &used);
    if (used == v.size()) return static_cast<uint32_t>(n);
  } catch (const std::exception&) {
  }
  return core::Status::invalid_argument(std::string("--") + name + " wants a number, not '" + v + "'");
}

int create(Context& ctx) {
  if (ctx.args.positional.size() != 2)
    return ctx.fail(
        core::Status::invalid_argument("Usage: "
                                       "frontier tournament create GAME [flags]"));
  wire::ClientMessage m;
  auto* c = m.mutable_create_tournament();
  c->set_game(ctx.args.positional[1]);
  c->set_name(ctx.args.get("name"));
  c->set_scenario(ctx.args.get("scenario"));
  auto format = parse_format(ctx.args.get("format"));
  if (!format) return ctx.fail(format.status());
  c->set_format(format.value());
  for (const auto& opt : ctx.args.all("option")) {
    auto eq = opt.find('=');
    if (eq == std::string::npos)
      return ctx.fail(core::Status::invalid_argument("--option wants ID=VALUE, not '" + opt + "'"));
    auto* o = c->add_options();
    o->set_id(opt.substr(0, eq));
    o->set_value(opt.substr(eq + 1));
  }
  struct {
    const char* flag;
    void (wire::CreateTournament::*set)(uint32_t);
  } numbers[] = {{"rounds", &wire::CreateTournament::set_rounds},
                 {"cycles", &wire::CreateTournament::set_cycles},
                 {"min", &wire::CreateTournament::set_min_players},
                 {"max", &wire::CreateTournament::set_max_players}};
  for (const auto& n : numbers) {
    auto v = uint_flag(ctx, n.flag);
    if (!v) return ctx.fail(v.status());
    (c->*n.set)(v.value());
  }
  if (ctx.args.has("clock")) {
    auto clock = parse_clock(ctx.args.get("clock"));
    if (!clock) return ctx.fail(clock.status());
    *c->mutable_time_control() = clock.value();
  }
  for (const char* flag : {"start-at", "round-time", "closes-at"}) {
    auto v = uint_flag(ctx, flag);
    if (!v) return ctx.fail(v.status());
    if (std::string(flag) == "start-at") c->set_start_at(v.value());
    if (std::string(flag) == "round-time") c->set_round_time_limit(v.value());
    if (std::string(flag) == "closes-at") c->set_registration_closes_at(v.value());
  }
  c->set_mini_match(ctx.args.has("mini-match"));
  c->set_third_place_match(ctx.args.has("third-place"));
  c->set_all_rounds_at_once(ctx.args.has("all-at-once"));
  c->set_unrated(ctx.args.has("unrated"));
  for (const auto& t : ctx.args.all("tiebreak")) c->add_tiebreaks(t);
  auto reply = send(ctx, std::move(m), true);
  if (!reply) return ctx.fail(reply.status());
  ctx.emit(reply->tournament());
  ctx.say("Created tournament ");
  print_summary(ctx, reply->tournament());
  return 0;
}

int list(Context& ctx) {
  wire::ClientMessage m;
  m.mutable_list_tournaments();
  auto reply = send(ctx, std::move(m), false);
  if (!reply) return ctx.fail(reply.status());
  ctx.emit(reply->tournaments());
  if (reply->tournaments().tournaments_size() == 0) ctx.say("No tournaments\n");
  for (const auto& t : reply->tournaments().tournaments()) print_summary(ctx, t);
  return 0;
}

// show, standings, pair: GetTournament and a view of it.
int view(Context& ctx, const std::string& what) {
  auto id = number_arg(ctx, 1, "tournament id");
  if (!id) return ctx.fail(id.status());
  wire::ClientMessage m;
  m.mutable_get_tournament()->set_tournament_id(id.value());
  auto reply = send(ctx, std::move(m), false);
  if (!reply) return ctx.fail(reply.status());
  const auto& t = reply->tournament();
  ctx.emit(t);
  if (what == "show") {
    print_full(ctx, t);
  } else if (what == "standings") {
    print_summary(ctx, t);
    print_standings(ctx, t);
  } else {
    print_summary(ctx, t);
    print_pairings(ctx, t, true);
  }
  return 0;
}

// The user id of a player named (or numbered) in positional word `index`.
core::Result<uint64_t> player_arg(Context& ctx, uint64_t tournament, size_t index) {
  if (ctx.args.positional.size() <= index) return core::Status::invalid_argument("Missing player name");
  const std::string& word = ctx.args.positional[index];
  wire::ClientMessage m;
  m.mutable_get_tournament()->set_tournament_id(tournament);
  auto reply = send(ctx, std::move(m), false);
  if (!reply) return reply.status();
  for (const auto& p : reply->tournament().players()) {
    if (p.user_name() == word || std::to_string(p.user_id()) == word) return p.user_id();
  }
  return core::Status::not_found("'" + word + "' is not registered in tournament " +
                                 std::to_string(tournament));
}

int change(Context& ctx, const std::string& what) {
  auto id = number_arg(ctx, 1, "tournament id");
  if (!id) return ctx.fail(id.status());
  wire::ClientMessage m;
  if (what == "register") {
    m.mutable_join_tournament()->set_tournament_id(id.value());
  } else if (what == "withdraw") {
    m.mutable_leave_tournament()->set_tournament_id(id.value());
  } else if (what == "start") {
    m.mutable_start_tournament()->set_tournament_id(id.value());
  } else {
    auto* g = m.mutable_manage_tournament();
    g->set_tournament_id(id.value());
    if (what == "pause" || what == "resume") {
      g->set_pause(what == "pause");
    } else if (what == "finish") {
      g->set_finish(true);
    } else if (what == "add-bot") {
      if (ctx.args.positional.size() != 3)
        return ctx.fail(
            core::Status::invalid_argument("Usage: frontier tournament add-bot ID easy|normal|hard"));
      g->set_add_bot(ctx.args.positional[2]);
    } else if (what == "remove") {
      auto player = player_arg(ctx, id.value(), 2);
      if (!player) return ctx.fail(player.status());
      g->mutable_remove()->set_user_id(player.value());
      g->mutable_remove()->set_disqualify(ctx.args.has("disqualify"));
    } else if (what == "forbid") {
      auto a = player_arg(ctx, id.value(), 2);
      if (!a) return ctx.fail(a.status());
      auto b = player_arg(ctx, id.value(), 3);
      if (!b) return ctx.fail(b.status());
      g->mutable_forbid()->set_user_a(a.value());
      g->mutable_forbid()->set_user_b(b.value());
    } else if (what == "adjust") {
      auto round = number_arg(ctx, 2, "round");
      auto board = number_arg(ctx, 3, "board");
      if (!round) return ctx.fail(round.status());
      if (!board) return ctx.fail(board.status());
      if (ctx.args.positional.size() != 5 || ctx.args.get("reason").empty())
        return ctx.fail(core::Status::invalid_argument(
            "Usage: frontier tournament adjust ID ROUND BOARD RESULT --reason TEXT"));
      auto* a = g->mutable_adjust();
      a->set_round(static_cast<uint32_t>(round.value()));
      a->set_board(static_cast<uint32_t>(board.value()));
      a->set_result(ctx.args.positional[4]);
      a->set_reason(ctx.args.get("reason"));
    }
  }
  auto reply = send(ctx, std::move(m), true);
  if (!reply) return ctx.fail(reply.status());
  ctx.emit(reply->tournament());
  print_summary(ctx, reply->tournament());
  if (what == "start" || what == "adjust") print_pairings(ctx, reply->tournament(), true);
  return 0;
}

}  // namespace

int cmd_tournament(Context& ctx) {
  std::string what = ctx.args.positional.empty() ? "" : ctx.args.positional[0];
  if (what == "create") return create(ctx);
  if (what == "list") return list(ctx);
  if (what == "show" || what == "standings" || what == "pair" || what == "pairings") return view(ctx, what);
  for (const char* c : {"register", "withdraw", "start", "pause", "resume", "remove", "forbid", "adjust",
                        "finish", "add-bot"})
    if (what == c) return change(ctx, what);
  return ctx.fail(core::Status::invalid_argument(
      "Usage: frontier tournament create|list|show|register|withdraw|start|standings|pair|pause|resume|"
      "remove|forbid|adjust|finish|add-bot ..."));
}

int cmd_ratings(Context& ctx) {
  if (ctx.args.positional.size() != 1)
    return ctx.fail(
        core::Status::invalid_argument("Usage: frontier ratings GAME [--side SIDE] [--all] [--history]"));
  wire::ClientMessage m;
  auto* r = m.mutable_get_ratings();
  r->set_game(ctx.args.positional[0]);
  r->set_side(ctx.args.get("side"));
  r->set_include_provisional(ctx.args.has("all"));
  auto limit = uint_flag(ctx, "limit");
  if (!limit) return ctx.fail(limit.status());
  r->set_limit(limit.value());
  if (ctx.args.has("history")) {
    auto session = ctx.connect(true);
    if (!session) return ctx.fail(session.status());
    r->set_history_of((*session)->hello().user_id());
  }
  auto reply = send(ctx, std::move(m), false);
  if (!reply) return ctx.fail(reply.status());
  const auto& board = reply->leaderboard();
  ctx.emit(board);
  std::ostringstream s;
  s << "Ratings " << board.pool() << (ctx.args.has("all") ? "" : " (established; --all adds provisional)")
    << "\n";
  int rank = 0;
  for (const auto& row : board.rows()) {
    char line[128];
    std::snprintf(line, sizeof line, "  %3d  %-20s %7.1f  RD %5.1f  %3d games%s%s\n", ++rank,
                  row.user_name().c_str(), row.rating(), row.deviation(), row.games(),
                  row.provisional() ? "  provisional" : "", row.bot() ? "  computer" : "");
    s << line;
  }
  if (board.rows_size() == 0 && board.provisional_hidden() > 0) {
    s << "  no established ratings yet; " << board.provisional_hidden()
      << " provisional (too few games for a steady rating): --all shows them\n";
  } else if (board.rows_size() == 0) {
    s << "  nobody yet: finish a rated game, e.g. `frontier new " << board.game() << " --vs-bot easy`\n";
  }
  if (ctx.args.has("history")) {
    s << "Your rating history:\n";
    for (const auto& h : board.history()) {
      char line[128];
      std::snprintf(line, sizeof line, "  match %-6llu %-4s %7.1f -> %7.1f  RD %5.1f\n",
                    static_cast<unsigned long long>(h.match_id()),
                    h.score() == 1.0   ? "won"
                    : h.score() == 0.0 ? "lost"
                                       : "drew",
                    h.rating_before(), h.rating_after(), h.deviation_after());
      s << line;
    }
  }
  ctx.say(s.str());
  return 0;
}

}  // namespace frontier::cli
