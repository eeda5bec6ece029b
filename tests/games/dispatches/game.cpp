// Dispatches. Eight dispatches valued 1 to 8 are shuffled; each side holds four, unseen by the
// other. In each of four rounds one side, then the other, sends one dispatch from its hand to one
// of three forts (the side sending first alternates; a die decides round 1). A dispatch once sent
// stays sealed: the other side sees only how many stand at each fort. When all eight are sent they
// are opened; each fort goes to the side whose dispatches there add up to more (equal: nobody),
// and the side holding more forts wins.
#include <algorithm>
#include <array>
#include <span>

#include "core/view.h"
#include "dispatches.pb.h"
#include "dispatches/register.h"

namespace frontier::dispatches {

namespace {

constexpr uint16_t kSend = 1;
constexpr int kForts = 3;
constexpr int kHand = 4;
constexpr int kRounds = 4;
constexpr std::array<const char*, kForts> kFortIds = {"fort-a", "fort-b", "fort-c"};
constexpr std::array<const char*, kForts> kFortNames = {"Fort Ali", "Fort Baker", "Fort Cole"};
constexpr std::array<const char*, 2> kSides = {"North", "South"};

struct State final : core::GameState {
  core::Rng rng;
  std::array<std::vector<int>, 2> hand;
  std::array<std::array<std::vector<int>, kForts>, 2> sent;  // [side][fort], in the order sent
  int round = 1;
  int first = 0;  // the side sending first this round
  int to_move = 0;
  bool finished = false;
  int winner = -1;
  std::unique_ptr<core::GameState> clone() const override { return std::make_unique<State>(*this); }
};

const State& S(const core::GameState& s) {
  return static_cast<const State&>(s);
}
State& S(core::GameState& s) {
  return static_cast<State&>(s);
}

int total(const State& s, int side, int fort) {
  int sum = 0;
  for (int v : s.sent[side][fort]) sum += v;
  return sum;
}

// -1 for nobody (equal totals, or both empty).
int holder(const State& s, int fort) {
  int north = total(s, 0, fort);
  int south = total(s, 1, fort);
  return north == south ? -1 : (north > south ? 0 : 1);
}

int forts_held(const State& s, int side) {
  int n = 0;
  for (int f = 0; f < kForts; ++f) n += holder(s, f) == side ? 1 : 0;
  return n;
}

std::string result_text(const State& s) {
  int north = forts_held(s, 0);
  int south = forts_held(s, 1);
  auto forts = [](int n) { return std::to_string(n) + (n == 1 ? " fort" : " forts"); };
  if (north == south) return "Drawn, " + forts(north) + " each";
  int w = north > south ? 0 : 1;
  return std::string(kSides[w]) + " wins " + forts(std::max(north, south)) + " to " +
         std::to_string(std::min(north, south));
}

class DispatchesGame final : public core::Game {
 public:
  DispatchesGame() {
    info_.set_id("dispatches");
    info_.set_title("Dispatches (test game)");
    for (const char* side : kSides) info_.add_seats(side);
    auto* sc = info_.add_scenarios();
    sc->set_id("standard");
    sc->set_name("Three forts");
    sc->set_description("Four dispatches each, sent one a round to three forts");
    info_.set_rulebook("the Dispatches rules (tests/games/dispatches/game.cpp)");
  }

  const frontier::GameInfo& info() const override { return info_; }

  core::Result<std::unique_ptr<core::GameState>> initial(const frontier::MatchSetup& setup) const override {
    if (setup.scenario() != "standard")
      return core::Status::invalid_argument("Dispatches has only the standard scenario");
    auto s = std::make_unique<State>();
    s->rng = core::Rng(setup.seed());
    std::vector<int> values = {1, 2, 3, 4, 5, 6, 7, 8};
    s->rng.shuffle(std::span<int>(values));
    for (int side = 0; side < 2; ++side) {
      s->hand[side].assign(values.begin() + side * kHand, values.begin() + (side + 1) * kHand);
      std::sort(s->hand[side].begin(), s->hand[side].end());
    }
    s->first = static_cast<int>(s->rng.below(2));
    s->to_move = s->first;
    return std::unique_ptr<core::GameState>(std::move(s));
  }

  core::SeatMask awaiting(const core::GameState& gs) const override {
    const State& s = S(gs);
    return s.finished ? 0 : core::seat_bit(s.to_move);
  }

  core::PromptInfo prompt(const core::GameState& gs, core::Seat seat) const override {
    if (!(awaiting(gs) & core::seat_bit(seat))) return {};
    return {"send", "Round " + std::to_string(S(gs).round) + ": send a dispatch to a fort"};
  }

  void legal_actions(const core::GameState& gs, core::Seat seat,
                     std::vector<core::Action>& out) const override {
    out.clear();
    if (!(awaiting(gs) & core::seat_bit(seat))) return;
    for (int value : S(gs).hand[seat])
      for (int16_t fort = 0; fort < kForts; ++fort) out.push_back({kSend, static_cast<int16_t>(value), fort});
  }

  void apply_legal(core::GameState& gs, core::Seat seat, const core::Action& a,
                   core::EventSink& log) const override {
    State& s = S(gs);
    auto& hand = s.hand[seat];
    hand.erase(std::find(hand.begin(), hand.end(), a.a));
    s.sent[seat][a.b].push_back(a.a);
    std::string who = kSides[seat];
    log.add_private("send", core::seat_bit(seat),
                    who + " sends " + std::to_string(a.a) + " to " + kFortNames[a.b],
                    who + " sends a sealed dispatch to " + kFortNames[a.b]);
    if (seat == s.first) {
      s.to_move = 1 - seat;
      return;
    }
    if (s.round == kRounds) {
      s.finished = true;
      int north = forts_held(s, 0);
      int south = forts_held(s, 1);
      s.winner = north == south ? -1 : (north > south ? 0 : 1);
      log.add("opened", "The dispatches are opened: " + result_text(s));
      return;
    }
    ++s.round;
    s.first = 1 - s.first;
    s.to_move = s.first;
  }

  std::string explain_illegal(const core::GameState& gs, core::Seat seat,
                              const core::Action& a) const override {
    if (a.kind == kSend) return "Send a dispatch you still hold to Fort Ali, Fort Baker or Fort Cole";
    return Game::explain_illegal(gs, seat, a);
  }

  std::string describe(const core::GameState&, core::Seat, const core::Action& a) const override {
    if (a.kind != kSend || a.b < 0 || a.b >= kForts) return "?";
    return "Send " + std::to_string(a.a) + " to " + kFortNames[a.b];
  }

  void refs(const core::GameState&, core::Seat, const core::Action& a,
            std::vector<frontier::Ref>& out) const override {
    if (a.kind != kSend || a.b < 0 || a.b >= kForts) return;
    auto& ref = out.emplace_back();
    ref.set_type("place");
    ref.set_id(kFortIds[a.b]);
  }

  void view(const core::GameState& gs, core::Seat viewer, frontier::GameView& out) const override {
    core::pack_view<DispatchesView>(out, [&](DispatchesView& v) { fill_view(S(gs), viewer, v); });
  }
  const google::protobuf::Descriptor& view_type() const override { return *DispatchesView::descriptor(); }

  void status(const core::GameState& gs, frontier::GameStatus& out) const override {
    const State& s = S(gs);
    out.set_turn(static_cast<uint32_t>(s.round));
    out.set_phase(s.finished ? "opened" : "sending");
    if (!s.finished) out.add_active_seats(s.to_move);
    out.set_finished(s.finished);
    out.set_winner(s.winner);
    out.set_draw(s.finished && s.winner < 0);
    if (s.finished) out.set_result(result_text(s));
  }

  void snapshot(const core::GameState& gs, core::ByteWriter& w) const override {
    const State& s = S(gs);
    s.rng.write(w);
    auto values = [&](const std::vector<int>& list) {
      w.varint(list.size());
      for (int v : list) w.svarint(v);
    };
    for (int side = 0; side < 2; ++side) {
      values(s.hand[side]);
      for (const auto& at : s.sent[side]) values(at);
    }
    w.svarint(s.round);
    w.svarint(s.first);
    w.svarint(s.to_move);
    w.boolean(s.finished);
    w.svarint(s.winner);
  }

  core::Result<std::unique_ptr<core::GameState>> restore(std::string_view bytes) const override {
    auto s = std::make_unique<State>();
    core::ByteReader r(bytes);
    bool ok = s->rng.read(r);
    auto values = [&](std::vector<int>& list) {
      uint64_t n = 0;
      ok = ok && r.varint(n) && n <= kHand;
      if (!ok) return;
      list.resize(n);
      for (int& v : list) ok = ok && r.small(v, 1, 8);
    };
    for (int side = 0; side < 2; ++side) {
      values(s->hand[side]);
      for (auto& at : s->sent[side]) values(at);
    }
    ok = ok && r.small(s->round, 1, kRounds) && r.small(s->first, 0, 1) && r.small(s->to_move, 0, 1) &&
         r.boolean(s->finished) && r.small(s->winner, -1, 1) && r.at_end();
    if (!ok) return core::Status::corruption("Dispatches snapshot is malformed");
    if (std::string broken = check_invariants(*s); !broken.empty())
      return core::Status::corruption("Dispatches snapshot is inconsistent: " + broken);
    return std::unique_ptr<core::GameState>(std::move(s));
  }

  core::Rng& rng(core::GameState& gs) const override { return S(gs).rng; }

  // What `viewer` cannot see: the other side's hand and sealed dispatches (both sides' for an
  // observer). They are pooled in sorted order (so the result depends on the view alone),
  // shuffled, and dealt back into the same places.
  std::unique_ptr<core::GameState> resample_hidden(const core::GameState& gs, core::Seat viewer,
                                                   core::Rng& rng) const override {
    auto s = std::make_unique<State>(S(gs));
    if (s->finished) return s;
    std::vector<int*> places;
    for (int side = 0; side < 2; ++side) {
      if (side == viewer) continue;
      for (int& v : s->hand[side]) places.push_back(&v);
      for (auto& at : s->sent[side])
        for (int& v : at) places.push_back(&v);
    }
    std::vector<int> unseen;
    for (int* p : places) unseen.push_back(*p);
    std::sort(unseen.begin(), unseen.end());
    rng.shuffle(std::span<int>(unseen));
    for (size_t i = 0; i < places.size(); ++i) *places[i] = unseen[i];
    for (auto& hand : s->hand) std::sort(hand.begin(), hand.end());
    return s;
  }

  std::string check_invariants(const core::GameState& gs) const override {
    const State& s = S(gs);
    std::vector<int> all;
    for (int side = 0; side < 2; ++side) {
      all.insert(all.end(), s.hand[side].begin(), s.hand[side].end());
      for (const auto& at : s.sent[side]) all.insert(all.end(), at.begin(), at.end());
    }
    std::sort(all.begin(), all.end());
    if (all != std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8}) return "the dispatches are not 1 to 8, once each";
    return {};
  }

 private:
  static void fill_view(const State& s, core::Seat viewer, DispatchesView& v) {
    for (int f = 0; f < kForts; ++f) {
      auto* fort = v.add_forts();
      fort->set_id(kFortIds[f]);
      fort->set_name(kFortNames[f]);
      for (int side = 0; side < 2; ++side) {
        const auto& here = s.sent[side][f];
        bool readable = s.finished || viewer == side;
        auto* values = side == 0 ? fort->mutable_north() : fort->mutable_south();
        if (readable) values->Add(here.begin(), here.end());
        int sealed = readable ? 0 : static_cast<int>(here.size());
        side == 0 ? fort->set_north_sealed(sealed) : fort->set_south_sealed(sealed);
      }
      if (s.finished) fort->set_held_by(holder(s, f) < 0 ? "nobody" : kSides[holder(s, f)]);
    }
    if (viewer == 0 || viewer == 1) v.mutable_hand()->Add(s.hand[viewer].begin(), s.hand[viewer].end());
    v.set_round(s.round);
    if (s.finished) v.set_result(result_text(s));
  }

  frontier::GameInfo info_;
};

}  // namespace

void register_games(core::Registry& r) {
  r.add(std::make_unique<DispatchesGame>());
}

}  // namespace frontier::dispatches
