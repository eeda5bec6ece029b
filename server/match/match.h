// One live match: its state, its subscribers and every request that touches it. A Match is
// owned by its strand: every public method except post() runs there, so the rules never see
// two threads. A change is applied in memory, queued for the writer, and only after its
// commit is it acknowledged and pushed (an acknowledged action is a durable action).
#pragma once

#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "clock/seat_clock.h"
#include "clock/vacations.h"
#include "clock/wake_queue.h"
#include "core/game.h"
#include "match/connection.h"
#include "match/history.h"
#include "match/prompt_tracker.h"
#include "match/rate.h"
#include "metrics/metrics.h"
#include "notify/sink.h"
#include "storage/writer.h"

namespace frontier::server {

struct MatchServices {
  storage::Writer* writer = nullptr;
  Metrics* metrics = nullptr;
  uint32_t snapshot_every = 32;    // a snapshot after every N events bounds the tail replayed on load
  uint32_t max_chat_lines = 5000;  // stored chat lines per match (0 = no cap); beyond, LIMIT_REACHED
  // Takeback offers that notify the opponent, per seat per match: bursts of `offer_burst`, then
  // `offers_per_hour` (0 = no limit). Rematch offers notify once per seat (they cannot be withdrawn).
  double offers_per_hour = 6;
  double offer_burst = 3;
  std::function<int64_t()> now;  // unix seconds
  // Runs CPU-heavy work (replaying a loaded match) off the writer thread; inline when empty.
  std::function<void(std::function<void()>)> background;
  // Told (on the match's strand) once a match's end is committed; the registry uses it to let
  // finished matches leave memory after a while.
  std::function<void(uint64_t match_id)> on_finished;
  // Creates a rematch (set by the registry): the seats already assigned, running at once;
  // `done` gets the new id (0 on failure) on some thread.
  struct Rematch {
    uint64_t of = 0;                                      // the finished match
    uint32_t asked = 0;                                   // its rematch_asked mask (every seat)
    frontier::MatchSetup setup;                           // seed still to choose
    std::vector<std::pair<uint64_t, std::string>> seats;  // (user id, name) per seat
    wire::Visibility visibility = wire::PUBLIC;
    std::string time_control;
    bool rated = false;  // as the match it follows
  };
  std::function<void(Rematch, std::function<void(uint64_t new_match_id)>)> start_rematch;
  // Clocks and notifications (match_clock.cpp); all optional (tests of other parts leave them out).
  // Every notification goes through `notifier` (YOUR_TURN... from match_clock.cpp,
  // TAKEBACK_OFFERED and REMATCH_OFFERED from Match::notify in match_lifecycle.cpp).
  clock::VacationBook* vacations = nullptr;
  clock::WakeQueue* wakeups = nullptr;
  notify::Sink* notifier = nullptr;
  // Told (on the match's strand) whenever a running match's every change is committed and
  // pushed: computer opponents (server/bots) look there for their turn. Optional.
  std::function<void(const std::shared_ptr<class Match>&)> on_settled;
  // Several nodes over one PostgreSQL (docs/architecture.md, "Several nodes"): this node's
  // leases, or nullptr (SQLite: one process owns every match and nothing is fenced).
  class LeaseKeeper* leases = nullptr;
  // Told (from any thread) that a commit of the match was refused by its fence: the registry
  // lets the match leave memory (set by the registry).
  std::function<void(uint64_t match_id, uint64_t epoch)> on_lease_lost;
  // With leases: a match another node runs is loaded as a follower copy (match_follow.cpp) for
  // this node's subscribers, instead of answering MATCH_MOVED.
  bool followers = false;
  // With followers: the catch-up reads of follower copies run here, a second connection, so a
  // commit told of by NOTIFY is read at once rather than behind this node's own group commit
  // (bench/cluster/run.sh's cross-node delay). Null: on `writer`.
  storage::Writer* follow_reader = nullptr;
};

struct SeatHolder {
  uint64_t user_id = 0;  // 0 = free
  std::string user_name;
};

// What is fixed or slowly changing about a match (the matches/match_seats rows).
struct MatchMeta {
  uint64_t id = 0;
  frontier::MatchSetup setup;  // includes the seed: never sent before the end
  std::string seed_nonce;
  std::string seed_commitment;
  wire::MatchStatus status = wire::OPEN;
  wire::Visibility visibility = wire::PUBLIC;
  std::vector<SeatHolder> seats;
  int64_t created_at = 0;
  wire::TimeControl time_control;  // kind NONE = untimed
  std::string clock_state;         // stored clocks (clock::encode); empty = not started
  bool just_created = false;       // no change of it committed yet: its start is still to be told
  // Play-by-web (match_lifecycle.cpp, match_takeback.cpp).
  std::string invite_code;  // PRIVATE: needed to take a seat or watch
  uint64_t tournament_id = 0;
  uint32_t rematch_asked = 0;  // seat bit mask
  uint64_t rematch_match_id = 0;
  bool rated = false;  // the result counts for ratings (else casual)
};

// Several nodes: the channel of commit notifications and their payload (match_follow.cpp).
inline constexpr const char* kCommitChannel = "frontier_commits";
// A node's id hashed (any id gives a valid channel name and a short payload).
std::string node_tag(const std::string& node);
// "<match> <seq> <node tag>".
std::string commit_notice(uint64_t match_id, uint32_t seq, const std::string& node);
// What else is told on the same channel, for the nodes holding a follower copy or a user's
// connections: "<match> <seq> <node tag> chat <hex ChatMessage>" (a line committed),
// "<match> <seq> <node tag> takeback <by> <to>" (the offer standing at seq; by -1: none), and
// "note <user> <node tag> <hex Notification>" (for the user's connections on every node).
std::string chat_notice(uint64_t match_id, uint32_t seq, const std::string& node,
                        const wire::ChatMessage& line);
std::string takeback_notice(uint64_t match_id, uint32_t seq, const std::string& node, int by, uint32_t to);
std::string user_notice(uint64_t user, const std::string& node, const wire::Notification& n);
// Bytes as lower-case hex and back (NOTIFY payloads are text); nullopt when not hex.
std::string to_hex(const std::string& bytes);
std::optional<std::string> from_hex(const std::string& text);

// Longest client_action_id accepted: it is stored with the action, forever.
constexpr size_t kMaxClientActionIdBytes = 64;

class Match : public std::enable_shared_from_this<Match> {
 public:
  using Then = std::function<void()>;
  Match(const MatchServices& services, std::unique_ptr<Strand> strand, const core::Game& game, MatchMeta meta,
        History history, bool log_complete);

  void post(std::function<void()> work) { strand_->post(std::move(work)); }

  uint64_t id() const { return meta_.id; }
  const core::Game& game() const { return game_; }

  // Request handlers (on the strand). Each replies to `conn` with `request_id`.
  void join(const std::shared_ptr<Connection>& conn, uint64_t request_id, const wire::JoinMatch& req);
  void watch(const std::shared_ptr<Connection>& conn, uint64_t request_id, const wire::WatchMatch& req);
  void submit(const std::shared_ptr<Connection>& conn, uint64_t request_id, const wire::SubmitAction& req);
  void undo(const std::shared_ptr<Connection>& conn, uint64_t request_id, const wire::Undo& req);
  void resign(const std::shared_ptr<Connection>& conn, uint64_t request_id, const wire::Resign& req);
  void chat(const std::shared_ptr<Connection>& conn, uint64_t request_id, const wire::SendChat& req);
  void fetch_log(const std::shared_ptr<Connection>& conn, uint64_t request_id, const wire::FetchLog& req);
  void fetch_replay(const std::shared_ptr<Connection>& conn, uint64_t request_id,
                    const wire::FetchReplay& req);
  // Play-by-web: takebacks (match_takeback.cpp), abort, rematch, seen and unsubscribe
  // (match_lifecycle.cpp), stepping back and verifying (match_replay_views.cpp).
  void offer_takeback(const std::shared_ptr<Connection>& conn, uint64_t request_id,
                      const wire::OfferTakeback& req);
  void answer_takeback(const std::shared_ptr<Connection>& conn, uint64_t request_id,
                       const wire::AnswerTakeback& req);
  void abort_match(const std::shared_ptr<Connection>& conn, uint64_t request_id);
  void rematch(const std::shared_ptr<Connection>& conn, uint64_t request_id);
  void mark_seen(const std::shared_ptr<Connection>& conn, uint64_t request_id);
  void unsubscribe(const std::shared_ptr<Connection>& conn, uint64_t request_id);
  void fetch_view_at(const std::shared_ptr<Connection>& conn, uint64_t request_id,
                     const wire::FetchViewAt& req);
  void verify(const std::shared_ptr<Connection>& conn, uint64_t request_id);
  // The stored chat lines, for a page opened after they were said.
  void fetch_chat(const std::shared_ptr<Connection>& conn, uint64_t request_id);

  // PRIVATE matches: seated players and connections that watched with the invite code; else
  // an error (BAD_INVITE) already sent. Public matches admit everyone. The request gate
  // (Service::on_match) asks this before any handler but join and watch.
  bool admitted(const Connection& conn, uint64_t request_id) const;
  // False (with MATCH_MOVED sent) once this node lost the match's lease: a request that found
  // the match just before it left memory must not act on it. The request gate asks first.
  bool served_here(const Connection& conn, uint64_t request_id) const;
  // The lease this copy of the match runs under; 0 when nothing is fenced (SQLite) or for a
  // follower copy.
  uint64_t lease_epoch() const { return lease_epoch_; }

  // Several nodes (match_follow.cpp): a follower copy of a match another node (`owner()`) runs,
  // kept for this node's subscribers. It never commits; it catches up from the stored events.
  bool follower() const { return !owner_.empty(); }
  const std::string& owner() const { return owner_; }
  // Whether `msg` (a request naming this match) must run at the owner: every change; a join
  // only when it takes a seat (a seated player's join subscribes here).
  bool runs_elsewhere(const wire::ClientMessage& msg, const Connection& conn) const;
  // The owner committed up to `seq` (0: read again whatever this copy holds): read and replay
  // what this copy lacks, then push. `refreshed` runs after the next read completes.
  void follow(uint32_t seq, Then refreshed = nullptr);
  // The owner's answer `m` to a request this node forwarded (`original`, from `conn`): sent once
  // this copy has caught up, with the views the owner leaves out filled from this copy.
  void answer_forwarded(const std::shared_ptr<Connection>& conn, uint64_t request_id, wire::ServerMessage m,
                        const wire::ClientMessage& original);
  // This node takes the match over (its owner died): the follower copy serves nothing more and
  // hands its subscribers (connection, seat, last seq sent) to the copy loaded as owner.
  struct Watcher {
    std::weak_ptr<Connection> conn;
    core::Seat seat = core::kObserver;
    uint32_t since = 0;
  };
  std::vector<Watcher> hand_over();
  // The owner committed the chat line `push`: sent to this copy's subscribers as the owner sends
  // it to its own; the users looking here have seen it.
  void followed_chat(const wire::ServerMessage& push);
  // The owner's takeback offer as it stands at `seq` (`by` -1: none), shown by this copy.
  void followed_takeback(uint32_t seq, core::Seat by, uint32_t to);
  // Subscribes `conn` as a push (request id 0), from `since`: a watcher handed over.
  void resubscribe(const std::shared_ptr<Connection>& conn, core::Seat seat, uint32_t since) {
    subscribe(conn, seat, since, 0);
  }

  // Subscribes the creator right after creation (on the strand).
  void subscribe_creator(const std::shared_ptr<Connection>& conn, uint64_t request_id, int seat);

  // How the match stands, for the tournament host and the ratings: `winner` is the winning seat,
  // -1 for a draw (meaningful once finished); `awaiting` the seats holding a prompt.
  struct Outcome {
    bool finished = false;
    int winner = -1;
    uint32_t awaiting = 0;
    // Timed matches: each seat's bank now (all started equal); empty when untimed.
    std::vector<int64_t> remaining;
    bool aborted = false;  // finished without a result
    bool rated = false;
    uint64_t tournament_id = 0;
    std::vector<SeatHolder> seats;  // who holds each seat
  };
  Outcome outcome() const;

  // The match's clock is due (a deadline or the 80% reminder may have passed, or a vacation
  // changed): a timeout ends the match, a reminder is sent, and the next wake is scheduled.
  // `done` runs once whatever it changed is committed.
  void on_clock_wake(const std::function<void()>& done);
  // Sends `n` to `user` unless one of their connections is looking at this match.
  void notify_user(uint64_t user, const wire::Notification& n) const;

  // A computer opponent's turn (server/bots): the prompted seats whose holders `is_bot` names,
  // the seq the match stands at, and the first seat holder who is a person (whose queue the
  // decisions wait in; 0 when bots play each other). No seats while changes are still
  // committing or the match is not running. The state never leaves the match: a bot's worker
  // gets its seat's update (fill_update), as a person would.
  struct BotTurn {
    std::vector<std::pair<core::Seat, uint64_t>> seats;  // (seat, bot user id)
    uint32_t seq = 0;
    uint64_t person = 0;
    std::vector<frontier::Option> options;  // the match's public terms
  };
  BotTurn bot_turn(const std::function<bool(uint64_t user_id)>& is_bot) const;
  // Calls MatchServices::on_settled when the match runs with every change committed.
  void tell_settled();
  // A takeback is on offer or being applied: a bot holds its move until it is settled.
  bool takeback_pending() const { return takeback_by_ >= 0 || takeback_rebuilding_; }

  // The update `seat` (kObserver for spectators) would be sent now, with log lines after `since`.
  void fill_update(core::Seat seat, uint32_t since, wire::MatchUpdate& u) const;

 private:
  struct Subscriber {
    std::weak_ptr<Connection> conn;
    core::Seat seat = core::kObserver;
    uint32_t last_sent = 0;
    bool fresh = false;  // the acknowledgement just carried the current update: skip one broadcast
  };

  // Seats `user` holds; the requested one when given and held.
  std::vector<core::Seat> seats_of(uint64_t user) const;
  // The seat a request acts for, or an error already sent.
  std::optional<core::Seat> acting_seat(const Connection& conn, uint64_t request_id,
                                        const std::optional<int>& wanted, bool must_be_prompted);
  // The same for requests that need a running match (undo, resign, takeback offers).
  std::optional<core::Seat> seat_in_running_match(const Connection& conn, uint64_t request_id,
                                                  const std::optional<int>& wanted);
  bool finished() const { return meta_.status == wire::FINISHED; }
  uint32_t awaiting_mask() const;
  // Tells prompts_ of the event just applied (`actor`: the seat whose action it was).
  void track_prompts(core::Seat actor);
  std::string result_text() const { return result_text(history_); }
  std::string result_text(const History& h) const;
  // The game's status in `h`, with resignation and abort applied.
  void fill_status(const History& h, frontier::GameStatus& out) const;
  wire::EndReason end_reason() const;
  bool abort_available() const;
  // `seat` may offer a takeback now: a running two-player match outside tournaments where the
  // seat has a standing move (what offer_takeback would accept).
  bool takeback_available(core::Seat seat) const;
  // Takes one of `seat`'s fresh offers (MatchServices::offers_per_hour); false when used up.
  bool take_offer(core::Seat seat);
  // Users of seated connections subscribed now: what they are shown counts as seen.
  std::vector<uint64_t> looking_users() const;
  void notify(uint64_t user_id, wire::Notification::Kind kind, const std::string& text,
              uint64_t new_match_id = 0) const;
  // Reads every stored event (after every queued commit) and, when `snapshot_below` > 0, the
  // latest snapshot taken below that seq; then runs `then` on the strand, with the read's status
  // first (a failed read gives no events: the caller answers that, not an empty history).
  using EventsRead = std::function<void(const core::Status& read, const std::vector<storage::EventRow>&,
                                        const std::optional<Snapshot>&)>;
  void with_events(EventsRead then, uint32_t snapshot_below = 0);
  void accept_takeback(const std::shared_ptr<Connection>& conn, uint64_t request_id);

  // Queues `work` plus the match row update for the writer; `then` runs on the strand after the
  // commit, before subscribers hear of it. `adds_chat`: `work` stores a chat line, which the
  // users looking at the match have now seen.
  // `refused` runs on the strand instead of `then` when the fence refused the commit (another
  // node took the lease): nothing was stored, and the requester is told to retry.
  void commit(storage::Writer::Work work, Then then, bool push = true, bool adds_chat = false,
              Then refused = nullptr);
  // `work` behind the lease's fence (docs/architecture.md, "Several nodes"): it runs only if this
  // node still holds the lease at lease_epoch_, else it stores nothing and sets `*refused`.
  storage::Writer::Work fenced(storage::Writer::Work work, std::shared_ptr<bool> refused) const;
  // This node lost the lease: the match stops serving, its subscribers are told MATCH_MOVED.
  void lease_lost();
  // The stored row of event `seq` by `seat`, stamped with the current time.
  storage::EventRow event_row(uint32_t seq, core::Seat seat, storage::EventKind kind, uint64_t user_id) const;
  // Commits a seat's undo or resignation and answers the request Ok once it is durable.
  void commit_and_ok(storage::EventRow row, const std::shared_ptr<Connection>& conn, uint64_t request_id);
  void on_committed(uint32_t seq, std::chrono::steady_clock::time_point started, const Then& then, bool push);
  // Runs (and drops) the replies waiting for a seq now committed.
  void run_pending();
  // A follower's read: the row, seats and the events after this copy's seq.
  void apply_followed(const storage::MatchRow& row, const std::vector<storage::SeatRow>& seats,
                      const std::vector<storage::EventRow>& events);
  void broadcast();
  // `m` once to each connection subscribed (a chat line).
  void push_to_subscribers(const wire::ServerMessage& m) const;
  // The owner's takeback offer changed without a commit: the follower copies are told.
  void tell_followers_takeback() const;
  void subscribe(const std::shared_ptr<Connection>& conn, core::Seat seat, uint32_t since,
                 uint64_t request_id);
  // Runs `then` once the in-memory log reaches back to `seq` (reading history when needed), with
  // the read's status: when it failed the log is as it was, and the caller answers the failure.
  using LogThen = std::function<void(const core::Status& read)>;
  void with_log_from(uint32_t seq, LogThen then);
  void check_finished();
  void send_update(const Connection& conn, uint64_t request_id, core::Seat seat, uint32_t since) const;

  // Clocks (match_clock.cpp): what a change did to them, stored with the change.
  struct ClockChange {
    bool timed = false;
    std::string state;
    int64_t wake_at = 0;
    std::vector<std::pair<uint64_t, wire::Notification>> notes;
  };
  bool timed() const;
  // Moves the clocks to the current prompts and status, and lists the notifications the change
  // brings; called by commit() for every change.
  ClockChange settle_clocks();
  void schedule_wake(const ClockChange& change);
  void send_notes(const std::vector<std::pair<uint64_t, wire::Notification>>& notes);
  int64_t next_wake() const;
  clock::Pauses pauses_of(size_t seat) const;
  wire::Notification note(wire::Notification::Kind kind, const std::string& text) const;
  std::string title() const;  // "Khartoum #12"
  bool user_is_looking(uint64_t user) const;
  void fill_clock_view(wire::MatchUpdate& u) const;
  std::vector<int64_t> clock_remaining() const;

  MatchServices services_;
  std::unique_ptr<Strand> strand_;
  const core::Game& game_;
  MatchMeta meta_;
  History history_;
  bool log_complete_;             // history_.log holds every line since the start
  bool finish_reported_ = false;  // on_finished was called
  uint32_t committed_seq_;        // the last seq known durable
  std::vector<Subscriber> subscribers_;
  // (user, client_action_id) -> seq of the applied action, for idempotent resubmission.
  std::map<std::pair<uint64_t, std::string>, uint32_t> client_ids_;
  // Whose prompt stood unchanged since when: a submit from an overtaken but still valid prompt.
  PromptTracker prompts_;
  // Replies waiting for a seq to commit.
  std::vector<std::pair<uint32_t, Then>> pending_;
  std::vector<LogThen> waiting_for_log_;
  // A takeback offer waits in memory only (a restart forgets it; the offerer asks again).
  core::Seat takeback_by_ = core::kObserver;
  uint32_t takeback_to_ = 0;
  bool takeback_rebuilding_ = false;
  // Fresh takeback offers per seat (each notifies the opponent and its webhook): a seat that
  // offers and withdraws again and again must not flood the opponent.
  std::map<core::Seat, TokenBucket> offer_buckets_;
  bool rematch_creating_ = false;
  uint64_t lease_epoch_ = 0;  // set before the match is shared; 0 = not fenced
  bool moved_ = false;        // the lease was lost: this copy serves nothing more
  // A commit of this copy failed (several nodes: the database is down). Read by the fence of its
  // later commits on the writer's thread, set there before they run: they write nothing, so no
  // later seq is stored above the one that failed.
  std::shared_ptr<std::atomic<bool>> store_failed_ = std::make_shared<std::atomic<bool>>(false);
  // A follower copy (match_follow.cpp): the node running the match, set before it is shared.
  std::string owner_;
  bool catching_up_ = false;  // a read is on its way
  bool read_again_ = false;   // asked again meanwhile
  uint32_t want_seq_ = 0;     // the latest seq the owner told of
  std::vector<Then> refresh_waiters_;
  uint32_t committed_awaiting_ = 0;       // the awaiting mask of the last commit: whose prompt is new
  std::vector<clock::SeatClock> clocks_;  // one per seat once the match is timed and started
  uint32_t clock_mask_ = 0;               // the seats whose clocks run (the prompts they reflect)
  wire::MatchStatus clock_status_;        // the status the last notifications reflect
  int64_t stored_wake_ = 0;
  std::vector<std::pair<uint64_t, wire::Notification>> queued_notes_;  // sent with the next commit

  friend class MatchRegistry;
};

}  // namespace frontier::server
