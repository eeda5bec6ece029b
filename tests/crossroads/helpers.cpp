#include "helpers.h"

#include "crossroads/data.h"
#include "crossroads/rules.h"

namespace frontier::crossroads::test {

const core::Game& game() {
  static const std::unique_ptr<core::Game> g = make_game();
  return *g;
}

std::unique_ptr<core::GameState> start(const std::string& scenario, uint64_t seed,
                                       std::vector<std::pair<std::string, std::string>> options) {
  frontier::MatchSetup setup;
  setup.set_game("crossroads");
  setup.set_scenario(scenario);
  setup.set_seed(seed);
  for (auto& [k, v] : options) {
    auto* o = setup.add_options();
    o->set_id(k);
    o->set_value(v);
  }
  auto r = game().initial(setup);
  EXPECT_TRUE(static_cast<bool>(r)) << r.status().message();
  return std::move(r).value();
}

std::unique_ptr<core::GameState> board(const std::vector<std::string>& edits, int side,
                                       std::vector<std::pair<std::string, std::string>> options) {
  auto s = start("scenario1", 1, options);
  std::vector<core::Action> legal;
  // Finish the set-up by first choices, then clear the map.
  for (int i = 0; i < 400 && S(*s).phase == kSetup; ++i) {
    core::Seat seat = (game().awaiting(*s) & 1) ? 0 : 1;
    game().legal_actions(*s, seat, legal);
    EXPECT_TRUE(core::apply(game(), *s, seat, legal.front()).status.is_ok());
  }
  edit(*s, "clearmap");
  edit(*s, "turn 2");
  edit(*s, std::string("phase movement ") + (side == kBritish ? "British" : "Russian") + " op 1");
  for (const auto& e : edits) edit(*s, e);
  return s;
}

void edit(core::GameState& s, const std::string& command) {
  auto st = game().edit(s, command);
  ASSERT_TRUE(st.is_ok()) << st.message();
}

std::vector<std::string> labels(const core::GameState& s, int seat) {
  std::vector<std::string> out;
  auto p = core::prompt_with_choices(game(), s, seat);
  for (const auto& c : p.choices()) out.push_back(c.label());
  return out;
}

bool offered(const core::GameState& s, int seat, const std::string& label) {
  return core::find_by_label(game(), s, seat, label).has_value();
}

void play(core::GameState& s, int seat, const std::string& label) {
  auto a = core::find_by_label(game(), s, seat, label);
  if (!a) {
    std::string all;
    for (auto& l : labels(s, seat)) all += "\n  " + l;
    FAIL() << "'" << label << "' not offered to seat " << seat << "; choices:" << all;
  }
  auto r = core::apply(game(), s, seat, *a);
  ASSERT_TRUE(r.status.is_ok()) << r.status.message();
}

std::vector<std::string> log_of(const core::GameState& s, int seat, const std::string& label) {
  auto copy = s.clone();
  std::vector<core::LogEvent> events;
  auto a = core::find_by_label(game(), *copy, seat, label);
  EXPECT_TRUE(a.has_value()) << label;
  if (!a) return {};
  core::apply(game(), *copy, seat, *a, &events);
  std::vector<std::string> out;
  for (auto& e : events) out.push_back(e.text);
  return out;
}

bool british_provision(core::GameState& gs) {
  State& s = S(gs);
  s.phase = kProvisioning;
  s.prov_side = kBritish;
  s.first = kRussian;
  s.prov_sq = -1;
  return provision_next(s);
}

int square(const std::string& city) {
  const Data& d = data();
  return d.cities[d.city_index(city)].square;
}

}  // namespace frontier::crossroads::test
