#include "app/copy_db_command.h"

#include <cstdio>

#include "core/engine.h"
#include "match/history.h"
#include "storage/copy_db.h"
#include "storage/open_store.h"
#include "storage/postgres_store.h"

namespace frontier::server {
namespace {

// The hash of the state the match's events reach, from `snapshot` when given (as a load does)
// or from the seed; the failure when they do not replay.
core::Result<std::string> final_hash(const core::Game& game, const frontier::MatchSetup& setup,
                                     const std::vector<storage::EventRow>& events,
                                     const std::optional<Snapshot>& snapshot) {
  auto h = history_at(game, setup, events, ~0u, snapshot);
  if (!h) return h.status();
  return core::state_hash(game, *h->state);
}

bool same_events(const std::vector<storage::EventRow>& a, const std::vector<storage::EventRow>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].seq != b[i].seq || a[i].seat != b[i].seat || a[i].kind != b[i].kind ||
        a[i].action != b[i].action || a[i].user_id != b[i].user_id ||
        a[i].client_action_id != b[i].client_action_id || a[i].at != b[i].at ||
        a[i].target_seq != b[i].target_seq)
      return false;
  }
  return true;
}

}  // namespace

CopyCheck verify_copy(storage::Store& from, storage::Store& to, const std::vector<uint64_t>& ids,
                      const core::Registry& games) {
  CopyCheck check;
  for (uint64_t id : ids) {
    ++check.matches;
    auto problem = [&](const std::string& what) {
      check.problems.push_back("match " + std::to_string(id) + ": " + what);
    };
    auto read_a = from.load_match(id);
    auto read_b = to.load_match(id);
    if (!read_a || !read_b) {
      problem("cannot be read: " + (read_a ? read_b : read_a).status().message());
      continue;
    }
    const auto& a = *read_a;
    const auto& b = *read_b;
    if (!a || !b) {
      problem(a ? "missing in PostgreSQL" : "missing in SQLite");
      continue;
    }
    if (a->seq != b->seq || a->status != b->status || a->result != b->result || a->setup != b->setup ||
        a->clock != b->clock || a->last_activity != b->last_activity) {
      problem("the match rows differ");
      continue;
    }
    auto read_events_a = from.events(id, 1);
    auto read_events_b = to.events(id, 1);
    auto snapshot = to.snapshot_below(id, b->seq + 1);
    if (!read_events_a || !read_events_b || !snapshot) {
      problem("its events cannot be read: " + (!read_events_a   ? read_events_a.status()
                                               : !read_events_b ? read_events_b.status()
                                                                : snapshot.status())
                                                  .message());
      continue;
    }
    const auto& events_a = *read_events_a;
    const auto& events_b = *read_events_b;
    if (!same_events(events_a, events_b)) {
      problem("the events differ");
      continue;
    }
    const core::Game* game = games.find(a->game);
    frontier::MatchSetup setup;
    if (!game || !setup.ParseFromString(a->setup)) {
      problem("game '" + a->game + "' is not in this build or its setup does not decode");
      continue;
    }
    auto source = final_hash(*game, setup, events_a, std::nullopt);
    auto seeded = final_hash(*game, setup, events_b, std::nullopt);
    auto loaded = final_hash(*game, setup, events_b, *snapshot);
    if (!source) {
      // Not the copy's doing: it does not replay from SQLite either. It must fail alike.
      if (seeded) problem("replays from PostgreSQL but not from SQLite");
      continue;
    }
    if (!seeded || !loaded) {
      problem("does not replay from PostgreSQL: " + (seeded ? loaded.status() : seeded.status()).message());
      continue;
    }
    if (seeded.value() != source.value() || loaded.value() != source.value()) {
      problem("replays to another final state");
      continue;
    }
    ++check.replayed;
  }
  return check;
}

int copy_db_main(const std::string& from, const std::string& to, const core::Registry& games) {
  if (storage::is_postgres_url(from) || !storage::is_postgres_url(to)) {
    std::fprintf(stderr,
                 "frontierd: --copy-db FROM TO copies an SQLite file FROM into a postgresql:// URL TO\n");
    return 2;
  }
  auto counts = storage::copy_sqlite_to_postgres(from, to);
  if (!counts) {
    std::fprintf(stderr, "frontierd: copy failed, nothing kept in PostgreSQL: %s\n",
                 counts.status().message().c_str());
    return 1;
  }
  for (const auto& c : counts.value())
    std::printf("%-20s %10llu rows copied\n", c.table.c_str(), static_cast<unsigned long long>(c.target));
  auto source = storage::open_sqlite(from, storage::Durability::kFull);
  auto target = storage::open_postgres(to, storage::Durability::kFull);
  auto ids = storage::sqlite_match_ids(from);
  if (!source || !target || !ids) {
    std::fprintf(stderr, "frontierd: cannot reopen the databases to verify the copy\n");
    return 1;
  }
  auto check = verify_copy(*source.value(), *target.value(), ids.value(), games);
  for (const auto& p : check.problems) std::fprintf(stderr, "frontierd: %s\n", p.c_str());
  std::printf(
      "%llu matches compared, %llu replayed to the same final state hash from both, %zu differences\n",
      static_cast<unsigned long long>(check.matches), static_cast<unsigned long long>(check.replayed),
      check.problems.size());
  return check.problems.empty() ? 0 : 1;
}

}  // namespace frontier::server
