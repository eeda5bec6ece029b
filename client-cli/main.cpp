// frontier: the terminal client of frontierd, carrying the rules of every built-in game (for
// local replay and dice verification).
#include "app/cli.h"
#include "games.h"

int main(int argc, char** argv) {
  return frontier::cli::cli_main(argc, argv, frontier::builtin_games());
}
