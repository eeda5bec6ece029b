#include "hand_of_destiny/policy.h"

#include <algorithm>
#include <vector>

#include "core/greedy.h"
#include "hand_of_destiny/game.h"
#include "hand_of_destiny/rules.h"

namespace frontier::hand_of_destiny {

int greedy_score(const State& s, int seat, const core::Action& a) {
  int enemy = 1 - seat, score = 0;
  switch (a.kind) {
    case khartoum::STEP_TO:
    case khartoum::PURSUE_TO:
      if (has_side(s, a.a, enemy))
        score += 100;
      else if (is_town(s, a.a))
        score += 30;
      if (seat == kMahdist && s.sc->spaces[static_cast<size_t>(a.a)].vp == 3) score += 40;
      break;
    case khartoum::SET_OUT:
      score += 50;
      break;
    case khartoum::MOVE_FROM:
      score += 20;
      break;
    case khartoum::TOGGLE:
      score -= 50;  // splitting a stack
      break;
    case khartoum::HALT:
    case khartoum::CANCEL:
      score -= 20;
      break;
    case khartoum::BREAK_OFF:
    case khartoum::PUT_ON_TOP:
      score -= 50;
      break;
    case khartoum::END_MARCH:
      score -= 10;
      break;
    default:
      break;
  }
  return score;
}

bool HandOfDestinyGame::policy_action(const core::GameState& gs, core::Seat seat, core::Action& out) const {
  std::vector<core::Action> legal;
  legal_actions(gs, seat, legal);
  return policy_action_among(gs, seat, legal, out);
}

bool HandOfDestinyGame::policy_action_among(const core::GameState& gs, core::Seat seat,
                                            const std::vector<core::Action>& legal, core::Action& out) const {
  if (legal.empty()) return false;
  int best = -1000000;
  for (const core::Action& a : legal) {
    int score = greedy_score(S(gs), seat, a);
    if (score > best) best = score, out = a;
  }
  return true;
}

bool HandOfDestinyGame::greedy_action(const core::GameState& gs, core::Seat seat,
                                      const std::vector<core::Action>& legal, core::Rng& rng,
                                      core::Action& out) const {
  if (legal.empty()) return false;
  out = core::best_with_noise(legal, rng, 10,
                              [&](const core::Action& a) { return greedy_score(S(gs), seat, a); });
  return true;
}

// 27.0: the Empire wins holding its target in victory points at the end. The estimate moves a
// tenth per point either side of the target (a reconstruction for bots, not a rule).
std::optional<int> HandOfDestinyGame::estimate(const core::GameState& gs, core::Seat seat) const {
  const State& s = S(gs);
  int margin = empire_vp(s) - s.sc->empire_vp_to_win;
  int empire = std::clamp(550 + 100 * margin, 0, 1000);
  return seat == kEmpire ? empire : 1000 - empire;
}

}  // namespace frontier::hand_of_destiny
