// The request gate (STYLE: OpenTTD): every frame passes, in order, the connection state, the
// rate limit, decoding, the hello/login requirement, then the handler; only match handlers
// reach the rules, on the match's strand. No networking types here: the net layer hands in
// frames, and the fuzz target drives this same code without sockets.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "api/account_rate.h"
#include "api/shared_counts.h"
#include "auth/auth.h"
#include "auth/device_token.h"
#include "auth/login_policy.h"
#include "match/connection.h"
#include "match/rate.h"
#include "match/registry.h"

namespace frontier::server {

constexpr uint32_t kProtocolVersion = 1;

struct ServiceConfig {
  auth::KdfCost kdf = auth::KdfCost::interactive();
  double rate_per_second = 200;  // per connection
  double rate_burst = 400;
  // Requests that read lists or histories cost far more than a move (a database query, a replay):
  // they have a budget of their own per connection.
  double heavy_rate_per_second = 10;
  double heavy_rate_burst = 40;
  // And all connections together (0 = no limit): they share the writer thread that acknowledges
  // moves, so many connections each within their own budget must not starve it.
  double heavy_rate_total = 400;
  int rate_strikes_before_close = 200;  // refused messages in a row before the connection is closed
  std::string server_name = "frontierd 0.1";
  // Registrations from one client address per 10 minutes (0 = no limit). Behind a reverse
  // proxy every client has the proxy's address: raise it there (docs/operations.md).
  int registrations_per_address = 30;
  // Who may try a password when (docs/operations.md, "The login policy").
  auth::LoginLimits login;
  // The key device tokens are HMAC'd with (32 bytes, auth::load_device_key); empty: a random
  // one, so tokens stop working at the next start.
  std::string device_key;
  // A session token (login or registration) stops working this long after it was issued.
  std::chrono::seconds token_lifetime{std::chrono::hours(24 * 30)};
  // OPEN matches (waiting for an opponent) one account may have created at once.
  uint32_t max_open_matches_per_user = 20;
  // Unfinished matches (waiting, running; solitaire and against the computer included; tournament
  // boards aside) an account may hold a seat in when it creates one (0 = no cap).
  uint32_t max_running_matches_per_user = 100;
  // Matches one account may create per hour, all its connections together (0 = no limit).
  double matches_per_hour = 60;
  // Sessions (valid tokens) one account may hold; a login beyond it ends the oldest (0 = no cap).
  uint32_t max_sessions_per_user = 20;
  // Chat lines per account, all its connections together (0 = no limit): one user opening many
  // connections must not fill the database with chat.
  double chat_rate_per_second = 2;
  double chat_burst = 20;
  // Unix seconds: the server clock (a manual one in tests); empty = the system clock.
  std::function<int64_t()> now;
  // Other nodes share the database (PostgreSQL): the login throttles, registrations per address,
  // chat lines and matches per hour are also counted in it, site-wide (api/shared_counts.h).
  bool shared_limits = false;
};

// Per-connection state only the connection's own strand touches.
struct ConnectionState {
  std::shared_ptr<Connection> conn;
  TokenBucket bucket;
  TokenBucket heavy_bucket;  // lists and histories (Service::is_heavy)
  int strikes = 0;
  // The session cookie of the WebSocket upgrade, kept only when its Origin was this server's
  // (net/session_cookie.h): a Hello without a token is authenticated by it.
  std::string cookie_token;
  // The device cookie of the upgrade (same origin only): a Login without a device token uses it.
  std::string device_cookie;
};

const char* error_code_name(int code);

class Service {
 public:
  using ConnPtr = std::shared_ptr<Connection>;
  // Queues password hashing away from network threads for a connection (its client address and
  // id); false when that connection or everyone has too much queued (auth::HashingQueue). A job
  // accepted may later be dropped for a fairer share: then the last function runs instead.
  using PostHashing = std::function<bool(const std::string& source, uint64_t connection_id,
                                         std::function<void()> job, std::function<void()> dropped)>;

  Service(ServiceConfig config, MatchRegistry& matches, storage::Writer& writer, Metrics& metrics,
          PostHashing hashing);

  void configure(ConnectionState& state) const {
    state.bucket.configure(config_.rate_per_second, config_.rate_burst);
    state.heavy_bucket.configure(config_.heavy_rate_per_second, config_.heavy_rate_burst);
  }
  // One received frame (binary or text); called serially per connection.
  void on_frame(ConnectionState& state, std::string_view bytes, bool binary);

  // Requests this class does not know go to `extension` first (the tournament host); it answers
  // true when it took the request. Set before serving.
  using Extension =
      std::function<bool(const std::shared_ptr<Connection>&, uint64_t, const wire::ClientMessage&)>;
  void set_extension(Extension extension) { extension_ = std::move(extension); }
  // Computer opponents' workers (WorkerHello, bot_move: server/bots): they hold no account, so
  // they are answered here before the login check. Set before serving.
  void set_workers(Extension workers) { workers_ = std::move(workers); }

  // The browser session (POST/DELETE /api/session): whether `token` opens a session, and
  // revoking it (every connection using it is closed). `done` runs on the writer's thread; for
  // a valid token it is given a device token for the account (empty when not valid). A database
  // that could not be read is a failure (the check) or false (the revocation), never "unknown".
  void check_session_token(
      const std::string& token,
      std::function<void(core::Result<bool> valid, const std::string& device_token)> done);
  void revoke_session_token(const std::string& token, std::function<void(bool ok)> done);

  // Told after a connection's identity changes (login, register, token Hello): the notifier
  // keeps each user's connections. Set before serving.
  void set_identity_listener(std::function<void(const std::shared_ptr<Connection>&)> listener) {
    identity_listener_ = std::move(listener);
  }
  // Told after a token is revoked (logout): closes the other connections that use it. Set
  // before serving; `except` (may be null) is the connection that logged out.
  using Revoker =
      std::function<void(uint64_t user_id, const std::string& token_hash, const Connection* except)>;
  void set_revoker(Revoker revoker) { revoker_ = std::move(revoker); }
  // Adds clock fields to a listed match (the clocks' own code knows how). Set before serving;
  // runs on the writer thread.
  using SummaryFiller = std::function<void(const storage::MatchRow&, wire::MatchSummary&)>;
  void set_summary_filler(SummaryFiller filler) { summary_filler_ = std::move(filler); }
  // The computer opponent playing at a level ("easy", "normal", "hard"), for CreateMatch.vs_bot;
  // nullopt for an unknown level. Set before serving; without it no match is made against bots.
  using BotFinder = std::function<std::optional<SeatHolder>(const std::string& level)>;
  void set_bot_finder(BotFinder finder) { bot_finder_ = std::move(finder); }

  // Several nodes (app/cluster_bus.h): a change asked at a follower copy goes to `forwarder`
  // (with the request and the match id); set before serving. Without it such a change is
  // answered MATCH_MOVED.
  using Forwarder = std::function<void(const ConnPtr&, const wire::ClientMessage&, uint64_t match_id)>;
  void set_forwarder(Forwarder forwarder) { forwarder_ = std::move(forwarder); }
  // A request forwarded from another node, or one that must run again here (this node took the
  // match over): through the same gate as a client's.
  void run_forwarded(const ConnPtr& conn, const wire::ClientMessage& msg) { dispatch(conn, msg); }

  // From now on, requests that would change something are refused with SHUTTING_DOWN.
  void begin_shutdown() { stopping_ = true; }

 private:
  void dispatch(const ConnPtr& conn, const wire::ClientMessage& msg);
  bool take_heavy_total();  // the server-wide budget of list and history requests
  // `from_cookie`: the token came from the session cookie; a stale one leaves the connection
  // anonymous instead of failing the Hello.
  void hello(const ConnPtr& conn, uint64_t rid, const wire::Hello& req, bool from_cookie = false);
  void register_user(const ConnPtr& conn, uint64_t rid, const wire::Register& req);
  void login(const ConnPtr& conn, uint64_t rid, const wire::Login& req);
  // The rest of a registration the throttles admitted; `undo` if the hashing queue refuses it.
  void hash_and_register(const ConnPtr& conn, uint64_t rid, const wire::Register& req,
                         std::function<void()> undo);
  // The rest of a login the throttles admitted: the account is read, the password checked.
  void check_password(const ConnPtr& conn, uint64_t rid, const wire::Login& req,
                      const auth::LoginPolicy::Attempt& attempt, const std::string& known_device);
  // The site-wide counts of a login attempt (shared_limits): its failures, or every attempt.
  std::vector<SharedLimit> login_failure_limits(const auth::LoginPolicy::Attempt& a) const;
  std::vector<SharedLimit> login_attempt_limits(const auth::LoginPolicy::Attempt& a) const;
  void logout(const ConnPtr& conn, uint64_t rid);
  // Sessions (service_sessions.cpp): the account's tokens, listed and ended one by one.
  void list_sessions(const ConnPtr& conn, uint64_t rid);
  void end_session(const ConnPtr& conn, uint64_t rid, const wire::EndSession& req);
  // Deletes `token_hash` (if it is `user`'s), closes the other connections using it, answers ok.
  void revoke_and_answer(const ConnPtr& conn, uint64_t rid, uint64_t user, const std::string& token_hash);
  // A connection whose token expired since it was authenticated becomes anonymous when it next
  // acts; true when the request was answered (BAD_TOKEN) because it needed the login.
  bool expired_session(const ConnPtr& conn, uint64_t rid, bool needs_login);
  // In the writer's transaction after a new token of `user` was stored: removes the user's
  // expired tokens and those beyond max_sessions_per_user (oldest first, never `kept`), and once
  // an hour every account's expired tokens. Returns the hashes of sessions it ended.
  std::vector<std::string> prune_tokens(storage::Store& s, uint64_t user, const std::string& kept,
                                        int64_t now);
  void list_games(const ConnPtr& conn, uint64_t rid);
  void create_match(const ConnPtr& conn, uint64_t rid, const wire::CreateMatch& req);
  void list_matches(const ConnPtr& conn, uint64_t rid, const wire::ListMatches& req);
  // Runs `fn` on the match's strand, or answers UNKNOWN_MATCH; `members_only`: or BAD_INVITE
  // for a private match the connection is not admitted to (Match::admitted). `change`: the
  // request, when it changes the match: at a follower copy it goes to the owner instead.
  void on_match(const ConnPtr& conn, uint64_t rid, uint64_t match_id, std::function<void(Match&)> fn,
                bool members_only = true, const wire::ClientMessage* change = nullptr);
  // `device_token`: the one to hand back (a valid one the client showed); empty: a new one.
  void issue_token(const ConnPtr& conn, uint64_t rid, uint64_t user_id, const std::string& name,
                   std::string device_token = {});
  // Queues hashing for `conn`, or answers RATE_LIMITED after running `undo` (the server's own
  // refusal never counts against the client), also when the queued job is dropped later.
  bool post_hashing(const ConnPtr& conn, uint64_t rid, std::function<void()> undo, std::function<void()> job);
  int64_t now_seconds() const;
  // The oldest issue time (unix seconds) of a token still valid now.
  int64_t token_cutoff() const;

  ServiceConfig config_;
  MatchRegistry& matches_;
  storage::Writer& writer_;
  Metrics& metrics_;
  PostHashing hashing_;
  // Logins are counted before the password is checked, so pipelined guesses cannot outrun it.
  auth::LoginPolicy login_policy_;
  auth::DeviceTokens devices_;
  auth::LoginThrottle registration_throttle_;
  std::mutex heavy_total_mu_;  // on_frame runs on every I/O thread
  TokenBucket heavy_total_;
  AccountRate chat_rate_;
  AccountRate creation_rate_;             // CreateMatch per account (matches_per_hour)
  std::unique_ptr<SharedCounts> shared_;  // shared_limits only
  std::atomic<bool> stopping_{false};
  Extension extension_;
  std::function<void(const std::shared_ptr<Connection>&)> identity_listener_;
  Revoker revoker_;
  SummaryFiller summary_filler_;
  BotFinder bot_finder_;
  Extension workers_;
  Forwarder forwarder_;
  // Verified against for unknown names (at the configured cost), so timing does not reveal
  // them; made on first use (on the hashing thread) so start-up does not pay for a hash.
  std::atomic<int64_t> last_token_sweep_{0};  // unix seconds of the last sweep of all accounts
  std::once_flag dummy_once_;
  std::string dummy_hash_;
};

}  // namespace frontier::server
