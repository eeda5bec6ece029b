// frontier-bot over the test registry (the fixture games and the built-in ones): the worker
// frontierd-fixture starts, so tests' computer opponents play the fixture race too.
#include "bot_worker/worker.h"
#include "fixture_games.h"

int main(int argc, char** argv) {
  return frontier::bot_worker::worker_main(argc, argv, frontier::testing::server_test_games());
}
