// Edmonds' blossom algorithm: breadth-first search for an augmenting path from one exposed
// vertex, contracting odd cycles (blossoms) to their base as they are found. O(V^3) for a
// whole matching, O(V^2) for the single augmentation commit_pair needs.
#include "tournament_rules/matching.h"

namespace frontier::tournament {

Matching::Matching(int vertices)
    : n_(vertices),
      adjacent_(static_cast<size_t>(vertices * vertices), 0),
      neighbours_(static_cast<size_t>(vertices)),
      live_(static_cast<size_t>(vertices), 1),
      mate_(static_cast<size_t>(vertices), -1),
      parent_(static_cast<size_t>(vertices)),
      base_(static_cast<size_t>(vertices)),
      used_(static_cast<size_t>(vertices)),
      blossom_(static_cast<size_t>(vertices)) {}

void Matching::add_edge(int u, int v) {
  if (u == v || has_edge(u, v)) return;
  adjacent_[static_cast<size_t>(u) * static_cast<size_t>(n_) + static_cast<size_t>(v)] = 1;
  adjacent_[static_cast<size_t>(v) * static_cast<size_t>(n_) + static_cast<size_t>(u)] = 1;
  neighbours_[static_cast<size_t>(u)].push_back(v);
  neighbours_[static_cast<size_t>(v)].push_back(u);
}

int Matching::lowest_common_ancestor(int a, int b) {
  std::vector<char> seen(static_cast<size_t>(n_), 0);
  for (;;) {
    a = base_[static_cast<size_t>(a)];
    seen[static_cast<size_t>(a)] = 1;
    if (mate_[static_cast<size_t>(a)] == -1) break;
    a = parent_[static_cast<size_t>(mate_[static_cast<size_t>(a)])];
  }
  for (;;) {
    b = base_[static_cast<size_t>(b)];
    if (seen[static_cast<size_t>(b)]) return b;
    b = parent_[static_cast<size_t>(mate_[static_cast<size_t>(b)])];
  }
}

void Matching::mark_path(int v, int b, int child) {
  while (base_[static_cast<size_t>(v)] != b) {
    int m = mate_[static_cast<size_t>(v)];
    blossom_[static_cast<size_t>(base_[static_cast<size_t>(v)])] = 1;
    blossom_[static_cast<size_t>(base_[static_cast<size_t>(m)])] = 1;
    parent_[static_cast<size_t>(v)] = child;
    child = m;
    v = parent_[static_cast<size_t>(m)];
  }
}

int Matching::find_augmenting_path(int root) {
  for (int i = 0; i < n_; ++i) {
    used_[static_cast<size_t>(i)] = 0;
    parent_[static_cast<size_t>(i)] = -1;
    base_[static_cast<size_t>(i)] = i;
  }
  queue_.clear();
  used_[static_cast<size_t>(root)] = 1;
  queue_.push_back(root);
  for (size_t head = 0; head < queue_.size(); ++head) {
    int v = queue_[head];
    for (int to : neighbours_[static_cast<size_t>(v)]) {
      if (!live_[static_cast<size_t>(to)]) continue;
      if (base_[static_cast<size_t>(v)] == base_[static_cast<size_t>(to)] ||
          mate_[static_cast<size_t>(v)] == to)
        continue;
      int to_mate = mate_[static_cast<size_t>(to)];
      if (to == root || (to_mate != -1 && parent_[static_cast<size_t>(to_mate)] != -1)) {
        // An odd cycle: contract it to its base and keep searching from its vertices.
        int current_base = lowest_common_ancestor(v, to);
        for (auto& flag : blossom_) flag = 0;
        mark_path(v, current_base, to);
        mark_path(to, current_base, v);
        for (int i = 0; i < n_; ++i) {
          if (!blossom_[static_cast<size_t>(base_[static_cast<size_t>(i)])]) continue;
          base_[static_cast<size_t>(i)] = current_base;
          if (!used_[static_cast<size_t>(i)]) {
            used_[static_cast<size_t>(i)] = 1;
            queue_.push_back(i);
          }
        }
      } else if (parent_[static_cast<size_t>(to)] == -1) {
        parent_[static_cast<size_t>(to)] = v;
        if (to_mate == -1) return to;
        used_[static_cast<size_t>(to_mate)] = 1;
        queue_.push_back(to_mate);
      }
    }
  }
  return -1;
}

bool Matching::augment(int root) {
  int v = find_augmenting_path(root);
  if (v == -1) return false;
  while (v != -1) {
    int pv = parent_[static_cast<size_t>(v)];
    int next = mate_[static_cast<size_t>(pv)];
    mate_[static_cast<size_t>(v)] = pv;
    mate_[static_cast<size_t>(pv)] = v;
    v = next;
  }
  return true;
}

int Matching::maximise() {
  for (int v = 0; v < n_; ++v) {
    if (live_[static_cast<size_t>(v)] && mate_[static_cast<size_t>(v)] == -1) augment(v);
  }
  int edges = 0;
  for (int v = 0; v < n_; ++v) {
    if (live_[static_cast<size_t>(v)] && mate_[static_cast<size_t>(v)] > v) ++edges;
  }
  return edges;
}

bool Matching::perfect() const {
  for (int v = 0; v < n_; ++v) {
    if (live_[static_cast<size_t>(v)] && mate_[static_cast<size_t>(v)] == -1) return false;
  }
  return true;
}

void Matching::remove(int u) {
  int m = mate_[static_cast<size_t>(u)];
  if (m != -1) mate_[static_cast<size_t>(m)] = -1;
  mate_[static_cast<size_t>(u)] = -1;
  live_[static_cast<size_t>(u)] = 0;
}

bool Matching::commit_pair(int u, int v) {
  int u_mate = mate_[static_cast<size_t>(u)];
  int v_mate = mate_[static_cast<size_t>(v)];
  if (u_mate == v || u_mate == -1 || v_mate == -1) {
    // At most one matched edge is lost: M-1 edges remain, and the rest cannot hold more
    // (with u-v that would make more than M).
    remove(u);
    remove(v);
    return true;
  }
  // Two edges lost. The rest has a matching of M-1 exactly when an augmenting path exists,
  // and any such path ends at one of the two freed partners: a path between vertices that
  // were already unmatched would have augmented the maximum matching before.
  Snapshot saved = save();
  remove(u);
  remove(v);
  if (augment(u_mate) || augment(v_mate)) return true;
  restore(std::move(saved));
  return false;
}

void Matching::remove_keeping_maximum(int u) {
  int u_mate = mate_[static_cast<size_t>(u)];
  remove(u);
  // Only u's former partner is newly unmatched, so only a path from it can augment.
  if (u_mate != -1) augment(u_mate);
}

}  // namespace frontier::tournament
