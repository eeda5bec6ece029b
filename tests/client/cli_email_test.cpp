// `frontier email` (issue 49, the terminal at parity with the browser's settings): the real client
// against a real frontierd that mails through a real SMTP server (aiosmtpd, tests/server/
// smtp_relay.h). The address is set, the code read from the mail the relay received and given
// back, each choice turned off and on and the delay changed; every change is read back from the
// server by a fresh `frontier email`. And a server without a relay says so.
#include "cli_env.h"
#include "render/text_width.h"
#include "smtp_relay.h"

namespace frontier::testing {
namespace {

class EmailCli : public CliTest {
 protected:
  static void SetUpTestSuite() {
    CliTest::SetUpTestSuite();
    relay_ = std::make_unique<SmtpRelay>();
    mail_server_ = std::make_unique<ServerProcess>(
        std::vector<std::string>{"--public-url", "http://example.test", "--smtp-url", relay_->url(),
                                 "--mail-from", "Frontier <frontier@example.test>"});
    std::string error;
    ASSERT_TRUE(mail_server_->start(&error)) << error;
  }
  static void TearDownTestSuite() {
    mail_server_.reset();
    relay_.reset();
    CliTest::TearDownTestSuite();
  }

  // A registered, logged-in user of the server that mails.
  CliUser mailing(const std::string& stem) {
    CliUser u(mail_server_->dir(), unique_name(stem), mail_server_->port());
    CliResult r = u.run({"register", u.name()});
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    return u;
  }

  static std::unique_ptr<SmtpRelay> relay_;
  static std::unique_ptr<ServerProcess> mail_server_;
};

std::unique_ptr<SmtpRelay> EmailCli::relay_;
std::unique_ptr<ServerProcess> EmailCli::mail_server_;

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST_F(EmailCli, AddressCodeChoicesAndDelayAsInTheBrowsersSettings) {
  CliUser u = mailing("mailer");
  CliResult r = u.run({"email"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(has(r.out, "no address (`frontier email set ADDRESS`")) << r.out;
  r = u.run({"email", "on", "digest"});
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(has(r.err, "Set an e-mail address first")) << r.err;
  r = u.run({"email", "set", "me at example", "--json"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(json_string(r.out, "code"), "INVALID_ARGUMENT") << r.out;

  size_t before = relay_->messages().size();
  std::string address = u.name() + "@example.test";
  r = u.run({"email", "set", address});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(has(r.out, "A code was mailed to " + address)) << r.out;
  EXPECT_TRUE(has(r.out, "not verified yet: `frontier email verify CODE`")) << r.out;
  ASSERT_TRUE(relay_->await_messages(before + 1));
  std::string mail = relay_->messages()[before];
  ASSERT_EQ(mail_header(mail, "To"), address) << mail;
  std::string subject = mail_header(mail, "Subject");
  std::string code = subject.substr(subject.rfind(' ') + 1);
  ASSERT_EQ(code.size(), 8u) << mail;
  // The mail tells a terminal user what to type.
  EXPECT_TRUE(has(mail_part(mail, "text/plain"), "frontier email verify " + code)) << mail;
  r = u.run({"email", "set", address});
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(has(r.err, "less than 10 minutes ago")) << r.err;

  std::string wrong = code;
  wrong[0] = wrong[0] == '9' ? '0' : static_cast<char>(wrong[0] + 1);
  r = u.run({"email", "verify", wrong});
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(has(r.err, "Wrong code (4 tries left)")) << r.err;
  // As one might copy it from the mail: in two halves.
  r = u.run({"email", "verify", code.substr(0, 4), code.substr(4)});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(has(r.out, "Address verified.")) << r.out;
  EXPECT_TRUE(has(r.out, address + " (verified)")) << r.out;
  EXPECT_TRUE(has(r.out, "your turn: on, after 1 hour without looking at the match")) << r.out;
  EXPECT_TRUE(has(r.out, "daily digest: off")) << r.out;

  r = u.run({"email", "off", "game-over", "clock"});
  ASSERT_EQ(r.status, 0) << r.err;
  r = u.run({"email", "on", "daily"});  // a unique start of a word
  ASSERT_EQ(r.status, 0) << r.err;
  r = u.run({"email", "delay", "0"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(has(r.out, "your turn: on, at once\n")) << r.out;
  r = u.run({"email", "delay", "90"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(has(r.out, "your turn: on, after 1 hour 30 minutes without looking")) << r.out;
  r = u.run({"email", "delay", "8d"});
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(has(r.err, "at most a week")) << r.err;
  r = u.run({"email", "delay", "90s"});
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(has(r.err, "whole minutes")) << r.err;
  r = u.run({"email", "on", "weather"});
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(has(r.err, "the choices are your-turn, daily-digest, clock-warnings")) << r.err;

  // Read back from the server by a fresh process, in words and as JSON.
  r = u.run({"email"});
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* line : {"your turn: on, after 1 hour 30 minutes", "daily digest: on",
                           "clock warnings: off", "tournament pairings: on", "game over: off"})
    EXPECT_TRUE(has(r.out, line)) << line << "\n" << r.out;
  EXPECT_FALSE(has(r.out, "game_over")) << "words, not field names: " << r.out;
  r = u.run({"email", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(json_string(r.out, "address"), address) << r.out;
  for (const char* field : {"\"verified\":true", "\"daily_digest\":true", "\"clock_warnings\":false",
                            "\"game_over\":false", "\"your_turn\":true", "\"tournament_pairings\":true"})
    EXPECT_TRUE(has(r.out, field)) << field << "\n" << r.out;
  EXPECT_EQ(json_number(r.out, "your_turn_delay_minutes"), 90u) << r.out;
  r = u.run({"profile"});
  EXPECT_TRUE(has(r.out, "e-mail: " + address + " (verified)")) << r.out;

  r = u.run({"email", "off", "all", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* field : {"\"daily_digest\":false", "\"your_turn\":false", "\"tournament_pairings\":false",
                            "\"verified\":true"})
    EXPECT_TRUE(has(r.out, field)) << field << "\n" << r.out;

  r = u.run({"email", "remove"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(has(r.out, "Address removed")) << r.out;
  r = u.run({"email", "--json"});
  EXPECT_EQ(json_string(r.out, "address"), "") << r.out;
  EXPECT_FALSE(has(r.out, "\"verified\":true")) << r.out;
}

// On an 80-column terminal the settings and the help wrap like every other command's output.
TEST_F(EmailCli, FitsEightyColumns) {
  CliUser u = mailing("narrowmail");
  ASSERT_EQ(u.run({"email", "set", u.name() + "@a-rather-long-domain-name-for-wrapping.example.test"}).status,
            0);
  for (const std::vector<std::string>& args : {std::vector<std::string>{"email"}, {"email", "--help"}}) {
    PtySession pty(u, args, 80, 24);
    ASSERT_EQ(pty.wait_exit(), 0) << pty.screen();
    EXPECT_TRUE(has(pty.screen(), args.size() == 1 ? "E-mail notices to" : "Usage: frontier email"))
        << pty.screen();
    for (const auto& line : cli::split_lines(pty.screen()))
      EXPECT_LE(cli::display_width(line), 80u) << args.back() << ": " << line;
  }
}

TEST_F(EmailCli, AServerWithoutARelaySaysSo) {
  CliUser u = registered("nomail");
  CliResult r = u.run({"email"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(has(r.out, "This server sends no e-mail")) << r.out;
  r = u.run({"email", "set", "someone@example.test"});
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(has(r.err, "This server sends no e-mail")) << r.err;
}

}  // namespace
}  // namespace frontier::testing
