// frontierd: the authoritative match server over every built-in game.
#include "app/app.h"
#include "games.h"

int main(int argc, char** argv) {
  return frontier::server::server_main(argc, argv, frontier::builtin_games());
}
