// frontier-bot: the computer opponents' worker over the shipped games (bot_worker/worker.h).
#include "bot_worker/worker.h"
#include "games.h"

int main(int argc, char** argv) {
  return frontier::bot_worker::worker_main(argc, argv, frontier::builtin_games());
}
