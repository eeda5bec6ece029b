// E-mail notices on a real frontierd (manual clock) mailing through a real SMTP server started by
// the test (aiosmtpd, tests/server/smtp_relay.h): an address is verified by a mailed code before
// anything else is mailed to it; "your turn" waits for the user's delay and is not sent when they
// looked; the digest; headers, parts and the one-click unsubscribe; and a relay that refuses or
// is down keeps the notice queued, across a restart, until it is delivered once. Then a relay
// as providers run them (STARTTLS required, then AUTH): the notice goes over TLS, logged in, and a
// wrong password or a certificate not trusted keeps it queued, retried with back-off.
#include <gtest/gtest.h>

#include <fstream>
#include <thread>

#include "harness.h"
#include "play_support.h"
#include "smtp_relay.h"
#include "storage/open_store.h"
#include "storage/store.h"
#include "store_reads.h"
#include "tournament_support.h"

namespace frontier::testing {
namespace {

constexpr int64_t kStart = 1800000000;  // Fri, 15 Jan 2027 08:00:00 UTC
constexpr int64_t kDay = 86400;

std::vector<std::string> mail_flags(const SmtpRelay& relay) {
  return {"--manual-clock=" + std::to_string(kStart),
          "--public-url",
          "http://example.test",
          "--smtp-url",
          relay.url(),
          "--mail-from",
          "Frontier <frontier@example.test>"};
}

core::Result<wire::ServerMessage> set_email(Player& p, const std::string& address) {
  wire::ClientMessage m;
  m.mutable_set_email()->set_address(address);
  return p.c->request(m);
}

core::Result<wire::ServerMessage> verify(Player& p, const std::string& code) {
  wire::ClientMessage m;
  m.mutable_verify_email()->set_code(code);
  return p.c->request(m);
}

// The code of the verification mail: the last word of its subject.
std::string code_of(const std::string& mail) {
  std::string subject = mail_header(mail, "Subject");
  return subject.substr(subject.rfind(' ') + 1);
}

// `p` registers `address` and verifies it with the code mailed, which is mail number `n`.
bool verified(Player& p, SmtpRelay& relay, const std::string& address, size_t n) {
  auto set = set_email(p, address);
  if (!set || !set->has_email_settings() || !relay.await_messages(n)) return false;
  auto v = verify(p, code_of(relay.messages()[n - 1]));
  return v && v->has_email_settings() && v->email_settings().verified();
}

// North bids 3 and South 0 (North to move), then both leave the page.
bool bid_and_leave(Player& north, Player& south, uint64_t id, uint32_t& seq) {
  return act(north, id, seq, race_bid(3)) && act(south, id, seq, race_bid(0)) && leave(north, id) &&
         leave(south, id);
}

// A frontierd mailing through a fresh SMTP server.
class EmailTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(server.start(&error)) << error; }

  SmtpRelay relay;
  ServerProcess server{mail_flags(relay)};
  std::string error;
};

// Mails still queued for the relay in the server's database (a second reader: of the SQLite
// file, or a connection of its own to PostgreSQL), once one of them has been tried `attempts` times.
bool queued_mail_tried(const ServerProcess& server, int attempts) {
  auto store = storage::open_store(server.db(), storage::Durability::kNormal);
  if (!store) return false;
  for (int i = 0; i < 500; ++i) {
    for (const auto& row : must_read(store.value()->emails_due(INT64_MAX, 10))) {
      if (row.attempts >= attempts) return true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

TEST_F(EmailTest, VerifiedTurnNoticeDigestAndOneClickUnsubscribe) {
  Player north, south;
  uint64_t id = start_race(north, south, server.port(), {}, "mail");
  ASSERT_NE(id, 0u);
  std::string ids = std::to_string(id);

  auto bad = set_email(south, "south at example");
  ASSERT_TRUE(bad && bad->has_error());
  EXPECT_EQ(bad->error().code(), wire::INVALID_ARGUMENT);
  auto set = set_email(south, "south@example.test");
  ASSERT_TRUE(set && set->has_email_settings()) << (set && set->has_error() ? set->error().message() : "");
  EXPECT_EQ(set->email_settings().address(), "south@example.test");
  EXPECT_FALSE(set->email_settings().verified());
  EXPECT_TRUE(set->email_settings().code_pending());
  EXPECT_TRUE(set->email_settings().server_sends());
  ASSERT_TRUE(relay.await_messages(1));
  std::string code = code_of(relay.messages()[0]);
  ASSERT_EQ(code.size(), 8u) << relay.messages()[0];
  EXPECT_EQ(mail_header(relay.messages()[0], "Envelope-To"), "south@example.test");
  auto again = set_email(south, "other@example.test");  // a second code within 10 minutes
  ASSERT_TRUE(again && again->has_error());
  EXPECT_EQ(again->error().code(), wire::LIMIT_REACHED);

  // Not verified yet: South's turn comes and its delay passes, and nothing is mailed.
  uint32_t seq = north.last.seq();
  ASSERT_TRUE(bid_and_leave(north, south, id, seq));
  ASSERT_TRUE(act(north, id, seq, race_roll()));
  ASSERT_EQ(advance(north, 3600), kStart + 3600);
  EXPECT_FALSE(relay.await_messages(2, std::chrono::milliseconds(300)));

  std::string wrong = code;
  wrong[0] = wrong[0] == '9' ? '0' : static_cast<char>(wrong[0] + 1);
  auto refused = verify(south, wrong);
  ASSERT_TRUE(refused && refused->has_error());
  EXPECT_EQ(refused->error().code(), wire::INVALID_ARGUMENT);
  auto ok = verify(south, code);
  ASSERT_TRUE(ok && ok->has_email_settings()) << (ok && ok->has_error() ? ok->error().message() : "");
  EXPECT_TRUE(ok->email_settings().verified());
  wire::ClientMessage choices;
  choices.mutable_update_email_choices()->set_your_turn_delay_minutes(10);
  choices.mutable_update_email_choices()->set_daily_digest(true);
  auto chosen = south.c->request(choices);
  ASSERT_TRUE(chosen && chosen->has_email_settings());
  EXPECT_EQ(chosen->email_settings().your_turn_delay_minutes(), 10u);
  EXPECT_TRUE(chosen->email_settings().daily_digest());

  // South's turn again: mailed once South has not looked for 10 minutes.
  ASSERT_TRUE(act(south, id, seq, race_roll()));
  ASSERT_TRUE(act(north, id, seq, race_roll()));
  ASSERT_EQ(advance(north, 599), kStart + 4199);
  EXPECT_FALSE(relay.await_messages(2, std::chrono::milliseconds(300)));
  ASSERT_EQ(advance(north, 1), kStart + 4200);
  ASSERT_TRUE(relay.await_messages(2));
  std::string mail = relay.messages()[1];
  EXPECT_EQ(mail_header(mail, "From"), "Frontier <frontier@example.test>") << mail;
  EXPECT_EQ(mail_header(mail, "Envelope-From"), "frontier@example.test");
  EXPECT_EQ(mail_header(mail, "To"), "south@example.test");
  EXPECT_EQ(mail_header(mail, "Subject"),
            "Your turn in Race (test fixture) #" + ids + " (move " + std::to_string(seq + 1) + ")");
  EXPECT_EQ(mail_header(mail, "Date"), "Fri, 15 Jan 2027 09:10:00 +0000");  // kStart + 4200, when mailed
  std::string message_id = mail_header(mail, "Message-ID");
  EXPECT_TRUE(message_id.starts_with("<frontier.") && message_id.ends_with("@example.test>")) << message_id;
  std::string unsubscribe = mail_header(mail, "List-Unsubscribe");
  ASSERT_TRUE(unsubscribe.starts_with("<http://example.test/email/unsubscribe?t=")) << unsubscribe;
  EXPECT_EQ(mail_header(mail, "List-Unsubscribe-Post"), "List-Unsubscribe=One-Click");
  std::string url = "http://example.test/#/match/" + ids;
  EXPECT_NE(mail_part(mail, "text/plain").find(url), std::string::npos) << mail;
  EXPECT_NE(mail_part(mail, "text/html").find("href=\"" + url + "\""), std::string::npos) << mail;
  EXPECT_NE(mail_part(mail, "text/plain").find(unsubscribe.substr(1, unsubscribe.size() - 2)),
            std::string::npos);

  // South's turn once more, but South looks at the match within the delay: no mail.
  ASSERT_TRUE(act(south, id, seq, race_roll()));
  ASSERT_TRUE(act(north, id, seq, race_roll()));
  auto look = south.c->request(join_msg(id, {}, seq));
  ASSERT_TRUE(look && look->has_update());
  ASSERT_TRUE(leave(south, id));
  ASSERT_EQ(advance(north, 600), kStart + 4800);
  EXPECT_FALSE(relay.await_messages(3, std::chrono::milliseconds(300)));

  // A day after the digest was chosen (at kStart + 3600): the matches waiting for South.
  ASSERT_EQ(advance(north, kDay - 1201), kStart + kDay + 3599);
  EXPECT_FALSE(relay.await_messages(3, std::chrono::milliseconds(300)));
  ASSERT_EQ(advance(north, 1), kStart + kDay + 3600);
  ASSERT_TRUE(relay.await_messages(3));
  std::string digest = relay.messages()[2];
  EXPECT_EQ(mail_header(digest, "Subject"), "Frontier: 1 match waits for your move");
  EXPECT_NE(mail_part(digest, "text/plain").find(url), std::string::npos) << digest;

  // One click: the link's page has one button; the POST mail clients send unsubscribes.
  std::string path = unsubscribe.substr(20, unsubscribe.size() - 21);  // after "<http://example.test"
  HttpResult page = http(server.port(), "GET", path);
  EXPECT_EQ(page.status, 200);
  EXPECT_NE(page.body.find("<form method=\"post\""), std::string::npos) << page.body;
  HttpResult done = http(server.port(), "POST", path, {{"Content-Type", "application/x-www-form-urlencoded"}},
                         "List-Unsubscribe=One-Click");
  EXPECT_EQ(done.status, 200) << done.body;
  EXPECT_EQ(http(server.port(), "POST", "/email/unsubscribe?t=0123456789abcdef0123456789abcdef").status, 404);
  wire::ClientMessage get;
  get.mutable_get_profile();
  auto profile = south.c->request(get);
  ASSERT_TRUE(profile && profile->has_profile());
  const auto& e = profile->profile().email();
  EXPECT_TRUE(e.verified());
  EXPECT_FALSE(e.your_turn() || e.daily_digest() || e.clock_warnings() || e.tournament_pairings() ||
               e.game_over());
  ASSERT_TRUE(act(south, id, seq, race_roll()));
  ASSERT_TRUE(act(north, id, seq, race_roll()));
  ASSERT_EQ(advance(north, 3600), kStart + kDay + 7200);
  EXPECT_FALSE(relay.await_messages(4, std::chrono::milliseconds(300)));
}

// Clock warnings go out at once (no delay): North, away from the match page, has used 80% of its
// bank.
TEST_F(EmailTest, ClockWarningIsMailedAtOnce) {
  Player north, south;
  wire::TimeControl tc;
  tc.set_kind(wire::TimeControl::FISCHER);
  tc.set_initial_seconds(1000);
  uint64_t id = start_race(north, south, server.port(), tc, "warn");
  ASSERT_NE(id, 0u);
  ASSERT_TRUE(verified(north, relay, "north@example.test", 1));
  uint32_t seq = north.last.seq();
  ASSERT_TRUE(bid_and_leave(north, south, id, seq));  // North to move, its clock running
  ASSERT_EQ(advance(south, 799), kStart + 799);
  EXPECT_FALSE(relay.await_messages(2, std::chrono::milliseconds(300)));
  ASSERT_EQ(advance(south, 1), kStart + 800);
  ASSERT_TRUE(relay.await_messages(2));
  std::string mail = relay.messages()[1];
  EXPECT_EQ(mail_header(mail, "To"), "north@example.test");
  EXPECT_EQ(mail_header(mail, "Subject"),
            "Time is running low in Race (test fixture) #" + std::to_string(id) + ": 0 h left")
      << mail;
  EXPECT_NE(mail_part(mail, "text/plain").find("http://example.test/#/match/" + std::to_string(id)),
            std::string::npos);
}

// A tournament pairing: the round's match starts for both players; the one with a verified
// address gets a mail at once, the other none.
TEST_F(EmailTest, TournamentPairingIsMailed) {
  Player organiser;
  ASSERT_TRUE(register_player(organiser, server.port(), "org"));
  Field f;
  make_field(f, 2, server.port(), "pair");
  ASSERT_TRUE(verified(f.players[0], relay, "paired@example.test", 1));
  auto req = race_event("Mail cup", wire::SWISS);
  req.set_rounds(1);
  uint64_t event = create_and_fill(organiser, f, req);
  ASSERT_NE(event, 0u);
  ASSERT_TRUE(relay.await_messages(2));
  std::string mail = relay.messages()[1];
  EXPECT_EQ(mail_header(mail, "To"), "paired@example.test");
  std::string subject = mail_header(mail, "Subject");
  EXPECT_TRUE(subject.starts_with("Your tournament match: Race (test fixture) #") &&
              subject.ends_with(" has started"))
      << subject;
  EXPECT_NE(mail_part(mail, "text/html").find("href=\"http://example.test/#/match/"), std::string::npos);
  EXPECT_FALSE(relay.await_messages(3, std::chrono::milliseconds(300)));
}

TEST_F(EmailTest, RefusingOrDownRelayKeepsTheNoticeQueuedAcrossARestart) {
  Player north, south;
  uint64_t id = start_race(north, south, server.port(), {}, "relay");
  ASSERT_NE(id, 0u);
  ASSERT_TRUE(verified(south, relay, "south@example.test", 1));
  uint32_t seq = north.last.seq();
  ASSERT_TRUE(bid_and_leave(north, south, id, seq));

  relay.refuse(true);
  wire::ClientMessage resign;
  resign.mutable_resign()->set_match_id(id);
  auto r = north.c->request(resign);
  ASSERT_TRUE(r && r->ok());
  ASSERT_TRUE(queued_mail_tried(server, 1));  // refused (451): queued, next try a minute later
  relay.stop();
  ASSERT_EQ(advance(north, 60), kStart + 60);
  ASSERT_TRUE(queued_mail_tried(server, 2));  // the relay is down

  server.kill_hard();
  ASSERT_TRUE(relay.start());
  relay.refuse(false);
  ASSERT_TRUE(server.start(&error)) << error;  // the manual clock starts at kStart again
  Player watcher;
  ASSERT_TRUE(register_player(watcher, server.port(), "watch"));
  EXPECT_FALSE(relay.await_messages(2, std::chrono::milliseconds(300)));  // next try at kStart + 360
  ASSERT_EQ(advance(watcher, 360), kStart + 360);
  ASSERT_TRUE(relay.await_messages(2));
  std::string mail = relay.messages()[1];
  EXPECT_EQ(mail_header(mail, "Subject"),
            "Race (test fixture) #" + std::to_string(id) + " is over: North resigns; South wins")
      << mail;
  // Delivered once: later passes, and a day of them, send nothing more.
  ASSERT_EQ(advance(watcher, kDay), kStart + 360 + kDay);
  EXPECT_FALSE(relay.await_messages(3, std::chrono::milliseconds(500)));
}

// A submission relay as providers run them: STARTTLS required, then a login (LOGIN or PLAIN, only
// over TLS), with a certificate of its own that frontierd is told to trust (--smtp-ca-file).
class SecuredEmailTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(relay.start()) << relay.log();
    std::ofstream(password_file()) << kPassword << "\n";
  }
  std::string password_file() const { return (server.dir() / "smtp-password").string(); }
  // The flags of a frontierd mailing through the relay as `user` with the password in `file`,
  // trusting the relay's certificate when `trust` (else only the system's CA store).
  std::vector<std::string> flags(const std::string& password_flag, const std::string& password_value,
                                 bool trust) const {
    auto f = mail_flags(relay);
    f.insert(f.end(), {"--smtp-require-tls", "--smtp-user", kUser, password_flag, password_value});
    if (trust) f.insert(f.end(), {"--smtp-ca-file", relay.certificate()});
    return f;
  }
  size_t lines(const std::string& text, const std::string& start) const {
    size_t n = 0;
    for (size_t at = text.find(start); at != std::string::npos; at = text.find(start, at + 1)) ++n;
    return n;
  }

  static constexpr const char* kUser = "frontier-relay";
  static constexpr const char* kPassword = "correct horse 42";
  SmtpRelay relay{SmtpRelay::Secured{kUser, kPassword, ""}};
  ServerProcess server;
  std::string error;
};

TEST_F(SecuredEmailTest, NoticesGoOverStartTlsLoggedIn) {
  server.set_extra(flags("--smtp-password-file", password_file(), true));
  ASSERT_TRUE(server.start(&error)) << error;
  Player north, south;
  uint64_t id = start_race(north, south, server.port(), {}, "tls");
  ASSERT_NE(id, 0u);
  ASSERT_TRUE(verified(south, relay, "south@example.test", 1)) << server.log() << relay.log();
  EXPECT_EQ(mail_header(relay.messages()[0], "Relay-TLS"), "yes");
  EXPECT_EQ(mail_header(relay.messages()[0], "Relay-Login"), kUser);
  uint32_t seq = north.last.seq();
  ASSERT_TRUE(bid_and_leave(north, south, id, seq));
  wire::ClientMessage resign;
  resign.mutable_resign()->set_match_id(id);
  auto r = north.c->request(resign);
  ASSERT_TRUE(r && r->ok());
  ASSERT_TRUE(relay.await_messages(2)) << server.log();
  std::string mail = relay.messages()[1];
  EXPECT_EQ(mail_header(mail, "Subject"),
            "Race (test fixture) #" + std::to_string(id) + " is over: North resigns; South wins")
      << mail;
  EXPECT_EQ(mail_header(mail, "Relay-TLS"), "yes") << mail;
  EXPECT_EQ(mail_header(mail, "Relay-Login"), kUser) << mail;
  EXPECT_EQ(lines(relay.logins(), "accepted frontier-relay PLAIN"), 2u) << relay.logins();
  EXPECT_EQ(lines(relay.logins(), "refused"), 0u) << relay.logins();
}

// The relay refuses the login, then frontierd does not trust its certificate: the verification
// mail stays queued, tried again after 1 and 5 minutes (nothing between), and once the operator
// fixes both (a restart) it is delivered, once.
TEST_F(SecuredEmailTest, WrongPasswordOrUntrustedCertificateKeepsTheNoticeQueued) {
  relay.stop();  // this time a relay offering AUTH LOGIN alone (the first test logs in with PLAIN)
  relay.offer_only("LOGIN");
  ASSERT_TRUE(relay.start()) << relay.log();
  server.set_extra(flags("--smtp-password", "wrong horse 42", true));
  ASSERT_TRUE(server.start(&error)) << error;
  Player south;
  ASSERT_TRUE(register_player(south, server.port(), "tlsq"));
  auto set = set_email(south, "queued@example.test");
  ASSERT_TRUE(set && set->has_email_settings());
  ASSERT_TRUE(queued_mail_tried(server, 1)) << server.log();
  EXPECT_EQ(lines(relay.logins(), "refused frontier-relay LOGIN"), 1u) << relay.logins();
  ASSERT_EQ(advance(south, 59), kStart + 59);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(lines(relay.logins(), "refused"), 1u) << "retried before its minute: " << relay.logins();
  ASSERT_EQ(advance(south, 1), kStart + 60);
  ASSERT_TRUE(queued_mail_tried(server, 2)) << server.log();
  EXPECT_EQ(lines(relay.logins(), "refused frontier-relay "), 2u) << relay.logins();
  EXPECT_TRUE(relay.messages().empty());

  // The right password, but only the system's CA store: the relay's certificate is refused
  // before any login is sent.
  server.kill_hard();
  server.set_extra(flags("--smtp-password-file", password_file(), false));
  ASSERT_TRUE(server.start(&error)) << error;  // the manual clock starts at kStart again
  Player watcher;
  ASSERT_TRUE(register_player(watcher, server.port(), "tlsw"));
  ASSERT_EQ(advance(watcher, 360), kStart + 360);  // the next try: 5 minutes after the second
  ASSERT_TRUE(queued_mail_tried(server, 3)) << server.log();
  EXPECT_EQ(lines(relay.logins(), "accepted"), 0u) << relay.logins();
  EXPECT_TRUE(relay.messages().empty());

  server.kill_hard();
  server.set_extra(flags("--smtp-password-file", password_file(), true));
  ASSERT_TRUE(server.start(&error)) << error;
  Player last;
  ASSERT_TRUE(register_player(last, server.port(), "tlsl"));
  EXPECT_FALSE(relay.await_messages(1, std::chrono::milliseconds(300)));  // next try at kStart + 1260
  ASSERT_EQ(advance(last, 1260), kStart + 1260);
  ASSERT_TRUE(relay.await_messages(1)) << server.log();
  std::string mail = relay.messages()[0];
  EXPECT_EQ(mail_header(mail, "To"), "queued@example.test");
  EXPECT_EQ(code_of(mail).size(), 8u) << mail;
  EXPECT_EQ(mail_header(mail, "Relay-TLS"), "yes");
  EXPECT_EQ(mail_header(mail, "Relay-Login"), kUser);
  EXPECT_EQ(lines(relay.logins(), "accepted frontier-relay LOGIN"), 1u) << relay.logins();
  ASSERT_EQ(advance(last, kDay), kStart + 1260 + kDay);
  EXPECT_FALSE(relay.await_messages(2, std::chrono::milliseconds(500)));
}

}  // namespace
}  // namespace frontier::testing
