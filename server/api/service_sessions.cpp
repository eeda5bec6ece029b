// Sessions: a login's token lives --session-days, is checked again whenever its connection acts,
// and an account holds at most --max-sessions of them (a login beyond ends the oldest). Expired
// tokens are deleted at login (the account's own) and once an hour (everybody's), so a flood of
// logins leaves no rows behind. A user lists their sessions and ends any of them.
#include <spdlog/spdlog.h>

#include "api/service.h"

namespace frontier::server {

namespace {

constexpr int64_t kSweepEverySeconds = 3600;

// What a user sees of a session: the first 8 bytes of the token's hash in hex. It tells the
// sessions apart and opens none of them (the hash is of a random token; this is a prefix of it).
std::string session_id(const std::string& token_hash) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (size_t i = 0; i < token_hash.size() && i < 8; ++i) {
    auto b = static_cast<unsigned char>(token_hash[i]);
    out += kHex[b >> 4];
    out += kHex[b & 15];
  }
  return out;
}

}  // namespace

std::vector<std::string> Service::prune_tokens(storage::Store& s, uint64_t user, const std::string& kept,
                                               int64_t now) {
  int64_t cutoff = now - static_cast<int64_t>(config_.token_lifetime.count());
  std::vector<std::string> ended;
  uint32_t valid = 1;  // `kept`, the login being made, is never the one dropped
  auto tokens = s.tokens_of_user(user);
  if (!tokens) return ended;       // the read failed the batch; the caller reports it
  for (const auto& t : *tokens) {  // newest first
    if (t.hash == kept) continue;
    bool expired = t.created_at < cutoff;
    bool over_cap = !expired && config_.max_sessions_per_user > 0 && ++valid > config_.max_sessions_per_user;
    if (!expired && !over_cap) continue;
    if (!s.delete_token(t.hash)) break;  // the batch fails as a whole; the caller reports it
    if (over_cap) ended.push_back(t.hash);
  }
  int64_t last = last_token_sweep_.load();
  if (now - last >= kSweepEverySeconds && last_token_sweep_.compare_exchange_strong(last, now))
    (void)s.delete_tokens_issued_before(cutoff);
  if (!ended.empty())
    spdlog::info("user {}: {} oldest session(s) ended, over --max-sessions {}", user, ended.size(),
                 config_.max_sessions_per_user);
  return ended;
}

bool Service::expired_session(const ConnPtr& conn, uint64_t rid, bool needs_login) {
  int64_t issued_at = conn->token_issued_at();
  if (issued_at == 0 || issued_at >= token_cutoff()) return false;
  // The connection was authenticated while the token was valid; it is not any more. It loses
  // its identity (its seats' updates stop, as after logout) and acts anonymously from now on.
  conn->set_identity({});
  if (identity_listener_) identity_listener_(conn);
  if (!needs_login) return false;
  send_error(*conn, rid, wire::BAD_TOKEN, "Your session has expired; log in again");
  return true;
}

void Service::list_sessions(const ConnPtr& conn, uint64_t rid) {
  Identity who = conn->identity();
  auto reply = std::make_shared<wire::ServerMessage>();
  reply->set_request_id(rid);
  writer_.submit(
      [reply, who, cutoff = token_cutoff(),
       lifetime = static_cast<int64_t>(config_.token_lifetime.count())](storage::Store& s) {
        auto* list = reply->mutable_sessions();
        auto tokens = s.tokens_of_user(who.user_id);
        if (!tokens) return tokens.status();
        for (const auto& t : *tokens) {
          if (t.created_at < cutoff) continue;  // expired: deleted at the next login or sweep
          auto* info = list->add_sessions();
          info->set_session_id(session_id(t.hash));
          info->set_created_at(t.created_at);
          info->set_expires_at(t.created_at + lifetime);
          info->set_current(t.hash == who.token_hash);
        }
        return core::Status::ok();
      },
      [conn, rid, reply](bool ok) {
        if (!ok) return send_error(*conn, rid, wire::INTERNAL, "The sessions could not be read; try again");
        conn->send(*reply);
      });
}

void Service::end_session(const ConnPtr& conn, uint64_t rid, const wire::EndSession& req) {
  Identity who = conn->identity();
  auto hash = std::make_shared<std::string>();
  writer_.submit(
      [hash, who, id = req.session_id()](storage::Store& s) {
        auto tokens = s.tokens_of_user(who.user_id);
        if (!tokens) return tokens.status();
        for (const auto& t : *tokens) {
          if (!id.empty() && session_id(t.hash) == id) *hash = t.hash;
        }
        return core::Status::ok();
      },
      [this, conn, rid, hash, who, id = req.session_id()](bool ok) {
        if (!ok) return send_error(*conn, rid, wire::INTERNAL, "The sessions could not be read; try again");
        if (hash->empty())
          return send_error(*conn, rid, wire::INVALID_ARGUMENT, "You have no session '" + id + "'");
        if (*hash == who.token_hash) return logout(conn, rid);
        revoke_and_answer(conn, rid, who.user_id, *hash);
      });
}

void Service::revoke_and_answer(const ConnPtr& conn, uint64_t rid, uint64_t user,
                                const std::string& token_hash) {
  writer_.submit([token_hash](storage::Store& s) { return s.delete_token(token_hash); },
                 [this, conn, rid, user, token_hash](bool ok) {
                   // After the delete is durable, so no Hello can bring the token back meanwhile.
                   if (revoker_) revoker_(user, token_hash, conn.get());
                   if (!ok)
                     return send_error(*conn, rid, wire::INTERNAL, "Could not end the session; try again");
                   send_ok(*conn, rid);
                 });
}

}  // namespace frontier::server
