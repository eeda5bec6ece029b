// Wires frontierd together: storage, writer, matches, service, network, signals.
#pragma once

#include "app/config.h"
#include "core/registry.h"

namespace frontier::server {

// Runs the server over `games` until SIGINT/SIGTERM; returns the process exit code.
// Prints "frontierd listening on HOST:PORT" on stdout once it accepts connections.
int run_server(const AppConfig& config, const core::Registry& games);

// main() of frontierd and of test builds over other registries.
// `worker` is the computer opponents' worker executable unless --bot-worker-path names one (empty:
// frontier-bot beside this executable); a test server passes its own, which knows its games.
int server_main(int argc, char** argv, const core::Registry& games, const std::string& worker = {});

}  // namespace frontier::server
