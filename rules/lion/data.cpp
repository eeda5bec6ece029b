// Loads data/lion.txtpb (embedded by this folder's CMakeLists.txt) once and flattens it for the
// rules (see data.h).
#include "lion/data.h"

#include <cstdlib>

#include "core/data.h"

namespace frontier::lion {

namespace {

Factors factors(const UnitFactors& f) {
  return {static_cast<int8_t>(f.raid()), static_cast<int8_t>(f.sortie()), static_cast<int8_t>(f.defence()),
          f.no_raid(), f.no_sortie()};
}

const char* shape_name(Shape s) {
  switch (s) {
    case SHAPE_SQUARE:
      return "square";
    case SHAPE_FORT:
      return "fort";
    default:
      return "open";
  }
}

core::Status bad(const std::string& why) {
  return core::Status::corruption("lion.txtpb: " + why);
}

core::Result<Data> load() {
  Data d;
  if (auto s = core::load_data(data_files(), "lion.txtpb", &d.proto); !s) return s;
  const LionData& p = d.proto;
  if (p.banners_size() != kBanners) return bad("expected 4 banners");
  for (int b = 0; b < kBanners; ++b) {
    d.banner_ids[b] = p.banners(b).id();
    d.banner_names[b] = p.banners(b).name();
    d.start_strength[b] = static_cast<int8_t>(p.banners(b).start_strength());
    d.lion_king_strength[b] = static_cast<int8_t>(p.banners(b).lion_king_strength());
  }
  if (p.areas_size() != kAreas) return bad("expected 21 areas");
  for (const Area& a : p.areas()) {
    int banner = a.path() == "palace" ? -1 : banner_by_id(a.path());
    if (a.path() != "palace" && banner < 0) return bad("area " + a.id() + " on unknown path " + a.path());
    int idx = area_index(banner, a.number());
    AreaInfo& info = d.areas[idx];
    info.id = a.id();
    info.name = a.name();
    info.banner = static_cast<int8_t>(banner);
    info.number = static_cast<int8_t>(a.number());
    info.start_fort = static_cast<int8_t>(a.start_fort());
    info.max_fort = static_cast<int8_t>(a.max_fort());
    info.nile_bank = a.nile_bank();
    info.key_area = a.key_area();
    info.shape = shape_name(a.shape());
  }
  if (p.troops_size() != kTroopTypes) return bad("expected 4 troop types");
  for (int t = 0; t < kTroopTypes; ++t) {
    d.troop_ids[t] = p.troops(t).id();
    d.troop_names[t] = p.troops(t).name();
    d.troop_counters[t] = static_cast<int8_t>(p.troops(t).counters());
    d.troop_full[t] = factors(p.troops(t).full());
    d.troop_reduced[t] = factors(p.troops(t).reduced());
  }
  if (p.leaders_size() != kLeaders) return bad("expected 3 leaders");
  for (int l = 0; l < kLeaders; ++l) {
    d.leader_ids[l] = p.leaders(l).id();
    d.leader_names[l] = p.leaders(l).name();
    d.leader_factors[l] = factors(p.leaders(l).factors());
  }
  if (p.guns_size() != kGunTypes) return bad("expected 2 gun types");
  for (int g = 0; g < kGunTypes; ++g) {
    d.gun_names[g] = p.guns(g).name();
    d.gun_counters[g] = static_cast<int8_t>(p.guns(g).counters());
    d.gun_factors[g] = factors(p.guns(g).factors());
  }
  d.gunboat = factors(p.gunboat());
  if (p.banner_cards_size() != kBannerCards) return bad("expected 12 banner activation cards");
  for (const BannerCard& c : p.banner_cards()) {
    if (c.number() < 1 || c.number() > kBannerCards || c.banners_size() > 3) return bad("bad banner card");
    BannerCardInfo& info = d.banner_cards[c.number()];
    for (const auto& b : c.banners()) info.banners[info.count++] = static_cast<int8_t>(banner_by_id(b));
  }
  if (p.events_size() != kEventCards) return bad("expected 20 event cards");
  for (const EventCard& e : p.events()) {
    if (e.number() < 1 || e.number() > kEventCards) return bad("bad event card number");
    d.events[e.number()] = &e;
  }
  if (p.months_size() != kTurns) return bad("expected 12 months");
  return d;
}

const core::Result<Data>& loaded() {
  static const core::Result<Data> d = load();
  return d;
}

}  // namespace

core::Status data_status() {
  return loaded().is_ok() ? core::Status::ok() : loaded().status();
}

const Data& data() {
  return loaded().value();
}

int cm_drm(int cm) {
  for (const TrackBand& b : data().proto.cm_track()) {
    if (cm >= b.min() && cm <= b.max()) return b.drm();
  }
  return cm < 1 ? data().proto.cm_track(0).drm() : data().proto.cm_track().rbegin()->drm();
}

int rp_drm(int rp) {
  for (const TrackBand& b : data().proto.rp_track()) {
    if (rp >= b.min() && rp <= b.max()) return b.drm();
  }
  return rp < 1 ? data().proto.rp_track(0).drm() : data().proto.rp_track().rbegin()->drm();
}

int outcome_row_index(const google::protobuf::RepeatedPtrField<OutcomeRow>& table, int result) {
  for (int i = 0; i < table.size(); ++i) {
    if (result >= table[i].min() && result <= table[i].max()) return i;
  }
  return result < table[0].min() ? 0 : table.size() - 1;
}

const OutcomeRow& outcome_row(const google::protobuf::RepeatedPtrField<OutcomeRow>& table, int result) {
  return table[outcome_row_index(table, result)];
}

int casualty_effect(const google::protobuf::RepeatedPtrField<CasualtyRow>& table, int roll) {
  for (const CasualtyRow& r : table) {
    if (roll >= r.min() && roll <= r.max()) return r.effect();
  }
  return 0;
}

namespace {
template <typename F>
int find_index(int n, F&& id_of, const std::string& id) {
  for (int i = 0; i < n; ++i) {
    if (id_of(i) == id) return i;
  }
  return -1;
}
}  // namespace

int banner_by_id(const std::string& id) {
  static const char* const kIds[kBanners] = {"black", "green", "red", "white"};
  return find_index(
      kBanners, [](int i) { return std::string(kIds[i]); }, id);
}
int troop_by_id(const std::string& id) {
  return find_index(
      kTroopTypes, [](int i) { return data().troop_ids[i]; }, id);
}
int leader_by_id(const std::string& id) {
  return find_index(
      kLeaders, [](int i) { return data().leader_ids[i]; }, id);
}
int area_by_id(const std::string& id) {
  return find_index(
      kAreas, [](int i) { return data().areas[i].id; }, id);
}

}  // namespace frontier::lion
