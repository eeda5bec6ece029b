// Account and lobby handlers, and the gate in front of them. Match handlers live in Match.
#include "api/service.h"

#include "auth/reserved_names.h"
#include "clock/time_control.h"

#include <google/protobuf/descriptor.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <limits>

namespace frontier::server {

namespace {

int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

// Requests a server that is stopping still answers: they change nothing.
bool is_read_only(const wire::ClientMessage& m) {
  switch (m.body_case()) {
    case wire::ClientMessage::kListGames:
    case wire::ClientMessage::kListMatches:
    case wire::ClientMessage::kFetchLog:
    case wire::ClientMessage::kFetchReplay:
    case wire::ClientMessage::kWatchMatch:
    case wire::ClientMessage::kListTournaments:
    case wire::ClientMessage::kGetTournament:
    case wire::ClientMessage::kGetRatings:
    case wire::ClientMessage::kUnsubscribe:
    case wire::ClientMessage::kFetchViewAt:
    case wire::ClientMessage::kVerifyMatch:
    case wire::ClientMessage::kFetchChat:
      return true;
    default:
      return false;
  }
}

// Requests whose answer takes a database query or a replay, and can be large: every read-only
// request but watching and unsubscribing, which answer from memory.
bool is_heavy(const wire::ClientMessage& m) {
  return is_read_only(m) && m.body_case() != wire::ClientMessage::kWatchMatch &&
         m.body_case() != wire::ClientMessage::kUnsubscribe;
}

}  // namespace

const char* error_code_name(int code) {
  const auto* d = wire::ErrorCode_descriptor()->FindValueByNumber(code);
  return d ? d->name().c_str() : "UNKNOWN";
}

Service::Service(ServiceConfig config, MatchRegistry& matches, storage::Writer& writer, Metrics& metrics,
                 PostHashing hashing)
    : config_(std::move(config)),
      matches_(matches),
      writer_(writer),
      metrics_(metrics),
      hashing_(std::move(hashing)),
      login_policy_(config_.login),
      devices_(config_.device_key),
      registration_throttle_(config_.registrations_per_address > 0 ? config_.registrations_per_address
                                                                   : std::numeric_limits<int>::max(),
                             std::chrono::minutes(10), std::chrono::minutes(10)),
      heavy_total_(config_.heavy_rate_total, 2 * config_.heavy_rate_total),
      chat_rate_(config_.chat_rate_per_second, config_.chat_burst),
      creation_rate_(config_.matches_per_hour / 3600.0, config_.matches_per_hour),
      shared_(config_.shared_limits ? std::make_unique<SharedCounts>(writer, [this] { return now_seconds(); })
                                    : nullptr) {}

bool Service::post_hashing(const ConnPtr& conn, uint64_t rid, std::function<void()> undo,
                           std::function<void()> job) {
  auto refuse = [conn, rid, undo = std::move(undo)] {
    undo();
    send_error(*conn, rid, wire::RATE_LIMITED,
               "The server is checking too many passwords (yours or others'); try again in a moment");
  };
  if (hashing_(conn->remote(), conn->id(), std::move(job), refuse)) return true;
  refuse();
  return false;
}

int64_t Service::now_seconds() const {
  return config_.now ? config_.now() : unix_now();
}

int64_t Service::token_cutoff() const {
  return now_seconds() - static_cast<int64_t>(config_.token_lifetime.count());
}

void Service::on_frame(ConnectionState& state, std::string_view bytes, bool binary) {
  const ConnPtr& conn = state.conn;
  metrics_.frames_in++;
  if (!state.bucket.take()) {
    if (++state.strikes >= config_.rate_strikes_before_close) {
      conn->close(1008, "rate limit exceeded persistently");
      return;
    }
    // Echo the dropped request's id when the frame decodes, so the client knows which one to
    // retry; an undecodable frame has no id to echo (0).
    wire::ClientMessage dropped;
    uint64_t rid = binary && dropped.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))
                       ? dropped.request_id()
                       : 0;
    send_error(*conn, rid, wire::RATE_LIMITED,
               "Too many messages: at most " + std::to_string(static_cast<int>(config_.rate_per_second)) +
                   " per second; this one was dropped");
    return;
  }
  state.strikes = 0;
  wire::ClientMessage msg;
  if (!binary || !msg.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
    send_error(*conn, 0, wire::BAD_FRAME, "A frame must be one binary protobuf frontier.wire.ClientMessage");
    return;
  }
  if (is_heavy(msg) && !state.heavy_bucket.take()) {
    send_error(*conn, msg.request_id(), wire::RATE_LIMITED,
               "Too many list and history requests: at most " +
                   std::to_string(static_cast<int>(config_.heavy_rate_per_second)) +
                   " per second; this one was dropped");
    return;
  }
  if (is_heavy(msg) && !take_heavy_total()) {
    send_error(*conn, msg.request_id(), wire::RATE_LIMITED,
               "The server is answering too many list and history requests; try again in a moment");
    return;
  }
  if (msg.has_hello() && msg.hello().token().empty() && !state.cookie_token.empty()) {
    wire::Hello with_cookie = msg.hello();
    with_cookie.set_token(state.cookie_token);
    return hello(conn, msg.request_id(), with_cookie, true);
  }
  if (msg.has_login() && msg.login().device_token().empty() && !state.device_cookie.empty()) {
    wire::ClientMessage with_cookie = msg;
    with_cookie.mutable_login()->set_device_token(state.device_cookie);
    return dispatch(conn, with_cookie);
  }
  dispatch(conn, msg);
}

bool Service::take_heavy_total() {
  if (config_.heavy_rate_total <= 0) return true;
  std::lock_guard lock(heavy_total_mu_);
  return heavy_total_.take();
}

void Service::dispatch(const ConnPtr& conn, const wire::ClientMessage& msg) {
  uint64_t rid = msg.request_id();
  if (msg.body_case() == wire::ClientMessage::BODY_NOT_SET) {
    send_error(*conn, rid, wire::UNKNOWN_MESSAGE,
               "The message carries no request this server knows (protocol version " +
                   std::to_string(kProtocolVersion) + ")");
    return;
  }
  if (msg.has_hello()) {
    hello(conn, rid, msg.hello());
    return;
  }
  if (!conn->hello_done) {
    send_error(*conn, rid, wire::HELLO_REQUIRED, "Send Hello first, with the protocol version");
    return;
  }
  if (stopping_ && !is_read_only(msg)) {
    send_error(*conn, rid, wire::SHUTTING_DOWN, "The server is shutting down; reconnect in a moment");
    return;
  }
  if (msg.has_worker_hello() || msg.has_bot_move()) {
    if (workers_ && workers_(conn, rid, msg)) return;
    return send_error(*conn, rid, wire::UNKNOWN_MESSAGE, "This server takes no computer-opponent workers");
  }
  bool needs_login = !is_read_only(msg) && !msg.has_register_() && !msg.has_login() && !msg.has_logout();
  if (expired_session(conn, rid, needs_login)) return;
  if (needs_login && conn->user_id() == 0) {
    send_error(*conn, rid, wire::NOT_LOGGED_IN, "Log in or register first");
    return;
  }
  switch (msg.body_case()) {
    case wire::ClientMessage::kRegister:
      return register_user(conn, rid, msg.register_());
    case wire::ClientMessage::kLogin:
      return login(conn, rid, msg.login());
    case wire::ClientMessage::kLogout:
      return logout(conn, rid);
    case wire::ClientMessage::kListSessions:
      return list_sessions(conn, rid);
    case wire::ClientMessage::kEndSession:
      return end_session(conn, rid, msg.end_session());
    case wire::ClientMessage::kListGames:
      return list_games(conn, rid);
    case wire::ClientMessage::kCreateMatch:
      return create_match(conn, rid, msg.create_match());
    case wire::ClientMessage::kListMatches:
      return list_matches(conn, rid, msg.list_matches());
    // Join and watch carry the invite code a private match needs; they check it themselves.
    case wire::ClientMessage::kJoinMatch:
      return on_match(
          conn, rid, msg.join_match().match_id(),
          [conn, rid, req = msg.join_match()](Match& m) { m.join(conn, rid, req); }, false, &msg);
    case wire::ClientMessage::kWatchMatch:
      return on_match(
          conn, rid, msg.watch_match().match_id(),
          [conn, rid, req = msg.watch_match()](Match& m) { m.watch(conn, rid, req); }, false);
    case wire::ClientMessage::kSubmitAction:
      return on_match(
          conn, rid, msg.submit_action().match_id(),
          [conn, rid, req = msg.submit_action()](Match& m) { m.submit(conn, rid, req); }, true, &msg);
    case wire::ClientMessage::kUndo:
      return on_match(
          conn, rid, msg.undo().match_id(),
          [conn, rid, req = msg.undo()](Match& m) { m.undo(conn, rid, req); }, true, &msg);
    case wire::ClientMessage::kResign:
      return on_match(
          conn, rid, msg.resign().match_id(),
          [conn, rid, req = msg.resign()](Match& m) { m.resign(conn, rid, req); }, true, &msg);
    case wire::ClientMessage::kSendChat:
      if (!chat_rate_.take(conn->user_id())) {
        return send_error(
            *conn, rid, wire::RATE_LIMITED,
            "Too many chat lines from your account (all its connections together); wait a moment");
      }
      // A line forwarded from another node was counted there already (docs/architecture.md,
      // "Several nodes"): counting it again here would halve the allowance of followers' players.
      if (shared_ && !conn->forwarded()) {
        // The account's connections on other nodes count too: the burst is a window's lines.
        double rate = config_.chat_rate_per_second;
        int64_t window = rate > 0 ? std::max<int64_t>(1, static_cast<int64_t>(config_.chat_burst / rate)) : 1;
        SharedLimit chat{"chat:" + std::to_string(conn->user_id()), window,
                         rate > 0 ? static_cast<int64_t>(config_.chat_burst) : 0};
        return shared_->count({std::move(chat)}, [this, conn, rid, msg](int64_t wait) {
          if (wait > 0)
            return send_error(*conn, rid, wire::RATE_LIMITED,
                              "Too many chat lines from your account (all its connections together); wait " +
                                  std::to_string(wait) + " s");
          on_match(
              conn, rid, msg.send_chat().match_id(),
              [conn, rid, req = msg.send_chat()](Match& m) { m.chat(conn, rid, req); }, true, &msg);
        });
      }
      return on_match(
          conn, rid, msg.send_chat().match_id(),
          [conn, rid, req = msg.send_chat()](Match& m) { m.chat(conn, rid, req); }, true, &msg);
    case wire::ClientMessage::kFetchLog:
      return on_match(conn, rid, msg.fetch_log().match_id(),
                      [conn, rid, req = msg.fetch_log()](Match& m) { m.fetch_log(conn, rid, req); });
    case wire::ClientMessage::kFetchReplay:
      return on_match(conn, rid, msg.fetch_replay().match_id(),
                      [conn, rid, req = msg.fetch_replay()](Match& m) { m.fetch_replay(conn, rid, req); });
    // Play-by-web (docs/play-by-web.md).
    case wire::ClientMessage::kUnsubscribe:
      return on_match(conn, rid, msg.unsubscribe().match_id(),
                      [conn, rid](Match& m) { m.unsubscribe(conn, rid); });
    case wire::ClientMessage::kMarkSeen:
      return on_match(conn, rid, msg.mark_seen().match_id(),
                      [conn, rid](Match& m) { m.mark_seen(conn, rid); });
    case wire::ClientMessage::kOfferTakeback:
      return on_match(
          conn, rid, msg.offer_takeback().match_id(),
          [conn, rid, req = msg.offer_takeback()](Match& m) { m.offer_takeback(conn, rid, req); }, true,
          &msg);
    case wire::ClientMessage::kAnswerTakeback:
      return on_match(
          conn, rid, msg.answer_takeback().match_id(),
          [conn, rid, req = msg.answer_takeback()](Match& m) { m.answer_takeback(conn, rid, req); }, true,
          &msg);
    case wire::ClientMessage::kAbortMatch:
      return on_match(
          conn, rid, msg.abort_match().match_id(), [conn, rid](Match& m) { m.abort_match(conn, rid); }, true,
          &msg);
    case wire::ClientMessage::kRematch:
      return on_match(
          conn, rid, msg.rematch().match_id(), [conn, rid](Match& m) { m.rematch(conn, rid); }, true, &msg);
    case wire::ClientMessage::kFetchViewAt:
      return on_match(conn, rid, msg.fetch_view_at().match_id(),
                      [conn, rid, req = msg.fetch_view_at()](Match& m) { m.fetch_view_at(conn, rid, req); });
    case wire::ClientMessage::kVerifyMatch:
      return on_match(conn, rid, msg.verify_match().match_id(),
                      [conn, rid](Match& m) { m.verify(conn, rid); });
    case wire::ClientMessage::kFetchChat:
      return on_match(conn, rid, msg.fetch_chat().match_id(),
                      [conn, rid](Match& m) { m.fetch_chat(conn, rid); });
    default:
      if (extension_ && extension_(conn, rid, msg)) return;
      send_error(*conn, rid, wire::UNKNOWN_MESSAGE, "Unknown request");
  }
}

void Service::hello(const ConnPtr& conn, uint64_t rid, const wire::Hello& req, bool from_cookie) {
  if (req.protocol_version() != kProtocolVersion) {
    send_error(*conn, rid, wire::BAD_VERSION,
               "This server speaks protocol version " + std::to_string(kProtocolVersion) + "; you sent " +
                   std::to_string(req.protocol_version()));
    return;
  }
  auto reply = [this, conn, rid](const Identity& who) {
    conn->set_identity(who);
    if (identity_listener_) identity_listener_(conn);
    conn->hello_done = true;
    wire::ServerMessage m;
    m.set_request_id(rid);
    m.mutable_hello()->set_protocol_version(kProtocolVersion);
    m.mutable_hello()->set_server(config_.server_name);
    m.mutable_hello()->set_user_id(who.user_id);
    m.mutable_hello()->set_user_name(who.user_name);
    conn->send(m);
  };
  if (req.token().empty()) {
    reply(Identity{});
    return;
  }
  std::string hash = auth::token_hash(req.token());
  auto found = std::make_shared<std::optional<storage::UserRow>>();
  auto issued_at = std::make_shared<int64_t>(now_seconds());  // a store keeping no sessions: from now
  writer_.submit(
      [hash, found, issued_at, cutoff = token_cutoff()](storage::Store& s) {
        auto user = s.user_for_token(hash, cutoff);
        if (!user) return user.status();
        if (!*user) return core::Status::ok();
        auto row = s.find_user(**user);
        if (!row) return row.status();
        *found = std::move(row.value());
        auto tokens = s.tokens_of_user(**user);
        if (!tokens) return tokens.status();
        for (const auto& t : *tokens) {
          if (t.hash == hash) *issued_at = t.created_at;
        }
        return core::Status::ok();
      },
      [conn, rid, hash, found, issued_at, reply, from_cookie](bool ok) {
        // A read that failed (the database is down) says nothing of the token: not BAD_TOKEN,
        // which would log the client out, nor anonymous for a cookie.
        if (!ok) {
          send_error(*conn, rid, wire::UNAVAILABLE,
                     "The database could not be reached to check your session; try again in a moment");
          return;
        }
        if (!*found && from_cookie) return reply(Identity{});
        if (!*found) {
          send_error(*conn, rid, wire::BAD_TOKEN,
                     "That session token is unknown, expired or was logged out; log in again");
          return;
        }
        reply(Identity{(*found)->id, (*found)->name, hash, *issued_at});
      });
}

void Service::issue_token(const ConnPtr& conn, uint64_t rid, uint64_t user_id, const std::string& name,
                          std::string device_token) {
  std::string token = auth::new_token();
  std::string hash = auth::token_hash(token);
  if (device_token.empty()) device_token = devices_.issue(name);
  int64_t now = now_seconds();
  auto ended = std::make_shared<std::vector<std::string>>();
  writer_.submit(
      [this, hash, user_id, now, ended](storage::Store& s) {
        if (auto st = s.put_token(hash, user_id, now); !st) return st;
        *ended = prune_tokens(s, user_id, hash, now);
        return s.transaction_status();
      },
      [this, conn, rid, token, hash, user_id, name, now, ended, device_token](bool ok) {
        if (!ok) {
          send_error(*conn, rid, wire::INTERNAL, "Could not store the session");
          return;
        }
        // Sessions over the cap were deleted with this login: their connections go as at logout.
        for (const auto& old : *ended) {
          if (revoker_) revoker_(user_id, old, nullptr);
        }
        conn->set_identity({user_id, name, hash, now});
        conn->set_device_token(device_token);
        if (identity_listener_) identity_listener_(conn);
        wire::ServerMessage m;
        m.set_request_id(rid);
        m.mutable_auth()->set_user_id(user_id);
        m.mutable_auth()->set_user_name(name);
        m.mutable_auth()->set_token(token);
        m.mutable_auth()->set_device_token(device_token);
        conn->send(m);
      });
}

void Service::register_user(const ConnPtr& conn, uint64_t rid, const wire::Register& req) {
  if (auto st = auth::validate_name(req.name()); !st)
    return send_error(*conn, rid, wire::INVALID_ARGUMENT, st.message());
  if (auth::is_reserved_name(req.name()))
    return send_error(*conn, rid, wire::INVALID_ARGUMENT,
                      "'" + req.name() +
                          "' reads as a computer opponent's name (bot-easy, bot-normal, bot-hard); "
                          "choose another");
  if (auto st = auth::validate_password(req.password()); !st) {
    return send_error(*conn, rid, wire::INVALID_ARGUMENT, st.message());
  }
  std::string addr_key = "addr:" + conn->remote();
  if (int64_t wait = registration_throttle_.wait_seconds(addr_key); wait > 0) {
    return send_error(*conn, rid, wire::RATE_LIMITED,
                      "Too many new accounts from your address; try again in " + std::to_string(wait) + " s");
  }
  registration_throttle_.failure(addr_key);
  if (shared_) {
    // The same address registering through other nodes counts too.
    SharedLimit site{"register:" + conn->remote(), 600, config_.registrations_per_address};
    return shared_->count({site}, [this, conn, rid, req, addr_key, site](int64_t wait) {
      if (wait > 0) {
        registration_throttle_.forgive(addr_key);
        return send_error(
            *conn, rid, wire::RATE_LIMITED,
            "Too many new accounts from your address; try again in " + std::to_string(wait) + " s");
      }
      auto undo = [this, addr_key, site] {
        registration_throttle_.forgive(addr_key);
        shared_->take_back({site});
      };
      hash_and_register(conn, rid, req, undo);
    });
  }
  hash_and_register(conn, rid, req, [this, addr_key] { registration_throttle_.forgive(addr_key); });
}

void Service::hash_and_register(const ConnPtr& conn, uint64_t rid, const wire::Register& req,
                                std::function<void()> undo) {
  post_hashing(conn, rid, std::move(undo), [this, conn, rid, req] {
    std::string hash = auth::hash_password(req.password(), config_.kdf);
    if (hash.empty()) return send_error(*conn, rid, wire::INTERNAL, "Could not hash the password");
    auto id = std::make_shared<core::Result<uint64_t>>(core::Status::not_found("not stored yet"));
    writer_.submit(
        [id, name = req.name(), hash, now = now_seconds()](storage::Store& s) {
          *id = s.create_user(name, hash, now);
          return core::Status::ok();  // a taken name is an answer; other failures fail the batch
        },
        [this, conn, rid, id, name = req.name()](bool ok) {
          if (!ok) return send_error(*conn, rid, wire::INTERNAL, "Could not store the account; try again");
          if (!*id) {
            send_error(*conn, rid, wire::NAME_TAKEN, "The name '" + name + "' is taken");
            return;
          }
          spdlog::info("user {} ({}) registered from {}", id->value(), name, conn->remote());
          issue_token(conn, rid, id->value(), name);
        });
  });
}

void Service::login(const ConnPtr& conn, uint64_t rid, const wire::Login& req) {
  // The device token sent (or the browser's cookie, put in by on_frame), else the one this
  // connection was given at its last login: a page that logs out and in again stays known.
  std::string presented = req.device_token().empty() ? conn->device_token() : req.device_token();
  std::string device = devices_.device_of(presented, req.name());
  auth::LoginPolicy::Attempt attempt{lower(req.name()), conn->remote(), device};
  // Counted now, as a failure until the password proves right: counting after the hash let
  // pipelined guesses all be checked before the first failure was recorded.
  if (auto verdict = login_policy_.admit(attempt); verdict.wait_seconds > 0)
    return send_error(*conn, rid, wire::LOGIN_THROTTLED, verdict.why);
  std::string known_device = device.empty() ? std::string() : presented;
  if (!shared_) return check_password(conn, rid, req, attempt, known_device);
  // Counted site-wide too, so guesses spread over the nodes share one allowance.
  std::vector<SharedLimit> limits = login_failure_limits(attempt);
  for (auto& l : login_attempt_limits(attempt)) limits.push_back(std::move(l));
  shared_->count(std::move(limits), [this, conn, rid, req, attempt, known_device](int64_t wait) {
    if (wait > 0) {
      login_policy_.not_checked(attempt);
      return send_error(*conn, rid, wire::LOGIN_THROTTLED,
                        "Too many logins to this account or from your address on this site; try again in " +
                            std::to_string(wait) + " s");
    }
    check_password(conn, rid, req, attempt, known_device);
  });
}

std::vector<SharedLimit> Service::login_failure_limits(const auth::LoginPolicy::Attempt& a) const {
  const auth::LoginLimits& l = config_.login;
  if (!a.device.empty()) return {{"login-device:" + a.device, 60, l.failures_per_device}};
  return {{"login-name-source:" + a.name + "\n" + a.source, 60, l.failures_per_name_source},
          {"login-source:" + a.source, 60, l.failures_per_source},
          {"login-name:" + a.name, 600, l.failures_per_name}};
}

std::vector<SharedLimit> Service::login_attempt_limits(const auth::LoginPolicy::Attempt& a) const {
  const auth::LoginLimits& l = config_.login;
  // Every attempt spends from its source's minute; the account's successes are only looked at
  // here and counted when one succeeds.
  return {{"login-rate:" + a.source, 60, static_cast<int64_t>(l.logins_per_source)},
          {"login-account:" + a.name, 60, static_cast<int64_t>(l.logins_per_account), 0}};
}

void Service::check_password(const ConnPtr& conn, uint64_t rid, const wire::Login& req,
                             const auth::LoginPolicy::Attempt& attempt, const std::string& known_device) {
  auto user = std::make_shared<std::optional<storage::UserRow>>();
  writer_.submit(
      [user, name = req.name()](storage::Store& s) {
        auto found = s.find_user_by_name(name);
        if (!found) return found.status();
        *user = std::move(found.value());
        return core::Status::ok();
      },
      [this, conn, rid, user, req, attempt, known_device](bool read) {
        auto undo = [this, attempt] {
          login_policy_.not_checked(attempt);
          if (shared_) {
            auto back = login_failure_limits(attempt);
            back.push_back(login_attempt_limits(attempt)[0]);
            shared_->take_back(std::move(back));
          }
        };
        // The name could not be looked up: nothing was checked, so nothing counts against it.
        if (!read) {
          undo();
          return send_error(*conn, rid, wire::INTERNAL, "Logins cannot be checked just now; try again");
        }
        post_hashing(conn, rid, undo, [this, conn, rid, user, req, attempt, known_device] {
          // An unknown name costs one verification too, at the same cost as a real one.
          std::call_once(dummy_once_,
                         [this] { dummy_hash_ = auth::hash_password(auth::random_hex(16), config_.kdf); });
          bool ok = auth::verify_password(*user ? (*user)->password_hash : dummy_hash_, req.password());
          if (!ok || !*user) {
            spdlog::info("failed login for '{}' from {}{}", req.name(), conn->remote(),
                         attempt.device.empty() ? "" : " (a known device)");
            send_error(*conn, rid, wire::BAD_CREDENTIALS, "Unknown name or wrong password");
            return;
          }
          login_policy_.succeeded(attempt);
          if (shared_) {
            // Only this attempt's failure is taken back (the owner's success must not wipe what
            // strangers spent), and the account's minute is spent.
            shared_->take_back(login_failure_limits(attempt));
            auto account = login_attempt_limits(attempt)[1];
            account.delta = 1;
            shared_->count({std::move(account)}, [](int64_t) {});
          }
          issue_token(conn, rid, (*user)->id, (*user)->name, known_device);
        });
      });
}

// The connection becomes anonymous at once (matches stop sending it its seats' updates, see
// Match::broadcast); every other connection using the same token is closed.
void Service::logout(const ConnPtr& conn, uint64_t rid) {
  Identity who = conn->identity();
  conn->set_identity({});
  if (identity_listener_) identity_listener_(conn);
  if (who.token_hash.empty()) return send_ok(*conn, rid);
  revoke_and_answer(conn, rid, who.user_id, who.token_hash);
}

void Service::check_session_token(const std::string& token,
                                  std::function<void(core::Result<bool>, const std::string&)> done) {
  auto name = std::make_shared<std::optional<std::string>>();
  writer_.submit(
      [hash = auth::token_hash(token), name, cutoff = token_cutoff()](storage::Store& s) {
        auto id = s.user_for_token(hash, cutoff);
        if (!id) return id.status();
        if (!*id) return core::Status::ok();
        auto user = s.find_user(**id);
        if (!user) return user.status();
        *name = *user ? (*user)->name : std::string();
        return core::Status::ok();
      },
      // A session token proves a login from this browser as much as the login did: the browser
      // gets its device cookie here, since page scripts never hold tokens.
      [this, name, done = std::move(done)](bool ok) {
        if (!ok) return done(core::Status::corruption("The session could not be checked; try again"), {});
        done(name->has_value(), *name && !(*name)->empty() ? devices_.issue(**name) : std::string());
      });
}

void Service::revoke_session_token(const std::string& token, std::function<void(bool)> done) {
  auto user = std::make_shared<std::optional<uint64_t>>();
  std::string hash = auth::token_hash(token);
  writer_.submit(
      [hash, user](storage::Store& s) {
        auto found = s.user_for_token(hash, 0);
        if (!found) return found.status();
        *user = *found;
        return s.delete_token(hash);
      },
      [this, hash, user, done = std::move(done)](bool ok) {
        if (ok && *user && revoker_) revoker_(**user, hash, nullptr);
        done(ok);
      });
}

void Service::list_games(const ConnPtr& conn, uint64_t rid) {
  wire::ServerMessage m;
  m.set_request_id(rid);
  for (const auto& entry : matches_.games().catalogue()) *m.mutable_games()->add_games() = entry;
  for (auto& preset : clock::presets()) *m.mutable_games()->add_clock_presets() = std::move(preset);
  conn->send(m);
}

void Service::create_match(const ConnPtr& conn, uint64_t rid, const wire::CreateMatch& req) {
  const core::Game* game = matches_.games().find(req.game());
  if (!game) {
    std::string ids;
    for (const core::Game* g : matches_.games().games()) ids += (ids.empty() ? "" : ", ") + g->id();
    return send_error(*conn, rid, wire::UNKNOWN_GAME,
                      "No game '" + req.game() + "' here (games: " + ids + ")");
  }
  MatchRegistry::CreateRequest create;
  create.game = game;
  create.setup.set_game(game->id());
  create.setup.set_scenario(req.scenario().empty() && game->info().scenarios_size() > 0
                                ? game->info().scenarios(0).id()
                                : req.scenario());
  *create.setup.mutable_options() = req.options();
  if (auto st = core::validate_setup(*game, create.setup); !st) {
    return send_error(*conn, rid, wire::INVALID_ARGUMENT, st.message());
  }
  create.creator_seat = req.side().empty() ? 0 : game->seat_by_name(req.side());
  if (create.creator_seat < 0) {
    return send_error(*conn, rid, wire::INVALID_ARGUMENT,
                      "'" + req.side() + "' is not a side of " + game->info().title());
  }
  // The seed comes from the system generator; only its commitment is shown until the end.
  create.setup.set_seed(auth::random_u64());
  create.seed_nonce = auth::random_hex(16);
  auto initial = game->initial(create.setup);
  if (!initial) return send_error(*conn, rid, wire::INVALID_ARGUMENT, initial.status().message());
  create.initial = std::move(initial.value());
  Identity who = conn->identity();
  create.creator = who.user_id;
  create.creator_name = who.user_name;
  create.visibility = req.visibility();
  // 64 random bits: a private match's id is guessable, its code is not.
  if (req.visibility() == wire::PRIVATE) create.invite_code = auth::random_hex(8);
  auto time_control = clock::normalize(req.time_control());
  if (!time_control) return send_error(*conn, rid, wire::INVALID_ARGUMENT, time_control.status().message());
  create.time_control = time_control.value().SerializeAsString();
  create.max_open_of_creator = config_.max_open_matches_per_user;
  create.max_unfinished_of_creator = config_.max_running_matches_per_user;
  create.refused = [conn, rid](const std::string& why) { send_error(*conn, rid, wire::LIMIT_REACHED, why); };
  if (!req.vs_bot().empty()) {
    std::optional<SeatHolder> bot = bot_finder_ ? bot_finder_(req.vs_bot()) : std::nullopt;
    if (!bot) {
      return send_error(*conn, rid, wire::INVALID_ARGUMENT,
                        "No computer opponent '" + req.vs_bot() + "' here (levels: easy, normal, hard)");
    }
    if (game->seat_count() < 2) {
      return send_error(*conn, rid, wire::INVALID_ARGUMENT,
                        game->info().title() + " is solitaire: there is no side for the computer");
    }
    // Every seat is given, so the match runs at once: the creator's side, the computer the rest.
    for (int s = 0; s < game->seat_count(); ++s)
      create.assigned.push_back(s == create.creator_seat ? SeatHolder{who.user_id, who.user_name} : *bot);
  }
  // Rated by default when strangers meet (a public two-player match) or against the computer;
  // casual among friends (private) unless asked; never alone (docs/play-by-web.md).
  if (game->seat_count() != 2 && req.has_rated() && req.rated()) {
    return send_error(*conn, rid, wire::INVALID_ARGUMENT,
                      game->info().title() + " is not a two-player game here, so it cannot be rated");
  }
  create.rated = game->seat_count() == 2 &&
                 (req.has_rated() ? req.rated() : req.visibility() == wire::PUBLIC || !req.vs_bot().empty());
  // Counted when the request is sound, so a refused one costs nothing of the allowance.
  if (!creation_rate_.take(who.user_id)) {
    return send_error(*conn, rid, wire::LIMIT_REACHED,
                      "You have created " + std::to_string(static_cast<int>(config_.matches_per_hour)) +
                          " matches in the last hour; try again later");
  }
  int seat = create.creator_seat;
  auto made = [conn, rid, seat](const std::shared_ptr<Match>& match) {
    if (!match) return send_error(*conn, rid, wire::INTERNAL, "The match could not be stored");
    match->subscribe_creator(conn, rid, seat);
  };
  if (!shared_) return matches_.create(std::move(create), made);
  SharedLimit hour{"create:" + std::to_string(who.user_id), 3600,
                   static_cast<int64_t>(config_.matches_per_hour)};
  auto request = std::make_shared<MatchRegistry::CreateRequest>(std::move(create));
  shared_->count({std::move(hour)}, [this, conn, rid, request, made](int64_t wait) {
    if (wait > 0)
      return send_error(*conn, rid, wire::LIMIT_REACHED,
                        "You have created " + std::to_string(static_cast<int>(config_.matches_per_hour)) +
                            " matches within the hour on this site; try again in " + std::to_string(wait) +
                            " s");
    matches_.create(std::move(*request), made);
  });
}

void Service::list_matches(const ConnPtr& conn, uint64_t rid, const wire::ListMatches& req) {
  uint64_t user = conn->user_id();
  if (req.filter() == wire::ListMatches::MINE && user == 0) {
    return send_error(*conn, rid, wire::NOT_LOGGED_IN, "Log in to list your matches");
  }
  uint32_t limit = req.limit() == 0 ? 100 : std::min<uint32_t>(req.limit(), 1000);
  auto reply = std::make_shared<wire::ServerMessage>();
  reply->set_request_id(rid);
  const core::Registry& games = matches_.games();
  writer_.submit(
      [this, reply, user, limit, filter = req.filter(), &games](storage::Store& s) {
        std::vector<storage::MyMatchRow> rows;
        if (filter == wire::ListMatches::MINE) {
          auto mine = s.my_matches(user, limit);
          if (!mine) return mine.status();
          rows = std::move(mine.value());
        } else {
          auto open = s.open_matches(limit);
          if (!open) return open.status();
          for (auto& row : *open) rows.push_back({std::move(row)});
        }
        auto* list = reply->mutable_matches();
        for (const auto& mine : rows) {
          const storage::MatchRow& row = mine.match;
          const core::Game* game = games.find(row.game);
          auto* m = list->add_matches();
          m->set_turn_since(mine.your_turn ? mine.turn_since : 0);
          m->set_unread_chat(mine.unread_chat);
          m->set_unseen_result(mine.unseen_result);
          m->set_result(row.result);
          m->set_last_activity(row.last_activity);
          m->set_tournament_id(row.tournament_id);
          m->set_rated(row.rated);
          for (int i = 0; game && row.status == wire::RUNNING && i < game->seat_count(); ++i) {
            if (row.awaiting & core::seat_bit(i)) m->add_active_sides(game->seat_name(i));
          }
          m->set_match_id(row.id);
          m->set_game(row.game);
          m->set_scenario(row.scenario);
          m->set_status(static_cast<wire::MatchStatus>(row.status));
          m->set_visibility(static_cast<wire::Visibility>(row.visibility));
          m->set_seq(row.seq);
          m->set_created_at(row.created_at);
          auto read_seats = s.seats(row.id);
          if (!read_seats) return read_seats.status();
          const auto& seats = *read_seats;
          int count = game ? game->seat_count() : 0;
          for (int i = 0; i < count; ++i) {
            auto* si = m->add_seats();
            si->set_seat(i);
            si->set_side(game->seat_name(i));
            for (const auto& held : seats) {
              if (held.seat != i) continue;
              si->set_user_id(held.user_id);
              si->set_user_name(held.user_name);
              si->set_bot(auth::is_bot_name(held.user_name));
              if (held.user_id == user && user != 0) {
                m->add_your_seats(i);
                if (row.awaiting & core::seat_bit(i)) m->set_your_turn(true);
              }
            }
          }
          if (summary_filler_) summary_filler_(row, *m);
        }
        return core::Status::ok();
      },
      [conn, rid, reply](bool ok) {
        if (!ok) return send_error(*conn, rid, wire::INTERNAL, "The matches could not be read; try again");
        conn->send(*reply);
      });
}

void Service::on_match(const ConnPtr& conn, uint64_t rid, uint64_t match_id, std::function<void(Match&)> fn,
                       bool members_only, const wire::ClientMessage* change) {
  std::optional<wire::ClientMessage> forward;
  if (change) forward = *change;
  matches_.with(
      match_id,
      [this, conn, rid, match_id, members_only, fn = std::move(fn),
       forward = std::move(forward)](const std::shared_ptr<Match>& match) {
        if (!match) {
          send_error(*conn, rid, wire::UNKNOWN_MATCH, "There is no match " + std::to_string(match_id));
          return;
        }
        // This copy lost its lease between the look-up and now: the request goes nowhere.
        if (!match->served_here(*conn, rid)) return;
        // Before any other check: an answer such as MATCH_NOT_RUNNING would tell a stranger how a
        // private match stands.
        if (members_only && !match->admitted(*conn, rid)) return;
        // Another node runs the match (docs/architecture.md, "Several nodes"): a change goes there.
        // A request forwarded here already is not forwarded again (this node lost the match too).
        if (forward && match->runs_elsewhere(*forward, *conn)) {
          if (forwarder_ && !conn->forwarded()) return forwarder_(conn, *forward, match_id);
          return send_error(*conn, rid, wire::MATCH_MOVED,
                            "Match " + std::to_string(match_id) + " is served by node " + match->owner() +
                                " now: connect again and retry; nothing was applied");
        }
        fn(*match);
      },
      // Several nodes: another node runs the match now (docs/architecture.md, "Several nodes").
      [conn, rid, match_id](const std::string& holder) {
        send_error(*conn, rid, wire::MATCH_MOVED,
                   "Match " + std::to_string(match_id) + " is served by node " + holder +
                       " now: connect again (or to that node) and retry; nothing was applied");
      },
      // The database could not be read: the match may well exist, so not UNKNOWN_MATCH.
      [conn, rid, match_id](const core::Status& why) {
        spdlog::error("match {}: cannot be loaded: {}", match_id, why.message());
        send_error(*conn, rid, wire::UNAVAILABLE,
                   "The database could not be read to load match " + std::to_string(match_id) +
                       "; nothing was applied: retry in a moment");
      });
}

}  // namespace frontier::server
