// Lobby and match commands that are one request and one reply: games, new, open, join, list,
// resign, chat, log.
#include "app/commands.h"

#include <charconv>

#include "render/render.h"
#include "render/view_types.h"

namespace frontier::cli {

core::Result<uint64_t> match_arg(const Context& ctx, size_t index) {
  if (ctx.args.positional.size() <= index)
    return core::Status::invalid_argument(
        "Which match? Give its number (see `frontier list` or `frontier open`)");
  const std::string& word = ctx.args.positional[index];
  uint64_t id = 0;
  auto [p, ec] = std::from_chars(word.data(), word.data() + word.size(), id);
  if (ec != std::errc() || p != word.data() + word.size() || id == 0)
    return core::Status::invalid_argument("'" + word + "' is not a match number");
  return id;
}

core::Result<wire::ServerMessage> ask(Context& ctx, wire::ClientMessage m, bool need_login) {
  auto session = ctx.connect(need_login);
  if (!session) return session.status();
  return (*session)->call(std::move(m));
}

const wire::GameList* catalogue(Context& ctx) {
  if (!ctx.games_offered) {
    wire::ClientMessage m;
    m.mutable_list_games();
    auto reply = ask(ctx, std::move(m), false);
    if (!reply) return nullptr;
    ctx.games_offered = reply->games();
  }
  return &*ctx.games_offered;
}

void learn_view_types(Context& ctx) {
  if (const wire::GameList* list = catalogue(ctx))
    for (const auto& g : list->games()) ViewTypes::shared().learn(g);
}

std::string game_title(Context& ctx, const std::string& game, const std::string& scenario) {
  const wire::GameList* list = catalogue(ctx);
  if (list != nullptr)
    for (const auto& g : list->games())
      if (g.id() == game) return match_title(&g, game, scenario);
  return match_title(nullptr, game, scenario);
}

namespace {

std::string seats_text(const wire::MatchSummary& s) {
  std::string out;
  for (const auto& seat : s.seats())
    out += (out.empty() ? "" : ", ") + seat.side() + ": " +
           (seat.user_id() ? seat.user_name() + (seat.bot() ? " (computer)" : "") : "(free)");
  return out;
}

const char* status_word(wire::MatchStatus s) {
  return s == wire::OPEN ? "open" : s == wire::RUNNING ? "running" : s == wire::FINISHED ? "finished" : "?";
}

int list_matches(Context& ctx, wire::ListMatches::Filter filter) {
  wire::ClientMessage m;
  m.mutable_list_matches()->set_filter(filter);
  if (ctx.args.has("limit"))
    m.mutable_list_matches()->set_limit(static_cast<uint32_t>(std::stoul(ctx.args.get("limit"))));
  auto reply = ask(ctx, std::move(m), filter == wire::ListMatches::MINE);
  if (!reply) return ctx.fail(reply.status());
  if (ctx.json) {
    ctx.emit(reply->matches());
    return 0;
  }
  const auto& list = reply->matches().matches();
  if (list.empty()) {
    *ctx.out << (filter == wire::ListMatches::OPEN
                     ? "No open matches; start one with `frontier new GAME`\n"
                     : "You are in no matches; `frontier open` lists matches to join\n");
    return 0;
  }
  for (const auto& s : list) {
    std::string line = "#" + std::to_string(s.match_id()) + "  " + game_title(ctx, s.game(), s.scenario());
    line += "  " + std::string(status_word(s.status())) + "  seq " + std::to_string(s.seq()) + "  " +
            seats_text(s);
    // Solitaire is never rated: saying "casual" there would suggest a choice that does not exist.
    if (s.seats_size() >= 2) line += s.rated() ? "  rated" : "  casual";
    if (filter == wire::ListMatches::MINE && s.status() == wire::RUNNING)
      line += s.your_turn() ? "  " + ctx.style.yellow("your turn") : "  waiting for the opponent";
    if (s.status() != wire::FINISHED && s.clocks_size() > 0) {
      if (std::string clock = clock_summary(s); !clock.empty()) line += "  " + clock;
    }
    *ctx.out << line << "\n";
  }
  return 0;
}

// How many sides `game` has, from the server's list (0 when the list cannot be had).
int seat_count(Context& ctx, const std::string& game) {
  const wire::GameList* list = catalogue(ctx);
  if (list == nullptr) return 0;
  for (const auto& g : list->games())
    if (g.id() == game) return g.seats_size();
  return 0;
}

}  // namespace

int cmd_games(Context& ctx) {
  wire::ClientMessage m;
  m.mutable_list_games();
  auto reply = ask(ctx, std::move(m), false);
  if (!reply) return ctx.fail(reply.status());
  if (ctx.json) {
    ctx.emit(reply->games());
    return 0;
  }
  for (const auto& g : reply->games().games()) {
    std::string seats;
    for (const auto& s : g.seats()) seats += (seats.empty() ? "" : ", ") + s;
    *ctx.out << ctx.style.bold(g.id()) << "  " << g.title() << "  (sides: " << seats << ")\n";
    for (const auto& sc : g.scenarios())
      *ctx.out << "    scenario " << ctx.style.bold(sc.id()) << ": " << sc.name()
               << (sc.description().empty() ? "" : " — " + sc.description()) << "\n";
    for (const auto& o : g.options()) {
      std::string values;
      for (const auto& c : o.choices()) values += (values.empty() ? "" : "|") + c.value();
      *ctx.out << "    option " << ctx.style.bold(o.id()) << "=" << values << " (default "
               << o.default_value() << "): " << o.name() << "\n";
    }
  }
  return 0;
}

int cmd_new(Context& ctx) {
  if (ctx.args.positional.size() != 1)
    return ctx.fail(
        core::Status::invalid_argument("Usage: frontier new GAME [--scenario ID] [--side SIDE] "
                                       "[--option ID=VALUE]... [--private] [--clock fast|slow|B/I/C] "
                                       "[--vs-bot easy|normal|hard] [--rated|--casual]"));
  if (ctx.args.has("rated") && ctx.args.has("casual"))
    return ctx.fail(core::Status::invalid_argument("A match is either --rated or --casual, not both"));
  wire::ClientMessage m;
  auto* c = m.mutable_create_match();
  c->set_game(ctx.args.positional[0]);
  c->set_scenario(ctx.args.get("scenario"));
  c->set_side(ctx.args.get("side"));
  c->set_visibility(ctx.args.has("private") ? wire::PRIVATE : wire::PUBLIC);
  c->set_vs_bot(ctx.args.get("vs-bot"));
  // Neither: the server's default (rated when public or against the computer, docs/cli.md).
  if (ctx.args.has("rated") || ctx.args.has("casual")) c->set_rated(ctx.args.has("rated"));
  if (ctx.args.has("clock")) {
    auto clock = parse_clock(ctx.args.get("clock"));
    if (!clock) return ctx.fail(clock.status());
    *c->mutable_time_control() = clock.value();
  }
  for (const auto& opt : ctx.args.all("option")) {
    auto eq = opt.find('=');
    if (eq == std::string::npos)
      return ctx.fail(core::Status::invalid_argument("--option wants ID=VALUE, not '" + opt + "'"));
    auto* o = c->add_options();
    o->set_id(opt.substr(0, eq));
    o->set_value(opt.substr(eq + 1));
  }
  std::string game = c->game();  // `m` is moved away below
  std::string c_scenario = c->scenario();
  auto reply = ask(ctx, std::move(m));
  if (!reply) return ctx.fail(reply.status());
  const auto& created = reply->created();
  if (ctx.json) {
    ctx.emit(created);
    return 0;
  }
  std::string invite = created.invite_code().empty() ? "" : " --invite " + created.invite_code();
  // The side by its name ("you play Empire"), from the catalogue; its seat number without it.
  std::string side = "seat " + std::to_string(created.seat());
  if (const wire::GameList* list = catalogue(ctx))
    for (const auto& g : list->games())
      if (g.id() == game && created.seat() >= 0 && created.seat() < g.seats_size())
        side = g.seats(created.seat());
  bool solitaire = seat_count(ctx, game) == 1;
  *ctx.out << "Created match " << ctx.style.bold(std::to_string(created.match_id())) << " ("
           << game_title(ctx, game, c_scenario) << "); you play " << side << ".\n";
  if (!solitaire) {
    *ctx.out << (created.rated()
                     ? "Rated: the result moves both players' ratings (`frontier ratings " + game + "`)."
                     : "Casual: the result leaves ratings as they are.")
             << "\n";
  }
  if (!ctx.args.get("vs-bot").empty()) {
    *ctx.out << "The computer (" << ctx.args.get("vs-bot") << ") plays the other side; `frontier play "
             << created.match_id() << "`.\n";
  } else if (solitaire) {
    *ctx.out << "A solitaire game: it has started. Play it with `frontier play " << created.match_id()
             << "`.\n";
  } else {
    *ctx.out << "An opponent joins with `frontier join " << created.match_id() << invite
             << "`; then `frontier play " << created.match_id() << "`.\n";
  }
  return 0;
}

int cmd_open(Context& ctx) {
  return list_matches(ctx, wire::ListMatches::OPEN);
}

int cmd_list(Context& ctx) {
  return list_matches(ctx, wire::ListMatches::MINE);
}

int cmd_join(Context& ctx) {
  auto id = match_arg(ctx);
  if (!id) return ctx.fail(id.status());
  wire::ClientMessage m;
  m.mutable_join_match()->set_match_id(*id);
  m.mutable_join_match()->set_side(ctx.args.get("side"));
  m.mutable_join_match()->set_invite_code(ctx.args.get("invite"));
  auto reply = ask(ctx, std::move(m));
  if (!reply) return ctx.fail(reply.status());
  const auto& u = reply->update();
  if (ctx.json) {
    *ctx.out << "{\"match_id\":" << *id << ",\"seat\":" << u.your_seat()
             << ",\"side\":" << json_quote(side_name(u, u.your_seat()))
             << ",\"status\":" << json_quote(wire::MatchStatus_Name(u.status())) << "}\n";
    return 0;
  }
  *ctx.out << "You are " << side_name(u, u.your_seat()) << " in match " << *id << " ("
           << (u.status() == wire::RUNNING ? "it has begun" : "waiting for more players")
           << "); play with `frontier play " << *id << "`\n";
  return 0;
}

int cmd_resign(Context& ctx) {
  auto id = match_arg(ctx);
  if (!id) return ctx.fail(id.status());
  wire::ClientMessage m;
  m.mutable_resign()->set_match_id(*id);
  if (ctx.args.has("seat")) m.mutable_resign()->set_seat(std::stoi(ctx.args.get("seat")));
  auto reply = ask(ctx, std::move(m));
  if (!reply) return ctx.fail(reply.status());
  if (ctx.json) {
    *ctx.out << "{\"ok\":true,\"match_id\":" << *id << "}\n";
  } else {
    *ctx.out << "You resigned match " << *id << "\n";
  }
  return 0;
}

int cmd_chat(Context& ctx) {
  auto id = match_arg(ctx);
  if (!id) return ctx.fail(id.status());
  std::string text;
  for (size_t i = 1; i < ctx.args.positional.size(); ++i) text += (i > 1 ? " " : "") + ctx.args.positional[i];
  if (text.empty()) return ctx.fail(core::Status::invalid_argument("Usage: frontier chat MATCH TEXT..."));
  wire::ClientMessage m;
  m.mutable_send_chat()->set_match_id(*id);
  m.mutable_send_chat()->set_text(text);
  auto reply = ask(ctx, std::move(m));
  if (!reply) return ctx.fail(reply.status());
  if (ctx.json) {
    *ctx.out << "{\"ok\":true}\n";
  } else {
    *ctx.out << "Sent to match " << *id << "\n";
  }
  return 0;
}

int cmd_log(Context& ctx) {
  auto id = match_arg(ctx);
  if (!id) return ctx.fail(id.status());
  wire::ClientMessage m;
  m.mutable_fetch_log()->set_match_id(*id);
  m.mutable_fetch_log()->set_from_seq(static_cast<uint32_t>(std::stoul(ctx.args.get("from", "0"))));
  auto reply = ask(ctx, std::move(m), false);
  if (!reply) return ctx.fail(reply.status());
  if (ctx.json) {
    ctx.emit(reply->log());
    return 0;
  }
  for (const auto& e : reply->log().entries())
    *ctx.out << ctx.style.dim("[" + std::to_string(e.seq()) + "] ") << e.text() << "\n";
  return 0;
}

}  // namespace frontier::cli
