// Brute-force enumeration of pairings for the Swiss tests.
#include "swiss_oracle.h"

#include <algorithm>

namespace frontier::tournament::testing {

namespace {

bool may_meet(const SwissRequest& r, const SwissEntrant& x, const SwissEntrant& y, bool with_side_limits) {
  if (std::count(x.opponents.begin(), x.opponents.end(), y.id) > 0) return false;
  if (std::count(y.opponents.begin(), y.opponents.end(), x.id) > 0) return false;
  for (auto [u, v] : r.forbidden) {
    if ((u == x.id && v == y.id) || (u == y.id && v == x.id)) return false;
  }
  if (!with_side_limits || !r.sides_matter) return true;
  bool last = r.round >= r.total_rounds;
  return (side_allowed(x.sides, Side::kA, last) && side_allowed(y.sides, Side::kB, last)) ||
         (side_allowed(x.sides, Side::kB, last) && side_allowed(y.sides, Side::kA, last));
}

bool perfect(const SwissRequest& r, std::vector<const SwissEntrant*>& left, bool with_side_limits) {
  if (left.empty()) return true;
  const SwissEntrant* first = left.back();
  left.pop_back();
  for (size_t i = 0; i < left.size(); ++i) {
    const SwissEntrant* partner = left[i];
    if (!may_meet(r, *first, *partner, with_side_limits)) continue;
    left.erase(left.begin() + static_cast<long>(i));
    bool ok = perfect(r, left, with_side_limits);
    left.insert(left.begin() + static_cast<long>(i), partner);
    if (ok) {
      left.push_back(first);
      return true;
    }
  }
  left.push_back(first);
  return false;
}

}  // namespace

bool pairing_exists(const SwissRequest& request, bool with_side_limits, std::optional<PlayerId> forced_bye) {
  std::vector<const SwissEntrant*> all;
  for (const SwissEntrant& e : request.entrants) all.push_back(&e);
  if (all.size() % 2 == 0) return !forced_bye && perfect(request, all, with_side_limits);
  for (size_t i = 0; i < all.size(); ++i) {
    if (all[i]->had_bye || (forced_bye && all[i]->id != *forced_bye)) continue;
    std::vector<const SwissEntrant*> rest = all;
    rest.erase(rest.begin() + static_cast<long>(i));
    if (perfect(request, rest, with_side_limits)) return true;
  }
  return false;
}

}  // namespace frontier::tournament::testing
