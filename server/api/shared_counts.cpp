#include "api/shared_counts.h"

#include <algorithm>
#include <memory>

namespace frontier::server {

namespace {
constexpr uint64_t kPruneEvery = 1000;
}  // namespace

void SharedCounts::count(std::vector<SharedLimit> limits, std::function<void(int64_t wait)> done) {
  std::erase_if(limits, [](const SharedLimit& l) { return l.limit <= 0; });
  if (limits.empty()) return done(0);
  int64_t now = now_();
  bool prune = ++counted_ % kPruneEvery == 0;
  auto wait = std::make_shared<int64_t>(0);
  writer_.submit(
      [limits = std::move(limits), now, prune, wait](storage::Store& s) {
        for (const auto& l : limits) {
          auto c = s.bump_counter(l.key, now, l.window, l.delta);
          if (!c) return c.status();
          // A look (delta 0) asks whether one more event would fit.
          bool over = l.delta > 0 ? c->count > l.limit : c->count >= l.limit;
          if (over) *wait = std::max(*wait, std::max<int64_t>(c->ends_at - now, 1));
        }
        // A refused event counts nothing, as on one node: its counts are taken back at once.
        if (*wait > 0) {
          for (const auto& l : limits) {
            if (l.delta <= 0) continue;
            if (auto c = s.bump_counter(l.key, now, l.window, -l.delta); !c) return c.status();
          }
        }
        // Keys seen once (a guesser's many addresses) must not pile up: windows are at most
        // an hour, so what ended an hour ago is gone for good.
        return prune ? s.prune_counters(now - 3600) : core::Status::ok();
      },
      [wait, done = std::move(done)](bool ok) { done(ok ? *wait : 1); });
}

void SharedCounts::take_back(std::vector<SharedLimit> limits) {
  std::erase_if(limits, [](const SharedLimit& l) { return l.limit <= 0; });
  if (limits.empty()) return;
  int64_t now = now_();
  writer_.submit([limits = std::move(limits), now](storage::Store& s) {
    for (const auto& l : limits) {
      auto c = s.bump_counter(l.key, now, l.window, -std::max<int64_t>(l.delta, 1));
      if (!c) return c.status();
    }
    return core::Status::ok();
  });
}

}  // namespace frontier::server
