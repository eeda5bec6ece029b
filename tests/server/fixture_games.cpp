// core::Registry owns its games, and the built-in ones are owned by builtin_games(); a
// forwarding wrapper lets one registry offer both without touching the rules library.
#include "fixture_games.h"

#include "games.h"
#include "race_game.h"
#include "test_games.h"

namespace frontier::testing {

namespace {

class Borrowed final : public core::Game {
 public:
  explicit Borrowed(const core::Game& g) : g_(g) {}
  const frontier::GameInfo& info() const override { return g_.info(); }
  core::Result<std::unique_ptr<core::GameState>> initial(const frontier::MatchSetup& s) const override {
    return g_.initial(s);
  }
  core::SeatMask awaiting(const core::GameState& s) const override { return g_.awaiting(s); }
  core::PromptInfo prompt(const core::GameState& s, core::Seat seat) const override {
    return g_.prompt(s, seat);
  }
  void legal_actions(const core::GameState& s, core::Seat seat,
                     std::vector<core::Action>& out) const override {
    g_.legal_actions(s, seat, out);
  }
  void apply_legal(core::GameState& s, core::Seat seat, const core::Action& a,
                   core::EventSink& e) const override {
    g_.apply_legal(s, seat, a, e);
  }
  std::string explain_illegal(const core::GameState& s, core::Seat seat,
                              const core::Action& a) const override {
    return g_.explain_illegal(s, seat, a);
  }
  std::string describe(const core::GameState& s, core::Seat seat, const core::Action& a) const override {
    return g_.describe(s, seat, a);
  }
  void refs(const core::GameState& s, core::Seat seat, const core::Action& a,
            std::vector<frontier::Ref>& out) const override {
    g_.refs(s, seat, a, out);
  }
  std::string confirm(const core::GameState& s, core::Seat seat, const core::Action& a,
                      const std::vector<core::Action>& legal) const override {
    return g_.confirm(s, seat, a, legal);
  }
  void view(const core::GameState& s, core::Seat viewer, frontier::GameView& out) const override {
    g_.view(s, viewer, out);
  }
  const google::protobuf::Descriptor& view_type() const override { return g_.view_type(); }
  void status(const core::GameState& s, frontier::GameStatus& out) const override { g_.status(s, out); }
  void snapshot(const core::GameState& s, core::ByteWriter& out) const override { g_.snapshot(s, out); }
  core::Result<std::unique_ptr<core::GameState>> restore(std::string_view bytes) const override {
    return g_.restore(bytes);
  }
  core::Rng& rng(core::GameState& s) const override { return g_.rng(s); }
  core::Status edit(core::GameState& s, std::string_view command) const override {
    return g_.edit(s, command);
  }
  std::unique_ptr<core::GameState> resample_hidden(const core::GameState& s, core::Seat viewer,
                                                   core::Rng& r) const override {
    return g_.resample_hidden(s, viewer, r);
  }
  bool policy_action(const core::GameState& s, core::Seat seat, core::Action& out) const override {
    return g_.policy_action(s, seat, out);
  }
  std::string check_invariants(const core::GameState& s) const override { return g_.check_invariants(s); }

 private:
  const core::Game& g_;
};

}  // namespace

const core::Registry& server_test_games() {
  static const core::Registry registry = [] {
    core::Registry r;
    r.add(fixture::make_race_game());
    for (const core::Game* g : builtin_games().games()) r.add(std::make_unique<Borrowed>(*g));
    for (const core::Game* g : folder_games().games()) r.add(std::make_unique<Borrowed>(*g));
    return r;
  }();
  return registry;
}

}  // namespace frontier::testing
