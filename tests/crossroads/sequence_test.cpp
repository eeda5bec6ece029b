// Turn sequence (3.0), set-up (26.0), initiative (7.0) and victory (25.0).
#include "crossroads/data.h"
#include "helpers.h"

namespace frontier::crossroads::test {
namespace {

TEST(CrossroadsSequence, InitialStateIsSound) {
  auto s = start();
  EXPECT_EQ(game().check_invariants(*s), "");
}

}  // namespace
}  // namespace frontier::crossroads::test
