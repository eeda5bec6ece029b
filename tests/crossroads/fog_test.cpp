// Intelligence and fog of war (22.0) and secret treasuries (9.0).
#include <map>

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

namespace frontier::crossroads::test {
namespace {

// Every stack of a view against the state: in (location, side) order, one per location and side
// holding pieces, on the map or examined (22.3), with exactly the pieces standing there, in index
// order, when examined (22.1) — on every step of random games, for both sides and a spectator.
TEST(CrossroadsFog, StacksHoldExactlyThePiecesThereOnEveryStep) {
  core::Rng pick(11);
  std::vector<core::Action> legal;
  int steps = 0;
  for (uint64_t seed = 1; seed <= 2; ++seed) {
    auto s = start("scenario1", seed);
    for (int step = 0; step < 600 && game().awaiting(*s) != 0; ++step, ++steps) {
      const State& st = static_cast<const State&>(*s);
      for (core::Seat viewer : {core::Seat{kBritish}, core::Seat{kRussian}, core::kObserver}) {
        CrossroadsView v = view_of(*s, viewer);
        // (location, side) -> the unit indices and agent names there, in index order
        std::map<std::pair<int, int>, std::pair<std::vector<int>, std::vector<std::string>>> pieces;
        for (int u = 0; u < st.nunits; ++u)
          if (st.units[u].loc >= 0) pieces[{st.units[u].loc, st.unit_side(u)}].first.push_back(u);
        for (int a = 0; a < st.nagents; ++a)
          if (st.agents[a].loc >= 0)
            pieces[{st.agents[a].loc, st.agent_side(a)}].second.push_back(st.d->agents[a].name);
        std::vector<std::pair<int, int>> expected;  // ascending, as the map iterates
        for (const auto& [at, _] : pieces)
          if (at.first < kSquares || may_examine(st, viewer, at.first, at.second)) expected.push_back(at);
        ASSERT_EQ(v.stacks_size(), static_cast<int>(expected.size())) << "viewer " << viewer;
        for (int i = 0; i < v.stacks_size(); ++i) {
          const StackView& sv = v.stacks(i);
          auto [loc, side] = expected[static_cast<size_t>(i)];
          ASSERT_EQ(sv.square(), loc);
          ASSERT_EQ(sv.side(), side_name(side));
          bool exam = may_examine(st, viewer, loc, side);
          ASSERT_EQ(sv.examined(), exam);
          const auto& [units, agents] = pieces[{loc, side}];
          std::vector<int> shown;
          for (const auto& uv : sv.units()) shown.push_back(uv.id());
          ASSERT_EQ(shown, exam ? units : std::vector<int>{}) << sv.name();
          std::vector<std::string> named;
          for (const auto& av : sv.agents()) named.push_back(av.name());
          ASSERT_EQ(named, exam ? agents : std::vector<std::string>{}) << sv.name();
        }
      }
      int seat = (game().awaiting(*s) & 1u) ? kBritish : kRussian;
      game().legal_actions(*s, seat, legal);
      ASSERT_FALSE(legal.empty());
      ASSERT_TRUE(core::apply(game(), *s, seat, legal[pick.below(static_cast<uint32_t>(legal.size()))])
                      .status.is_ok());
    }
  }
  EXPECT_GT(steps, 300);
}

}  // namespace
}  // namespace frontier::crossroads::test
