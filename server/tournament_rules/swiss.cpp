// The Swiss pairer: bye selection, Dutch preference order, and the greedy-with-lookahead
// loop over a blossom matching (see swiss.h for the rules).
#include "tournament_rules/swiss.h"

#include <algorithm>
#include <set>
#include <string>

#include "tournament_rules/matching.h"

namespace frontier::tournament {

namespace {

class Pairer {
 public:
  Pairer(const SwissRequest& request, bool enforce_sides) : request_(request), enforce_sides_(enforce_sides) {
    last_round_ = request.round >= request.total_rounds;
    for (size_t i = 0; i < request.entrants.size(); ++i) ranked_.push_back(static_cast<int>(i));
    std::stable_sort(ranked_.begin(), ranked_.end(), [&](int x, int y) {
      const SwissEntrant& a = entrant(x);
      const SwissEntrant& b = entrant(y);
      if (a.score != b.score) return a.score > b.score;
      return a.pairing_number < b.pairing_number;
    });
  }

  std::optional<SwissPairing> run() {
    const int n = static_cast<int>(ranked_.size());
    Matching matching(n);
    // Vertices are ranks: vertex r is ranked_[r].
    for (int x = 0; x < n; ++x) {
      for (int y = x + 1; y < n; ++y) {
        if (allowed(ranked_[static_cast<size_t>(x)], ranked_[static_cast<size_t>(y)]))
          matching.add_edge(x, y);
      }
    }
    SwissPairing pairing;
    if (n % 2 == 1) {
      std::optional<int> bye = choose_bye(matching);
      if (!bye) return std::nullopt;
      matching.remove(*bye);
      pairing.bye = entrant(ranked_[static_cast<size_t>(*bye)]).id;
    }
    matching.maximise();
    if (!matching.perfect()) return std::nullopt;

    // `group` holds a maximum matching within the current score group, so an in-group
    // pairing can be checked to leave as many pairs in the group as possible (the fewest
    // down-floaters, C.04.3) before the Dutch order is consulted.
    std::optional<Matching> group;
    HalfPoints group_score = 0;
    for (int p = 0; p < n; ++p) {
      if (!matching.live(p)) continue;
      if (!group || at_rank(p).score != group_score) {
        group_score = at_rank(p).score;
        group = score_group_matching(matching, group_score);
      }
      std::optional<int> q = choose_opponent(p, matching, *group);
      // The matching is perfect, so some opponent always passes; the guard keeps a broken
      // invariant from looping or pairing someone twice.
      if (!q) return std::nullopt;
      pairing.boards.push_back(make_board(p, *q, static_cast<int>(pairing.boards.size())));
    }
    pairing.side_limits_relaxed = request_.sides_matter && !enforce_sides_;
    return pairing;
  }

 private:
  const SwissEntrant& entrant(int index) const { return request_.entrants[static_cast<size_t>(index)]; }
  const SwissEntrant& at_rank(int rank) const { return entrant(ranked_[static_cast<size_t>(rank)]); }

  bool allowed(int x, int y) const {
    const SwissEntrant& a = entrant(x);
    const SwissEntrant& b = entrant(y);
    if (std::find(a.opponents.begin(), a.opponents.end(), b.id) != a.opponents.end()) return false;
    if (std::find(b.opponents.begin(), b.opponents.end(), a.id) != b.opponents.end()) return false;
    for (const auto& [u, v] : request_.forbidden) {
      if ((u == a.id && v == b.id) || (u == b.id && v == a.id)) return false;
    }
    if (request_.sides_matter && enforce_sides_ && !sides_compatible(a.sides, b.sides, last_round_))
      return false;
    return true;
  }

  // Lowest-ranked first among those without a bye, the first whose absence leaves a
  // perfectly pairable field.
  std::optional<int> choose_bye(const Matching& matching) const {
    for (int r = static_cast<int>(ranked_.size()) - 1; r >= 0; --r) {
      if (at_rank(r).had_bye) continue;
      Matching trial = matching;
      trial.remove(r);
      trial.maximise();
      if (trial.perfect()) return r;
    }
    return std::nullopt;
  }

  // A maximum matching among the unpaired players with `score`, over the allowed pairings.
  Matching score_group_matching(const Matching& field, HalfPoints score) const {
    const int n = static_cast<int>(ranked_.size());
    Matching group(n);
    for (int x = 0; x < n; ++x) {
      if (!field.live(x) || at_rank(x).score != score) continue;
      for (int y = x + 1; y < n; ++y) {
        if (field.live(y) && at_rank(y).score == score && field.has_edge(x, y)) group.add_edge(x, y);
      }
    }
    for (int x = 0; x < n; ++x) {
      if (!field.live(x) || at_rank(x).score != score) group.remove(x);
    }
    group.maximise();
    return group;
  }

  // p's opponent: the first in Dutch order that keeps the whole field pairable and, among
  // p's own score group, the group's pairs at their maximum; failing that, the first in-group
  // opponent that keeps the field pairable; then the lower groups. Commits the pairing in
  // both matchings.
  std::optional<int> choose_opponent(int p, Matching& field, Matching& group) const {
    std::vector<int> order = candidates(p, field);
    auto in_group = [&](int q) { return at_rank(q).score == at_rank(p).score; };
    for (int q : order) {
      if (!in_group(q) || !field.has_edge(p, q)) continue;
      Matching::Snapshot saved = group.save();
      if (!group.commit_pair(p, q)) continue;
      if (field.commit_pair(p, q)) return q;
      group.restore(std::move(saved));
    }
    for (int q : order) {
      if (!field.has_edge(p, q) || !field.commit_pair(p, q)) continue;
      group.remove_keeping_maximum(p);
      if (in_group(q)) group.remove_keeping_maximum(q);
      return q;
    }
    return std::nullopt;
  }

  // How badly a pairing of p and q disappoints side preferences: 0 none, 1 a mild one,
  // 2 a strong or absolute one.
  int side_conflict(int p, int q) const {
    if (!request_.sides_matter) return 0;
    SidePreference a = side_preference(at_rank(p).sides, last_round_);
    SidePreference b = side_preference(at_rank(q).sides, last_round_);
    if (a.strength == SideStrength::kNone || b.strength == SideStrength::kNone || a.side != b.side) return 0;
    return std::min(a.strength, b.strength) == SideStrength::kMild ? 1 : 2;
  }

  // Opponents for p (the top unpaired player) in Dutch preference order.
  std::vector<int> candidates(int p, const Matching& matching) const {
    std::vector<int> group;  // p's score group, p excluded, rank order
    std::vector<int> lower;  // everyone else left (all rank below p), rank order
    for (int r = p + 1; r < static_cast<int>(ranked_.size()); ++r) {
      if (!matching.live(r)) continue;
      (at_rank(r).score == at_rank(p).score ? group : lower).push_back(r);
    }
    std::vector<int> order;
    std::optional<int> floater;
    if (!group.empty() && group.size() % 2 == 0) {
      // The group (with p) is odd: one member floats down. Prefer one who did not float
      // down last round, lowest-ranked first.
      floater = group.back();
      for (auto it = group.rbegin(); it != group.rend(); ++it) {
        if (at_rank(*it).last_float != Float::kDown) {
          floater = *it;
          break;
        }
      }
      group.erase(std::find(group.begin(), group.end(), *floater));
    }
    if (!group.empty()) {
      // S1 = top half, S2 = bottom half of [p] + group; p heads S1 and prefers the head of
      // S2, then the rest of S2 (transpositions), then S1 members (exchanges).
      size_t half = (group.size() + 1) / 2 - 1;
      for (size_t i = half; i < group.size(); ++i) order.push_back(group[i]);
      for (size_t i = half; i-- > 0;) order.push_back(group[i]);
      std::stable_sort(order.begin(), order.end(),
                       [&](int x, int y) { return side_conflict(p, x) < side_conflict(p, y); });
    }
    if (floater) order.push_back(*floater);
    // Down-floating: the next groups from the top, players who floated up last round last.
    std::stable_partition(lower.begin(), lower.end(),
                          [&](int r) { return at_rank(r).last_float != Float::kUp; });
    order.insert(order.end(), lower.begin(), lower.end());
    return order;
  }

  Board make_board(int p, int q, int board_index) const {
    const SwissEntrant& higher = at_rank(p);
    const SwissEntrant& lower = at_rank(q);
    Side default_side = board_index % 2 == 0 ? request_.initial_side : other(request_.initial_side);
    Side side = side_for_higher(higher.sides, lower.sides, last_round_, default_side,
                                request_.sides_matter && enforce_sides_);
    if (!request_.sides_matter && (higher.sides.sides.empty() || lower.sides.sides.empty()))
      side = default_side;
    return side == Side::kA ? Board{higher.id, lower.id, {}} : Board{lower.id, higher.id, {}};
  }

  const SwissRequest& request_;
  bool enforce_sides_;
  bool last_round_ = false;
  std::vector<int> ranked_;  // entrant indices by rank
};

}  // namespace

core::Result<SwissPairing> pair_swiss_round(const SwissRequest& request) {
  std::set<PlayerId> ids;
  for (const SwissEntrant& e : request.entrants) {
    if (!ids.insert(e.id).second) {
      return core::Status::invalid_argument("player " + std::to_string(e.id) +
                                            " is listed twice for one round");
    }
  }
  if (request.round < 1 || request.round > request.total_rounds) {
    return core::Status::invalid_argument("round " + std::to_string(request.round) + " is outside 1.." +
                                          std::to_string(request.total_rounds));
  }
  if (auto strict = Pairer(request, true).run()) return std::move(*strict);
  if (request.sides_matter) {
    if (auto relaxed = Pairer(request, false).run()) return std::move(*relaxed);
  }
  return core::Status::illegal_action(
      "round " + std::to_string(request.round) +
      " cannot be paired: every pairing would repeat a game, give someone a second "
      "bye or use a forbidden pairing (FIDE C.04.1 a, b, d)");
}

}  // namespace frontier::tournament
