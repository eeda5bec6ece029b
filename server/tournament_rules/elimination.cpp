// Bracket plans (single, double) and the resolution of who meets whom.
#include "tournament_rules/elimination.h"

#include <algorithm>
#include <string>

namespace frontier::tournament {

namespace {

int next_power_of_two(int n) {
  int p = 1;
  while (p < n) p *= 2;
  return p;
}

BracketSlot seed(int s) {
  return {BracketSlot::From::kSeed, s};
}
BracketSlot winner_of(int m) {
  return {BracketSlot::From::kWinnerOf, m};
}
BracketSlot loser_of(int m) {
  return {BracketSlot::From::kLoserOf, m};
}

int add(EliminationPlan& plan, BracketPart part, int round, BracketSlot top, BracketSlot bottom) {
  int id = static_cast<int>(plan.matches.size());
  plan.matches.push_back(BracketMatch{id, part, round, top, bottom});
  return id;
}

// The winners' bracket; returns the match ids of each round.
std::vector<std::vector<int>> winners_bracket(EliminationPlan& plan) {
  std::vector<std::vector<int>> rounds;
  std::vector<int> positions = seed_positions(plan.bracket_size);
  std::vector<int> current;
  for (size_t i = 0; i + 1 < positions.size(); i += 2) {
    current.push_back(add(plan, BracketPart::kWinners, 1, seed(positions[i]), seed(positions[i + 1])));
  }
  rounds.push_back(current);
  for (int round = 2; current.size() > 1; ++round) {
    std::vector<int> next;
    for (size_t i = 0; i + 1 < current.size(); i += 2) {
      next.push_back(
          add(plan, BracketPart::kWinners, round, winner_of(current[i]), winner_of(current[i + 1])));
    }
    rounds.push_back(next);
    current = next;
  }
  return rounds;
}

}  // namespace

std::vector<int> seed_positions(int bracket_size) {
  std::vector<int> positions = {1};
  for (int size = 2; size <= bracket_size; size *= 2) {
    std::vector<int> next;
    for (int s : positions) {
      next.push_back(s);
      next.push_back(size + 1 - s);
    }
    positions = next;
  }
  return positions;
}

EliminationPlan single_elimination(int players, bool third_place_match) {
  EliminationPlan plan;
  plan.kind = EliminationKind::kSingle;
  plan.bracket_size = next_power_of_two(std::max(players, 2));
  std::vector<std::vector<int>> rounds = winners_bracket(plan);
  if (third_place_match && rounds.size() >= 2) {
    const std::vector<int>& semis = rounds[rounds.size() - 2];
    add(plan, BracketPart::kThirdPlace, 1, loser_of(semis[0]), loser_of(semis[1]));
  }
  return plan;
}

EliminationPlan double_elimination(int players) {
  EliminationPlan plan;
  plan.kind = EliminationKind::kDouble;
  plan.bracket_size = next_power_of_two(std::max(players, 2));
  std::vector<std::vector<int>> wb = winners_bracket(plan);
  const int wb_final = wb.back().front();

  BracketSlot lb_champion = loser_of(wb_final);  // with 2 players the losers' bracket is one player
  if (wb.size() >= 2) {
    int lb_round = 1;
    std::vector<BracketSlot> survivors;
    for (size_t i = 0; i + 1 < wb[0].size(); i += 2) {
      survivors.push_back(
          winner_of(add(plan, BracketPart::kLosers, lb_round, loser_of(wb[0][i]), loser_of(wb[0][i + 1]))));
    }
    for (size_t r = 1; r < wb.size(); ++r) {
      // Survivors meet the losers of winners' round r+1, dropped in reverse order every
      // other round so players who met in the winners' bracket do not meet again at once.
      ++lb_round;
      std::vector<int> drops = wb[r];
      if (r % 2 == 1) std::reverse(drops.begin(), drops.end());
      std::vector<BracketSlot> next;
      for (size_t i = 0; i < drops.size(); ++i) {
        next.push_back(
            winner_of(add(plan, BracketPart::kLosers, lb_round, survivors[i], loser_of(drops[i]))));
      }
      survivors = next;
      if (survivors.size() > 1) {
        ++lb_round;
        std::vector<BracketSlot> halved;
        for (size_t i = 0; i + 1 < survivors.size(); i += 2) {
          halved.push_back(
              winner_of(add(plan, BracketPart::kLosers, lb_round, survivors[i], survivors[i + 1])));
        }
        survivors = halved;
      }
    }
    lb_champion = survivors.front();
  }
  int final_match = add(plan, BracketPart::kGrandFinal, 1, winner_of(wb_final), lb_champion);
  // The reset: the first final's winner (the losers' champion, when it is played) takes side A.
  add(plan, BracketPart::kGrandFinalReset, 1, winner_of(final_match), loser_of(final_match));
  return plan;
}

EliminationState start_elimination(EliminationPlan plan, std::vector<PlayerId> seeds) {
  EliminationState state;
  state.winners.assign(plan.matches.size(), std::nullopt);
  state.decided.assign(plan.matches.size(), false);
  state.plan = std::move(plan);
  state.seeds = std::move(seeds);
  return state;
}

std::vector<MatchView> resolve_bracket(const EliminationState& state) {
  std::vector<MatchView> views(state.plan.matches.size());
  // A slot is unknown, empty (known, no player) or a player.
  struct SlotValue {
    bool known = false;
    std::optional<PlayerId> player;
  };
  auto slot = [&](const BracketSlot& s) -> SlotValue {
    if (s.from == BracketSlot::From::kSeed) {
      if (s.index >= 1 && s.index <= static_cast<int>(state.seeds.size())) {
        return {true, state.seeds[static_cast<size_t>(s.index - 1)]};
      }
      return {true, std::nullopt};
    }
    const MatchView& source = views[static_cast<size_t>(s.index)];
    switch (source.status) {
      case MatchStatus::kWaiting:
      case MatchStatus::kReady:
        return {};
      case MatchStatus::kEmpty:
      case MatchStatus::kNotNeeded:
        return {true, std::nullopt};
      case MatchStatus::kWalkover:
      case MatchStatus::kDecided:
        return {true, s.from == BracketSlot::From::kWinnerOf ? source.winner : source.loser};
    }
    return {};
  };
  for (const BracketMatch& match : state.plan.matches) {
    MatchView& view = views[static_cast<size_t>(match.id)];
    if (match.part == BracketPart::kGrandFinalReset) {
      // Played only when the losers' champion (the first final's bottom) won the first final.
      const MatchView& first = views[static_cast<size_t>(match.top.index)];
      if (first.status == MatchStatus::kWaiting || first.status == MatchStatus::kReady) continue;
      bool reset = first.status == MatchStatus::kDecided && first.winner && first.winner == first.bottom;
      if (!reset) {
        view.status = MatchStatus::kNotNeeded;
        continue;
      }
    }
    SlotValue top = slot(match.top);
    SlotValue bottom = slot(match.bottom);
    if (!top.known || !bottom.known) continue;  // waiting
    view.top = top.player;
    view.bottom = bottom.player;
    if (view.top && view.bottom) {
      view.status =
          state.decided[static_cast<size_t>(match.id)] ? MatchStatus::kDecided : MatchStatus::kReady;
      if (view.status == MatchStatus::kDecided) {
        view.winner = state.winners[static_cast<size_t>(match.id)];
        if (view.winner) view.loser = *view.winner == *view.top ? view.bottom : view.top;
      }
    } else if (view.top || view.bottom) {
      view.status = MatchStatus::kWalkover;
      view.winner = view.top ? view.top : view.bottom;
    } else {
      view.status = MatchStatus::kEmpty;
    }
  }
  return views;
}

std::vector<int> playable_matches(const EliminationState& state) {
  std::vector<int> ids;
  std::vector<MatchView> views = resolve_bracket(state);
  for (size_t i = 0; i < views.size(); ++i) {
    if (views[i].status == MatchStatus::kReady) ids.push_back(static_cast<int>(i));
  }
  return ids;
}

core::Status record_bracket_result(EliminationState& state, int match_id, std::optional<PlayerId> winner) {
  if (match_id < 0 || match_id >= static_cast<int>(state.plan.matches.size())) {
    return core::Status::not_found("bracket match " + std::to_string(match_id) + " does not exist");
  }
  MatchView view = resolve_bracket(state)[static_cast<size_t>(match_id)];
  if (view.status != MatchStatus::kReady) {
    return core::Status::illegal_action(
        "bracket match " + std::to_string(match_id) +
        " is not awaiting a result (its players are not both known, or it is over)");
  }
  if (winner && winner != view.top && winner != view.bottom) {
    return core::Status::invalid_argument("player " + std::to_string(*winner) +
                                          " does not play bracket match " + std::to_string(match_id));
  }
  state.decided[static_cast<size_t>(match_id)] = true;
  state.winners[static_cast<size_t>(match_id)] = winner;
  return core::Status::ok();
}

std::optional<PlayerId> bracket_champion(const EliminationState& state) {
  std::vector<MatchView> views = resolve_bracket(state);
  for (size_t i = views.size(); i-- > 0;) {
    BracketPart part = state.plan.matches[i].part;
    if (part == BracketPart::kThirdPlace) continue;
    if (views[i].status == MatchStatus::kNotNeeded) continue;
    if (views[i].status == MatchStatus::kDecided || views[i].status == MatchStatus::kWalkover)
      return views[i].winner;
    return std::nullopt;  // the deciding match is still to come
  }
  return std::nullopt;
}

bool bracket_complete(const EliminationState& state) {
  if (!bracket_champion(state)) return false;
  for (const MatchView& view : resolve_bracket(state)) {
    if (view.status == MatchStatus::kReady || view.status == MatchStatus::kWaiting) return false;
  }
  return true;
}

}  // namespace frontier::tournament
