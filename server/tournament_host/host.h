// Tournament hosting on the live server: the pure events of server/tournament_rules/ brought to life.
// The host keeps every event in memory, stores it whole after each change, creates each board's
// matches with the paired users seated, records finished matches into their boards, pairs the
// next round when one ends, forfeits at round deadlines and rates every finished game of a rated
// event (Glicko-2, per title and per side), and every rated match outside tournaments too: the
// rating pools are one, and one lock orders their stored copies. Everything it needs to resume is
// in the database: after a restart it reloads the events, finds the matches that finished while it
// was down and creates the matches a board still lacks.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "match/registry.h"
#include "storage/leadership.h"
#include "storage/writer.h"
#include "tournament_rules/event.h"
#include "tournament_rules/rating_book.h"

namespace frontier::server {

class TournamentHost {
 public:
  // `max_open_per_user`: unfinished tournaments one account may have created.
  TournamentHost(MatchRegistry& matches, storage::Writer& writer, std::function<int64_t()> now,
                 uint32_t max_open_per_user = 10);
  ~TournamentHost();

  // Loads events, links and rating pools (blocking until read), then resumes every event and
  // starts the clock thread (start times, round deadlines). Call once before serving.
  void start();
  void stop();
  // Reads every event, link and rating pool again and resumes them, replacing this node's copies:
  // a node that becomes the leader of several (storage/leadership.h) picks up what the others
  // stored. A request served meanwhile may see the old copy once; the database keeps its change.
  void reload();

  // The computer opponent of a level ("normal"...), for ManageTournament.add_bot; nullopt when
  // unknown. Set before serving; without it no bot enters.
  void set_bot_finder(std::function<std::optional<SeatHolder>(const std::string& level)> finder) {
    bot_finder_ = std::move(finder);
  }

  // Only the leader runs the tournament clock (start times, round deadlines): on a shared
  // database one node of the site does. Set before start(); without it this node always does.
  void set_leadership(const storage::Leadership* leadership) { leadership_ = leadership; }

  // Several nodes (docs/architecture.md, "Several nodes"): the leader alone changes tournaments
  // and records their results, so each advances once. A node that does not lead sends every
  // change asked here to the leader (`to_leader`, answered from there) and tells it of every
  // match that finished here (`finished_to_leader`); it answers reads from the database's copy.
  // Set before start(); without them this node does everything itself.
  void set_cluster(
      std::function<void(const std::shared_ptr<Connection>&, const wire::ClientMessage&)> to_leader,
      std::function<void(uint64_t match_id)> finished_to_leader) {
    to_leader_ = std::move(to_leader);
    finished_to_leader_ = std::move(finished_to_leader);
  }
  // A match finished on another node (told to the leader): recorded and rated here.
  void finished_elsewhere(uint64_t match_id);

  // Answers a tournament or rating request; false when `msg` is none of them.
  bool handle(const std::shared_ptr<Connection>& conn, uint64_t rid, const wire::ClientMessage& msg);

 private:
  using ConnPtr = std::shared_ptr<Connection>;
  struct Hosted {
    uint64_t id = 0;
    tournament::Event event;
    // (round, board) -> match ids in game order.
    std::map<std::pair<int, int>, std::vector<uint64_t>> board_matches;
  };
  struct NewGame {
    uint64_t tournament = 0;
    int round = 0, board = 0, game = 0;
    tournament::PlayerId seat0 = 0, seat1 = 0;
  };
  using Key = std::tuple<uint64_t, int, int, int>;

  // Under mu_: opens what can be opened and lists the games boards still need.
  std::vector<NewGame> plan_locked(Hosted& h, int64_t now);
  // Under mu_: queues the event (and touched pools, a recorded match) for the writer; `done`
  // runs once the commit is durable (or failed).
  void persist_locked(const Hosted& h, const std::vector<std::string>& pools = {},
                      uint64_t recorded_match = 0, storage::Writer::Done done = {});
  void create_games(const std::vector<NewGame>& games);
  void on_finished(uint64_t match_id);
  // Another node leads a shared database: this one changes nothing, the leader does.
  bool follows() const {
    return to_leader_ && leadership_ && leadership_->clustered() && !leadership_->is_leader();
  }
  void record(uint64_t match_id, const Match::Outcome& outcome);
  // A finished rated match outside tournaments (match_ratings.cpp): rates it once.
  void rate_match(uint64_t match_id, const std::string& title, const Match::Outcome& outcome);
  // Under mu_: the pools under `keys` as stored bytes, for a writer job.
  std::vector<std::pair<std::string, std::string>> pool_bytes_locked(const std::vector<std::string>& keys);
  void tick();
  void clock_loop();
  // start() and reload(): the database's events, then (`resume`) what they still need.
  void load_and_resume(bool resume = true);

  // Request handlers (tournament_requests.cpp).
  void create(const ConnPtr& conn, uint64_t rid, const wire::CreateTournament& req);
  // Unfinished tournaments `user` organises, with those being stored now.
  size_t open_of_locked(uint64_t user) const;
  void list(const ConnPtr& conn, uint64_t rid, const wire::ListTournaments& req);
  void get(const ConnPtr& conn, uint64_t rid, uint64_t id);
  void join(const ConnPtr& conn, uint64_t rid, uint64_t id, bool leave);
  void begin(const ConnPtr& conn, uint64_t rid, uint64_t id);
  void manage(const ConnPtr& conn, uint64_t rid, const wire::ManageTournament& req);
  void ratings(const ConnPtr& conn, uint64_t rid, const wire::GetRatings& req);
  // Applies `change` to event `id` under the lock, persists, creates new matches and replies
  // with the event; a failed change replies with its reason and changes nothing.
  void change(const ConnPtr& conn, uint64_t rid, uint64_t id, bool organiser_only,
              const std::function<core::Status(Hosted&, uint64_t user)>& fn);
  wire::TournamentInfo info_locked(const Hosted& h, bool full) const;
  std::string name_of(uint64_t user) const;

  MatchRegistry& matches_;
  storage::Writer& writer_;
  std::function<int64_t()> now_;
  uint32_t max_open_per_user_;
  mutable std::mutex mu_;
  std::map<uint64_t, size_t> storing_by_user_;  // organiser -> tournaments being stored
  std::map<uint64_t, Hosted> events_;
  std::map<uint64_t, storage::TournamentMatchRow> links_;  // by match id
  std::set<Key> creating_;                                 // games whose match is being created
  std::map<uint64_t, std::string> names_;
  std::map<uint64_t, std::string> warned_;  // the last pairing failure logged, per event
  tournament::RatingBook book_;
  // Matches whose result is in the pools (from their histories) or on its way there: a match is
  // rated at most once, whoever tells of its end.
  std::set<uint64_t> rated_matches_;
  std::thread clock_;
  std::mutex clock_mu_;
  std::condition_variable clock_cv_;
  bool stopping_ = false;
  std::function<std::optional<SeatHolder>(const std::string& level)> bot_finder_;
  const storage::Leadership* leadership_ = nullptr;
  std::function<void(const std::shared_ptr<Connection>&, const wire::ClientMessage&)> to_leader_;
  std::function<void(uint64_t)> finished_to_leader_;
};

}  // namespace frontier::server
