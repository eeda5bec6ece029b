// frontier-bot: a computer opponents' worker (issue 47). It connects to frontierd over the
// clients' WebSocket protocol, proves itself with the worker token (WorkerHello), and is handed
// decisions: each one the update a person in the bot's seat would be sent. It searches from that
// view alone (ai::search_from_view: Game::determinize redraws every hidden fact) and answers
// bot_move, which the server checks like anyone's move. The true state never reaches it.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

#include "bot_worker/seat_turns.h"
#include "core/registry.h"
#include "core/status.h"
#include "wire.pb.h"

namespace frontier::bot_worker {

struct WorkerConfig {
  std::string host = "127.0.0.1";
  uint16_t port = 0;
  std::string path = "/";
  std::string token_file;
};

// "ws://host:port[/path]" into `config`.
core::Status parse_server_url(const std::string& url, WorkerConfig& config);

// The move `decision` asks for (an action of the seat's prompt); an error only for a decision
// this worker cannot read (an unknown game, a view that game could not have sent). `turns`, when
// given, shares the search budget over the seat's turn and keeps its stacks from shuttling.
core::Result<frontier::Action> decide(const core::Registry& games, const wire::BotDecision& decision,
                                      SeatTurns* turns = nullptr);

// Serves decisions until `stop` is set, connecting again (and reading the token file again)
// whenever the server goes away. `on_frame` sees every frame received (tests, logs).
void run(const WorkerConfig& config, const core::Registry& games, const std::atomic<bool>& stop,
         const std::function<void(const wire::ServerMessage&)>& on_frame = nullptr);

// The executable's main over `games`.
int worker_main(int argc, char** argv, const core::Registry& games);

}  // namespace frontier::bot_worker
