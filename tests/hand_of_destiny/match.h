// Test helper: a Khartoum match driven by script-like edits and action labels, through the
// validating engine, so tests read like the rulebook's examples.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "core/engine.h"
#include "hand_of_destiny/game.h"
#include "hand_of_destiny/rules.h"

namespace frontier::hand_of_destiny::testing {

inline const HandOfDestinyGame& khartoum() {
  static const HandOfDestinyGame game("khartoum", *load_scenario("khartoum.txtpb").value(), "campaign",
                                      "The campaign");
  return game;
}

struct Match {
  const core::Game& game = khartoum();
  std::unique_ptr<core::GameState> state;
  std::vector<core::LogEvent> log;

  explicit Match(uint64_t seed = 1) {
    frontier::MatchSetup setup;
    setup.set_game("khartoum");
    setup.set_scenario("campaign");
    setup.set_seed(seed);
    state = std::move(game.initial(setup)).value();
  }
  State& s() { return S(*state); }
  const Scenario& sc() { return *s().sc; }
  int unit(const std::string& id) { return sc().unit_index(id); }
  int space(const std::string& id) { return sc().space_index(id); }
  void edit(const std::string& cmd) { ASSERT_TRUE(game.edit(*state, cmd).is_ok()) << cmd; }
  // An empty board at the start of `side`'s player turn with `card` in effect.
  void empty_board(const std::string& card_side, const std::string& card, int turn = 1) {
    edit("setup standard");
    edit("clear");
    edit("turn " + std::to_string(turn));
    edit("draws " + card_side + " " + card);
  }
  void begin(const std::string& side) { edit("begin " + side); }
  void dice(std::initializer_list<int> faces) {
    for (int f : faces) game.rng(*state).force_roll(f);
  }
  std::vector<std::string> labels(int seat) {
    auto p = core::prompt_with_choices(game, *state, seat);
    std::vector<std::string> out;
    for (const auto& c : p.choices()) out.push_back(c.label());
    return out;
  }
  bool offers(int seat, const std::string& label) {
    auto l = labels(seat);
    return std::find(l.begin(), l.end(), label) != l.end();
  }
  std::string prompt(int seat) { return game.prompt(*state, seat).kind; }
  void play(int seat, const std::string& label) {
    auto a = core::find_by_label(game, *state, seat, label);
    ASSERT_TRUE(a.has_value()) << "no choice '" << label << "' for seat " << seat << " at " << prompt(seat);
    auto r = core::apply(game, *state, seat, *a, &log);
    ASSERT_TRUE(r.status.is_ok()) << r.status.to_string();
    ASSERT_EQ(game.check_invariants(*state), "");
  }
  bool logged(const std::string& text) {
    return std::any_of(log.begin(), log.end(),
                       [&](const core::LogEvent& e) { return e.text.find(text) != std::string::npos; });
  }
  int loc(const std::string& u) { return s().unit(unit(u)).loc; }
};

// The Mahdists, on card K-12, skip their march and attack at `space_name` with these dice.
inline void attack(Match& m, const std::string& space_name, std::initializer_list<int> rolls) {
  m.edit("draws Mahdist K-12");
  m.begin("Mahdist");
  m.play(kMahdist, "End the March Phase");
  m.dice(rolls);
  m.play(kMahdist, "Fight at " + space_name);
}

}  // namespace frontier::hand_of_destiny::testing
