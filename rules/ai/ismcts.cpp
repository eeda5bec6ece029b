// The tree lives in one vector of nodes; children are kept sorted by (actor, action) so the
// availability pass over a redrawn state's legal actions costs a binary search each.
#include "ai/ismcts.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <memory>
#include <utility>
#include <vector>

#include "core/bytes.h"
#include "core/engine.h"

namespace frontier::ai {

namespace {

uint64_t key_of(core::Seat actor, const core::Action& a) {
  auto u16 = [](int v) { return static_cast<uint64_t>(static_cast<uint16_t>(v)); };
  // kind is 16 bits, a/b/c 16 each: 64 bits with no room for the actor, who is mixed in.
  return (u16(a.kind) << 48 | u16(a.a) << 32 | u16(a.b) << 16 | u16(a.c)) ^
         (static_cast<uint64_t>(actor + 1) * 0x9E3779B97F4A7C15ULL);
}

// Leaves out the actions the game says a bot never takes, unless that would leave none.
// `skipped` is room for the game's answers, kept by the caller across calls.
void drop_skipped(const core::Game& game, const core::GameState& state, core::Seat seat,
                  std::vector<core::Action>& actions, std::vector<uint8_t>& skipped) {
  game.bot_skips_among(state, seat, actions, skipped);
  size_t kept = 0;
  for (size_t i = 0; i < actions.size(); ++i)
    if (!skipped[i]) actions[kept++] = actions[i];
  if (kept > 0) actions.resize(kept);
}

// Leaves out the root actions the caller asked to avoid (SearchLimits::root_avoid), unless that
// would leave none.
void drop_avoided(std::vector<core::Action>& actions, const std::vector<core::Action>& avoid) {
  if (avoid.empty()) return;
  auto avoided = [&](const core::Action& a) {
    return std::find(avoid.begin(), avoid.end(), a) != avoid.end();
  };
  if (std::all_of(actions.begin(), actions.end(), avoided)) return;
  std::erase_if(actions, avoided);
}

struct Node {
  core::Action action;
  core::Seat actor = core::kObserver;
  uint32_t visits = 0;
  uint32_t available = 0;
  double reward = 0;                               // summed over visits, from the actor's side
  bool circles = false;                            // leads back to a position on its own path
  std::vector<std::pair<uint64_t, int>> children;  // sorted by key
};

class Search {
 public:
  Search(const core::Game& game, core::Seat seat, uint64_t seed, const SearchLimits& limits)
      : game_(game),
        seat_(seat),
        rng_(seed, 0x49534d435453ULL /* "ISMCTS" */),
        limits_(limits),
        policy_per_mille_(limits.policy_per_mille >= 0 ? limits.policy_per_mille
                                                       : game.playout_policy_per_mille()) {
    nodes_.emplace_back();
  }

  void iterate(const core::GameState& root) {
    auto state = determinize(root);
    start_ = state->clone();  // what cut-short playouts are measured from (Game::estimate_since)
    std::vector<int> path{0};
    int node = 0;
    bool in_tree = true;
    int rolled = 0;
    positions_.assign(1, position_key(*state));
    for (;;) {
      core::SeatMask waiting = game_.awaiting(*state);
      if (waiting == 0) break;
      // At the root the searching seat acts (others may hold secret prompts at the same time);
      // below it, the lowest waiting seat.
      core::Seat actor =
          path.size() == 1 && (waiting & core::seat_bit(seat_)) ? seat_ : std::countr_zero(waiting);
      game_.legal_actions(*state, actor, legal_);
      if (legal_.empty()) break;
      core::Action action;
      bool tree_step = in_tree;
      if (in_tree) {
        drop_skipped(game_, *state, actor, legal_, skipped_);
        if (path.size() == 1 && actor == seat_) drop_avoided(legal_, limits_.root_avoid);
        int next = descend(node, actor, action);
        if (next < 0) {
          // Every move from here went round in a circle, so getting here was a detour too.
          nodes_[static_cast<size_t>(node)].circles = true;
          return;
        }
        in_tree = nodes_[static_cast<size_t>(next)].visits > 0;
        node = next;
        path.push_back(node);
      } else {
        if (rolled++ >= limits_.rollout_actions) break;
        action = playout_action(*state, actor);
      }
      game_.apply_legal(*state, actor, action, no_log_);
      if (tree_step && repeats_position(*state)) {
        // Whatever can follow a repeated position could have followed it the first time, so the
        // move is never needed: it is set aside, and the iteration counts for nothing. Scored
        // instead (a playout from the repeated position, cut short and scored by the estimate),
        // circling postponed whatever the game would do next and the bot learned to stall: a
        // Crossroads bot picked and cancelled the same force for thousands of actions. Scored
        // as a loss, it weighed down every move that is made in several steps.
        nodes_[static_cast<size_t>(node)].circles = true;
        return;
      }
    }
    score(*state);
    backpropagate(path);
  }

  SearchResult best(const std::vector<core::Action>& root_legal) const {
    SearchResult out;
    out.action = root_legal.front();
    double best_mean = -1;
    const Node& root = nodes_.front();
    for (const core::Action& a : root_legal) {
      auto it = find_child(root, key_of(seat_, a));
      if (it == root.children.end()) continue;
      const Node& c = nodes_[static_cast<size_t>(it->second)];
      if (c.circles) continue;
      double mean = c.visits ? c.reward / c.visits : 0;
      if (c.visits > out.visits || (c.visits == out.visits && mean > best_mean)) {
        out.action = a;
        out.visits = c.visits;
        best_mean = mean;
      }
    }
    out.nodes = static_cast<int>(nodes_.size());
    return out;
  }

 private:
  void backpropagate(const std::vector<int>& path) {
    for (int n : path) {
      Node& x = nodes_[static_cast<size_t>(n)];
      ++x.visits;
      if (x.actor >= 0 && static_cast<size_t>(x.actor) < rewards_.size()) x.reward += rewards_[x.actor];
    }
  }

  // A position is its snapshot's hash: equal snapshots are equal positions, whatever the path.
  uint64_t position_key(const core::GameState& state) {
    snapshot_.clear();
    game_.snapshot(state, snapshot_);
    return core::quick_hash64(snapshot_.bytes());
  }

  // True when a move inside the tree brought back a position already on this iteration's path
  // (the root included), e.g. picking a force, then cancelling it. Remembers the new position
  // otherwise.
  bool repeats_position(const core::GameState& state) {
    uint64_t key = position_key(state);
    if (std::find(positions_.begin(), positions_.end(), key) != positions_.end()) return true;
    positions_.push_back(key);
    return false;
  }

  std::unique_ptr<core::GameState> determinize(const core::GameState& root) {
    auto state = limits_.redraw ? limits_.redraw(rng_) : game_.resample_hidden(root, seat_, rng_);
    if (!state) state = root.clone();
    // The dice to come are as unknown as any hidden card.
    game_.rng(*state) = core::Rng(rng_.next_u32(), rng_.next_u32());
    return state;
  }

  using Children = std::vector<std::pair<uint64_t, int>>;
  static Children::const_iterator find_child(const Node& n, uint64_t key) {
    auto it = std::lower_bound(n.children.begin(), n.children.end(), std::pair<uint64_t, int>(key, -1));
    return it != n.children.end() && it->first == key ? it : n.children.end();
  }

  // Counts the children legal here as available, then adds an untried action as a new child or
  // follows the available child with the best upper confidence bound; -1 when every child legal
  // here goes round in a circle.
  int descend(int node, core::Seat actor, core::Action& action) {
    untried_.clear();
    available_.clear();
    for (const core::Action& a : legal_) {
      auto it = find_child(nodes_[static_cast<size_t>(node)], key_of(actor, a));
      if (it == nodes_[static_cast<size_t>(node)].children.end()) {
        untried_.push_back(a);
      } else if (!nodes_[static_cast<size_t>(it->second)].circles) {
        ++nodes_[static_cast<size_t>(it->second)].available;
        available_.push_back(it->second);
      }
    }
    if (!untried_.empty()) {
      action = untried_[rng_.below(static_cast<uint32_t>(untried_.size()))];
      int child = static_cast<int>(nodes_.size());
      Node fresh;
      fresh.action = action;
      fresh.actor = actor;
      fresh.available = 1;
      nodes_.push_back(std::move(fresh));
      auto& kids = nodes_[static_cast<size_t>(node)].children;
      std::pair<uint64_t, int> entry(key_of(actor, action), child);
      kids.insert(std::lower_bound(kids.begin(), kids.end(), entry), entry);
      return child;
    }
    if (available_.empty()) return -1;
    int best = available_.front();
    double best_ucb = -1;
    for (int c : available_) {
      const Node& n = nodes_[static_cast<size_t>(c)];
      double ucb =
          n.reward / n.visits + limits_.exploration * std::sqrt(std::log(double(n.available)) / n.visits);
      if (ucb > best_ucb) best_ucb = ucb, best = c;
    }
    action = nodes_[static_cast<size_t>(best)].action;
    return best;
  }

  // `legal_` holds every legal action (none dropped yet): the policy chooses among all of them,
  // as it would listing them itself, and only a random pick leaves out what bots skip.
  core::Action playout_action(const core::GameState& state, core::Seat actor) {
    core::Action a;
    if (static_cast<int>(rng_.below(1000)) < policy_per_mille_ &&
        game_.policy_action_among(state, actor, legal_, a))
      return a;
    drop_skipped(game_, state, actor, legal_, skipped_);
    return legal_[rng_.below(static_cast<uint32_t>(legal_.size()))];
  }

  // Each seat's reward in [0, 1]: a win 1, a draw a half, else the game's estimate (measured
  // from where this iteration began, where the game does so).
  void score(const core::GameState& state) {
    rewards_.assign(static_cast<size_t>(game_.seat_count()), 0.5);
    if (game_.awaiting(state) != 0) {
      for (core::Seat s = 0; s < game_.seat_count(); ++s)
        if (auto e = game_.estimate_since(*start_, state, s)) rewards_[static_cast<size_t>(s)] = *e / 1000.0;
      return;
    }
    status_.Clear();  // status() adds to repeated fields
    game_.status(state, status_);
    for (core::Seat s = 0; s < game_.seat_count(); ++s) {
      double r = status_.draw() ? 0.5 : status_.winner() == s ? 1.0 : 0.0;
      // A draw is not all alike where the game has an estimate (Crossroads: the VP lead short of
      // the 20 a win needs, 25.52): it moves the half by up to a quarter, so a drawn end with a
      // lead still counts above one without, and below any win. Without this, every playout
      // that reaches the end of a drawn game scores the same half and tells the search nothing,
      // while one cut short a little earlier scores the lead: the bot saw no reason to build one.
      if (status_.draw())
        if (auto e = game_.estimate_since(*start_, state, s)) r = 0.25 + std::clamp(*e, 0, 1000) / 2000.0;
      rewards_[static_cast<size_t>(s)] = r;
    }
  }

  const core::Game& game_;
  core::Seat seat_;
  core::Rng rng_;
  const SearchLimits& limits_;
  int policy_per_mille_;
  std::vector<Node> nodes_;
  std::unique_ptr<core::GameState> start_;  // this iteration's redrawn root, before any move
  std::vector<core::Action> legal_, untried_;
  std::vector<uint8_t> skipped_;  // drop_skipped's room
  std::vector<int> available_;
  std::vector<double> rewards_;
  std::vector<uint64_t> positions_;  // of the current iteration's walk through the tree
  core::ByteWriter snapshot_;        // reused: a position key takes a snapshot at every step
  frontier::GameStatus status_;
  core::EventSink no_log_;
};

}  // namespace

void bot_choices(const core::Game& game, const core::GameState& state, core::Seat seat,
                 std::vector<core::Action>& out) {
  game.legal_actions(state, seat, out);
  std::vector<uint8_t> skipped;
  drop_skipped(game, state, seat, out, skipped);
}

SearchResult search(const core::Game& game, const core::GameState& state, core::Seat seat, uint64_t seed,
                    const SearchLimits& limits) {
  std::vector<core::Action> root_legal;
  game.legal_actions(state, seat, root_legal);
  SearchResult out;
  if (root_legal.empty()) return out;
  std::vector<uint8_t> skipped;
  drop_skipped(game, state, seat, root_legal, skipped);
  drop_avoided(root_legal, limits.root_avoid);
  if (root_legal.size() == 1) {
    out.action = root_legal.front();
    return out;
  }
  if (limits.iterations <= 0) {
    // No search (a turn's budget spent, ai/turn.h): the game's policy where it has one and its
    // choice is among the bot's, else the first choice.
    out.action = root_legal.front();
    core::Action policy;
    if (game.policy_action(state, seat, policy) &&
        std::find(root_legal.begin(), root_legal.end(), policy) != root_legal.end())
      out.action = policy;
    return out;
  }
  Search search(game, seat, seed, limits);
  int done = 0;
  while (done < limits.iterations && !(limits.stop && limits.stop())) {
    search.iterate(state);
    ++done;
  }
  out = search.best(root_legal);
  out.iterations = done;
  return out;
}

}  // namespace frontier::ai
