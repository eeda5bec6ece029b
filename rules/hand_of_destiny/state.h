// The state of a Hand of Destiny match: plain fixed-size structs (no heap in the hot paths
// except the two decks), pointing at the shared immutable Scenario.
#pragma once

#include <array>
#include <cstdint>
#include <memory>

#include "core/deck.h"
#include "core/game.h"
#include "hand_of_destiny/scenario.h"

namespace frontier::hand_of_destiny {

constexpr int kMahdist = 0;  // first player (23.0)
constexpr int kEmpire = 1;

// Where a unit is when it is not on the map.
enum Box : int8_t {
  kInBox = -1,       // reinforcement / recruit box (3.0)
  kEliminated = -2,  // Empire Eliminated Box: British units, re-recruited only by 28.0's second draw
  kDead = -3,        // dead pile: never returns (Gordon, 28.0; the Mahdi while he waits, 29.5)
};

enum UnitFlag : uint8_t {
  kMoved = 1,            // finished its move this March Phase (11.0)
  kSelected = 2,         // in the group being moved
  kPanicked = 4,         // flipped (13.3)
  kFired = 8,            // fired in this round of battle
  kWasPanicked = 16,     // panicked at some point of this battle: no pursuit (19.0)
  kLanded = 32,          // naval landing into an enemy port: no move this turn (29.13)
  kOutOfSupply = 64,     // 21.3, fixed at the start of the March Phase / battle
  kBattleRecruit = 128,  // major-battle recruit (20.0)
};

struct UnitState {
  int8_t loc = kInBox;
  uint8_t flags = 0;
  int8_t moves_left = 0;
  uint16_t stamp = 0;  // stacking order: the highest stamp in a space is the top unit (29.14)
};

// What the game waits for. Each value is one prompt kind (see prompt_kind()).
enum class Step : uint8_t {
  kSetupGarrison,       // 25.1: Empire places Egyptian A-D
  kSetupMahdist,        // 25.2: Mahdist places his leaders and cavalry
  kCardChoice,          // 29.1: play the held card or pick from the deck
  kHoldDecision,        // 29.1: play the hold card now or put it aside
  kReRecruit,           // 28.0: second draw of a card, two eliminated British units
  kPlaceRecruit,        // 28.0: place the unit in `pending_unit`
  kChooseEgyptian,      // 28.0: choose an Egyptian unit from the box
  kBreakoutGarrison,    // breakout card: which garrison breaks out
  kBreakoutInfantry,    // breakout card: which infantry replaces it
  kEgyptianMarchStack,  // card 18 (29.1): which Egyptian stack the Mahdist marches
  kEgyptianMarchStep,   // card 18: next space
  kMahdiReturn,         // 29.5
  kMarch,               // 11.0: choose a space to move from, or end the March Phase
  kGroup,               // choose the units that go together
  kMoveStep,            // next space of the group
  kChooseBattle,        // 13.1: the attacker orders the battles
  kFire,                // 13.1 2: choose the unit that fires (or breaks off, 18.0)
  kBreakoffTo,          // 18.0: where the unit breaks off to
  kAllocate,            // 13.1 2c: the target chooses eliminated/panicked units
  kRetreat,             // 13.5: the loser chooses the retreat space
  kMajorRecruit,        // 20.0: the winner recruits one unit
  kMajorLoss,           // 20.0: the loser eliminates one unit
  kPursuit,             // 19.0: choose pursuers and the space
  kOver,
};

struct BattleState {
  int8_t space = -1;
  int8_t attacker = 0;
  int8_t superior = -1;  // side with tactical superiority
  int8_t to_fire = -1;   // side choosing the next firing unit
  int8_t target = -1;    // side allocating hits now
  int8_t pending_elim = 0, pending_panic = 0;
  int8_t roll[2] = {0, 0};
  int8_t modified[2] = {0, 0};
  bool major = false;
  bool naval_landing = false;  // 29.13: an Empire force landed in an enemy port
  int8_t breakoff_unit = -1;
  int8_t winner = -1, loser = -1;
  bool loser_broke_off = false;  // every loser unit broke off (19.0)
  bool major_recruit_done = false, major_loss_done = false;
  uint64_t participants = 0;  // units present when the battle began
};

struct State final : core::GameState {
  const Scenario* sc = nullptr;
  core::Rng rng;
  core::Deck deck[2];
  int8_t held[2] = {-1, -1};
  bool reshuffled[2] = {false, false};  // decks mixed: the A-over-B order is gone (25.1)
  std::array<uint8_t, kMaxCards> times_drawn{};
  std::array<UnitState, kMaxUnits> units{};
  uint16_t next_stamp = 1;
  // Units of each side per space, kept by set_loc() (derived; rebuilt on restore).
  std::array<std::array<int8_t, 2>, kMaxSpaces> count{};
  // Options (advanced rules 17.0-21.0).
  bool opt_artillery = true, opt_breakoff = true, opt_pursuit = true, opt_major = true, opt_supply = true;

  int8_t turn = 1;
  int8_t player = kMahdist;  // whose player turn it is
  Step step = Step::kSetupGarrison;
  int8_t card = -1;         // the card in effect (7.0)
  bool skipping = false;    // 29.1: hold or unmet criteria
  int8_t setup_cursor = 0;  // unit being placed at set-up
  // Recruiting (28.0).
  int8_t pending_unit = -1;
  int8_t random_left = 0;
  int8_t named_cursor = 0;
  int8_t rerecruit_left = 0;
  int8_t choice_left = 0;
  bool placing_anywhere = false, placing_capital = false;
  int8_t breakout_garrison = -1;
  // Card 18.
  int8_t march_left = 0;
  int8_t march_space = -1;
  // March (11.0).
  int8_t group_space = -1;
  bool group_stepped = false;
  int8_t group_left = 0;
  bool march_supply_done = false;
  // Battles (13.0).
  BattleState battle;
  int8_t forced_battle = -1;      // a pursuit into enemies attacks at once (19.0)
  int8_t mahdi_return_turn = -1;  // 29.5
  // End.
  bool finished = false;
  int8_t winner = -1;
  int8_t result = 0;  // 1 sudden death, 2 Empire VP win, 3 Mahdist local victory
  int8_t final_vp = 0;

  std::unique_ptr<core::GameState> clone() const override { return std::make_unique<State>(*this); }

  const UnitInfo& info(int u) const { return sc->units[static_cast<size_t>(u)]; }
  UnitState& unit(int u) { return units[static_cast<size_t>(u)]; }
  const UnitState& unit(int u) const { return units[static_cast<size_t>(u)]; }
  bool flood() const { return sc->flood[static_cast<size_t>(turn - 1)]; }
};

inline const State& S(const core::GameState& s) {
  return static_cast<const State&>(s);
}
inline State& S(core::GameState& s) {
  return static_cast<State&>(s);
}

}  // namespace frontier::hand_of_destiny
