// Deterministic snapshot of a Lion state (rng, decks, tracks, counters, the pending decision)
// and its checked inverse. The data tables are not written: they are the process's constants.
#include "lion/rules.h"

namespace frontier::lion {

namespace {

template <typename T>
void put(core::ByteWriter& w, T v) {
  w.svarint(static_cast<int64_t>(v));
}

template <typename T>
bool get(core::ByteReader& r, T& v, int64_t lo, int64_t hi) {
  return r.small(v, lo, hi);
}

template <typename E>
bool get_enum(core::ByteReader& r, E& v, int count) {
  int x = 0;
  if (!r.small(x, 0, count - 1)) return false;
  v = static_cast<E>(x);
  return true;
}

constexpr int kLocs = static_cast<int>(Loc::kCount);

// The context the pending stage's prompt and choices read (the banner raided or attacking, the
// area defended) is set: a corrupt snapshot may leave it at -1, which the tables cannot take.
bool stage_context_set(const State& s) {
  const Combat& c = s.combat;
  if (c.context != Context::kNone && c.banner < 0) return false;
  if (c.context == Context::kDefence && c.area < 0) return false;
  switch (s.stage) {
    case Stage::kRaidInfantry:
    case Stage::kRaidLeader:
    case Stage::kRaidSupport:
    case Stage::kSortieTroops:
    case Stage::kSortieLeader:
    case Stage::kSortieSupport:
      return s.target >= 0;
    case Stage::kDefenceUnits:
      return s.defence_area >= 0;
    case Stage::kSpendRp:
      return c.banner >= 0 && c.area >= 0;
    default:
      return true;
  }
}

}  // namespace

void write_state(const State& s, core::ByteWriter& w) {
  s.rng.write(w);
  s.events.write(w);
  s.banner_deck.write(w);
  for (int v : {int{s.turn}, int{s.ap}, int{s.cm}, int{s.rp}, int{s.free_rp}, int{s.relief_turn},
                int{s.fort_spent}, int{s.actions_done}, int{s.last_action}, static_cast<int>(s.stage)})
    put(w, v);
  for (int b = 0; b < kBanners; ++b) {
    put(w, s.banner_pos[b]);
    put(w, s.banner_str[b]);
    w.boolean(s.disorganised[b]);
  }
  for (bool m : s.fort_marker) w.boolean(m);
  for (const Troop& t : s.troops) {
    put(w, t.type);
    put(w, t.steps);
    put(w, static_cast<int>(t.loc));
    put(w, t.area);
  }
  for (const Gun& g : s.guns) {
    put(w, g.type);
    put(w, static_cast<int>(g.loc));
    put(w, g.area);
  }
  for (const LeaderState& l : s.leaders) {
    put(w, static_cast<int>(l.loc));
    put(w, l.area);
    put(w, l.wounded_turn);
  }
  for (const Gunboat& g : s.gunboats) {
    put(w, static_cast<int>(g.loc));
    put(w, g.area);
  }
  w.varint(s.events_triggered);
  for (int v : {int{s.event_card}, int{s.banner_card}, int{s.activation_index}, int{s.target},
                int{s.defence_area}, int{s.defended_paths}})
    put(w, v);
  const Combat& c = s.combat;
  for (int v : {static_cast<int>(c.context), int{c.banner}, int{c.area}, int{c.row}, int{c.drm}, int{c.table},
                int{c.steps_left}, int{c.guns_left}})
    put(w, v);
  w.boolean(c.rp_spent);
  put(w, s.difficulty);
  w.boolean(s.event_cards);
  put(w, static_cast<int>(s.end));
  put(w, s.end_turn);
}

bool read_state(State& s, core::ByteReader& r) {
  const LionData& p = data().proto;
  bool ok = s.rng.read(r) && s.events.read(r, kEventCards, 1) && s.banner_deck.read(r, kBannerCards, 1) &&
            get(r, s.turn, 1, kTurns) && get(r, s.ap, 0, 9) && get(r, s.cm, 0, p.cm_max()) &&
            get(r, s.rp, 0, p.rp_max()) && get(r, s.free_rp, 0, 8) && get(r, s.relief_turn, 1, kTurns) &&
            get(r, s.fort_spent, 0, 4) && get(r, s.actions_done, 0, 255) &&
            get(r, s.last_action, -1, kActionTypes - 1) &&
            get_enum(r, s.stage, static_cast<int>(Stage::kCount));
  for (int b = 0; ok && b < kBanners; ++b) {
    ok = get(r, s.banner_pos[b], 1, 6) && get(r, s.banner_str[b], 0, p.banner_max_strength()) &&
         r.boolean(s.disorganised[b]);
  }
  for (int a = 0; ok && a < kAreas; ++a) ok = r.boolean(s.fort_marker[a]);
  for (Troop& t : s.troops) {
    ok = ok && get(r, t.type, 0, kTroopTypes - 1) && get(r, t.steps, 0, 2) && get_enum(r, t.loc, kLocs) &&
         get(r, t.area, -1, kAreas - 1);
  }
  for (Gun& g : s.guns) {
    ok =
        ok && get(r, g.type, 0, kGunTypes - 1) && get_enum(r, g.loc, kLocs) && get(r, g.area, -1, kAreas - 1);
  }
  for (LeaderState& l : s.leaders) {
    ok = ok && get_enum(r, l.loc, kLocs) && get(r, l.area, -1, kAreas - 1) &&
         get(r, l.wounded_turn, 0, kTurns);
  }
  for (Gunboat& g : s.gunboats) ok = ok && get_enum(r, g.loc, kLocs) && get(r, g.area, -1, kAreas - 1);
  uint64_t triggered = 0;
  ok = ok && r.varint(triggered) && triggered < (1ull << (kEventCards + 1));
  s.events_triggered = static_cast<uint32_t>(triggered);
  ok = ok && get(r, s.event_card, 0, kEventCards) && get(r, s.banner_card, 0, kBannerCards) &&
       get(r, s.activation_index, 0, 3) && get(r, s.target, -1, kBanners - 1) &&
       get(r, s.defence_area, -1, kAreas - 1) && get(r, s.defended_paths, 0, 15);
  Combat& c = s.combat;
  ok = ok && get_enum(r, c.context, 4) && get(r, c.banner, -1, kBanners - 1) &&
       get(r, c.area, -1, kAreas - 1) && get(r, c.row, 0, 15) && get(r, c.drm, -20, 20) &&
       get(r, c.table, 0, 5) && get(r, c.steps_left, 0, 20) && get(r, c.guns_left, 0, kGuns) &&
       r.boolean(c.rp_spent) && get(r, s.difficulty, 0, 2) && r.boolean(s.event_cards) &&
       get_enum(r, s.end, 5) && get(r, s.end_turn, 0, kTurns);
  return ok && r.at_end() && stage_context_set(s);
}

}  // namespace frontier::lion
