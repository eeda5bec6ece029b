// Debug consistency checks run after every step of the property tests: card conservation,
// track bounds, the counter mix (2.3), markers only on friendly areas, one defensive area per
// path (6.7 errata), and counters outside the boxes only while an action is under way.
#include <string>

#include "lion/rules.h"

namespace frontier::lion {

namespace {

bool combat_stage(Stage st) {
  return st == Stage::kRaidInfantry || st == Stage::kRaidLeader || st == Stage::kRaidSupport ||
         st == Stage::kSortieTroops || st == Stage::kSortieLeader || st == Stage::kSortieSupport ||
         st == Stage::kSpendRp || st == Stage::kLoseStep || st == Stage::kLoseGun;
}

}  // namespace

std::string state_invariants(const State& s) {
  const LionData& p = data().proto;
  auto cards = [](const core::Deck& d) { return d.size() + d.discards().size() + d.removed().size(); };
  if (cards(s.events) != kEventCards) return "event cards: " + std::to_string(cards(s.events)) + ", not 20";
  if (cards(s.banner_deck) != kBannerCards)
    return "banner cards: " + std::to_string(cards(s.banner_deck)) + ", not 12";
  if (s.cm < 0 || s.cm > p.cm_max() || s.rp < 0 || s.rp > p.rp_max()) return "CM or RP off the track";
  if (!s.finished() && (s.cm < 1 || s.rp < 1)) return "CM or RP below 1 but the game goes on (9.2)";
  if (s.ap < 0 || s.free_rp < 0 || s.free_rp > 8 || s.fort_spent > 4)
    return "AP, free RP or fortification spending out of range";
  if (s.turn != 1 && s.free_rp != 0) return "free RP outside turn 1 (4.2)";
  if (s.finished() != (s.end != EndReason::kNone)) return "game-over stage and end reason disagree";
  for (int b = 0; b < kBanners; ++b) {
    if (s.banner_pos[b] < 1 || s.banner_pos[b] > 6) return "banner off its path";
    if (s.banner_pos[b] == 1 && !s.finished()) return "banner in the Palace but the game goes on (9.2)";
    if (s.banner_str[b] < 0 || s.banner_str[b] > p.banner_max_strength())
      return "banner strength off the track";
  }
  if (s.markers_used() > p.fortification_markers())
    return "more fortification markers than the counter mix (2.3)";
  for (int a = 0; a < kAreas; ++a) {
    if (s.fort_marker[a] && !s.controlled(a) && !s.finished())
      return "fortification marker on " + data().areas[a].name + " held by the enemy";
  }
  bool engaged = false;
  uint8_t paths_deployed = 0;
  int palace_units = 0;
  int area_of_path[kBanners] = {-1, -1, -1, -1};
  auto deployed_at = [&](int8_t area) -> std::string {
    if (area < 0 || area >= kAreas) return "deployed unit without an area";
    if (!s.controlled(area) && !s.finished()) return "unit deployed on enemy-held " + data().areas[area].name;
    if (area == kPalace) {
      ++palace_units;
      return {};
    }
    int b = data().areas[area].banner;
    if (area_of_path[b] >= 0 && area_of_path[b] != area)
      return "two defensive areas on one banner path (6.7 errata)";
    area_of_path[b] = area;
    paths_deployed |= static_cast<uint8_t>(1u << b);
    return {};
  };
  for (const Troop& t : s.troops) {
    engaged |= t.loc == Loc::kEngaged;
    bool alive = t.loc != Loc::kEliminated && t.loc != Loc::kUnraised;
    if (alive && (t.steps < 1 || t.steps > (t.type == kMilitia ? 1 : 2)))
      return "troop with impossible steps";
    if (t.loc == Loc::kDeployed) {
      if (std::string bad = deployed_at(t.area); !bad.empty()) return bad;
    }
  }
  for (const Gun& g : s.guns) {
    engaged |= g.loc == Loc::kEngaged;
    if (g.loc == Loc::kDeployed) {
      if (std::string bad = deployed_at(g.area); !bad.empty()) return bad;
    }
  }
  for (const LeaderState& l : s.leaders) engaged |= l.loc == Loc::kEngaged;
  for (const Gunboat& g : s.gunboats) {
    engaged |= g.loc == Loc::kEngaged;
    if (g.loc == Loc::kDeployed && (g.area < 0 || g.area >= kAreas || !data().areas[g.area].nile_bank))
      return "gunboat away from the Nile (2.1)";
  }
  if (palace_units > 0 && paths_deployed != 0) return "Palace and a path area both defended (6.7 errata)";
  if (engaged && !combat_stage(s.stage) && !s.finished()) return "units engaged outside an action";
  return {};
}

}  // namespace frontier::lion
