// The Lion of Khartoum as a core::Game: one seat (Gordon), the standard scenario, the options of
// 10.1 (difficulty) and 10.2 (no event cards). The rules live in flow/combat/legal.cpp; this
// file wires them to the engine and adds set-up (3.0), status, snapshots and the leak check.
#include <algorithm>
#include <numeric>

#include "core/engine.h"
#include "core/text.h"
#include "core/view.h"
#include "lion/heuristic.h"
#include "lion/register.h"
#include "lion/rules.h"

namespace frontier::lion {

namespace {

class LionGame final : public core::Game {
 public:
  LionGame() {
    info_.set_id("lion");
    info_.set_title("The Lion of Khartoum: Gordon's Last Stand");
    info_.add_seats("Gordon");
    info_.set_rulebook("The Lion of Khartoum rules 1-11 (with the 2020 errata)");
    auto* sc = info_.add_scenarios();
    sc->set_id("standard");
    sc->set_name("The siege of Khartoum, February 1884 - January 1885");
    sc->set_description(
        "Twelve monthly turns; hold the Governor's Palace until the Relief Force arrives (9.1).");
    auto* diff = info_.add_options();
    diff->set_id("difficulty");
    diff->set_name("Difficulty level (10.1)");
    diff->set_description(
        "Lion Cub: CM 15 and RP 36 at set-up. Lion King: Black and White banners 10, Red and Green 8.");
    diff->set_default_value("standard");
    for (auto [v, n] : {std::pair{"standard", "Standard"}, std::pair{"lion_cub", "The Lion Cub of Khartoum"},
                        std::pair{"lion_king", "The Lion King of Khartoum"}}) {
      auto* c = diff->add_choices();
      c->set_value(v);
      c->set_name(n);
    }
    auto* noev = info_.add_options();
    noev->set_id("no_event_cards");
    noev->set_name("No event cards (10.2)");
    noev->set_description("No event phase; three Action Points every turn.");
    noev->set_default_value("off");
    for (const char* v : {"off", "on"}) noev->add_choices()->set_value(v);
  }

  const frontier::GameInfo& info() const override { return info_; }

  core::Result<std::unique_ptr<core::GameState>> initial(const frontier::MatchSetup& setup) const override {
    if (!setup.scenario().empty() && setup.scenario() != "standard")
      return core::Status::invalid_argument("The Lion of Khartoum has only the standard scenario");
    if (auto st = core::validate_setup(*this, setup); !st) return st;
    const Data& d = data();
    auto s = std::make_unique<State>();
    s->rng = core::Rng(setup.seed());
    std::vector<core::CardId> events(kEventCards), banners(kBannerCards);
    std::iota(events.begin(), events.end(), core::CardId{1});
    std::iota(banners.begin(), banners.end(), core::CardId{1});
    s->events = core::Deck::shuffled(events, s->rng);  // 3.1
    s->banner_deck = core::Deck::shuffled(banners, s->rng);
    std::string difficulty = core::option_value(*this, setup, "difficulty");
    s->difficulty = difficulty == "lion_cub" ? 1 : difficulty == "lion_king" ? 2 : 0;
    s->event_cards = core::option_value(*this, setup, "no_event_cards") != "on";
    s->cm = static_cast<int8_t>(s->difficulty == 1 ? d.proto.cm_max() : d.proto.cm_start());  // 3.2 steps 8-9
    s->rp = static_cast<int8_t>(s->difficulty == 1 ? d.proto.rp_max() : d.proto.rp_start());
    for (int b = 0; b < kBanners; ++b) {  // 3.2 steps 1, 10
      s->banner_pos[b] = 6;
      s->banner_str[b] = s->difficulty == 2 ? d.lion_king_strength[b] : d.start_strength[b];
    }
    int i = 0;  // 3.2 step 5: the two-step regulars; militia wait to be raised (6.3)
    for (int type = 0; type < kTroopTypes; ++type) {
      for (int n = 0; n < d.troop_counters[type]; ++n, ++i) {
        s->troops[i] = {static_cast<uint8_t>(type), static_cast<uint8_t>(type == kMilitia ? 1 : 2),
                        type == kMilitia ? Loc::kUnraised : Loc::kAvailable, -1};
      }
    }
    i = 0;  // 3.2 step 6
    for (int type = 0; type < kGunTypes; ++type) {
      for (int n = 0; n < d.gun_counters[type]; ++n, ++i)
        s->guns[i] = {static_cast<uint8_t>(type), Loc::kAvailable, -1};
    }
    s->relief_turn = kTurns;  // 3.2 step 3
    s->turn = 1;
    core::EventSink none;
    start_turn(*s, none);  // 4.2: turn 1 opens on the action phase
    return std::unique_ptr<core::GameState>(std::move(s));
  }

  core::SeatMask awaiting(const core::GameState& gs) const override { return S(gs).finished() ? 0u : 1u; }

  core::PromptInfo prompt(const core::GameState& gs, core::Seat seat) const override {
    if (seat != 0 || S(gs).finished()) return {};
    return prompt_info(S(gs));
  }

  void legal_actions(const core::GameState& gs, core::Seat seat,
                     std::vector<core::Action>& out) const override {
    if (seat != 0) {
      out.clear();
      return;
    }
    list_legal(S(gs), out);
  }

  void apply_legal(core::GameState& gs, core::Seat, const core::Action& a,
                   core::EventSink& log) const override {
    apply_action(S(gs), a, log);
  }

  std::string explain_illegal(const core::GameState& gs, core::Seat seat,
                              const core::Action& a) const override {
    if (seat != 0) return Game::explain_illegal(gs, seat, a);
    return why_illegal(S(gs), a);
  }

  std::string describe(const core::GameState& gs, core::Seat, const core::Action& a) const override {
    return describe_action(S(gs), a);
  }

  void refs(const core::GameState& gs, core::Seat, const core::Action& a,
            std::vector<frontier::Ref>& out) const override {
    auto add = [&](const char* type, const std::string& id) {
      frontier::Ref r;
      r.set_type(type);
      r.set_id(id);
      out.push_back(std::move(r));
    };
    const State& s = S(gs);
    if (a.kind == FORTIFY_AREA || a.kind == DEFEND_AREA) add("area", data().areas[a.a].id);
    if (a.kind == TARGET_BANNER) {
      add("unit", data().banner_ids[a.a]);
      add("area", data().areas[area_index(a.a, s.banner_pos[a.a])].id);
    }
    if (a.kind == ADD_TROOP || a.kind == LOSE_STEP) add("unit", data().troop_ids[a.a]);
    if (a.kind == CHOOSE_LEADER && a.a >= 0) add("unit", data().leader_ids[a.a]);
  }

  // The action phase (4.1): unused AP are lost, and a banner path nobody defends (6.7) lets its
  // banner walk in during the Banner Activation Phase. Read from Gordon's own view, whose areas
  // list what stands in them.
  std::string confirm(const core::GameState& gs, core::Seat, const core::Action& a,
                      const std::vector<core::Action>&) const override {
    if (a.kind != END_ACTIONS) return {};
    frontier::lion::LionView v;
    fill_view(S(gs), v);
    std::vector<std::string> open;  // banner paths in the view's order, without a defender
    for (const auto& area : v.areas()) {
      if (area.path() == "palace" || std::find(open.begin(), open.end(), area.path()) != open.end()) continue;
      bool defended = std::any_of(v.areas().begin(), v.areas().end(), [&](const frontier::lion::AreaView& o) {
        return o.path() == area.path() && o.units_size() > 0;
      });
      if (!defended) open.push_back(area.path());
    }
    std::vector<std::string> worries;
    if (v.action_points() > 0)
      worries.push_back(core::count_of(v.action_points(), "action point", "action points") + " unused (4.1)");
    if (!open.empty()) {
      std::string paths;
      for (const auto& p : open) paths += (paths.empty() ? "" : ", ") + p;
      worries.push_back("no defender on the " + paths + (open.size() == 1 ? " path" : " paths") + " (6.7)");
    }
    if (worries.empty()) return {};
    return "End the action phase with " + worries[0] + (worries.size() > 1 ? " and " + worries[1] : "") + "?";
  }

  void view(const core::GameState& gs, core::Seat, frontier::GameView& out) const override {
    core::pack_view<frontier::lion::LionView>(out, [&](frontier::lion::LionView& v) { fill_view(S(gs), v); });
  }
  const google::protobuf::Descriptor& view_type() const override {
    return *frontier::lion::LionView::descriptor();
  }

  void status(const core::GameState& gs, frontier::GameStatus& out) const override {
    const State& s = S(gs);
    out.set_turn(static_cast<uint32_t>(s.turn));
    out.set_phase(stage_words(s.stage));
    if (!s.finished()) out.add_active_seats(0);
    out.set_finished(s.finished());
    out.set_winner(s.end == EndReason::kVictory ? 0 : -1);
    if (s.finished()) out.set_result(result_text(s));
    out.set_score_name("Months the Palace held");
    auto* score = out.add_scores();
    score->set_seat(0);
    score->set_side("Gordon");
    // Months the Palace was held (9.3): the completed turns.
    score->set_score(s.finished() ? (s.end == EndReason::kVictory ? s.end_turn : s.end_turn - 1)
                                  : s.turn - 1);
  }

  void snapshot(const core::GameState& gs, core::ByteWriter& out) const override { write_state(S(gs), out); }

  core::Result<std::unique_ptr<core::GameState>> restore(std::string_view bytes) const override {
    auto s = std::make_unique<State>();
    core::ByteReader r(bytes);
    if (!read_state(*s, r)) return core::Status::corruption("Lion snapshot is malformed");
    // A well-formed snapshot of an unsound position (a tampered store) would crash the rules later.
    if (std::string bad = state_invariants(*s); !bad.empty())
      return core::Status::corruption("Lion snapshot is unsound: " + bad);
    return std::unique_ptr<core::GameState>(std::move(s));
  }

  core::Rng& rng(core::GameState& gs) const override { return S(gs).rng; }

  core::Status edit(core::GameState& gs, std::string_view command) const override {
    return edit_state(S(gs), command);
  }

  // Gordon sees the whole table but not the order of the face-down event and banner decks, nor
  // the dice to come. The piles are sorted before the shuffle, so the result depends on what
  // Gordon sees, not on the true order (a bot searching redrawn states cannot peek).
  std::unique_ptr<core::GameState> resample_hidden(const core::GameState& gs, core::Seat,
                                                   core::Rng& rng) const override {
    auto s = std::make_unique<State>(S(gs));
    for (core::Deck* deck : {&s->events, &s->banner_deck}) {
      std::vector<core::CardId> pile(deck->draw_pile().begin(), deck->draw_pile().end());
      std::sort(pile.begin(), pile.end());
      core::Deck redrawn = core::Deck::shuffled(pile, rng);
      for (auto c : deck->discards()) redrawn.discard(c);
      for (auto c : deck->removed()) redrawn.remove_from_play(c);
      *deck = std::move(redrawn);
    }
    s->rng = core::Rng(rng.next_u32(), rng.next_u32());
    return s;
  }

  // Gordon's view carries the whole open table (LionView.table); table.cpp redraws the rest.
  core::Result<std::unique_ptr<core::GameState>> determinize(const frontier::MatchSetup&,
                                                             const frontier::GameView& view,
                                                             core::Seat viewer,
                                                             core::Rng& rng) const override {
    if (viewer != 0 && viewer != core::kObserver)
      return core::Status::invalid_argument("the Lion has one seat, Gordon");
    frontier::lion::LionView v;
    if (!view.payload().UnpackTo(&v)) return core::Status::invalid_argument("not a Lion view");
    return state_from_view(v, rng);
  }

  std::string check_invariants(const core::GameState& gs) const override { return state_invariants(S(gs)); }

  // Gordon's position is fragile: random play all but always loses, so playouts that mix it in
  // tell the bots nothing. They follow the heuristic throughout (measured: docs/ai.md).
  int playout_policy_per_mille() const override { return 1000; }
  // A normal decision takes about 12 ms of a core: a turn of 64 full searches is under a second.
  int bot_turn_searches() const override { return 64; }

  bool policy_action(const core::GameState& gs, core::Seat seat, core::Action& out) const override {
    if (seat != 0 || S(gs).finished()) return false;
    out = choose_heuristic_action(gs);
    return true;
  }

 private:
  frontier::GameInfo info_;
};

}  // namespace

void register_games(core::Registry& r) {
  if (auto st = data_status(); !st) return r.refuse("lion", st);
  r.add(std::make_unique<LionGame>());
}

}  // namespace frontier::lion
