// The storage interface of the server (DESIGN §5), one interface per concern (issue 45):
//   transaction.h       begin / commit / rollback of the writer's batch
//   account_store.h     accounts and session tokens
//   match_store.h       the match log: matches, seats, events, snapshots
//   social_store.h      chat, prompts, seen, "my matches", profiles, e-mail settings
//   tournament_store.h  tournaments and rating pools
//   clock_store.h       seat clocks' wake times and vacations
//   outbox_store.h      webhook and mail outboxes
//   cluster_store.h     shared counters, match leases, NOTIFY
// Store is their aggregate: what a backend implements, SQLite (sqlite_store.cpp) and PostgreSQL
// (postgres_store.cpp). Every method is pure: a backend, or a test double, that misses one does
// not compile, rather than silently keeping nothing. A Store is used by one thread at a time, the
// Writer's (writer.h): every call happens inside the transaction the writer opened with begin(),
// and nothing is durable until commit() returns ok.
//
// Reads are honest: each returns core::Result, where "not found" is a value (an empty optional
// or list, a zero count) and a read that could not be done (a lost connection, an I/O error, a
// missing table) is a failed Status, never an empty answer. A failed read also fails the open
// transaction, as a failed write does (PostgreSQL aborts it anyway), so a job that read nothing
// cannot have writes kept that assumed what it read; the caller answers with a typed error.
#pragma once

#include <memory>
#include <string>

#include "storage/account_store.h"
#include "storage/clock_store.h"
#include "storage/cluster_store.h"
#include "storage/match_store.h"
#include "storage/outbox_store.h"
#include "storage/social_store.h"
#include "storage/tournament_store.h"
#include "storage/transaction.h"

namespace frontier::storage {

class Store : public Transaction,
              public AccountStore,
              public MatchStore,
              public SocialStore,
              public TournamentStore,
              public ClockStore,
              public OutboxStore,
              public ClusterStore {};

// Opens (creating if needed) a SQLite database in WAL mode and applies the embedded
// migrations in order, tracked by PRAGMA user_version.
core::Result<std::unique_ptr<Store>> open_sqlite(const std::string& path, Durability durability);

}  // namespace frontier::storage
