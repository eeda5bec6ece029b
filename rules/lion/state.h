// The Lion of Khartoum: the plain state of one game (fixed arrays of small ints, no heap in the
// hot paths apart from the two decks), and the prompt stage that says what Gordon decides next.
#pragma once

#include <cstdint>
#include <memory>

#include "core/deck.h"
#include "core/game.h"
#include "lion/data.h"

namespace frontier::lion {

// Where a counter is. Troops and guns: available / used / engaged (in a raid or sortie stack, or
// defending the attacked area) / deployed (defensive position) / eliminated; militia not yet
// raised are kUnraised. Leaders: available / engaged / deployed / wounded / dead (or gone).
// Gunboats: unbuilt / available / damaged / engaged / deployed / destroyed.
enum class Loc : uint8_t {
  kAvailable = 0,
  kUsed,
  kEngaged,
  kDeployed,
  kEliminated,
  kUnraised,
  kWounded,
  kDead,
  kDamaged,
  kUnbuilt,
  kDestroyed,
  kCount,
};

// What the single seat (Gordon) is asked now.
enum class Stage : uint8_t {
  kChooseAction = 0,
  kFortify,
  kGunboats,
  kRaidTarget,
  kRaidInfantry,
  kRaidLeader,
  kRaidSupport,
  kSortieTarget,
  kSortieTroops,
  kSortieLeader,
  kSortieSupport,
  kDefenceArea,
  kDefenceUnits,
  kUltimatum,  // event card choice (card 17)
  kSpendRp,    // 7.2 step 3: the optional RP for +1
  kLoseStep,   // 11.11: which unit takes the next step loss
  kLoseGun,    // which gun is destroyed
  kGameOver,
  kCount,
};

enum class Context : uint8_t { kNone = 0, kRaid, kSortie, kDefence };

struct Troop {
  uint8_t type = 0;
  uint8_t steps = 2;
  Loc loc = Loc::kAvailable;
  int8_t area = -1;
};
struct Gun {
  uint8_t type = 0;
  Loc loc = Loc::kAvailable;
  int8_t area = -1;
};
struct LeaderState {
  Loc loc = Loc::kAvailable;
  int8_t area = -1;
  int8_t wounded_turn = 0;
};
struct Gunboat {
  Loc loc = Loc::kUnbuilt;
  int8_t area = -1;
};

// A raid, sortie or defensive action being resolved (6.5, 6.6, 7.2).
struct Combat {
  Context context = Context::kNone;
  int8_t banner = -1;
  int8_t area = -1;       // defence: the attacked area
  int8_t row = 0;         // outcome table row
  int8_t drm = 0;         // casualty die-roll modifier
  int8_t table = 0;       // next casualty table: 0 leaders, 1 troops, 2 guns, 3 gunboats, 4 done
  int8_t steps_left = 0;  // step losses still to assign
  int8_t guns_left = 0;   // gun losses still to assign
  bool rp_spent = false;  // defence: the optional RP was spent
};

constexpr int kTroops = 10;  // 2 Egyptian, 3 Sudanese, 3 Bachi-bouzouk, 2 militia (2.3, 3.2)
constexpr int kGuns = 6;     // 1 heavy, 5 light
constexpr int kGunboats = 3;

enum class EndReason : uint8_t { kNone = 0, kVictory, kPalaceTaken, kNoResources, kNoMorale };

struct State final : core::GameState {
  core::Rng rng;
  core::Deck events;
  core::Deck banner_deck;
  int8_t turn = 1;
  int8_t ap = 3;
  int8_t cm = 12;
  int8_t rp = 32;
  int8_t free_rp = 8;        // turn 1 only (4.2)
  int8_t relief_turn = 12;   // 3.2 step 3
  int8_t fort_spent = 0;     // RP spent on fortifications this turn (6.1: at most 4)
  uint8_t actions_done = 0;  // bit per ActionType carried out this turn
  int8_t last_action = -1;   // highest ActionType carried out this turn (4.1 order)
  Stage stage = Stage::kChooseAction;
  int8_t banner_pos[kBanners] = {6, 6, 6, 6};
  int8_t banner_str[kBanners] = {};
  bool disorganised[kBanners] = {};  // marker (11.4); strength 0 counts too
  bool fort_marker[kAreas] = {};
  Troop troops[kTroops];
  Gun guns[kGuns];
  LeaderState leaders[kLeaders];
  Gunboat gunboats[kGunboats];
  uint32_t events_triggered = 0;  // bit per card number
  int8_t event_card = 0;          // drawn this turn
  int8_t banner_card = 0;         // drawn this turn
  int8_t activation_index = 0;    // next banner on the banner card (7.1)
  int8_t target = -1;             // raid/sortie target banner
  int8_t defence_area = -1;       // area being garrisoned (6.7)
  uint8_t defended_paths = 0;     // bit per banner path already holding a position (6.7 errata)
  Combat combat;
  uint8_t difficulty = 0;   // 0 standard, 1 Lion Cub, 2 Lion King (10.1)
  bool event_cards = true;  // false: 10.2
  EndReason end = EndReason::kNone;
  int8_t end_turn = 0;

  std::unique_ptr<core::GameState> clone() const override { return std::make_unique<State>(*this); }

  bool finished() const { return stage == Stage::kGameOver; }
  bool is_disorganised(int b) const { return disorganised[b] || banner_str[b] <= 0; }
  // 11.3: an area is yours when no banner stands on it and its number is below the banner's.
  bool controlled(int area) const {
    if (area == kPalace) {
      for (int b = 0; b < kBanners; ++b) {
        if (banner_pos[b] <= 1) return false;
      }
      return true;
    }
    const AreaInfo& a = data().areas[area];
    return a.number < banner_pos[a.banner];
  }
  int fort_level(int area) const { return data().areas[area].start_fort + (fort_marker[area] ? 1 : 0); }
  int markers_used() const {
    int n = 0;
    for (bool m : fort_marker) n += m;
    return n;
  }
};

inline const State& S(const core::GameState& s) {
  return static_cast<const State&>(s);
}
inline State& S(core::GameState& s) {
  return static_cast<State&>(s);
}

}  // namespace frontier::lion
