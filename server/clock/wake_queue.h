// When each timed match next needs its clock looked at (a timeout or the 80% reminder). Only
// matches with something due are here: start-up reads them from the indexed wake_at column, so a
// server with 100k stored matches loads none of them until its clock actually calls.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <set>
#include <vector>

namespace frontier::server::clock {

class WakeQueue {
 public:
  // Thread-safe. `when` 0 removes the match.
  void set(uint64_t match_id, int64_t when);
  // Removes and returns the matches due at `now`, earliest first.
  std::vector<uint64_t> pop_due(int64_t now);
  size_t size() const;

 private:
  mutable std::mutex mu_;
  std::map<uint64_t, int64_t> by_match_;
  std::set<std::pair<int64_t, uint64_t>> by_time_;
};

}  // namespace frontier::server::clock
