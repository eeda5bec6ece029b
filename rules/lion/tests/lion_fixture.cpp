#include "lion_fixture.h"

#include "lion/register.h"

namespace frontier::lion::testing {

const core::Game& game() {
  static const core::Registry registry = [] {
    core::Registry r;
    register_games(r);
    return r;
  }();
  return *registry.find("lion");
}

std::unique_ptr<core::GameState> start(uint64_t seed, std::vector<std::string> options) {
  frontier::MatchSetup setup;
  setup.set_game("lion");
  setup.set_scenario("standard");
  setup.set_seed(seed);
  for (const auto& o : options) {
    auto eq = o.find('=');
    auto* opt = setup.add_options();
    opt->set_id(o.substr(0, eq));
    opt->set_value(o.substr(eq + 1));
  }
  auto r = game().initial(setup);
  EXPECT_TRUE(r.is_ok()) << r.status().message();
  return std::move(r).value();
}

void play(core::GameState& s, const std::string& label, std::vector<core::LogEvent>* log) {
  auto a = core::find_by_label(game(), s, 0, label);
  ASSERT_TRUE(a.has_value()) << "'" << label << "' is not legal; legal: " << choices(s);
  auto r = core::apply(game(), s, 0, *a, log);
  ASSERT_TRUE(r.status.is_ok()) << r.status.message();
}

void edit(core::GameState& s, const std::string& command) {
  auto r = game().edit(s, command);
  ASSERT_TRUE(r.is_ok()) << r.message();
}

bool can(const core::GameState& s, const std::string& label) {
  return core::find_by_label(game(), s, 0, label).has_value();
}

std::string choices(const core::GameState& s) {
  std::vector<core::Action> legal;
  game().legal_actions(s, 0, legal);
  std::string out;
  for (const auto& a : legal) out += (out.empty() ? "" : " | ") + game().describe(s, 0, a);
  return out;
}

void dice(core::GameState& s, std::vector<int> faces) {
  for (int f : faces) game().rng(s).force_roll(f);
}

std::string text(const std::vector<core::LogEvent>& log) {
  std::string out;
  for (const auto& e : log) out += e.text + "\n";
  return out;
}

}  // namespace frontier::lion::testing
