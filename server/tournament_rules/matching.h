// Maximum cardinality matching in a general graph (Edmonds' blossom algorithm), used by the
// Swiss pairer to know, before it commits a pairing, that the players left can still all
// be paired. That check is what makes the pairer complete: it never paints itself into a
// corner, so it finds a valid pairing whenever one exists.
//
// Vertices are 0..n-1; a vertex can be taken out of the graph (paired or given the bye).
// All iteration is over vectors in index order, so results are deterministic.
#pragma once

#include <cstddef>
#include <vector>

namespace frontier::tournament {

class Matching {
 public:
  explicit Matching(int vertices);

  void add_edge(int u, int v);
  bool has_edge(int u, int v) const {
    return adjacent_[static_cast<size_t>(u) * static_cast<size_t>(n_) + static_cast<size_t>(v)] != 0;
  }

  // Grows the current matching to a maximum one; returns its number of edges.
  int maximise();
  bool perfect() const;  // every live vertex matched
  int mate(int v) const { return mate_[static_cast<size_t>(v)]; }

  // Takes u out of the graph (its partner, if any, becomes unmatched).
  void remove(int u);
  bool live(int v) const { return live_[static_cast<size_t>(v)] != 0; }

  // With a maximum matching (of size M) in place: pairs u with v (an edge) and removes
  // both, leaving a maximum matching of size M-1 of the rest if one exists — that is, if
  // some maximum matching pairs u with v. Returns false, changing nothing, otherwise. With
  // a perfect matching this asks "can everyone else still be paired?".
  bool commit_pair(int u, int v);
  // With a maximum matching in place: removes u and keeps the matching maximum.
  void remove_keeping_maximum(int u);

  // Cheap save and restore of the matching and the live vertices (not the edges).
  struct Snapshot {
    std::vector<char> live;
    std::vector<int> mate;
  };
  Snapshot save() const { return {live_, mate_}; }
  void restore(Snapshot snapshot) {
    live_ = std::move(snapshot.live);
    mate_ = std::move(snapshot.mate);
  }

 private:
  int find_augmenting_path(int root);
  bool augment(int root);
  int lowest_common_ancestor(int a, int b);
  void mark_path(int v, int b, int child);

  int n_;
  std::vector<char> adjacent_;
  std::vector<std::vector<int>> neighbours_;
  std::vector<char> live_;
  std::vector<int> mate_;
  // Search state of find_augmenting_path.
  std::vector<int> parent_, base_, queue_;
  std::vector<char> used_, blossom_;
};

}  // namespace frontier::tournament
