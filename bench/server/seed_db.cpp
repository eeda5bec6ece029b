// frontier-seed-db: fills a database with N stored fixture matches of up to K random actions each
// (events + a snapshot every 32, as frontierd writes them), to measure restart time with many
// stored matches and the cost of loading one (snapshot + tail).
//
//   frontier-seed-db --db /tmp/big.db --matches 100000 --actions 10 [--snapshot-every 4]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

#include "auth/auth.h"
#include "core/engine.h"
#include "race_game.h"
#include "storage/store.h"

int main(int argc, char** argv) {
  std::string db = "/tmp/frontier-seeded.db";
  int matches = 1000, actions = 100, snapshot_every = 32;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string k = argv[i], v = argv[i + 1];
    if (k == "--db")
      db = v;
    else if (k == "--matches")
      matches = std::stoi(v);
    else if (k == "--actions")
      actions = std::stoi(v);
    else if (k == "--snapshot-every")
      snapshot_every = std::stoi(v);
  }
  auto store_or = frontier::storage::open_sqlite(db, frontier::storage::Durability::kOff);
  if (!store_or) {
    std::fprintf(stderr, "%s\n", store_or.status().message().c_str());
    return 1;
  }
  auto& store = *store_or.value();
  // A failed write ends the run: a half-seeded database would measure the wrong thing.
  auto must = [](const frontier::core::Status& st) {
    if (st) return;
    std::fprintf(stderr, "%s\n", st.message().c_str());
    std::exit(1);
  };
  const frontier::core::Game& race = *frontier::fixture::fixture_registry().find("race");
  auto start = std::chrono::steady_clock::now();
  must(store.begin());
  auto a = store.create_user("seed_north", "x", 0);
  auto b = store.create_user("seed_south", "x", 0);
  uint64_t north = a ? a.value() : 1, south = b ? b.value() : 2;
  std::mt19937 rng(1);
  std::vector<frontier::core::Action> legal;
  for (int m = 0; m < matches; ++m) {
    frontier::MatchSetup setup;
    setup.set_game("race");
    setup.set_scenario("standard");
    setup.set_seed(rng());
    auto state = race.initial(setup).value();
    frontier::storage::MatchRow row;
    row.game = "race";
    row.scenario = "standard";
    row.setup = setup.SerializeAsString();
    row.seed_nonce = "00";
    row.seed_commitment = "seeded";
    row.status = 2;  // running
    row.time_control = "";
    auto created = store.create_match(row);
    must(created.status());
    uint64_t id = created.value();
    must(store.set_seat(id, 0, north));
    must(store.set_seat(id, 1, south));
    uint32_t seq = 0;
    for (int k = 0; k < actions; ++k) {
      frontier::core::SeatMask awaiting = race.awaiting(*state);
      if (awaiting == 0) break;
      int seat = (awaiting & 1) ? 0 : 1;
      race.legal_actions(*state, seat, legal);
      auto action = legal[rng() % legal.size()];
      (void)frontier::core::apply(race, *state, seat, action);
      frontier::storage::EventRow e;
      e.seq = ++seq;
      e.seat = seat;
      e.action = frontier::core::to_proto(action).SerializeAsString();
      e.user_id = seat == 0 ? north : south;
      must(store.append_event(id, e));
      if (seq % static_cast<uint32_t>(snapshot_every) == 0)
        must(store.put_snapshot(id, seq, frontier::core::snapshot(race, *state)));
    }
    bool over = race.awaiting(*state) == 0;
    must(store.update_match(id, over ? 3 : 2, seq, race.awaiting(*state), "", over ? 1 : 0, 1));
    if (m % 1000 == 999) {
      must(store.commit());
      must(store.begin());
    }
  }
  must(store.commit());
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("seeded %d matches (up to %d actions each) into %s in %.1f s\n", matches, actions, db.c_str(),
              s);
  return 0;
}
