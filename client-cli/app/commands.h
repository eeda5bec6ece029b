// The commands of `frontier`, one function each. Each returns the process exit status
// (0 done, 1 failed, 2 bad usage) and prints through the Context.
#pragma once

#include "app/output.h"

namespace frontier::cli {

int cmd_server(Context& ctx);
int cmd_register(Context& ctx);
int cmd_login(Context& ctx);
int cmd_logout(Context& ctx);
int cmd_games(Context& ctx);
int cmd_new(Context& ctx);
int cmd_open(Context& ctx);
int cmd_join(Context& ctx);
int cmd_list(Context& ctx);
int cmd_play(Context& ctx);
int cmd_watch(Context& ctx);
int cmd_log(Context& ctx);
int cmd_replay(Context& ctx);
int cmd_verify(Context& ctx);
int cmd_abort(Context& ctx);
int cmd_takeback(Context& ctx);
int cmd_rematch(Context& ctx);
int cmd_resign(Context& ctx);
int cmd_chat(Context& ctx);
int cmd_tournament(Context& ctx);
int cmd_ratings(Context& ctx);
int cmd_vacation(Context& ctx);
int cmd_profile(Context& ctx);
int cmd_email(Context& ctx);

// `--clock fast|slow|BANK/INC/CAP` (durations like 3d, 12h, 90m, 45s) as a time control.
core::Result<wire::TimeControl> parse_clock(const std::string& text);
// "3d", "12h", "90m", "45s" or plain seconds, in seconds.
core::Result<uint32_t> parse_duration(const std::string& text);
// "2d 3h", "5h 10m", "42 s".
std::string format_duration(int64_t seconds);
// "your clock 2d 3h (running)" for the seats you hold in a timed match; empty when untimed.
std::string clock_summary(const wire::MatchSummary& s);

// Sends `m` over a session (logged in unless `need_login` is false) and returns the reply; a
// refusal from the server is an error status naming its code.
core::Result<wire::ServerMessage> ask(Context& ctx, wire::ClientMessage m, bool need_login = true);

// The server's catalogue (ListGames), asked once per run; nullptr when it cannot be had.
const wire::GameList* catalogue(Context& ctx);
// Reads the server's catalogue so views of games this client has no code for can be shown (the
// generic board). Best effort: without it only those games' boards are missing.
void learn_view_types(Context& ctx);
// A match's game as a player names it: "Asia Crossroads: The Great Game (On to Afghanistan!)",
// from the catalogue (the ids when the catalogue lacks the game).
std::string game_title(Context& ctx, const std::string& game, const std::string& scenario);

// The match id in positional word `index`, or a usage error.
core::Result<uint64_t> match_arg(const Context& ctx, size_t index = 0);

}  // namespace frontier::cli
