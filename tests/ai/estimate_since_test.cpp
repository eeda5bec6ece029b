// Game::estimate_since: a search scores a cut-short playout by what was gained since the position
// it began in. The smallest game that needs it: one seat, far ahead, gains a point, holds or loses
// one each step. Its estimate of the whole lead is flat up there (as Crossroads' is 43 VP behind
// or ahead: 2.5 per mille a VP), so only the gain since the root tells the three moves apart.
#include <gtest/gtest.h>

#include "ai/ismcts.h"
#include "ai/level.h"
#include "core/bytes.h"
#include "core/view.h"

namespace frontier::ai {
namespace {

enum Kind : uint16_t { kLose = 1, kHold = 2, kGain = 3 };
constexpr int kSteps = 6;
constexpr int kHeadStart = 100;

struct LedgerState final : core::GameState {
  core::Rng rng;
  int points = kHeadStart;
  int step = 0;
  std::unique_ptr<core::GameState> clone() const override { return std::make_unique<LedgerState>(*this); }
};

const LedgerState& S(const core::GameState& s) {
  return static_cast<const LedgerState&>(s);
}
LedgerState& S(core::GameState& s) {
  return static_cast<LedgerState&>(s);
}

class LedgerGame final : public core::Game {
 public:
  LedgerGame() {
    info_.set_id("ledger");
    info_.set_title("Ledger (test fixture)");
    info_.add_seats("Solo");
    info_.add_scenarios()->set_id("standard");
  }
  const frontier::GameInfo& info() const override { return info_; }
  core::Result<std::unique_ptr<core::GameState>> initial(const frontier::MatchSetup& setup) const override {
    auto s = std::make_unique<LedgerState>();
    s->rng = core::Rng(setup.seed());
    return std::unique_ptr<core::GameState>(std::move(s));
  }
  core::SeatMask awaiting(const core::GameState& gs) const override { return S(gs).step < kSteps ? 1 : 0; }
  core::PromptInfo prompt(const core::GameState&, core::Seat) const override { return {"choose", "Choose"}; }
  // The gain comes last: a search that cannot tell the moves apart settles on an earlier one.
  void legal_actions(const core::GameState& gs, core::Seat, std::vector<core::Action>& out) const override {
    out.clear();
    if (S(gs).step < kSteps) out = {{kLose}, {kHold}, {kGain}};
  }
  void apply_legal(core::GameState& gs, core::Seat, const core::Action& a, core::EventSink&) const override {
    S(gs).points += a.kind - kHold;
    ++S(gs).step;
  }
  std::string describe(const core::GameState&, core::Seat, const core::Action& a) const override {
    return a.kind == kLose ? "Lose" : a.kind == kHold ? "Hold" : "Gain";
  }
  void view(const core::GameState&, core::Seat, frontier::GameView& out) const override {
    core::pack_view<frontier::KeyValueView>(out, [](frontier::KeyValueView&) {});
  }
  const google::protobuf::Descriptor& view_type() const override {
    return *frontier::KeyValueView::descriptor();
  }
  void status(const core::GameState& gs, frontier::GameStatus& out) const override {
    out.set_finished(S(gs).step >= kSteps);
    out.set_draw(S(gs).step >= kSteps);
    out.set_winner(-1);
  }
  void snapshot(const core::GameState& gs, core::ByteWriter& w) const override {
    S(gs).rng.write(w);
    w.u32(static_cast<uint32_t>(S(gs).points));
    w.u32(static_cast<uint32_t>(S(gs).step));
  }
  core::Result<std::unique_ptr<core::GameState>> restore(std::string_view bytes) const override {
    auto s = std::make_unique<LedgerState>();
    core::ByteReader r(bytes);
    uint32_t points = 0, step = 0;
    if (!(s->rng.read(r) && r.u32(points) && r.u32(step) && r.at_end()))
      return core::Status::corruption("Ledger snapshot is malformed");
    s->points = static_cast<int>(points);
    s->step = static_cast<int>(step);
    return std::unique_ptr<core::GameState>(std::move(s));
  }
  core::Rng& rng(core::GameState& gs) const override { return S(gs).rng; }
  // Far ahead, a point more or less reads the same.
  std::optional<int> estimate(const core::GameState&, core::Seat) const override { return 950; }
  std::optional<int> estimate_since(const core::GameState& start, const core::GameState& gs,
                                    core::Seat) const override {
    return std::clamp(500 + 100 * (S(gs).points - S(start).points), 0, 1000);
  }

 private:
  frontier::GameInfo info_;
};

TEST(Search, ScoresCutShortPlayoutsByTheGainSinceItsRoot) {
  LedgerGame game;
  SearchLimits limits = limits_for(Level::kEasy);
  limits.rollout_actions = 0;  // every playout is cut short at once and scored by the estimate
  frontier::MatchSetup setup;
  setup.set_seed(5);
  auto state = std::move(game.initial(setup).value());
  core::EventSink no_log;
  for (int step = 0; game.awaiting(*state) != 0; ++step) {
    core::Action chosen = search(game, *state, 0, static_cast<uint64_t>(step) + 1, limits).action;
    EXPECT_EQ(chosen.kind, kGain) << "step " << step;
    game.apply_legal(*state, 0, chosen, no_log);
  }
  EXPECT_EQ(S(*state).points, kHeadStart + kSteps);
}

}  // namespace
}  // namespace frontier::ai
