// A bot does not go round in circles. The smallest game that tempts it: one seat may go (a die:
// a win on a 1) or pick a force, and then leave a unit behind or take it along again, or cancel
// the force (back where it began). Playouts follow the game's policy, which never goes, so a
// playout is cut short and scored by the estimate, an even chance: far better than going (1 in 6).
// Without a rule against repeated positions the search prefers to pick, toggle and cancel
// forever, as a Crossroads bot did for thousands of actions (scenario 1, seed 3, British against
// the Expansionist).
#include <gtest/gtest.h>

#include "ai/ismcts.h"
#include "ai/level.h"
#include "core/bytes.h"
#include "core/view.h"

namespace frontier::ai {
namespace {

enum Kind : uint16_t { kPick = 1, kCancel = 2, kGo = 3, kToggle = 4 };

struct DitherState final : core::GameState {
  core::Rng rng;
  bool picked = false;
  bool toggled = false;  // a unit left behind
  bool finished = false;
  bool won = false;
  std::unique_ptr<core::GameState> clone() const override { return std::make_unique<DitherState>(*this); }
};

const DitherState& S(const core::GameState& s) {
  return static_cast<const DitherState&>(s);
}
DitherState& S(core::GameState& s) {
  return static_cast<DitherState&>(s);
}

class DitherGame final : public core::Game {
 public:
  DitherGame() {
    info_.set_id("dither");
    info_.set_title("Dither (test fixture)");
    info_.add_seats("Solo");
    info_.add_scenarios()->set_id("standard");
  }
  const frontier::GameInfo& info() const override { return info_; }
  core::Result<std::unique_ptr<core::GameState>> initial(const frontier::MatchSetup& setup) const override {
    auto s = std::make_unique<DitherState>();
    s->rng = core::Rng(setup.seed());
    return std::unique_ptr<core::GameState>(std::move(s));
  }
  core::SeatMask awaiting(const core::GameState& gs) const override { return S(gs).finished ? 0 : 1; }
  core::PromptInfo prompt(const core::GameState&, core::Seat) const override { return {"choose", "Choose"}; }
  void legal_actions(const core::GameState& gs, core::Seat, std::vector<core::Action>& out) const override {
    out.clear();
    if (S(gs).finished) return;
    if (S(gs).picked) {
      out.push_back({kToggle});
      out.push_back({kCancel});
    } else {
      out.push_back({kPick});
      out.push_back({kGo});
    }
  }
  void apply_legal(core::GameState& gs, core::Seat, const core::Action& a, core::EventSink&) const override {
    DitherState& s = S(gs);
    if (a.kind == kGo) {
      s.won = s.rng.roll(6) == 1;
      s.finished = true;
    } else if (a.kind == kToggle) {
      s.toggled = !s.toggled;
    } else {
      s.picked = a.kind == kPick;
      s.toggled = false;
    }
  }
  std::string describe(const core::GameState&, core::Seat, const core::Action& a) const override {
    return a.kind == kPick ? "Pick" : a.kind == kCancel ? "Cancel" : a.kind == kToggle ? "Toggle" : "Go";
  }
  void view(const core::GameState&, core::Seat, frontier::GameView& out) const override {
    core::pack_view<frontier::KeyValueView>(out, [](frontier::KeyValueView&) {});
  }
  const google::protobuf::Descriptor& view_type() const override {
    return *frontier::KeyValueView::descriptor();
  }
  void status(const core::GameState& gs, frontier::GameStatus& out) const override {
    out.set_finished(S(gs).finished);
    out.set_winner(S(gs).won ? 0 : -1);
  }
  void snapshot(const core::GameState& gs, core::ByteWriter& w) const override {
    S(gs).rng.write(w);
    w.boolean(S(gs).picked);
    w.boolean(S(gs).toggled);
    w.boolean(S(gs).finished);
    w.boolean(S(gs).won);
  }
  core::Result<std::unique_ptr<core::GameState>> restore(std::string_view bytes) const override {
    auto s = std::make_unique<DitherState>();
    core::ByteReader r(bytes);
    if (!(s->rng.read(r) && r.boolean(s->picked) && r.boolean(s->toggled) && r.boolean(s->finished) &&
          r.boolean(s->won) && r.at_end()))
      return core::Status::corruption("Dither snapshot is malformed");
    return std::unique_ptr<core::GameState>(std::move(s));
  }
  core::Rng& rng(core::GameState& gs) const override { return S(gs).rng; }
  // The policy never goes: playouts only pick and toggle until they are cut short.
  bool policy_action(const core::GameState& gs, core::Seat, core::Action& out) const override {
    out = {S(gs).picked ? kToggle : kPick};
    return true;
  }
  int playout_policy_per_mille() const override { return 1000; }
  std::optional<int> estimate(const core::GameState&, core::Seat) const override { return 500; }

 private:
  frontier::GameInfo info_;
};

TEST(Search, NeverGoesRoundInCircles) {
  DitherGame game;
  constexpr int kGames = 20, kMaxDecisions = 12;
  for (int g = 0; g < kGames; ++g) {
    frontier::MatchSetup setup;
    setup.set_seed(static_cast<uint64_t>(g) + 1);
    auto state = std::move(game.initial(setup).value());
    core::EventSink no_log;
    int decisions = 0;
    while (game.awaiting(*state) != 0 && decisions < kMaxDecisions) {
      auto chosen =
          search(game, *state, 0, static_cast<uint64_t>(g * 100 + decisions), limits_for(Level::kNormal));
      game.apply_legal(*state, 0, chosen.action, no_log);
      ++decisions;
    }
    EXPECT_EQ(game.awaiting(*state), 0u)
        << "game " << g << ": still going round in circles after " << kMaxDecisions << " decisions";
  }
}

}  // namespace
}  // namespace frontier::ai
