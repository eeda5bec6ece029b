// The view of the table (11.0): everything is open information in this solitaire game except
// the order of the two face-down decks, of which only the sizes are shown.
#include "lion/rules.h"

namespace frontier::lion {

namespace {

const char* const kBoxNames[] = {"available", "used", "engaged", "deployed", "eliminated", "unraised",
                                 "wounded",   "dead", "damaged", "unbuilt",  "destroyed"};

void add_to_box(LionView& out, BoxView* boxes[], Loc loc, std::string unit) {
  int i = static_cast<int>(loc);
  if (boxes[i] == nullptr) {
    boxes[i] = out.add_boxes();
    boxes[i]->set_box(kBoxNames[i]);
  }
  boxes[i]->add_units(std::move(unit));
}

const char* const kContextNames[] = {"", "raid", "sortie", "defence"};
const char* const kCasualtyTables[] = {"leaders", "troops", "guns", "gunboats"};

// The raid or sortie being formed (its target chosen, the stack not yet launched), else none.
Context forming(const State& s) {
  switch (s.stage) {
    case Stage::kRaidInfantry:
    case Stage::kRaidLeader:
    case Stage::kRaidSupport:
      return Context::kRaid;
    case Stage::kSortieTroops:
    case Stage::kSortieLeader:
    case Stage::kSortieSupport:
      return Context::kSortie;
    default:
      return Context::kNone;
  }
}

void fill_combat(const State& s, CombatView& v) {
  const Data& d = data();
  const Combat& c = s.combat;
  Context context = c.context != Context::kNone ? c.context : forming(s);
  int banner = c.context != Context::kNone ? c.banner : s.target;
  v.set_kind(kContextNames[static_cast<int>(context)]);
  v.set_banner(d.banner_names[banner]);
  v.set_banner_strength(s.banner_str[banner]);
  if (context == Context::kDefence) v.set_area(d.areas[c.area].name);
  auto add = [&](std::string name, const Factors& f) {
    auto* u = v.add_units();
    u->set_name(std::move(name));
    u->set_factor(combat_factor(f, context));
  };
  for (const Troop& t : s.troops) {
    if (t.loc == Loc::kEngaged) add(unit_name(t.type, t.steps), troop_factors(t.type, t.steps));
  }
  for (int l = 0; l < kLeaders; ++l) {
    if (s.leaders[l].loc == Loc::kEngaged) add(d.leader_names[l], d.leader_factors[l]);
  }
  for (const Gun& g : s.guns) {
    if (g.loc == Loc::kEngaged) add(d.gun_names[g.type], d.gun_factors[g.type]);
  }
  for (const Gunboat& g : s.gunboats) {
    if (g.loc == Loc::kEngaged) add("Gunboat", d.gunboat);
  }
  // A defence rolls once the RP is decided (7.2 step 3); a raid or sortie when launched.
  bool rolled = c.context != Context::kNone && s.stage != Stage::kSpendRp;
  v.set_rolled(rolled);
  v.set_rp_spent(c.rp_spent);
  if (!rolled) {
    RollTerms t = roll_terms(s, context, banner, c.area, false);
    v.set_drm(t.drm());
    v.set_units_drm(t.units);
    v.set_tracks_drm(t.tracks);
    v.set_banner_drm(t.banner);
    v.set_fortification(t.fortification);
    return;
  }
  if (context == Context::kDefence) v.set_fortification(s.fort_level(c.area));
  const auto& table = context == Context::kRaid     ? d.proto.raid_table()
                      : context == Context::kSortie ? d.proto.sortie_table()
                                                    : d.proto.defence_table();
  const OutcomeRow& row = table[c.row];
  v.set_outcome(row.name());
  v.set_outcome_min(row.min());
  v.set_outcome_max(row.max());
  v.set_casualty_drm(c.drm);
  // c.table is the next table to roll (0-3), 4 once all are rolled.
  if (c.table >= 0 && c.table < 4) v.set_next_table(kCasualtyTables[c.table]);
  v.set_steps_to_lose(c.steps_left);
  v.set_guns_to_lose(c.guns_left);
}

}  // namespace

void fill_view(const State& s, LionView& v) {
  const Data& d = data();
  v.set_turn(static_cast<uint32_t>(s.turn));
  v.set_month(d.proto.months(s.turn - 1));
  v.set_phase(stage_name(s.stage));
  v.set_action_points(s.ap);
  v.set_city_morale(s.cm);
  v.set_resource_points(s.rp);
  v.set_free_resource_points(s.free_rp);
  v.set_relief_turn(s.relief_turn);
  v.set_cm_drm(cm_drm(s.cm));
  v.set_rp_drm(rp_drm(s.rp));
  for (int b = 0; b < kBanners; ++b) {
    auto* bv = v.add_banners();
    bv->set_id(d.banner_ids[b]);
    bv->set_name(d.banner_names[b]);
    bv->set_area(s.banner_pos[b]);
    bv->set_area_name(d.areas[area_index(b, s.banner_pos[b])].name);
    bv->set_strength(s.banner_str[b]);
    bv->set_disorganised(s.is_disorganised(b));
  }
  for (int a = 0; a < kAreas; ++a) {
    const AreaInfo& info = d.areas[a];
    auto* av = v.add_areas();
    av->set_index(a);
    av->set_id(info.id);
    av->set_name(info.name);
    av->set_path(info.banner < 0 ? "palace" : d.banner_ids[info.banner]);
    av->set_number(info.number);
    av->set_shape(info.shape);
    av->set_nile_bank(info.nile_bank);
    av->set_key_area(info.key_area);
    av->set_fortification(s.fort_level(a));
    av->set_upgraded(s.fort_marker[a]);
    av->set_controlled(s.controlled(a));
    auto here = [&](Loc loc, int8_t area) {
      return (loc == Loc::kDeployed && area == a) ||
             (loc == Loc::kEngaged && s.combat.context == Context::kDefence && s.combat.area == a);
    };
    for (const Troop& t : s.troops) {
      if (here(t.loc, t.area)) av->add_units(unit_name(t.type, t.steps));
    }
    for (int l = 0; l < kLeaders; ++l) {
      if (here(s.leaders[l].loc, s.leaders[l].area)) av->add_units(d.leader_names[l]);
    }
    for (const Gun& g : s.guns) {
      if (here(g.loc, g.area)) av->add_units(d.gun_names[g.type]);
    }
    for (const Gunboat& g : s.gunboats) {
      if (here(g.loc, g.area)) av->add_units("Gunboat");
    }
  }
  BoxView* boxes[static_cast<int>(Loc::kCount)] = {};
  for (const Troop& t : s.troops) add_to_box(v, boxes, t.loc, unit_name(t.type, t.steps));
  for (int l = 0; l < kLeaders; ++l) add_to_box(v, boxes, s.leaders[l].loc, d.leader_names[l]);
  for (const Gun& g : s.guns) add_to_box(v, boxes, g.loc, d.gun_names[g.type]);
  for (const Gunboat& g : s.gunboats) add_to_box(v, boxes, g.loc, "Gunboat");
  for (int t = 0; t < kActionTypes; ++t) {
    if (s.actions_done >> t & 1u) {
      v.add_actions_done(action_type_name(t));
    }
  }
  v.set_event_card(s.event_card);
  if (s.event_card > 0) v.set_event_title(d.events[s.event_card]->title());
  v.set_event_deck(static_cast<int32_t>(s.events.size()));
  v.set_events_removed(static_cast<int32_t>(s.events.removed().size()));
  v.set_banner_deck(static_cast<int32_t>(s.banner_deck.size()));
  v.set_banner_card(s.banner_card);
  if (s.banner_card > 0) {
    const BannerCardInfo& c = d.banner_cards[s.banner_card];
    for (int i = 0; i < c.count; ++i) v.add_banner_card_order(d.banner_ids[c.banners[i]]);
  }
  static const char* const kDifficulty[] = {"standard", "lion_cub", "lion_king"};
  v.set_difficulty(kDifficulty[s.difficulty]);
  v.set_event_cards(s.event_cards);
  if (s.finished()) v.set_result(result_text(s));
  v.set_gunboats_built(gunboats_in_play(s));
  v.set_fortification_markers_left(d.proto.fortification_markers() - s.markers_used());
  if (s.combat.context != Context::kNone || (forming(s) != Context::kNone && s.target >= 0))
    fill_combat(s, *v.mutable_combat());
  fill_table(s, *v.mutable_table());
}

}  // namespace frontier::lion
