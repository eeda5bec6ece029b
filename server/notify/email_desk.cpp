#include "notify/email_desk.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstdio>

#include "auth/auth.h"
#include "notify/email_message.h"

namespace frontier::server::notify {

namespace {

constexpr int64_t kDay = 86400;
constexpr int64_t kCodeLifetime = kDay;
constexpr int64_t kCodeInterval = 600;  // between two verification mails of one account
constexpr int kCodeTries = 5;
constexpr uint32_t kMaxDelayMinutes = 7 * 24 * 60;

std::string code_hash(uint64_t user, const std::string& code) {
  return auth::sha256_hex("frontier-email-code:" + std::to_string(user) + ":" + code);
}

std::string page(const std::string& title, const std::string& inner) {
  return "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>" + html_escape(title) +
         "</title></head><body><h1>" + html_escape(title) + "</h1>" + inner + "</body></html>\n";
}

// The secret of /email/unsubscribe?t=SECRET, when it looks like one (32 hex digits).
std::optional<std::string> unsubscribe_secret(const std::string& target) {
  size_t q = target.find("?t=");
  if (q == std::string::npos) return std::nullopt;
  std::string secret = target.substr(q + 3);
  if (secret.size() != 32 || !std::all_of(secret.begin(), secret.end(), [](char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
      }))
    return std::nullopt;
  return secret;
}

}  // namespace

EmailDesk::EmailDesk(Mailer& mailer, storage::Writer& writer, std::function<int64_t()> now)
    : mailer_(mailer), writer_(writer), now_(std::move(now)) {}

bool EmailDesk::handle(const ConnPtr& conn, uint64_t rid, const wire::ClientMessage& msg) {
  switch (msg.body_case()) {
    case wire::ClientMessage::kSetEmail:
      set_email(conn, rid, msg.set_email());
      return true;
    case wire::ClientMessage::kVerifyEmail:
      verify(conn, rid, msg.verify_email());
      return true;
    case wire::ClientMessage::kUpdateEmailChoices:
      update_choices(conn, rid, msg.update_email_choices());
      return true;
    default:
      return false;
  }
}

void EmailDesk::fill(const std::optional<storage::EmailRow>& row, wire::EmailSettings& out) const {
  out.set_server_sends(mailer_.enabled());
  storage::EmailRow r = row.value_or(storage::EmailRow{});
  out.set_address(r.address);
  out.set_verified(r.verified);
  out.set_code_pending(!r.code_hash.empty() && r.code_expires > now_() && r.code_tries < kCodeTries);
  out.set_your_turn(r.choices & storage::kEmailYourTurn);
  out.set_your_turn_delay_minutes(static_cast<uint32_t>(r.turn_delay / 60));
  out.set_daily_digest(r.choices & storage::kEmailDigest);
  out.set_clock_warnings(r.choices & storage::kEmailClock);
  out.set_tournament_pairings(r.choices & storage::kEmailPairings);
  out.set_game_over(r.choices & storage::kEmailGameOver);
}

void EmailDesk::change(const ConnPtr& conn, uint64_t rid, Change edit) {
  uint64_t user = conn->user_id();
  auto row = std::make_shared<std::optional<storage::EmailRow>>();
  auto outcome = std::make_shared<Outcome>();
  writer_.submit(
      [user, row, outcome, edit = std::move(edit)](storage::Store& s) {
        auto found = s.email(user);
        if (!found) return found.status();  // answered as not stored: nothing was changed
        *row = std::move(found.value());
        bool had = row->has_value();
        *outcome = edit(s, *row);
        if (!outcome->store) return core::Status::ok();
        if (row->has_value()) return s.put_email(**row);
        if (!had) return core::Status::ok();
        storage::EmailRow gone;  // an empty address removes the row
        gone.user_id = user;
        return s.put_email(gone);
        return core::Status::ok();
      },
      [this, conn, rid, row, outcome](bool ok) {
        if (!ok) return send_error(*conn, rid, wire::INTERNAL, "Could not store the e-mail settings");
        mailer_.poke();  // a verification mail may be waiting
        if (outcome->refusal != wire::ERROR_UNSPECIFIED)
          return send_error(*conn, rid, outcome->refusal, outcome->message);
        wire::ServerMessage m;
        m.set_request_id(rid);
        fill(*row, *m.mutable_email_settings());
        conn->send(m);
      });
}

void EmailDesk::set_email(const ConnPtr& conn, uint64_t rid, const wire::SetEmail& req) {
  const std::string& address = req.address();
  if (!address.empty()) {
    if (!mailer_.enabled())
      return send_error(*conn, rid, wire::INVALID_ARGUMENT,
                        "This server sends no e-mail (it has no mail relay)");
    if (auto st = check_address(address); !st)
      return send_error(*conn, rid, wire::INVALID_ARGUMENT, st.message());
  }
  int64_t now = now_();
  std::string name = conn->identity().user_name;
  const MailIdentity& identity = mailer_.config().identity;
  change(conn, rid, [address, now, name, identity, user = conn->user_id()](storage::Store& s, auto& row) {
    if (address.empty()) {
      row.reset();
      return Outcome{};
    }
    if (row && row->address == address && row->verified) return Outcome{false, wire::ERROR_UNSPECIFIED, {}};
    if (row && row->code_sent_at > now - kCodeInterval) {
      return Outcome{false, wire::LIMIT_REACHED,
                     "A verification code was mailed less than 10 minutes ago; wait " +
                         std::to_string(row->code_sent_at + kCodeInterval - now) +
                         " s before asking for another"};
    }
    if (!row) {
      row = storage::EmailRow{};
      row->user_id = user;
      row->unsubscribe = auth::random_hex(16);
    }
    char digits[16];
    std::snprintf(digits, sizeof digits, "%08u", auth::random_below(100000000));
    std::string code = digits;
    row->address = address;
    row->verified = false;
    row->code_hash = code_hash(user, code);
    row->code_expires = now + kCodeLifetime;
    row->code_tries = 0;
    row->code_sent_at = now;
    // Only this mail ever goes to an address not yet verified.
    auto queued = s.add_email(verification_mail(identity, *row, name, code, now));
    if (!queued) return Outcome{false, wire::INTERNAL, "Could not queue the verification mail"};
    return Outcome{};
  });
}

void EmailDesk::verify(const ConnPtr& conn, uint64_t rid, const wire::VerifyEmail& req) {
  std::string code = req.code();
  code.erase(std::remove(code.begin(), code.end(), ' '), code.end());
  int64_t now = now_();
  change(conn, rid, [code, now](storage::Store&, auto& row) {
    if (!row || row->code_hash.empty())
      return Outcome{false, wire::INVALID_ARGUMENT,
                     "No verification code is pending: set your address first"};
    if (row->code_expires <= now || row->code_tries >= kCodeTries) {
      return Outcome{false, wire::INVALID_ARGUMENT,
                     "This code has expired or was mistyped too often; set the address again for a new one"};
    }
    if (code_hash(row->user_id, code) != row->code_hash) {
      ++row->code_tries;
      return Outcome{true, wire::INVALID_ARGUMENT,
                     "Wrong code (" + std::to_string(kCodeTries - row->code_tries) + " tries left)"};
    }
    row->verified = true;
    row->code_hash.clear();
    row->code_tries = 0;
    row->digest_due = now + kDay;
    return Outcome{};
  });
}

void EmailDesk::update_choices(const ConnPtr& conn, uint64_t rid, const wire::UpdateEmailChoices& req) {
  if (req.has_your_turn_delay_minutes() && req.your_turn_delay_minutes() > kMaxDelayMinutes)
    return send_error(*conn, rid, wire::INVALID_ARGUMENT,
                      "The delay before a \"your turn\" mail is at most a week");
  int64_t now = now_();
  change(conn, rid, [req, now](storage::Store&, auto& row) {
    if (!row) return Outcome{false, wire::INVALID_ARGUMENT, "Set an e-mail address first"};
    auto set = [&](bool has, bool on, uint32_t flag) {
      if (has) row->choices = on ? (row->choices | flag) : (row->choices & ~flag);
    };
    bool had_digest = row->choices & storage::kEmailDigest;
    set(req.has_your_turn(), req.your_turn(), storage::kEmailYourTurn);
    set(req.has_daily_digest(), req.daily_digest(), storage::kEmailDigest);
    set(req.has_clock_warnings(), req.clock_warnings(), storage::kEmailClock);
    set(req.has_tournament_pairings(), req.tournament_pairings(), storage::kEmailPairings);
    set(req.has_game_over(), req.game_over(), storage::kEmailGameOver);
    if (req.has_your_turn_delay_minutes()) row->turn_delay = int64_t{req.your_turn_delay_minutes()} * 60;
    // The first digest comes a day after it is chosen.
    if (!had_digest && (row->choices & storage::kEmailDigest)) row->digest_due = now + kDay;
    return Outcome{};
  });
}

void EmailDesk::unsubscribe(const std::string& method, const std::string& target,
                            std::function<void(int, std::string)> answer) {
  auto secret = unsubscribe_secret(target);
  if (!secret) return answer(404, page("Unknown link", "<p>This unsubscribe link is not valid.</p>"));
  if (method == "GET" || method == "HEAD") {
    return answer(
        200, page("Unsubscribe from Frontier mail",
                  "<form method=\"post\" action=\"/email/unsubscribe?t=" + *secret +
                      "\"><button type=\"submit\">Unsubscribe from every Frontier mail</button></form>"));
  }
  if (method != "POST") return answer(405, page("Not allowed", "<p>GET or POST only.</p>"));
  auto found = std::make_shared<bool>(false);
  writer_.submit(
      [secret = *secret, found](storage::Store& s) {
        auto read = s.email_by_unsubscribe(secret);
        if (!read) return read.status();  // a 500, "try again": the link may well be valid
        auto& row = read.value();
        if (!row) return core::Status::ok();
        *found = true;
        row->choices = 0;
        // An address never verified was perhaps given by someone else: it goes altogether.
        if (!row->verified) row->address.clear();
        spdlog::info("user {}: unsubscribed from every mail", row->user_id);
        return s.put_email(*row);
      },
      [found, answer = std::move(answer)](bool ok) {
        if (!ok) return answer(500, page("Please try again", "<p>The change could not be stored.</p>"));
        if (!*found)
          return answer(404, page("Unknown link", "<p>This unsubscribe link is not valid (any more).</p>"));
        answer(200, page("Unsubscribed",
                         "<p>Frontier will not mail you again. You can choose notices again in "
                         "your settings.</p>"));
      });
}

}  // namespace frontier::server::notify
