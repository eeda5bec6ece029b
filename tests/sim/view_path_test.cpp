// Path selection used by script assertions.
#include <gtest/gtest.h>

#include "game.pb.h"
#include "sim/view_path.h"

using frontier::sim::select_path;

namespace {
frontier::GameInfo sample() {
  frontier::GameInfo info;
  info.set_id("khartoum");
  info.add_seats("Mahdist");
  info.add_seats("Empire");
  for (const char* id : {"standard", "advanced"}) {
    auto* s = info.add_scenarios();
    s->set_id(id);
    s->set_name(std::string("The ") + id + " game");
  }
  return info;
}
}  // namespace

TEST(ViewPath, SelectsScalarsIndexesMatchesAndAll) {
  auto info = sample();
  EXPECT_EQ(*select_path(info, "id"), std::vector<std::string>{"khartoum"});
  EXPECT_EQ(*select_path(info, "seats[1]"), std::vector<std::string>{"Empire"});
  EXPECT_EQ(*select_path(info, "scenarios[id=advanced].name"), std::vector<std::string>{"The advanced game"});
  EXPECT_EQ(select_path(info, "scenarios[*].id")->size(), 2u);
  EXPECT_TRUE(select_path(info, "scenarios[id=none].name")->empty());
  EXPECT_TRUE(select_path(info, "seats[7]")->empty());
}

TEST(ViewPath, UnknownFieldsAreErrors) {
  auto info = sample();
  EXPECT_FALSE(select_path(info, "nonsense"));
  EXPECT_FALSE(select_path(info, "scenarios[bad=1].id"));
  EXPECT_FALSE(select_path(info, "id[0]"));
}
