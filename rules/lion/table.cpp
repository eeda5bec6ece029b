// The table's open facts in machine form (LionView.table) and their inverse: a full position
// rebuilt from Gordon's view alone (Game::determinize). Everything in this solitaire game is open
// except the order of the two face-down decks and the dice to come; those are drawn afresh.
#include <algorithm>
#include <string>

#include "core/view_reader.h"
#include "lion/rules.h"

namespace frontier::lion {

namespace {

void fill_deck(const core::Deck& d, LionDeck& out) {
  std::vector<core::CardId> pile(d.draw_pile().begin(), d.draw_pile().end());
  std::sort(pile.begin(), pile.end());  // the order is hidden; which cards remain is not
  for (auto c : pile) out.add_draw_pile(c);
  for (auto c : d.discards()) out.add_discards(c);
  for (auto c : d.removed()) out.add_removed(c);
}

using Reader = core::ViewReader;

bool read_deck(const LionDeck& v, int cards, core::Rng& rng, core::Deck& out, Reader& r) {
  std::vector<core::CardId> pile;
  std::vector<bool> seen(static_cast<size_t>(cards) + 1, false);
  auto card = [&](int64_t c) -> core::CardId {
    core::CardId id = 0;
    r.get(id, c, 1, cards, "card");
    if (id > 0 && seen[static_cast<size_t>(id)] && r.error.empty()) r.error = "card listed twice";
    if (id > 0) seen[static_cast<size_t>(id)] = true;
    return id;
  };
  for (int c : v.draw_pile()) pile.push_back(card(c));
  std::sort(pile.begin(), pile.end());  // the shuffle reads the open facts, never a sent order
  out = core::Deck::shuffled(std::move(pile), rng);
  for (int c : v.discards()) out.discard(card(c));
  for (int c : v.removed()) out.remove_from_play(card(c));
  return r.error.empty();
}

constexpr int kLocs = static_cast<int>(Loc::kCount);

}  // namespace

void fill_table(const State& s, LionTable& t) {
  t.set_stage(static_cast<int>(s.stage));
  t.set_fort_spent(s.fort_spent);
  t.set_actions_done(s.actions_done);
  t.set_last_action(s.last_action);
  for (bool d : s.disorganised) t.add_disorganised_marker(d);
  for (const Troop& x : s.troops) {
    auto* c = t.add_troops();
    c->set_type(x.type);
    c->set_steps(x.steps);
    c->set_loc(static_cast<int>(x.loc));
    c->set_area(x.area);
  }
  for (const Gun& x : s.guns) {
    auto* c = t.add_guns();
    c->set_type(x.type);
    c->set_loc(static_cast<int>(x.loc));
    c->set_area(x.area);
  }
  for (const LeaderState& x : s.leaders) {
    auto* c = t.add_leaders();
    c->set_loc(static_cast<int>(x.loc));
    c->set_area(x.area);
    c->set_wounded_turn(x.wounded_turn);
  }
  for (const Gunboat& x : s.gunboats) {
    auto* c = t.add_gunboats();
    c->set_loc(static_cast<int>(x.loc));
    c->set_area(x.area);
  }
  t.set_events_triggered(s.events_triggered);
  t.set_activation_index(s.activation_index);
  t.set_target(s.target);
  t.set_defence_area(s.defence_area);
  t.set_defended_paths(s.defended_paths);
  const Combat& c = s.combat;
  t.set_combat_context(static_cast<int>(c.context));
  t.set_combat_banner(c.banner);
  t.set_combat_area(c.area);
  t.set_combat_row(c.row);
  t.set_combat_drm(c.drm);
  t.set_combat_table(c.table);
  t.set_combat_steps_left(c.steps_left);
  t.set_combat_guns_left(c.guns_left);
  t.set_combat_rp_spent(c.rp_spent);
  t.set_difficulty(s.difficulty);
  t.set_end(static_cast<int>(s.end));
  t.set_end_turn(s.end_turn);
  fill_deck(s.events, *t.mutable_events());
  fill_deck(s.banner_deck, *t.mutable_banner_deck());
}

core::Result<std::unique_ptr<core::GameState>> state_from_view(const LionView& v, core::Rng& rng) {
  if (!v.has_table()) return core::Status::invalid_argument("the Lion view carries no table");
  const LionTable& t = v.table();
  const LionData& p = data().proto;
  if (v.banners_size() != kBanners || v.areas_size() != kAreas || t.disorganised_marker_size() != kBanners ||
      t.troops_size() != kTroops || t.guns_size() != kGuns || t.leaders_size() != kLeaders ||
      t.gunboats_size() != kGunboats)
    return core::Status::invalid_argument("the Lion view has the wrong number of banners, areas or counters");
  auto s = std::make_unique<State>();
  Reader r;
  r.get(s->turn, v.turn(), 1, kTurns, "turn");
  r.get(s->ap, v.action_points(), 0, 9, "action points");
  r.get(s->cm, v.city_morale(), 0, p.cm_max(), "city morale");
  r.get(s->rp, v.resource_points(), 0, p.rp_max(), "resource points");
  r.get(s->free_rp, v.free_resource_points(), 0, 8, "free resource points");
  r.get(s->relief_turn, v.relief_turn(), 1, kTurns, "relief turn");
  r.get(s->fort_spent, t.fort_spent(), 0, 4, "fortification spending");
  r.get(s->actions_done, t.actions_done(), 0, 255, "actions done");
  r.get(s->last_action, t.last_action(), -1, kActionTypes - 1, "last action");
  r.get_enum(s->stage, t.stage(), static_cast<int>(Stage::kCount), "stage");
  for (int b = 0; b < kBanners; ++b) {
    r.get(s->banner_pos[b], v.banners(b).area(), 1, 6, "banner area");
    r.get(s->banner_str[b], v.banners(b).strength(), 0, p.banner_max_strength(), "banner strength");
    s->disorganised[b] = t.disorganised_marker(b);
  }
  for (int a = 0; a < kAreas; ++a) s->fort_marker[a] = v.areas(a).upgraded();
  for (int i = 0; i < kTroops; ++i) {
    const LionCounter& c = t.troops(i);
    r.get(s->troops[i].type, c.type(), 0, kTroopTypes - 1, "troop type");
    r.get(s->troops[i].steps, c.steps(), 0, 2, "troop steps");
    r.get_enum(s->troops[i].loc, c.loc(), kLocs, "troop box");
    r.get(s->troops[i].area, c.area(), -1, kAreas - 1, "troop area");
  }
  for (int i = 0; i < kGuns; ++i) {
    const LionCounter& c = t.guns(i);
    r.get(s->guns[i].type, c.type(), 0, kGunTypes - 1, "gun type");
    r.get_enum(s->guns[i].loc, c.loc(), kLocs, "gun box");
    r.get(s->guns[i].area, c.area(), -1, kAreas - 1, "gun area");
  }
  for (int i = 0; i < kLeaders; ++i) {
    const LionCounter& c = t.leaders(i);
    r.get_enum(s->leaders[i].loc, c.loc(), kLocs, "leader box");
    r.get(s->leaders[i].area, c.area(), -1, kAreas - 1, "leader area");
    r.get(s->leaders[i].wounded_turn, c.wounded_turn(), 0, kTurns, "leader wounded turn");
  }
  for (int i = 0; i < kGunboats; ++i) {
    const LionCounter& c = t.gunboats(i);
    r.get_enum(s->gunboats[i].loc, c.loc(), kLocs, "gunboat box");
    r.get(s->gunboats[i].area, c.area(), -1, kAreas - 1, "gunboat area");
  }
  if (t.events_triggered() >= (1u << (kEventCards + 1)) && r.error.empty()) r.error = "events triggered";
  s->events_triggered = t.events_triggered();
  r.get(s->event_card, v.event_card(), 0, kEventCards, "event card");
  r.get(s->banner_card, v.banner_card(), 0, kBannerCards, "banner card");
  r.get(s->activation_index, t.activation_index(), 0, 3, "activation index");
  r.get(s->target, t.target(), -1, kBanners - 1, "target");
  r.get(s->defence_area, t.defence_area(), -1, kAreas - 1, "defence area");
  r.get(s->defended_paths, t.defended_paths(), 0, 15, "defended paths");
  Combat& c = s->combat;
  r.get_enum(c.context, t.combat_context(), 4, "combat context");
  r.get(c.banner, t.combat_banner(), -1, kBanners - 1, "combat banner");
  r.get(c.area, t.combat_area(), -1, kAreas - 1, "combat area");
  r.get(c.row, t.combat_row(), 0, 15, "combat row");
  r.get(c.drm, t.combat_drm(), -20, 20, "combat drm");
  r.get(c.table, t.combat_table(), 0, 5, "combat table");
  r.get(c.steps_left, t.combat_steps_left(), 0, 20, "combat steps left");
  r.get(c.guns_left, t.combat_guns_left(), 0, kGuns, "combat guns left");
  c.rp_spent = t.combat_rp_spent();
  r.get(s->difficulty, t.difficulty(), 0, 2, "difficulty");
  s->event_cards = v.event_cards();
  r.get_enum(s->end, t.end(), 5, "end");
  r.get(s->end_turn, t.end_turn(), 0, kTurns, "end turn");
  if (!r.error.empty()) return core::Status::invalid_argument("the Lion view's " + r.error);
  if (!read_deck(t.events(), kEventCards, rng, s->events, r) ||
      !read_deck(t.banner_deck(), kBannerCards, rng, s->banner_deck, r))
    return core::Status::invalid_argument("the Lion view's decks: " + r.error);
  // The dice to come are not Gordon's to know: a fresh generator from the caller's.
  s->rng = core::Rng(rng.next_u32(), rng.next_u32());
  if (std::string bad = state_invariants(*s); !bad.empty())
    return core::Status::invalid_argument("the Lion view is not a position of the game: " + bad);
  return std::unique_ptr<core::GameState>(std::move(s));
}

}  // namespace frontier::lion
