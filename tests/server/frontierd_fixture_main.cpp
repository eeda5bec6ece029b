// frontierd over the test registry (fixture game + built-in games). Test-only; never shipped.
#include "app/app.h"
#include "fixture_games.h"

int main(int argc, char** argv) {
  return frontier::server::server_main(argc, argv, frontier::testing::server_test_games(),
                                       FRONTIER_BOT_FIXTURE_PATH);
}
