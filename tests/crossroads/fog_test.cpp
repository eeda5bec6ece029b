// Intelligence and fog of war (22.0) and secret treasuries (9.0).
#include "core/view.h"
#include "crossroads.pb.h"
#include "crossroads/view.h"
#include "helpers.h"

namespace frontier::crossroads::test {
namespace {

const StackView* stack_at(const CrossroadsView& v, const std::string& name, const std::string& side) {
  for (const auto& s : v.stacks())
    if (s.name() == name && s.side() == side) return &s;
  return nullptr;
}

CrossroadsView view_of(const core::GameState& s, core::Seat seat) {
  frontier::GameView v;
  game().view(s, seat, v);
  return frontier::core::unpack_view<frontier::crossroads::CrossroadsView>(v);
}

TEST(CrossroadsFog, EnemyStacksShowOnlyTheirFlag) {
  // 22.1/22.3: a Russian stack in a square without British units, outside British regions.
  auto s = board({"place Russian FF at Khiva", "agent Vitkovitch at Khiva", "place British FF at Herat"});
  auto v = view_of(*s, kBritish);
  const StackView* st = stack_at(v, "Khiva", "Russian");
  ASSERT_NE(st, nullptr);
  EXPECT_FALSE(st->examined());
  EXPECT_EQ(st->units_size(), 0);
  EXPECT_EQ(st->agents_size(), 0);
  // 22.1(1): a friendly unit in the square reveals it.
  edit(*s, "place British GA at Khiva");
  v = view_of(*s, kBritish);
  st = stack_at(v, "Khiva", "Russian");
  ASSERT_NE(st, nullptr);
  EXPECT_TRUE(st->examined());
  EXPECT_EQ(st->agents(0).name(), "Vitkovitch");
}

TEST(CrossroadsFog, ControlledRegionsAreOpen) {
  // 22.1(4): the British control North India and see every unit in it.
  auto s = board({"place Russian GA at Agra"});
  auto v = view_of(*s, kBritish);
  EXPECT_TRUE(stack_at(v, "Agra", "Russian")->examined());
  // Observers see what every seat may see: here both seats may.
  EXPECT_TRUE(stack_at(view_of(*s, core::kObserver), "Agra", "Russian")->examined());
  edit(*s, "place Russian GA at Khiva");
  EXPECT_FALSE(stack_at(view_of(*s, core::kObserver), "Khiva", "Russian")->examined());
  EXPECT_TRUE(stack_at(view_of(*s, kRussian), "Khiva", "Russian")->examined());
}

TEST(CrossroadsFog, TreasuriesAreSecret) {
  auto s = board({"pounds British 17", "pounds Russian 23"});
  EXPECT_EQ(view_of(*s, kBritish).pounds(), 17);
  EXPECT_EQ(view_of(*s, kRussian).pounds(), 23);
  EXPECT_EQ(view_of(*s, core::kObserver).pounds(), -1);
}

TEST(CrossroadsFog, ResamplingHiddenFactsLeavesViewsAlone) {
  auto s = start("scenario1", 3);
  std::vector<core::Action> legal;
  core::Rng r(9);
  for (int i = 0; i < 300; ++i) {
    core::Seat seat = (game().awaiting(*s) & 1) ? 0 : 1;
    game().legal_actions(*s, seat, legal);
    core::apply(game(), *s, seat, legal[r.below(static_cast<uint32_t>(legal.size()))]);
  }
  for (core::Seat v : {core::kObserver, 0, 1}) {
    auto other = game().resample_hidden(*s, v, r);
    EXPECT_EQ(view_of(*s, v).SerializeAsString(), view_of(*other, v).SerializeAsString());
  }
}

}  // namespace
}  // namespace frontier::crossroads::test
