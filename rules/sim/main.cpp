// frontier-sim over the games built into this binary.
#include "games.h"
#include "sim/cli.h"

int main(int argc, char** argv) {
  return frontier::sim::run_cli(argc, argv, frontier::builtin_games());
}
