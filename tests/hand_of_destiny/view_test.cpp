// The board in a Khartoum view (spaces and routes) is spliced from parts encoded once per
// scenario (view_parts.h); these tests hold it to the scenario and the state on every step of
// random games, for both sides and a spectator, with the fog of war of 29.14.
#include <algorithm>
#include <set>

#include "core/rng.h"
#include "core/view.h"
#include "khartoum.pb.h"
#include "match.h"

namespace frontier::hand_of_destiny::testing {
namespace {

using frontier::khartoum::KhartoumView;
using frontier::khartoum::SpaceView;

KhartoumView view_of(const Match& m, core::Seat seat) {
  frontier::GameView v;
  m.game.view(*m.state, seat, v);
  EXPECT_EQ(core::view_type_name(v), "frontier.khartoum.KhartoumView");
  return core::unpack_view<KhartoumView>(v);
}

// One space of a view against the scenario and the state.
void check_space(const State& s, int sp, core::Seat viewer, const SpaceView& v) {
  const Scenario& sc = *s.sc;
  const SpaceInfo& info = sc.spaces[static_cast<size_t>(sp)];
  ASSERT_EQ(v.id(), info.id);
  EXPECT_EQ(v.name(), info.name);
  EXPECT_EQ(v.terrain(), sc.terrain[static_cast<size_t>(terrain_of(s, sp))].name);  // 29.11
  EXPECT_EQ(v.port(), info.port);
  EXPECT_EQ(v.vp(), info.vp);
  EXPECT_EQ(v.x(), info.x);
  EXPECT_EQ(v.y(), info.y);
  std::vector<int> here;  // bottom of the stack first (29.14)
  for (int u = 0; u < sc.unit_count(); ++u)
    if (s.unit(u).loc == sp) here.push_back(u);
  std::sort(here.begin(), here.end(), [&](int a, int b) {
    return s.unit(a).stamp != s.unit(b).stamp ? s.unit(a).stamp < s.unit(b).stamp : a < b;
  });
  int mahdists = 0, empire = 0, shown_mahdists = 0;
  for (int u : here) (s.info(u).side == kMahdist ? mahdists : empire)++;
  EXPECT_EQ(v.mahdist_count(), mahdists);
  EXPECT_EQ(v.empire_count(), empire);
  EXPECT_EQ(v.units_size() + v.hidden_units(), static_cast<int>(here.size()));
  size_t next = 0;  // shown units keep the stacking order
  for (const auto& uv : v.units()) {
    while (next < here.size() && s.info(here[next]).id != uv.id()) ++next;
    ASSERT_LT(next, here.size()) << uv.id() << " shown at " << info.id << " out of order or not there";
    int u = here[next];
    const UnitInfo& ui = s.info(u);
    EXPECT_EQ(uv.name(), ui.name);
    EXPECT_EQ(uv.side(), sc.sides[static_cast<size_t>(ui.side)]);
    EXPECT_EQ(uv.type(), sc.type_names[static_cast<size_t>(ui.type)]);
    EXPECT_EQ(uv.strength(), ui.strength);
    EXPECT_EQ(uv.elite(), ui.elite);
    uint8_t flags = s.unit(u).flags;
    EXPECT_EQ(uv.panicked(), (flags & kPanicked) != 0);
    EXPECT_EQ(uv.moved(), (flags & kMoved) != 0);
    EXPECT_EQ(uv.out_of_supply(), (flags & kOutOfSupply) != 0);
    EXPECT_EQ(uv.selected(), (flags & kSelected) != 0);
    if (ui.side == kMahdist) ++shown_mahdists;
  }
  // 29.14: only the top Mahdist unit shows to the Empire and spectators, unless Empire units
  // share the space or the game is over.
  bool fogged = viewer != kMahdist && !s.finished && empire == 0 && mahdists > 0;
  EXPECT_EQ(shown_mahdists, fogged ? 1 : mahdists) << info.id;
  if (fogged) {
    int top = -1;
    for (int u : here)
      if (s.info(u).side == kMahdist) top = u;
    EXPECT_EQ(v.units(v.units_size() - 1).id(), s.info(top).id) << info.id;
  }
}

TEST(View, BoardMatchesTheScenarioAndStateOnEveryStep) {  // 29.11, 29.14
  core::Rng pick(7);
  int steps = 0;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    Match m(seed);
    std::vector<core::Action> legal;
    for (int step = 0; step < 3000 && m.game.awaiting(*m.state) != 0; ++step, ++steps) {
      const State& s = m.s();
      for (core::Seat viewer : {core::Seat{kMahdist}, core::Seat{kEmpire}, core::kObserver}) {
        KhartoumView v = view_of(m, viewer);
        ASSERT_EQ(v.spaces_size(), s.sc->space_count());
        for (int sp = 0; sp < s.sc->space_count(); ++sp) {
          check_space(s, sp, viewer, v.spaces(sp));
          if (::testing::Test::HasFatalFailure()) return;
        }
        if (::testing::Test::HasFailure()) return;
      }
      core::SeatMask awaiting = m.game.awaiting(*m.state);
      core::Seat seat = (awaiting & 1u) ? kMahdist : kEmpire;
      m.game.legal_actions(*m.state, seat, legal);
      ASSERT_FALSE(legal.empty());
      ASSERT_TRUE(core::apply(m.game, *m.state, seat, legal[pick.below(static_cast<uint32_t>(legal.size()))])
                      .status.is_ok());
    }
    // The finished game shows everything (29.14 ends with the game).
    if (m.game.awaiting(*m.state) == 0) {
      KhartoumView v = view_of(m, kEmpire);
      for (int sp = 0; sp < m.s().sc->space_count(); ++sp) check_space(m.s(), sp, kEmpire, v.spaces(sp));
    }
  }
  EXPECT_GT(steps, 1000);
}

TEST(View, EveryRouteOnceWithItsKind) {  // the map's routes (25.0), in every view
  Match m;
  KhartoumView v = view_of(m, kEmpire);
  std::set<std::pair<std::string, std::string>> routes;
  int links = 0;
  for (const SpaceInfo& info : m.sc().spaces) links += info.link_count;
  for (const auto& r : v.routes()) {
    EXPECT_TRUE(routes.insert(std::minmax(r.a(), r.b())).second) << r.a() << "-" << r.b();
    int a = m.space(r.a()), b = m.space(r.b());
    ASSERT_GE(a, 0);
    ASSERT_GE(b, 0);
    const SpaceInfo& info = m.sc().spaces[static_cast<size_t>(a)];
    auto l = std::find_if(info.links.begin(), info.links.begin() + info.link_count,
                          [&](const Link& k) { return k.to == b; });
    ASSERT_NE(l, info.links.begin() + info.link_count) << r.a() << "-" << r.b();
    const char* kinds[] = {"land", "river", "desert", "naval"};
    EXPECT_EQ(r.kind(), kinds[l->kind]);
  }
  EXPECT_EQ(static_cast<int>(routes.size()) * 2, links);  // each link is listed at both ends
}

}  // namespace
}  // namespace frontier::hand_of_destiny::testing
