// What each seat sees (fog of war 29.14), the status line, snapshots, and the redrawing of
// hidden facts for leak checks.
#include <algorithm>
#include <bit>
#include <tuple>

#include "core/view.h"
#include "core/wire_writer.h"
#include "hand_of_destiny/game.h"
#include "hand_of_destiny/rules.h"
#include "hand_of_destiny/view_parts.h"
#include "khartoum.pb.h"

namespace frontier::hand_of_destiny {

// 29.14: the Mahdist sees every Empire stack; the Empire (and observers) see only the top unit
// of a Mahdist stack, except in spaces where Empire units stand too (10.0) and in the boxes.
bool visible(const State& s, int u, core::Seat viewer) {
  if (s.finished) return true;
  const UnitInfo& ui = s.info(u);
  if (ui.side == kEmpire || viewer == kMahdist) return true;
  int at = s.unit(u).loc;
  if (at < 0) return true;
  return has_side(s, at, kEmpire) || top_unit(s, at, kMahdist) == u;
}

UnitState hidden_slot(const UnitState& u) {
  return UnitState{u.loc, u.flags, 0, u.stamp};
}

bool slot_order(const UnitState& a, const UnitState& b) {
  return std::tuple(a.loc, a.flags, a.stamp) < std::tuple(b.loc, b.flags, b.stamp);
}

// 29.1: a Hold card just picked is its player's secret until played or put aside.
bool card_visible(const State& s, core::Seat viewer) {
  return s.card >= 0 && (s.step != Step::kHoldDecision || viewer == s.player || s.finished);
}

namespace {

const std::string& card_label(const ViewParts& parts, int c) {
  return parts.card_labels[static_cast<size_t>(c)];
}

// Every field but the board (spaces and routes), which append_board() writes.
void fill_view(const State& s, core::Seat viewer, const ViewParts& parts,
               frontier::khartoum::KhartoumView* v) {
  v->set_turn(static_cast<uint32_t>(s.turn));
  v->set_turn_name(s.sc->turn_names[static_cast<size_t>(s.turn - 1)]);
  v->set_nile_flood(s.flood());
  v->set_player(s.sc->sides[static_cast<size_t>(s.player)]);
  v->set_step(step_name(s.step));
  if (card_visible(s, viewer)) v->set_card(card_label(parts, s.card));
  v->set_empire_vp(empire_vp(s));
  v->set_mahdi_return_turn(s.mahdi_return_turn);
  if (s.pending_unit >= 0) v->set_pending_unit(s.info(s.pending_unit).name);
  v->set_march_left(s.march_left);
  if (viewer == s.player || s.player == kEmpire || s.finished) v->set_group_left(s.group_left);
  int n = s.sc->unit_count();
  for (int side = 0; side < 2; ++side) {
    auto* sd = v->add_sides();
    sd->set_side(s.sc->sides[static_cast<size_t>(side)]);
    sd->set_deck_size(static_cast<int32_t>(s.deck[side].size()));
    for (auto c : s.deck[side].discards()) sd->add_discards(card_label(parts, c));
    for (auto c : s.deck[side].removed()) sd->add_removed(card_label(parts, c));
    sd->set_holds_card(s.held[side] >= 0);
    if (s.held[side] >= 0 && (viewer == side || s.finished))
      sd->set_held_card(card_label(parts, s.held[side]));
    for (int u = 0; u < n; ++u) {
      if (s.info(u).side != side) continue;
      int loc = s.unit(u).loc;
      if (loc == kInBox)
        sd->add_box(s.info(u).name);
      else if (loc == kEliminated)
        sd->add_eliminated(s.info(u).name);
      else if (loc == kDead)
        sd->add_dead(s.info(u).name);
    }
  }
  if (s.battle.space >= 0) {
    const BattleState& b = s.battle;
    auto* bv = v->mutable_battle();
    bv->set_space(s.sc->spaces[static_cast<size_t>(b.space)].id);
    bv->set_attacker(s.sc->sides[static_cast<size_t>(b.attacker)]);
    if (b.superior >= 0) bv->set_superior(s.sc->sides[static_cast<size_t>(b.superior)]);
    bv->set_mahdist_roll(b.roll[0]);
    bv->set_empire_roll(b.roll[1]);
    bv->set_mahdist_modified(b.modified[0]);
    bv->set_empire_modified(b.modified[1]);
    bv->set_pending_eliminations(b.pending_elim);
    bv->set_pending_panics(b.pending_panic);
    bv->set_major(b.major);
  }
  fill_table(s, viewer, *v->mutable_table());
}

// KhartoumView fields 7 (spaces) and 8 (routes), appended to the encoding of the other fields:
// each space's and unit's fixed fields and the routes are copied from `parts`, and only what
// changes (terrain, units and their marks, counts) is encoded here.
void append_board(const State& s, core::Seat viewer, const ViewParts& parts, std::string& out) {
  // Units by space, each space's bottom first, so the last unit listed is the top (29.14).
  int order[kMaxUnits], n = s.sc->unit_count();
  for (int u = 0; u < n; ++u) order[u] = u;
  std::sort(order, order + n, [&](int a, int b) {
    const UnitState& ua = s.unit(a);
    const UnitState& ub = s.unit(b);
    return std::tie(ua.loc, ua.stamp, a) < std::tie(ub.loc, ub.stamp, b);
  });
  int next = 0;
  while (next < n && s.unit(order[next]).loc < 0) ++next;  // boxes: listed with the sides
  core::WireWriter view(out);
  thread_local std::string space;  // kept between views: no allocation per space
  for (int sp = 0; sp < s.sc->space_count(); ++sp) {
    space.clear();
    core::WireWriter w(space);
    w.raw(parts.space_names[static_cast<size_t>(sp)]);
    w.raw(parts.terrains[static_cast<size_t>(terrain_of(s, sp))]);
    w.raw(parts.space_places[static_cast<size_t>(sp)]);
    int hidden = 0;
    for (; next < n && s.unit(order[next]).loc == sp; ++next) {
      int u = order[next];
      if (!visible(s, u, viewer)) {
        ++hidden;
        continue;
      }
      const UnitState& us = s.unit(u);
      const bool marks[] = {(us.flags & kPanicked) != 0, (us.flags & kMoved) != 0,
                            (us.flags & kOutOfSupply) != 0, (us.flags & kSelected) != 0};
      const std::string& fixed = parts.units[static_cast<size_t>(u)];
      size_t size = fixed.size();
      for (bool m : marks) size += m ? 2 : 0;  // a true bool field: one tag byte, one value byte
      w.element_header(8, size);
      w.raw(fixed);
      for (int i = 0; i < 4; ++i) w.bool_field(7 + i, marks[i]);  // UnitView fields 7-10
    }
    w.int_field(9, hidden);
    w.int_field(10, count_in(s, sp, kMahdist));
    w.int_field(11, count_in(s, sp, kEmpire));
    view.element(7, space);
  }
  view.raw(parts.routes);
}

}  // namespace

void HandOfDestinyGame::view(const core::GameState& gs, core::Seat viewer, frontier::GameView& out) const {
  core::pack_view<frontier::khartoum::KhartoumView>(
      out, [&](frontier::khartoum::KhartoumView& v) { fill_view(S(gs), viewer, parts_, &v); },
      parts_.board_bytes);
  append_board(S(gs), viewer, parts_, *out.mutable_payload()->mutable_value());
}

const google::protobuf::Descriptor& HandOfDestinyGame::view_type() const {
  return *frontier::khartoum::KhartoumView::descriptor();
}

void HandOfDestinyGame::status(const core::GameState& gs, frontier::GameStatus& out) const {
  const State& s = S(gs);
  out.set_turn(static_cast<uint32_t>(s.turn));
  out.set_phase(step_words(s.step));
  int seat = s.finished ? -1 : prompt_seat(s);
  if (seat >= 0) out.add_active_seats(seat);
  out.set_finished(s.finished);
  out.set_winner(s.finished ? s.winner : -1);
  int vp = s.finished && s.result != 1 ? s.final_vp : empire_vp(s);
  if (s.finished) {
    switch (s.result) {
      case 1:
        out.set_result("Mahdist Total Victory: Khartoum, Wadi Halfa and Suakin taken (27.0)");
        break;
      case 2:
        out.set_result("Empire victory with " + std::to_string(vp) + " VP (27.0)");
        break;
      default:
        out.set_result("Mahdist local victory: the Empire holds only " + std::to_string(vp) + " VP (27.0)");
        break;
    }
  }
  out.set_score_name("Victory points");  // the Empire's (27.0); the Mahdist scores none
  for (int side = 0; side < 2; ++side) {
    auto* r = out.add_scores();
    r->set_seat(side);
    r->set_side(s.sc->sides[static_cast<size_t>(side)]);
    r->set_score(side == kEmpire ? vp : 0);
  }
}

void HandOfDestinyGame::snapshot(const core::GameState& gs, core::ByteWriter& w) const {
  const State& s = S(gs);
  s.rng.write(w);
  for (int side = 0; side < 2; ++side) {
    s.deck[side].write(w);
    w.svarint(s.held[side]);
    w.boolean(s.reshuffled[side]);
  }
  for (int c = 0; c < sc_->card_count(); ++c) w.u8(s.times_drawn[static_cast<size_t>(c)]);
  for (int u = 0; u < sc_->unit_count(); ++u) {
    const UnitState& us = s.unit(u);
    w.svarint(us.loc);
    w.u8(us.flags);
    w.svarint(us.moves_left);
    w.varint(us.stamp);
  }
  w.varint(s.next_stamp);
  for (bool o : {s.opt_artillery, s.opt_breakoff, s.opt_pursuit, s.opt_major, s.opt_supply}) w.boolean(o);
  for (int v : {int(s.turn),
                int(s.player),
                int(s.step),
                int(s.card),
                int(s.skipping),
                int(s.setup_cursor),
                int(s.pending_unit),
                int(s.random_left),
                int(s.named_cursor),
                int(s.rerecruit_left),
                int(s.choice_left),
                int(s.placing_anywhere),
                int(s.placing_capital),
                int(s.breakout_garrison),
                int(s.march_left),
                int(s.march_space),
                int(s.group_space),
                int(s.group_stepped),
                int(s.group_left),
                int(s.march_supply_done),
                int(s.forced_battle),
                int(s.mahdi_return_turn),
                int(s.finished),
                int(s.winner),
                int(s.result),
                int(s.final_vp)}) {
    w.svarint(v);
  }
  const BattleState& b = s.battle;
  for (int v : {int(b.space), int(b.attacker), int(b.superior), int(b.to_fire), int(b.target),
                int(b.pending_elim), int(b.pending_panic), int(b.roll[0]), int(b.roll[1]), int(b.modified[0]),
                int(b.modified[1]), int(b.major), int(b.naval_landing), int(b.breakoff_unit), int(b.winner),
                int(b.loser), int(b.loser_broke_off), int(b.major_recruit_done), int(b.major_loss_done)}) {
    w.svarint(v);
  }
  w.u64(b.participants);
}

namespace {

bool within(int v, int lo, int hi) {
  return v >= lo && v < hi;
}

// The context the pending step's prompt and choices read (a unit, a space, a side) is set.
bool step_context_set(const State& s) {
  const BattleState& b = s.battle;
  switch (s.step) {
    case Step::kCardChoice:
      return s.held[s.player] >= 0;
    case Step::kHoldDecision:
    case Step::kReRecruit:
      return s.card >= 0;
    case Step::kPlaceRecruit:
    case Step::kMahdiReturn:
      return s.pending_unit >= 0;
    case Step::kBreakoutInfantry:
      return s.breakout_garrison >= 0;
    case Step::kEgyptianMarchStep:
      return s.march_space >= 0;
    case Step::kGroup:
    case Step::kMoveStep:
      return s.group_space >= 0;
    case Step::kFire:
      return b.space >= 0 && b.to_fire >= 0;
    case Step::kAllocate:
      return b.space >= 0 && b.target >= 0;
    case Step::kBreakoffTo:
      return b.space >= 0 && b.breakoff_unit >= 0;
    case Step::kRetreat:
      return b.space >= 0 && b.loser >= 0;
    case Step::kPursuit:
      return b.space >= 0 && b.winner >= 0;
    case Step::kMajorRecruit:
    case Step::kMajorLoss:
      return b.space >= 0;
    default:
      return true;
  }
}

}  // namespace

// The fields the rules use as indices (cards, units, spaces, sides), each inside what the rules
// can have set it to: a snapshot only ever holds such values, a corrupt one may not.
bool indices_in_range(const State& s) {
  const Scenario& sc = *s.sc;
  int cards = sc.card_count(), units = sc.unit_count(), spaces = sc.space_count();
  const BattleState& b = s.battle;
  for (int unit : {int(s.pending_unit), int(b.breakoff_unit)})
    if (!within(unit, -1, units)) return false;
  if (!within(s.card, -1, cards) || !within(s.setup_cursor, 0, units) ||
      !within(s.breakout_garrison, -2, units) || s.named_cursor < 0)
    return false;
  for (int space : {int(s.march_space), int(s.group_space), int(s.forced_battle), int(b.space)})
    if (!within(space, -1, spaces)) return false;
  if (!within(b.attacker, 0, 2) || b.pending_elim < 0 || b.pending_panic < 0) return false;
  for (int side :
       {int(s.winner), int(b.superior), int(b.to_fire), int(b.target), int(b.winner), int(b.loser)})
    if (!within(side, -1, 2)) return false;
  return step_context_set(s);
}

core::Result<std::unique_ptr<core::GameState>> HandOfDestinyGame::restore(std::string_view bytes) const {
  auto s = std::make_unique<State>();
  s->sc = sc_;
  core::ByteReader r(bytes);
  bool ok = s->rng.read(r);
  for (int side = 0; ok && side < 2; ++side) {
    ok = s->deck[side].read(r, sc_->card_count()) && r.small(s->held[side], -1, sc_->card_count() - 1) &&
         r.boolean(s->reshuffled[side]);
  }
  for (int c = 0; ok && c < sc_->card_count(); ++c) ok = r.u8(s->times_drawn[static_cast<size_t>(c)]);
  for (int u = 0; ok && u < sc_->unit_count(); ++u) {
    UnitState& us = s->unit(u);
    uint64_t stamp = 0;
    ok = r.small(us.loc, kDead, sc_->space_count() - 1) && r.u8(us.flags) && r.small(us.moves_left, 0, 99) &&
         r.varint(stamp) && stamp <= 0xffff;
    us.stamp = static_cast<uint16_t>(stamp);
    if (ok && us.loc >= 0) ++s->count[static_cast<size_t>(us.loc)][static_cast<size_t>(s->info(u).side)];
  }
  uint64_t next = 0;
  ok = ok && r.varint(next) && next <= 0xffff;
  s->next_stamp = static_cast<uint16_t>(next);
  for (bool* o : {&s->opt_artillery, &s->opt_breakoff, &s->opt_pursuit, &s->opt_major, &s->opt_supply})
    ok = ok && r.boolean(*o);
  int8_t step = 0;
  bool skipping = false, anywhere = false, capital = false, stepped = false, supply_done = false,
       finished = false;
  auto b8 = [&](bool& x) {
    int8_t t = 0;
    bool k = r.small(t, 0, 1);
    x = t;
    return k;
  };
  auto i8 = [&](int8_t& x) { return r.small(x, -128, 127); };
  ok = ok && i8(s->turn) && s->turn >= 1 && s->turn <= sc_->turns() && i8(s->player) && s->player >= 0 &&
       s->player <= 1 && r.small(step, 0, static_cast<int>(Step::kOver)) && i8(s->card) && b8(skipping) &&
       i8(s->setup_cursor) && i8(s->pending_unit) && i8(s->random_left) && i8(s->named_cursor) &&
       i8(s->rerecruit_left) && i8(s->choice_left) && b8(anywhere) && b8(capital) &&
       i8(s->breakout_garrison) && i8(s->march_left) && i8(s->march_space) && i8(s->group_space) &&
       b8(stepped) && i8(s->group_left) && b8(supply_done) && i8(s->forced_battle) &&
       i8(s->mahdi_return_turn) && b8(finished) && i8(s->winner) && i8(s->result) && i8(s->final_vp);
  s->step = static_cast<Step>(step);
  s->skipping = skipping;
  s->placing_anywhere = anywhere;
  s->placing_capital = capital;
  s->group_stepped = stepped;
  s->march_supply_done = supply_done;
  s->finished = finished;
  BattleState& b = s->battle;
  bool major = false, naval = false, broke = false, mr = false, ml = false;
  ok = ok && i8(b.space) && i8(b.attacker) && i8(b.superior) && i8(b.to_fire) && i8(b.target) &&
       i8(b.pending_elim) && i8(b.pending_panic) && i8(b.roll[0]) && i8(b.roll[1]) && i8(b.modified[0]) &&
       i8(b.modified[1]) && b8(major) && b8(naval) && i8(b.breakoff_unit) && i8(b.winner) && i8(b.loser) &&
       b8(broke) && b8(mr) && b8(ml) && r.u64(b.participants) && r.at_end();
  b.major = major;
  b.naval_landing = naval;
  b.loser_broke_off = broke;
  b.major_recruit_done = mr;
  b.major_loss_done = ml;
  if (!ok || !indices_in_range(*s)) return core::Status::corruption("Khartoum snapshot is malformed");
  // A well-formed snapshot of an unsound position (a tampered store) would crash the rules later.
  if (std::string bad = check_invariants(*s); !bad.empty())
    return core::Status::corruption("Khartoum snapshot is unsound: " + bad);
  return std::unique_ptr<core::GameState>(std::move(s));
}

// Redraws what `viewer` cannot see: which Mahdist unit is which under the top of each stack (for
// the Empire and observers; each keeps its moves left, known from the card and its type), the
// other side's held card, and the order of every draw pile (hidden from everyone, 29.14, even
// once the game is over). The A-over-B structure of an unshuffled Empire deck is kept (25.1).
std::unique_ptr<core::GameState> HandOfDestinyGame::resample_hidden(const core::GameState& gs,
                                                                    core::Seat viewer, core::Rng& rng) const {
  auto s = std::make_unique<State>(S(gs));
  if (viewer != kMahdist && !s->finished) {
    int hidden[kMaxUnits], n = 0;
    for (int u = 0; u < sc_->unit_count(); ++u) {
      if (s->info(u).side == kMahdist && s->unit(u).loc >= 0 && !visible(*s, u, viewer)) hidden[n++] = u;
    }
    UnitState slots[kMaxUnits];
    for (int i = 0; i < n; ++i) slots[i] = hidden_slot(s->unit(hidden[i]));
    // Sorted before the shuffle, so the result depends on what the viewer sees, not on which
    // unit really is where (a bot searching redrawn states then cannot peek).
    std::sort(slots, slots + n, slot_order);
    rng.shuffle(std::span<UnitState>(slots, static_cast<size_t>(n)));
    for (int i = 0; i < n; ++i) {
      UnitState& us = s->unit(hidden[i]);
      us = UnitState{slots[i].loc, slots[i].flags, us.moves_left, slots[i].stamp};
    }
  }
  for (int side = 0; side < 2; ++side) {
    const core::Deck& old = s->deck[side];
    // Hidden hold cards: the one put aside, and one just picked whose fate is undecided. Both are
    // known to be Hold cards, so they are redrawn among the unseen Hold cards only.
    int8_t* hidden_hold[2] = {nullptr, nullptr};
    int k = 0;
    if (s->held[side] >= 0 && viewer != side && !s->finished) hidden_hold[k++] = &s->held[side];
    if (s->player == side && s->card >= 0 && !card_visible(*s, viewer)) hidden_hold[k++] = &s->card;
    std::vector<core::CardId> unknown(old.draw_pile().begin(), old.draw_pile().end());
    for (int i = 0; i < k; ++i) unknown.push_back(*hidden_hold[i]);
    std::sort(unknown.begin(), unknown.end());  // the order the viewer cannot see is not used
    rng.shuffle(std::span<core::CardId>(unknown));
    for (int i = 0; i < k; ++i) {
      auto it = std::find_if(unknown.begin(), unknown.end(),
                             [&](core::CardId c) { return sc_->cards[static_cast<size_t>(c)].hold; });
      *hidden_hold[i] = static_cast<int8_t>(*it);
      unknown.erase(it);
    }
    std::vector<core::CardId> top, bottom;
    for (auto c : unknown) {
      bool a = sc_->cards[static_cast<size_t>(c)].group_a && !s->reshuffled[side];
      (a ? top : bottom).push_back(c);
    }
    core::Rng local(rng.next_u32());
    core::Deck fresh = core::Deck::stacked(top, bottom, local);
    for (auto c : old.discards()) fresh.discard(c);
    for (auto c : old.removed()) fresh.remove_from_play(c);
    s->deck[side] = fresh;
  }
  s->rng = core::Rng(rng.next_u32(), rng.next_u32());  // future dice are unknown too
  return s;
}

std::string HandOfDestinyGame::check_invariants(const core::GameState& gs) const {
  const State& s = S(gs);
  std::array<std::array<int, 2>, kMaxSpaces> count{};
  for (int u = 0; u < sc_->unit_count(); ++u) {
    const UnitState& us = s.unit(u);
    if (us.loc >= sc_->space_count() || us.loc < kDead)
      return s.info(u).name + " is at an impossible location";
    if (us.loc >= 0) ++count[static_cast<size_t>(us.loc)][static_cast<size_t>(s.info(u).side)];
    if (us.loc == kEliminated && !s.info(u).british)
      return s.info(u).name + " is in the Eliminated Box but is not British (28.0)";
    if (s.info(u).mahdi && s.mahdi_return_turn > 0 && us.loc != kDead)
      return "the Mahdi is waiting to return but is not off the map (29.5)";
  }
  for (int sp = 0; sp < sc_->space_count(); ++sp) {
    for (int side = 0; side < 2; ++side) {
      if (count[static_cast<size_t>(sp)][static_cast<size_t>(side)] !=
          s.count[static_cast<size_t>(sp)][static_cast<size_t>(side)]) {
        return "stack counts out of date at " + space_name(s, sp);
      }
    }
    int garrisons = 0;
    for (int u = 0; u < sc_->unit_count(); ++u) garrisons += s.unit(u).loc == sp && s.info(u).static_unit;
    if (garrisons > 1) return "two garrisons at " + space_name(s, sp) + " (25.1, 28.0)";
  }
  for (int side = 0; side < 2; ++side) {
    const core::Deck& d = s.deck[side];
    int total = static_cast<int>(d.size() + d.discards().size() + d.removed().size()) + (s.held[side] >= 0);
    if (s.card >= 0 && s.player == side && s.held[side] != s.card) ++total;
    int expected = 0;
    for (const auto& c : sc_->cards) expected += c.side == side;
    if (total != expected)
      return s.sc->sides[static_cast<size_t>(side)] + " has " + std::to_string(total) + " cards, not " +
             std::to_string(expected);
  }
  if (!s.finished && prompt_seat(s) < 0) return "nobody holds a prompt in a running game";
  return {};
}

}  // namespace frontier::hand_of_destiny
