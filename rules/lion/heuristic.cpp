// The built-in heuristic policy for Gordon (see heuristic.h for the rules of thumb). It reads
// the state and picks among the legal actions only, so it can never play an illegal move.
#include "lion/heuristic.h"

#include <vector>

#include "lion/rules.h"

namespace frontier::lion {

namespace {

using core::Action;

const Action* find(const std::vector<Action>& legal, ActionKind kind, int a = -999, int b = -999) {
  for (const Action& x : legal) {
    if (x.kind == kind && (a == -999 || x.a == a) && (b == -999 || x.b == b)) return &x;
  }
  return nullptr;
}

bool active(const State& s, int b) {
  return !s.is_disorganised(b);
}

// Active banners whose path holds no defensive position yet, strongest first.
int undefended_banners(const State& s, int* order) {
  int n = 0;
  for (int b = 0; b < kBanners; ++b) {
    if (active(s, b) && !(s.defended_paths >> b & 1u)) order[n++] = b;
  }
  for (int i = 1; i < n; ++i) {
    for (int j = i; j > 0 && s.banner_str[order[j]] > s.banner_str[order[j - 1]]; --j)
      std::swap(order[j], order[j - 1]);
  }
  return n;
}

int available_regulars(const State& s) {
  int n = 0;
  for (const Troop& t : s.troops) n += t.loc == Loc::kAvailable && is_regular(t.type);
  return n;
}

Action choose_action(const State& s, const std::vector<Action>& legal) {
  auto pick = [&](int type, int amount = -999) { return find(legal, START_ACTION, type, amount); };
  if (s.turn == 1) {
    for (int type : {kFortifyAction, kGunboatsAction, kMilitiaAction}) {
      if (const Action* a = pick(type, type == kMilitiaAction ? 2 : -999)) return *a;
    }
    return *find(legal, END_ACTIONS);
  }
  if (s.ap >= 2) {
    int closest = 6;
    for (int b = 0; b < kBanners; ++b) closest = std::min<int>(closest, s.banner_pos[b]);
    const Action* a = nullptr;
    if (s.rp >= 16 && closest <= 4) a = pick(kFortifyAction);
    if (!a && s.cm <= 8 && s.rp >= 14) a = pick(kMoraleAction, 2);
    if (!a && s.cm <= 8 && s.rp >= 10) a = pick(kMoraleAction, 1);
    if (!a && s.rp <= 10 && s.cm >= 11) a = pick(kResourcesAction, s.cm >= 13 ? 2 : 1);
    if (!a && s.rp >= 10 && find_gunboat(s, Loc::kDamaged) >= 0) a = pick(kGunboatsAction);
    if (!a && s.cm >= 10) a = pick(kMilitiaAction, 2);
    if (!a && s.cm >= 10) a = pick(kMilitiaAction, 1);
    if (!a && s.rp >= 8 && closest <= 3) a = pick(kSortieAction);
    if (!a && available_regulars(s) >= 5) a = pick(kRaidAction);
    if (a) return *a;
  }
  if (const Action* a = pick(kDefenceAction)) return *a;
  return *find(legal, END_ACTIONS);
}

Action choose_fortify(const State& s, const std::vector<Action>& legal) {
  int limit = s.turn == 1 ? 4 : 2;
  const Action* best = nullptr;
  int best_score = -1;
  if (s.fort_spent < limit) {
    for (const Action& a : legal) {
      if (a.kind != FORTIFY_AREA) continue;
      const AreaInfo& info = data().areas[a.a];
      if (a.a == kPalace) continue;
      int gap = s.banner_pos[info.banner] - info.number;  // 1 = directly in front
      if (gap > 2) continue;
      int score = info.max_fort * 10 + (info.key_area ? 5 : 0) - gap * 3;
      if (score > best_score) best = &a, best_score = score;
    }
  }
  return best ? *best : *find(legal, FORTIFY_DONE);
}

Action choose_troop_by(const std::vector<Action>& legal, const int (*order)[2], int n) {
  for (int i = 0; i < n; ++i) {
    if (const Action* a = find(legal, ADD_TROOP, order[i][0], order[i][1])) return *a;
  }
  return legal.front();
}

constexpr int kDefenceOrder[][2] = {{kEgyptian, 2}, {kSudanese, 2}, {kEgyptian, 1}, {kSudanese, 1},
                                    {kBachi, 2},    {kBachi, 1},    {kMilitia, 1}};
constexpr int kRaidOrder[][2] = {{kSudanese, 2}, {kSudanese, 1}, {kBachi, 2},
                                 {kBachi, 1},    {kEgyptian, 1}, {kEgyptian, 2}};
constexpr int kSortieOrder[][2] = {
    {kEgyptian, 2}, {kSudanese, 2}, {kSudanese, 1}, {kEgyptian, 1}, {kBachi, 2}};

Action choose_defence_units(const State& s, const std::vector<Action>& legal) {
  int area = s.defence_area;
  int order[kBanners];
  int remaining = undefended_banners(s, order) + 1;  // this area's banner is already marked
  if (area == kPalace) remaining = 1;
  int regular = 0, troops = 0, lights = 0;
  bool leader = false, heavy_here = false;
  for (const Troop& t : s.troops) {
    if (t.loc == Loc::kDeployed && t.area == area) ++troops, regular += is_regular(t.type);
  }
  for (const Gun& g : s.guns) {
    if (g.loc != Loc::kDeployed || g.area != area) continue;
    if (g.type == kLight) {
      ++lights;
    } else {
      heavy_here = true;
    }
  }
  for (const LeaderState& l : s.leaders) leader |= l.loc == Loc::kDeployed && l.area == area;
  int want = std::min(4, (available_regulars(s) + regular + remaining - 1) / remaining);
  if (regular < std::max(1, want)) {
    if (const Action* a = find(legal, ADD_TROOP); a && a->a != kMilitia)
      return choose_troop_by(legal, kDefenceOrder, 6);
  }
  if (troops < 4 && find(legal, ADD_TROOP, kMilitia)) return *find(legal, ADD_TROOP, kMilitia);
  if (!leader) {
    for (int l : {kStewart, kNushi, kAli}) {
      if (const Action* a = find(legal, CHOOSE_LEADER, l)) return *a;
    }
  }
  if (const Action* a = find(legal, ADD_GUN, kHeavy); a && !heavy_here) return *a;
  int free_lights = 0;
  for (const Gun& g : s.guns) free_lights += g.loc == Loc::kAvailable && g.type == kLight;
  if (lights < (free_lights + lights + remaining - 1) / remaining) {
    if (const Action* a = find(legal, ADD_GUN, kLight)) return *a;
  }
  if (const Action* a = find(legal, ADD_GUNBOAT); a && count_gunboats(s, Loc::kDeployed, area) < 2) return *a;
  if (const Action* a = find(legal, AREA_DONE)) return *a;
  return legal.front();
}

Action choose_defence_area(const State& s, const std::vector<Action>& legal) {
  int order[kBanners];
  int n = undefended_banners(s, order);
  for (int i = 0; i < n; ++i) {
    if (s.banner_pos[order[i]] == 2) {  // next to the Palace: everything there
      if (const Action* a = find(legal, DEFEND_AREA, kPalace)) return *a;
    }
  }
  for (int i = 0; i < n; ++i) {
    int b = order[i];
    if (const Action* a = find(legal, DEFEND_AREA, area_index(b, s.banner_pos[b] - 1))) return *a;
  }
  return *find(legal, DEFENCE_DONE);
}

}  // namespace

Action choose_heuristic_action(const core::GameState& gs) {
  const State& s = S(gs);
  thread_local std::vector<Action> legal;
  list_legal(s, legal);
  switch (s.stage) {
    case Stage::kChooseAction:
      return choose_action(s, legal);
    case Stage::kFortify:
      return choose_fortify(s, legal);
    case Stage::kGunboats:
      if (const Action* a = find(legal, REPAIR_GUNBOAT)) return *a;
      if (const Action* a = find(legal, BUILD_GUNBOAT); a && (s.turn == 1 || s.rp >= 18)) return *a;
      return *find(legal, GUNBOATS_DONE);
    case Stage::kRaidTarget:
    case Stage::kSortieTarget: {
      // Raids and sorties go for the most dangerous banner that can still move this turn: the
      // closest to the Palace, the strongest among equals (a success disorganises it, 11.4).
      int best = -1;
      for (int b = 0; b < kBanners; ++b) {
        if (!active(s, b)) continue;
        if (best < 0 || s.banner_pos[b] < s.banner_pos[best] ||
            (s.banner_pos[b] == s.banner_pos[best] && s.banner_str[b] > s.banner_str[best]))
          best = b;
      }
      if (best < 0) best = 0;
      return *find(legal, TARGET_BANNER, best);
    }
    case Stage::kRaidInfantry:
      return choose_troop_by(legal, kRaidOrder, 6);
    case Stage::kSortieTroops: {
      int engaged = 0;
      for (const Troop& t : s.troops) engaged += t.loc == Loc::kEngaged;
      if (engaged >= 2 && find(legal, TROOPS_DONE)) return *find(legal, TROOPS_DONE);
      if (find(legal, ADD_TROOP)) return choose_troop_by(legal, kSortieOrder, 5);
      return *find(legal, TROOPS_DONE);
    }
    case Stage::kRaidLeader:
    case Stage::kSortieLeader:
      if (const Action* a = find(legal, CHOOSE_LEADER, kAli)) return *a;
      return *find(legal, CHOOSE_LEADER, -1);
    case Stage::kRaidSupport:
    case Stage::kSortieSupport:
      return legal.front();  // every support first, LAUNCH is listed last
    case Stage::kDefenceArea:
      return choose_defence_area(s, legal);
    case Stage::kDefenceUnits:
      return choose_defence_units(s, legal);
    case Stage::kSpendRp:
      return *find(legal, SPEND_RP, s.rp > 6 ? 1 : 0);
    case Stage::kLoseStep:
      for (int type : {kMilitia, kBachi, kSudanese, kEgyptian}) {
        if (const Action* a = find(legal, LOSE_STEP, type)) return *a;
      }
      return legal.front();
    case Stage::kLoseGun:
      if (const Action* a = find(legal, LOSE_GUN, kLight)) return *a;
      return legal.front();
    case Stage::kUltimatum:
      return *find(legal, ULTIMATUM, s.rp >= 14 || s.cm <= 4 ? 0 : 1);
    default:
      return legal.front();
  }
}

}  // namespace frontier::lion
