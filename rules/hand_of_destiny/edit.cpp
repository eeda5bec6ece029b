// Scenario-script edits (docs/games/khartoum.md): set up the rulebook's worked examples.
#include <sstream>

#include "hand_of_destiny/game.h"
#include "hand_of_destiny/rules.h"

namespace frontier::hand_of_destiny {

namespace {

// Script names: ids ("wadi_halfa", "g_cav") or printed names with '_' for spaces.
std::string spaced(std::string name) {
  for (char& c : name)
    if (c == '_') c = ' ';
  return name;
}

int find_unit(const Scenario& sc, const std::string& name) {
  int u = sc.unit_index(name);
  return u >= 0 ? u : sc.unit_index(spaced(name));
}
int find_space(const Scenario& sc, const std::string& name) {
  int i = sc.space_index(name);
  return i >= 0 ? i : sc.space_index(spaced(name));
}

// The standard opening choices: garrisons in the four Nile and eastern towns, the Mahdist
// leaders at El Obeid, Osman Digna at Tamai, the cavalry at Bara and Abu Klea.
constexpr const char* kStandardSetup[][2] = {
    {"egyptian_a", "dongola"}, {"egyptian_b", "berber"}, {"egyptian_c", "sennar"}, {"egyptian_d", "kassala"},
    {"mahdi", "el_obeid"},     {"abdulah", "el_obeid"},  {"muhamed", "el_obeid"},  {"ali", "el_obeid"},
    {"osman", "tamai"},        {"cav_a", "bara"},        {"cav_b", "abu_klea"},
};

}  // namespace

core::Status HandOfDestinyGame::edit(core::GameState& gs, std::string_view command) const {
  State& s = S(gs);
  std::istringstream in{std::string(command)};
  std::string verb;
  in >> verb;
  core::EventSink quiet;
  auto side_of = [&](const std::string& name) -> int { return seat_by_name(name); };
  if (verb == "setup") {
    std::string which;
    in >> which;
    if (which != "standard") return core::Status::invalid_argument("setup: only 'setup standard' is known");
    if (s.step != Step::kSetupGarrison && s.step != Step::kSetupMahdist)
      return core::Status::invalid_argument("setup: set-up is over");
    for (const auto& [u, sp] : kStandardSetup) set_loc(s, find_unit(*sc_, u), find_space(*sc_, sp));
    s.turn = 1;
    s.player = kMahdist;
    begin_player_turn(s, quiet);
    return core::Status::ok();
  }
  if (verb == "place" || verb == "remove" || verb == "eliminate") {
    std::string unit, space;
    in >> unit >> space;
    int u = find_unit(*sc_, unit);
    if (u < 0) return core::Status::invalid_argument(verb + ": unknown unit " + unit);
    if (verb == "place") {
      int sp = find_space(*sc_, space);
      if (sp < 0) return core::Status::invalid_argument("place: unknown space " + space);
      set_loc(s, u, sp);
    } else if (verb == "remove") {
      set_loc(s, u, kInBox);
    } else {
      eliminate_unit(s, u, quiet);
    }
    return core::Status::ok();
  }
  if (verb == "clear") {
    for (int u = 0; u < sc_->unit_count(); ++u) set_loc(s, u, kInBox);
    return core::Status::ok();
  }
  if (verb == "empty_box") {
    // "empty_box Mahdist": that side's recruit box to the dead pile, so that a worked example
    // played with a recruiting card (K-12, K-14) is not interrupted by recruits it never had.
    std::string side_text;
    in >> side_text;
    int side = side_of(side_text);
    if (side < 0) return core::Status::invalid_argument("empty_box: unknown side " + side_text);
    for (int u = 0; u < sc_->unit_count(); ++u) {
      if (s.info(u).side == side && s.unit(u).loc == kInBox) set_loc(s, u, kDead);
    }
    return core::Status::ok();
  }
  if (verb == "turn") {
    int t = 0;
    in >> t;
    if (t < 1 || t > sc_->turns())
      return core::Status::invalid_argument("turn: 1 to " + std::to_string(sc_->turns()));
    s.turn = static_cast<int8_t>(t);
    return core::Status::ok();
  }
  if (verb == "option") {
    std::string id, value;
    in >> id >> value;
    bool on = value == "on";
    if (id == "artillery")
      s.opt_artillery = on;
    else if (id == "breakoff")
      s.opt_breakoff = on;
    else if (id == "pursuit")
      s.opt_pursuit = on;
    else if (id == "major_battles")
      s.opt_major = on;
    else if (id == "supply")
      s.opt_supply = on;
    else
      return core::Status::invalid_argument("option: unknown option " + id);
    return core::Status::ok();
  }
  if (verb == "draws" || verb == "hold") {
    // "draws Empire K-09 K-04": those cards on top of the Empire deck, drawn in that order.
    std::string side_text;
    in >> side_text;
    if (!side_text.empty() && side_text.back() == ':') side_text.pop_back();
    int side = side_of(side_text);
    if (side < 0) return core::Status::invalid_argument(verb + ": unknown side " + side_text);
    std::vector<int> cards;
    for (std::string c; in >> c;) {
      int i = sc_->card_index(c);
      if (i < 0 || sc_->cards[static_cast<size_t>(i)].side != side)
        return core::Status::invalid_argument(verb + ": " + c + " is not a " + side_text + " card");
      cards.push_back(i);
    }
    for (int c : cards) {
      if (s.card == c && s.player == side) {  // the card in effect goes to the discards first
        s.deck[side].discard(static_cast<core::CardId>(c));
        s.card = -1;
      }
    }
    for (auto it = cards.rbegin(); it != cards.rend(); ++it) {
      if (!s.deck[side].stack_on_top(static_cast<core::CardId>(*it))) {
        return core::Status::invalid_argument(verb + ": " + sc_->cards[static_cast<size_t>(*it)].id +
                                              " is not in the deck");
      }
    }
    if (verb == "hold") {
      if (cards.size() != 1 || s.held[side] >= 0)
        return core::Status::invalid_argument("hold: one card, and no card already held");
      s.held[side] = static_cast<int8_t>(*s.deck[side].draw(s.rng, false));
    }
    return core::Status::ok();
  }
  if (verb == "begin") {
    // "begin Empire": start that side's player turn now (its card is picked at once).
    std::string side_text;
    in >> side_text;
    int side = side_of(side_text);
    if (side < 0) return core::Status::invalid_argument("begin: unknown side " + side_text);
    if (s.card >= 0 && s.held[s.player] != s.card) {
      if (sc_->cards[static_cast<size_t>(s.card)].remove)
        s.deck[s.player].remove_from_play(s.card);
      else
        s.deck[s.player].discard(s.card);
    }
    s.card = -1;
    s.battle = BattleState{};
    s.pending_unit = s.march_space = s.group_space = s.forced_battle = -1;
    s.march_left = 0;
    s.player = static_cast<int8_t>(side);
    begin_player_turn(s, quiet);
    return core::Status::ok();
  }
  return core::Status::invalid_argument("Unknown Khartoum edit '" + std::string(command) + "'");
}

}  // namespace frontier::hand_of_destiny
