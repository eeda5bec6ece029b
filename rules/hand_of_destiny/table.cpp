// The position's facts a seat may know, in machine form (KhartoumView.table), and their inverse:
// a full position rebuilt from a seat's view alone (Game::determinize, issue 47). What the view
// hides — who the Mahdist units under a stack's top are (29.14), the Hold card another side put
// aside or has just picked (29.1), the order of every draw pile and the dice to come — is
// redrawn by resample_hidden, whose draw reads only what the seat sees.
#include <algorithm>
#include <string>

#include "core/view_reader.h"
#include "hand_of_destiny/game.h"
#include "hand_of_destiny/rules.h"

namespace frontier::hand_of_destiny {

namespace {

using frontier::khartoum::KhartoumTable;
using frontier::khartoum::KhartoumUnitState;
using frontier::khartoum::KhartoumView;

constexpr int kHiddenCard = -2;  // KhartoumDeck.held / KhartoumTable.card: a Hold card, unseen

void fill_unit(const UnitState& us, KhartoumUnitState& c) {
  c.set_loc(us.loc);
  c.set_flags(us.flags);
  c.set_moves_left(us.moves_left);
  c.set_stamp(us.stamp);
}

using Reader = core::ViewReader;

void read_unit(const KhartoumUnitState& c, int lowest_loc, int spaces, UnitState& us, Reader& r) {
  r.get(us.loc, c.loc(), lowest_loc, spaces - 1, "unit location");
  r.get(us.flags, c.flags(), 0, 255, "unit flags");
  r.get(us.moves_left, c.moves_left(), 0, 99, "unit moves left");
  r.get(us.stamp, c.stamp(), 0, 0xffff, "unit stamp");
}

// One side's deck: the open piles from the view, the hidden Hold cards (`hidden` of them, the
// first being the one put aside when `held_hidden`) from the side's unseen Hold cards, and the
// draw pile from the rest, in card order (resample_hidden shuffles it).
void read_deck(const KhartoumView& v, int side, State& s, Reader& r) {
  const Scenario& sc = *s.sc;
  const auto& d = v.table().decks(side);
  std::vector<bool> known(static_cast<size_t>(sc.card_count()), false);
  auto card = [&](int64_t c) -> core::CardId {
    int id = -1;
    r.get(id, c, 0, sc.card_count() - 1, "card");
    if (id < 0) return 0;
    if (sc.cards[static_cast<size_t>(id)].side != side) r.fail("a card in the other side's deck");
    if (known[static_cast<size_t>(id)]) r.fail("a card listed twice");
    known[static_cast<size_t>(id)] = true;
    return static_cast<core::CardId>(id);
  };
  std::vector<core::CardId> discards, removed;
  for (int c : d.discards()) discards.push_back(card(c));
  for (int c : d.removed()) removed.push_back(card(c));
  s.reshuffled[side] = d.reshuffled();
  int hidden = 0;
  if (d.held() == kHiddenCard) {
    ++hidden;
  } else if (d.held() != -1) {
    s.held[side] = static_cast<int8_t>(card(d.held()));
  }
  const bool card_hidden = s.player == side && v.table().card() == kHiddenCard;
  if (card_hidden) ++hidden;
  if (s.player == side && s.card >= 0 && s.card != s.held[side]) card(s.card);
  std::vector<core::CardId> unseen;
  for (int c = 0; c < sc.card_count(); ++c)
    if (sc.cards[static_cast<size_t>(c)].side == side && !known[static_cast<size_t>(c)])
      unseen.push_back(static_cast<core::CardId>(c));
  if (static_cast<int64_t>(unseen.size()) != v.sides(side).deck_size() + hidden) {
    r.fail(sc.sides[static_cast<size_t>(side)] + "'s cards do not add up");
    return;
  }
  for (int i = 0; i < hidden; ++i) {
    auto hold = std::find_if(unseen.begin(), unseen.end(),
                             [&](core::CardId c) { return sc.cards[static_cast<size_t>(c)].hold; });
    if (hold == unseen.end()) {
      r.fail("a hidden card that can be no Hold card");
      return;
    }
    bool aside = i == 0 && d.held() == kHiddenCard;
    (aside ? s.held[side] : s.card) = static_cast<int8_t>(*hold);
    unseen.erase(hold);
  }
  core::Rng order(0);  // any order: resample_hidden draws the real one
  s.deck[side] = core::Deck::stacked({}, unseen, order);
  for (auto c : discards) s.deck[side].discard(c);
  for (auto c : removed) s.deck[side].remove_from_play(c);
}

}  // namespace

void fill_table(const State& s, core::Seat viewer, KhartoumTable& t) {
  const int n = s.sc->unit_count();
  UnitState hidden[kMaxUnits];
  int h = 0;
  for (int u = 0; u < n; ++u) {
    auto* c = t.add_units();
    if (visible(s, u, viewer)) {
      fill_unit(s.unit(u), *c);
    } else {
      c->set_hidden(true);
      c->set_moves_left(s.unit(u).moves_left);
      hidden[h++] = hidden_slot(s.unit(u));
    }
  }
  std::sort(hidden, hidden + h, slot_order);
  for (int i = 0; i < h; ++i) fill_unit(hidden[i], *t.add_hidden_units());
  t.set_next_stamp(s.next_stamp);
  for (int c = 0; c < s.sc->card_count(); ++c) t.add_times_played(s.times_drawn[static_cast<size_t>(c)]);
  for (int side = 0; side < 2; ++side) {
    auto* d = t.add_decks();
    for (auto c : s.deck[side].discards()) d->add_discards(c);
    for (auto c : s.deck[side].removed()) d->add_removed(c);
    d->set_reshuffled(s.reshuffled[side]);
    bool seen = viewer == side || s.finished || s.held[side] < 0;
    d->set_held(seen ? s.held[side] : kHiddenCard);
  }
  t.set_step(static_cast<int>(s.step));
  t.set_player(s.player);
  t.set_card(s.card < 0 || card_visible(s, viewer) ? s.card : kHiddenCard);
  t.set_skipping(s.skipping);
  t.set_setup_cursor(s.setup_cursor);
  t.set_pending_unit(s.pending_unit);
  t.set_random_left(s.random_left);
  t.set_named_cursor(s.named_cursor);
  t.set_rerecruit_left(s.rerecruit_left);
  t.set_choice_left(s.choice_left);
  t.set_placing_anywhere(s.placing_anywhere);
  t.set_placing_capital(s.placing_capital);
  t.set_breakout_garrison(s.breakout_garrison);
  t.set_march_space(s.march_space);
  t.set_group_space(s.group_space);
  t.set_group_stepped(s.group_stepped);
  t.set_group_left(s.group_left);
  t.set_march_supply_done(s.march_supply_done);
  t.set_forced_battle(s.forced_battle);
  t.set_finished(s.finished);
  t.set_winner(s.winner);
  t.set_result(s.result);
  t.set_final_vp(s.final_vp);
  const BattleState& b = s.battle;
  auto* bt = t.mutable_battle();
  bt->set_space(b.space);
  bt->set_attacker(b.attacker);
  bt->set_superior(b.superior);
  bt->set_to_fire(b.to_fire);
  bt->set_target(b.target);
  bt->set_pending_elim(b.pending_elim);
  bt->set_pending_panic(b.pending_panic);
  bt->set_mahdist_roll(b.roll[0]);
  bt->set_empire_roll(b.roll[1]);
  bt->set_mahdist_modified(b.modified[0]);
  bt->set_empire_modified(b.modified[1]);
  bt->set_major(b.major);
  bt->set_naval_landing(b.naval_landing);
  bt->set_breakoff_unit(b.breakoff_unit);
  bt->set_winner(b.winner);
  bt->set_loser(b.loser);
  bt->set_loser_broke_off(b.loser_broke_off);
  bt->set_major_recruit_done(b.major_recruit_done);
  bt->set_major_loss_done(b.major_loss_done);
  bt->set_participants(b.participants);
}

core::Status state_from_view(const KhartoumView& v, State& s) {
  if (!v.has_table()) return core::Status::invalid_argument("the Khartoum view carries no table");
  const KhartoumTable& t = v.table();
  const Scenario& sc = *s.sc;
  const int units = sc.unit_count(), cards = sc.card_count(), spaces = sc.space_count();
  if (t.units_size() != units || t.times_played_size() != cards || t.decks_size() != 2 || v.sides_size() != 2)
    return core::Status::invalid_argument("the Khartoum view has the wrong number of units, cards or sides");
  Reader r;
  r.get(s.turn, v.turn(), 1, sc.turns(), "turn");
  r.get(s.player, t.player(), 0, 1, "player");
  r.get(s.step, t.step(), 0, static_cast<int>(Step::kOver), "step");
  r.get(s.card, t.card(), kHiddenCard, cards - 1, "card");
  if (s.card == kHiddenCard) s.card = -1;  // read_deck draws it
  s.skipping = t.skipping();
  r.get(s.setup_cursor, t.setup_cursor(), 0, units - 1, "set-up unit");
  r.get(s.pending_unit, t.pending_unit(), -1, units - 1, "pending unit");
  r.get(s.random_left, t.random_left(), 0, 9, "random recruits left");
  r.get(s.named_cursor, t.named_cursor(), 0, units, "named recruit");
  r.get(s.rerecruit_left, t.rerecruit_left(), 0, 2, "re-recruits left");
  r.get(s.choice_left, t.choice_left(), 0, 9, "recruit choices left");
  s.placing_anywhere = t.placing_anywhere();
  s.placing_capital = t.placing_capital();
  r.get(s.breakout_garrison, t.breakout_garrison(), -2, units - 1, "breakout garrison");
  r.get(s.march_left, v.march_left(), 0, 6, "Egyptian march left");
  r.get(s.march_space, t.march_space(), -1, spaces - 1, "Egyptian march space");
  r.get(s.group_space, t.group_space(), -1, spaces - 1, "group space");
  s.group_stepped = t.group_stepped();
  r.get(s.group_left, t.group_left(), -99, 99, "group moves left");
  s.march_supply_done = t.march_supply_done();
  r.get(s.forced_battle, t.forced_battle(), -1, spaces - 1, "forced battle");
  r.get(s.mahdi_return_turn, v.mahdi_return_turn(), -1, sc.turns(), "Mahdi's return");
  s.finished = t.finished();
  r.get(s.winner, t.winner(), -1, 1, "winner");
  r.get(s.result, t.result(), 0, 3, "result");
  r.get(s.final_vp, t.final_vp(), -99, 99, "final VP");
  BattleState& b = s.battle;
  const auto& bt = t.battle();
  r.get(b.space, bt.space(), -1, spaces - 1, "battle space");
  r.get(b.attacker, bt.attacker(), 0, 1, "attacker");
  r.get(b.superior, bt.superior(), -1, 1, "superior side");
  r.get(b.to_fire, bt.to_fire(), -1, 1, "side to fire");
  r.get(b.target, bt.target(), -1, 1, "target side");
  r.get(b.pending_elim, bt.pending_elim(), 0, 99, "eliminations pending");
  r.get(b.pending_panic, bt.pending_panic(), 0, 99, "panics pending");
  r.get(b.roll[0], bt.mahdist_roll(), -99, 99, "Mahdist roll");
  r.get(b.roll[1], bt.empire_roll(), -99, 99, "Empire roll");
  r.get(b.modified[0], bt.mahdist_modified(), -99, 99, "Mahdist modified roll");
  r.get(b.modified[1], bt.empire_modified(), -99, 99, "Empire modified roll");
  b.major = bt.major();
  b.naval_landing = bt.naval_landing();
  r.get(b.breakoff_unit, bt.breakoff_unit(), -1, units - 1, "breaking-off unit");
  r.get(b.winner, bt.winner(), -1, 1, "battle winner");
  r.get(b.loser, bt.loser(), -1, 1, "battle loser");
  b.loser_broke_off = bt.loser_broke_off();
  b.major_recruit_done = bt.major_recruit_done();
  b.major_loss_done = bt.major_loss_done();
  b.participants = bt.participants();
  if (units < 64 && (b.participants >> units) != 0) r.fail("battle participants that are no units");
  // Units: the hidden ones keep their moves left and take the hidden places in data order
  // (resample_hidden redraws who is where); they stand on the map, under a top the seat sees.
  int next_hidden = 0;
  for (int u = 0; u < units; ++u) {
    const KhartoumUnitState& c = t.units(u);
    UnitState& us = s.unit(u);
    if (!c.hidden()) {
      read_unit(c, kDead, spaces, us, r);
      continue;
    }
    if (s.info(u).side != kMahdist) r.fail("a hidden Empire unit");
    if (next_hidden >= t.hidden_units_size()) {
      r.fail("more hidden units than hidden states");
      break;
    }
    read_unit(t.hidden_units(next_hidden++), 0, spaces, us, r);
    r.get(us.moves_left, c.moves_left(), 0, 99, "unit moves left");
  }
  if (next_hidden != t.hidden_units_size()) r.fail("more hidden states than hidden units");
  r.get(s.next_stamp, t.next_stamp(), 1, 0xffff, "next stamp");
  for (int u = 0; u < units; ++u) {
    const UnitState& us = s.unit(u);
    if (us.loc >= 0) ++s.count[static_cast<size_t>(us.loc)][static_cast<size_t>(s.info(u).side)];
    if (us.stamp >= s.next_stamp) r.fail("a unit stacked after the last stamp");
  }
  for (int c = 0; c < cards; ++c)
    r.get(s.times_drawn[static_cast<size_t>(c)], t.times_played(c), 0, 255, "card plays");
  if (s.card >= 0 && sc.cards[static_cast<size_t>(s.card)].side != s.player)
    r.fail("the card in effect is the other side's");
  for (int side = 0; r.error.empty() && side < 2; ++side) read_deck(v, side, s, r);
  if (!r.error.empty()) return core::Status::invalid_argument("the Khartoum view: " + r.error);
  if (!indices_in_range(s))
    return core::Status::invalid_argument("the Khartoum view's step lacks what it acts on");
  return core::Status::ok();
}

core::Result<std::unique_ptr<core::GameState>> HandOfDestinyGame::determinize(
    const frontier::MatchSetup& setup, const frontier::GameView& view, core::Seat viewer,
    core::Rng& rng) const {
  if (viewer != kMahdist && viewer != kEmpire && viewer != core::kObserver)
    return core::Status::invalid_argument("Khartoum has two seats, Mahdist and Empire, and observers");
  if (setup.scenario() != info_.scenarios(0).id())
    return core::Status::invalid_argument(info_.title() + " has only the scenario '" +
                                          info_.scenarios(0).id() + "'");
  KhartoumView v;
  if (!view.payload().UnpackTo(&v)) return core::Status::invalid_argument("not a Khartoum view");
  auto s = std::make_unique<State>();
  s->sc = sc_;
  if (auto st = set_options(setup, *s); !st) return st;
  if (auto st = state_from_view(v, *s); !st) return st;
  if (std::string bad = check_invariants(*s); !bad.empty())
    return core::Status::invalid_argument("the Khartoum view is not a position of the game: " + bad);
  // The table and the readable fields must tell one story: the position shows this seat exactly
  // the view it was given (compared field by field, so a re-encoded view is judged the same).
  frontier::GameView again;
  this->view(*s, viewer, again);
  KhartoumView w;
  if (!again.payload().UnpackTo(&w) || w.SerializeAsString() != v.SerializeAsString())
    return core::Status::invalid_argument(
        "the Khartoum view is not what this seat would see of any position");
  return std::unique_ptr<core::GameState>(resample_hidden(*s, viewer, rng));
}

}  // namespace frontier::hand_of_destiny
