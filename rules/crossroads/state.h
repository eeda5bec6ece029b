// Asia Crossroads match state: plain fixed arrays of small integers (fast to copy and hash) plus
// the sub-phase context of whatever decision is pending. See docs/games/crossroads.md.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "core/game.h"
#include "crossroads.pb.h"
#include "crossroads/data.h"
#include "crossroads/square_set.h"

namespace frontier::crossroads {

constexpr int kMaxUnits = 320, kMaxAgents = 72;
constexpr int16_t kPool = -1, kDead = -2, kHeldByBritish = -3, kHeldByRussian = -4;
constexpr int8_t kBritish = 0, kRussian = 1, kNeutral = 2;

// Action kinds are the generated ActionKind of proto/crossroads.proto (which documents a/b/c),
// so the rules, the clients and the wire share one list.
enum Phase : uint8_t {
  kSetup,
  kInitiative,
  kExpend,
  kMovement,
  kForce,
  kNegotiations,
  kCommitPounds,
  kCombat,
  kWithdrawChoice,
  kCrtChoice,
  kTerrainChoice,
  kLossChoice,
  kRetreatChoice,
  kCaptureChoice,
  kMassacreChoice,
  kProvisioning,
  kStarveChoice,
  kLevyPlacement,
  kJihadPlacement,
  kOfferAnswer,
  kHashishanTarget,
  kGameOver,
};

// What a pending agent choice is for (State::pick_for).
enum PickFor : int8_t { kPickCombat = 0, kPickMove = 1, kPickCounter = 2 };

// What a player agreement offers (23.1), State::offer_kind.
enum OfferKind : int8_t { kGivePounds = 0, kGiveRegion = 1, kRegionNeutral = 2, kAskPounds = 3 };
constexpr int kOffersPerPhase = 2;  // per seat per phase (interpretation, docs/games/crossroads.md)

// Civilization marker bits per square: side * 4 + kind (20.0).
enum MarkerKind : uint8_t { kColony = 0, kFort = 1, kTradingPost = 2, kRailroad = 3 };
constexpr uint8_t marker_bit(int side, MarkerKind k) {
  return static_cast<uint8_t>(1u << (side * 4 + k));
}

// Unit flags.
constexpr uint8_t kMoved = 1;    // moved (or was dropped off) this movement sub-phase (11.3)
constexpr uint8_t kInForce = 2;  // part of the force being formed or moved
constexpr uint8_t kLoser = 4;    // scratch
constexpr uint8_t kNew = 8;      // recruited this expenditure phase (10.61)
constexpr uint8_t kLevied = 16;  // placed by the defense levy now being placed (5.42(3))
// SELECT_FORCE's b: the square's agents set off without its units (11.3).
constexpr int16_t kAgentsAlone = 2;

// Option bits (match options).
enum Option : uint16_t {
  kOptUltimatums = 1,
  kOptForcedMarch = 2,
  kOptTelegraph = 4,
  kOptStaffWork = 8,
  kOptMassacre = 16,
  kOptDiscoveries = 32,
};

struct Unit {
  int16_t loc = kPool;
  uint8_t type = 0;
  uint8_t flags = 0;
};
struct Agent {
  int16_t loc = kPool;
  uint8_t flags = 0;
};

struct State final : core::GameState {
  const Data* d = nullptr;
  core::Rng rng;
  // Match.
  int8_t scenario = 0;  // 1, 2, 3
  int8_t last_turn = 5;
  uint16_t options = 0;
  int8_t turn = 1, first_turn = 1;
  Phase phase = kSetup;
  int8_t first = 0;                  // first player this turn (7.2)
  int8_t op = 1;                     // operations phase 1..5 (12.0)
  int8_t phasing = 0;                // player whose operations phase it is
  int8_t bop = 1;                    // Balance of Power: + British, - Russian, never 0 (4.0)
  std::array<int8_t, 32> control{};  // regions 0..18, kGhazi; padded to 32 so any masked index is in bounds
  std::array<int8_t, kRegions> start_neutral{};  // began the scenario neutral (32.1)
  std::array<int16_t, 2> pounds{}, sp{}, sp_bought{};
  std::array<uint8_t, 2> done{};
  int8_t open_war_by = -1;  // who started open war (24.0, once per game)
  bool open_war_this_turn = false;
  // Per-turn event effects (8.0).
  uint32_t events_seen = 0;  // bit per (column*6+roll) this turn (8.2)
  bool trade_boom = false, famine = false, mutiny_done = false, ranjit_rule = false;
  std::array<uint8_t, 2> spy_ring{};
  // Pieces.
  int nunits = 0, nagents = 0;
  std::array<Unit, kMaxUnits> units{};
  std::array<Agent, kMaxAgents> agents{};
  std::array<uint8_t, kSquares> markers{};
  std::array<uint8_t, kSquares> massacred{};  // forage 0 this turn (30.0)
  std::array<uint8_t, 72> discovered{};       // per city: 1 British tried, 2 Russian tried (32.4)
  // Set-up (26.0).
  int16_t placement = 0, placed = 0;
  // Movement context (13.0).
  int16_t force_sq = -1;      // square of the force being formed/moved
  int16_t force_mp = 0;       // remaining movement in half points
  int8_t force_mode = 0;      // 0 land, 1 amphibious chain, 2 railroad
  int8_t force_agent = -1;    // agent giving the movement bonus (16.21)
  bool force_begun = false;   // movement has begun (pieces fixed, SP paid)
  bool force_moved = false;   // has entered at least one square
  bool force_forced = false;  // forced march (27.0)
  int8_t force_carry = 0;     // SP carried on a forced march (27.1)
  bool left_home = false;     // 19.23
  // Squares entered in the current rail or amphibious leg: 13.61 and 13.81 move a force "any
  // distance" along a chain for one movement point, which is a path, so a leg never enters a
  // square twice. Without it a force could step to and fro at no cost for ever.
  SquareSet leg_entered;
  void start_leg(int sq) {
    leg_entered.clear();
    if (sq < kSquares) leg_entered.add(sq);
  }
  // Negotiations context (15.0).
  int8_t nego_region = -1, nego_agent = -1, nego_defender_agent = -1;
  bool nego_ultimatum = false;
  std::array<int8_t, 2> commit{{-1, -1}};
  uint32_t nego_done = 0;  // regions tried this sub-phase (15.3)
  // Combat context (14.0).
  int16_t combat_sq = -1;
  int8_t combat_crt = 0, combat_mult = 1;
  int8_t loss_side = -1, losses_due = 0, retreat_side = -1;
  int8_t loss_context = 0;  // 0 combat, 1 forced march (27.1)
  CrtResult combat_result = kAE;
  int8_t pending_prisoner = -1;  // captured agent awaiting the capturer's choice (16.42)
  // Provisioning (17.3).
  int8_t prov_side = 0;
  int16_t prov_sq = -1, starve_due = 0;
  // Levy / jihad placement (5.42(3), 21.2).
  int8_t levy_side = -1, levy_region = -1, levy_left = 0;
  bool levy_khan = false;  // the levy is placed: the player may put the Khan on one of its irregulars
  std::array<uint32_t, 2> levy_pending{};         // further invaded regions awaiting their levy roll
  std::array<int16_t, 2> recruit_pick{{-1, -1}};  // type (or 1000 + agent) being placed (10.3)
  // Player agreements (23.0).
  int8_t offer_from = -1, offer_kind = 0, offer_value = 0;
  std::array<int8_t, 2> offers_made{};
  // Discoveries (32.0).
  uint32_t bazaar = 0;              // regions whose city forage is doubled this turn (32.6 13-14)
  std::array<int8_t, 2> somnath{};  // Gates of Somnath this turn (32.6 21)
  uint8_t once_discoveries = 0;     // bit 0 Ahmad Mahdum, 1 Gates of Somnath, 2 Hashishan (once per game)
  int8_t hashishan_side = -1;       // player designating a Hashishan target
  // "Which one agent" choices (14.8, 15.1(4), 15.61(4), 16.21): the purpose of the pending prompt
  // (PickFor, -1 none) and the side answering it.
  int8_t pick_for = -1, pick_side = -1;
  std::array<int8_t, 2> combat_agent{{-1, -1}};  // whose military value counts (14.8); -2 not yet chosen
  std::array<int8_t, 2> zoom{{-1, -1}};  // block of the grid a seat is choosing a square in (picker.h)
  int8_t new_agent_for = -1;             // the New Agent event: this side picks the agent (16.5(3), 16.61)
  int16_t hashishan_sq = -1;             // the designated square, once chosen
  bool finished = false;
  int8_t winner = -1;
  std::array<int16_t, 2> vp{};
  std::string result;

  std::unique_ptr<core::GameState> clone() const override { return std::make_unique<State>(*this); }

  // Queries shared by the rule files.
  int8_t nation_side(int nation) const {
    if (nation == kNationBR) return kBritish;
    if (nation == kNationRU) return kRussian;
    if (nation == kGhaziNation) return control[kGhazi];
    return control[static_cast<unsigned>(nation - 2) & 31u];
  }
  bool levy_busy() const { return levy_left > 0 || levy_khan; }  // a levy/Jihad placement prompt
  const UnitType& type(int u) const { return d->types[units[u].type]; }
  int8_t unit_side(int u) const { return nation_side(type(u).nation); }
  int8_t agent_side(int a) const { return nation_side(d->agents[a].nation); }
  bool regular(int u) const { return type(u).nation <= kNationRU; }
  int period() const { return turn <= 5 ? 1 : turn <= 11 ? 2 : 3; }
  bool has_marker(int sq, int side, MarkerKind k) const { return (markers[sq] & marker_bit(side, k)) != 0; }
};

inline const State& S(const core::GameState& s) {
  return static_cast<const State&>(s);
}
inline State& S(core::GameState& s) {
  return static_cast<State&>(s);
}
inline int other(int side) {
  return 1 - side;
}
inline const char* side_name(int side) {
  return side == kBritish ? "British" : side == kRussian ? "Russian" : "neutral";
}

}  // namespace frontier::crossroads
