// The login policy (issue 48, N1 and N2), against the real frontierd over real sockets: clients
// at other loopback addresses (127.0.0.2, ...) act as other sources. N1: strangers guessing at a
// name cannot keep its owner out; a device that logged in before passes the lock strangers share.
// N2: one account flooding right-password logins does not starve another user's login, and the
// server's own refusal (hashing queue full) never counts as a failed login. Then the parts alone:
// the policy, device tokens and the fair hashing queue, on a hand-driven clock.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <latch>
#include <mutex>
#include <thread>

#include "auth/device_token.h"
#include "auth/hashing_queue.h"
#include "auth/login_policy.h"
#include "harness.h"
#include "net/session_cookie.h"

namespace frontier::testing {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

constexpr const char* kPassword = "correct horse battery";

wire::ClientMessage login_msg(const std::string& name, const std::string& password,
                              const std::string& device_token = {}) {
  wire::ClientMessage m;
  m.mutable_login()->set_name(name);
  m.mutable_login()->set_password(password);
  m.mutable_login()->set_device_token(device_token);
  return m;
}

// A fresh connection from `address` (a loopback address: the server sees it as the client's).
std::unique_ptr<client::ProtocolClient> from(const std::string& address, uint16_t port,
                                             std::vector<std::pair<std::string, std::string>> headers = {}) {
  auto c = std::make_unique<client::ProtocolClient>();
  c->local_address = address;
  c->handshake_headers = std::move(headers);
  if (!connect(*c, port)) return nullptr;
  return c;
}

// One login on a fresh connection from `address`: the reply (an error code, or OK with auth).
wire::ServerMessage login_from(const std::string& address, uint16_t port, const std::string& name,
                               const std::string& password, const std::string& device_token = {}) {
  auto c = from(address, port);
  if (!c) return {};
  auto r = c->request(login_msg(name, password, device_token), 20s);
  return r ? *r : wire::ServerMessage{};
}

wire::ErrorCode code_of(const wire::ServerMessage& m) {
  return m.has_error() ? m.error().code() : wire::ErrorCode{};
}

// Wrong passwords at `name` from `address` until the server throttles them; how many it checked.
int guess_until_throttled(const std::string& address, uint16_t port, const std::string& name) {
  auto c = from(address, port);
  if (!c) return -1;
  int checked = 0;
  for (int i = 0; i < 20; ++i) {
    auto r = c->request(login_msg(name, "wrong guess " + std::to_string(i)));
    if (!r || code_of(*r) == wire::LOGIN_THROTTLED) break;
    if (code_of(*r) == wire::BAD_CREDENTIALS) ++checked;
  }
  return checked;
}

// N1, the probe's case: wrong passwords for the victim's name from one address; the victim's
// right password from another still works, with or without its device token.
TEST(LoginPolicyTest, GuessesFromOneAddressDoNotLockTheOwnerOut) {
  ServerProcess server;
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player victim;
  ASSERT_TRUE(register_player(victim, server.port(), "victim"));
  for (int round = 0; round < 3; ++round) {
    EXPECT_EQ(guess_until_throttled("127.0.0.1", server.port(), victim.name), round == 0 ? 5 : 0);
    auto r = login_from("127.0.0.2", server.port(), victim.name, kPassword);
    EXPECT_TRUE(r.has_auth()) << "round " << round << ": " << r.ShortDebugString();
  }
  // The attacker's own address stays locked for that name, right password or not.
  EXPECT_EQ(code_of(login_from("127.0.0.1", server.port(), victim.name, kPassword)), wire::LOGIN_THROTTLED);
}

// N1, guessing spread over many addresses: past the name-wide budget, clients without the
// account's device token wait; the owner's device does not, and a token for another name or a
// made-up one does not pass.
TEST(LoginPolicyTest, AKnownDevicePassesTheNameWideLockStrangersShare) {
  ServerProcess server({"--login-failures-per-name", "12"});
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player victim, attacker;
  ASSERT_TRUE(register_player(victim, server.port(), "victim"));
  ASSERT_TRUE(register_player(attacker, server.port(), "attacker"));
  auto first = login_from("127.0.0.2", server.port(), victim.name, kPassword);
  ASSERT_TRUE(first.has_auth()) << first.ShortDebugString();
  std::string device = first.auth().device_token();
  EXPECT_EQ(device.size(), 96u);
  auto own = login_from("127.0.0.9", server.port(), attacker.name, kPassword);
  ASSERT_TRUE(own.has_auth());

  int checked = 0;
  for (int a = 3; a <= 5; ++a)
    checked += guess_until_throttled("127.0.0." + std::to_string(a), server.port(), victim.name);
  EXPECT_EQ(checked, 12) << "the name-wide budget (12) ends the guessing from three addresses";
  EXPECT_EQ(guess_until_throttled("127.0.0.6", server.port(), victim.name), 0) << "a fourth address is held";

  // A new device of the owner's waits too: the cost of slowing a distributed guesser.
  EXPECT_EQ(code_of(login_from("127.0.0.2", server.port(), victim.name, kPassword)), wire::LOGIN_THROTTLED);
  // Its known device does not, from its usual address or a new one.
  auto again = login_from("127.0.0.2", server.port(), victim.name, kPassword, device);
  ASSERT_TRUE(again.has_auth()) << again.ShortDebugString();
  EXPECT_EQ(again.auth().device_token(), device) << "a known device keeps its token";
  EXPECT_TRUE(login_from("127.0.0.7", server.port(), victim.name, kPassword, device).has_auth());
  // Tokens that are not this account's pass nothing: the attacker's own, a forged one.
  EXPECT_EQ(
      code_of(login_from("127.0.0.8", server.port(), victim.name, kPassword, own.auth().device_token())),
      wire::LOGIN_THROTTLED);
  std::string forged = device;
  forged.back() = forged.back() == '0' ? '1' : '0';
  EXPECT_EQ(code_of(login_from("127.0.0.8", server.port(), victim.name, kPassword, forged)),
            wire::LOGIN_THROTTLED);
  // A device that guesses wrong is counted on its own: five, then even it waits.
  auto c = from("127.0.0.2", server.port());
  ASSERT_TRUE(c);
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(code_of(*c->request(login_msg(victim.name, "wrong", device))), wire::BAD_CREDENTIALS);
  EXPECT_EQ(code_of(*c->request(login_msg(victim.name, kPassword, device))), wire::LOGIN_THROTTLED);
}

// N1 in the browser: the device token travels as an HttpOnly cookie set with the session cookie,
// and a Login over a WebSocket of our own origin that carries it passes the name-wide lock.
TEST(LoginPolicyTest, BrowserDeviceCookiePassesTheNameWideLock) {
  ServerProcess server({"--login-failures-per-name", "5"});
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player victim;
  ASSERT_TRUE(register_player(victim, server.port(), "browser"));
  std::string own = "http://127.0.0.1:" + std::to_string(server.port());
  auto set = http(server.port(), "POST", "/api/session", {{"Origin", own}}, victim.token);
  ASSERT_EQ(set.status, 204);
  std::string device;
  auto [begin, end] = set.headers.equal_range("set-cookie");
  for (auto it = begin; it != end; ++it) {
    if (!it->second.starts_with("frontier_device=")) continue;
    device = it->second.substr(16, it->second.find(';') - 16);
    EXPECT_NE(it->second.find("HttpOnly; SameSite=Strict"), std::string::npos) << it->second;
    EXPECT_NE(it->second.find("Max-Age="), std::string::npos) << "kept after the browser closes";
  }
  ASSERT_EQ(device.size(), 96u);
  // A page that logs in, out, and in again on one WebSocket (its cookie came after the upgrade).
  auto tab = from("127.0.0.2", server.port());
  ASSERT_TRUE(tab);
  ASSERT_TRUE(tab->request(login_msg(victim.name, kPassword))->has_auth());
  wire::ClientMessage logout;
  logout.mutable_logout();
  ASSERT_TRUE(tab->request(logout)->ok());

  EXPECT_EQ(guess_until_throttled("127.0.0.3", server.port(), victim.name), 5);
  EXPECT_EQ(code_of(login_from("127.0.0.2", server.port(), victim.name, kPassword)), wire::LOGIN_THROTTLED);
  auto page = from("127.0.0.2", server.port(), {{"Origin", own}, {"Cookie", "frontier_device=" + device}});
  ASSERT_TRUE(page);
  auto r = page->request(login_msg(victim.name, kPassword));
  ASSERT_TRUE(r && r->has_auth()) << (r ? r->ShortDebugString() : r.status().message());
  auto back = tab->request(login_msg(victim.name, kPassword));
  EXPECT_TRUE(back && back->has_auth()) << "logged in on this connection before";
  // Another site's page gets no use of the cookie.
  auto evil = from("127.0.0.2", server.port(),
                   {{"Origin", "http://evil.example"}, {"Cookie", "frontier_device=" + device}});
  ASSERT_TRUE(evil);
  EXPECT_EQ(code_of(*evil->request(login_msg(victim.name, kPassword))), wire::LOGIN_THROTTLED);
}

// Behind a reverse proxy every WebSocket comes from the proxy: with --trusted-proxy its
// X-Forwarded-For names the client, so one client's guesses do not lock the proxy's address.
TEST(LoginPolicyTest, TrustedProxyNamesTheClient) {
  ServerProcess server({"--trusted-proxy", "127.0.0.5"});
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player victim;
  ASSERT_TRUE(register_player(victim, server.port(), "proxied"));
  auto via_proxy = [&](const std::string& forwarded, const std::string& password) {
    auto c = from("127.0.0.5", server.port(), {{"X-Forwarded-For", forwarded}});
    if (!c) return wire::INTERNAL;
    auto r = c->request(login_msg(victim.name, password));
    return r ? code_of(*r) : wire::INTERNAL;
  };
  for (int i = 0; i < 5; ++i) EXPECT_EQ(via_proxy("198.51.100.7", "wrong"), wire::BAD_CREDENTIALS);
  EXPECT_EQ(via_proxy("198.51.100.7", kPassword), wire::LOGIN_THROTTLED);
  // Another client behind the same proxy is not held; the client cannot pick its own address
  // by sending the header itself (the proxy appends the one it saw, and that one counts).
  EXPECT_EQ(via_proxy("198.51.100.8", kPassword), wire::ErrorCode{});
  EXPECT_EQ(via_proxy("198.51.100.8, 198.51.100.7", kPassword), wire::LOGIN_THROTTLED);
  // An address that is not a trusted proxy is itself the client, whatever it claims.
  auto direct = from("127.0.0.6", server.port(), {{"X-Forwarded-For", "198.51.100.7"}});
  ASSERT_TRUE(direct);
  EXPECT_TRUE(direct->request(login_msg(victim.name, kPassword))->has_auth());
}

// N2: one account logging in with its right password from 32 connections, as fast as the server
// answers, while another user logs in from another address. The bound is generous: a hash costs
// ~0.1 s, and behind a fair queue the victim waits for about one of the flood's hashes; behind
// one FIFO of 64 it waited for all of them (or was refused), so even a loaded machine, which
// slows the idle login alike, tells the two apart.
TEST(LoginPolicyTest, FloodOfRightPasswordsDoesNotStarveAnotherUser) {
  ServerProcess server({"--kdf", "interactive", "--rate", "100000"});
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player flooder, victim;
  ASSERT_TRUE(register_player(flooder, server.port(), "flooder"));
  ASSERT_TRUE(register_player(victim, server.port(), "patient"));
  double idle_s = 1e9;  // the fastest of two: load only ever adds time
  for (int i = 0; i < 2; ++i) {
    auto begin = Clock::now();
    ASSERT_TRUE(login_from("127.0.0.2", server.port(), victim.name, kPassword).has_auth());
    idle_s = std::min(idle_s, std::chrono::duration<double>(Clock::now() - begin).count());
  }
  const double bound_s = std::max(1.5, 8 * idle_s);

  std::atomic<bool> stop{false};
  std::atomic<int> flood_logins{0}, flood_refusals{0};
  std::vector<std::thread> flood;
  for (int t = 0; t < 32; ++t) {
    flood.emplace_back([&] {
      auto c = from("127.0.0.1", server.port());
      if (!c) return;
      // Two in flight per connection: as much as the queue takes from one connection.
      for (int i = 0; i < 2; ++i) (void)c->send(login_msg(flooder.name, kPassword));
      while (!stop && c->is_open()) {
        auto r = c->next(100ms);  // short: the test ends without waiting for the queued logins
        if (!r) continue;
        if (r->has_auth()) {
          ++flood_logins;
        } else {
          ++flood_refusals;
          std::this_thread::sleep_for(50ms);  // a refusal comes back at once: do not spin
        }
        (void)c->send(login_msg(flooder.name, kPassword));
      }
    });
  }
  std::this_thread::sleep_for(500ms);  // the flood fills the queue
  double worst_s = 0;
  for (int i = 0; i < 3; ++i) {
    auto begin = Clock::now();
    auto r = login_from("127.0.0.2", server.port(), victim.name, kPassword);
    worst_s = std::max(worst_s, std::chrono::duration<double>(Clock::now() - begin).count());
    EXPECT_TRUE(r.has_auth()) << "login " << i << ": " << r.ShortDebugString();
  }
  stop = true;
  for (auto& t : flood) t.join();
  EXPECT_LT(worst_s, bound_s) << "an idle login took " << idle_s << " s";
  std::printf(
      "victim's login: idle %.3f s, under the flood at worst %.3f s (bound %.1f s); flood %d logged in, "
      "%d refused\n",
      idle_s, worst_s, bound_s, flood_logins.load(), flood_refusals.load());
  EXPECT_GT(flood_logins.load(), 0);
  EXPECT_GT(flood_refusals.load(), 0) << "right passwords are throttled too";
}

// N2: when the server refuses to check a password (its queue is full), the attempt does not count:
// six logins pipelined on one connection find two places (two per connection); the refused ones
// leave no failure behind, so the right password from the same address still works at once.
TEST(LoginPolicyTest, QueueFullRefusalIsNotAFailedLogin) {
  ServerProcess server({"--kdf", "interactive", "--rate", "100000"});
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player victim;
  ASSERT_TRUE(register_player(victim, server.port(), "refused"));
  auto c = from("127.0.0.2", server.port());
  ASSERT_TRUE(c);
  std::vector<uint64_t> ids;
  for (int i = 0; i < 6; ++i)
    ids.push_back(c->send(login_msg(victim.name, "wrong " + std::to_string(i))).value());
  int refused = 0, checked = 0;
  for (size_t i = 0; i < ids.size(); ++i) {
    auto r = c->next(20s);
    ASSERT_TRUE(r);
    refused += code_of(*r) == wire::RATE_LIMITED;
    checked += code_of(*r) == wire::BAD_CREDENTIALS;
  }
  EXPECT_GE(refused, 1);
  EXPECT_LE(checked, 4);
  auto r = login_from("127.0.0.2", server.port(), victim.name, kPassword);
  EXPECT_TRUE(r.has_auth()) << checked << " checked, " << refused << " refused: " << r.ShortDebugString();
}

// --- The parts alone -------------------------------------------------------------------------

TEST(LoginPolicyConfig, ClientAddressBelievesOnlyATrustedProxy) {
  std::vector<std::string> proxies = {"127.0.0.1"};
  EXPECT_EQ(server::client_address("127.0.0.1", "203.0.113.9", proxies), "203.0.113.9");
  EXPECT_EQ(server::client_address("127.0.0.1", "1.2.3.4, 203.0.113.9", proxies), "203.0.113.9");
  EXPECT_EQ(server::client_address("127.0.0.1", "", proxies), "127.0.0.1");
  EXPECT_EQ(server::client_address("10.9.9.9", "203.0.113.9", proxies), "10.9.9.9");
  EXPECT_EQ(server::client_address("127.0.0.1", "203.0.113.9", {}), "127.0.0.1");
}

auth::LoginPolicy::Attempt attempt(const std::string& name, const std::string& source,
                                   const std::string& device = {}) {
  return {name, source, device};
}

TEST(LoginPolicyUnit, StrangersAreCountedPerNameAndSourceAndTogether) {
  auth::LoginLimits limits;
  limits.failures_per_name = 8;
  auth::LoginPolicy policy(limits);
  auto t = Clock::now();
  for (int i = 0; i < 5; ++i) EXPECT_EQ(policy.admit(attempt("ann", "a"), t).wait_seconds, 0);
  EXPECT_GT(policy.admit(attempt("ann", "a"), t).wait_seconds, 0) << "(name, source) locked";
  EXPECT_EQ(policy.admit(attempt("bob", "a"), t).wait_seconds, 0) << "other names from it are not";
  for (int i = 0; i < 3; ++i) EXPECT_EQ(policy.admit(attempt("ann", "b"), t).wait_seconds, 0);
  auto held = policy.admit(attempt("ann", "c"), t);
  EXPECT_GT(held.wait_seconds, 0) << "8 failures at the name: strangers wait";
  EXPECT_NE(held.why.find("device"), std::string::npos) << held.why;
  EXPECT_EQ(policy.admit(attempt("ann", "a", "dev1"), t).wait_seconds, 0) << "a known device does not";
  // The name-wide lock lasts 10 minutes after its last failure.
  EXPECT_GT(policy.admit(attempt("ann", "c"), t + std::chrono::minutes(9)).wait_seconds, 0);
  EXPECT_EQ(policy.admit(attempt("ann", "c"), t + std::chrono::minutes(11)).wait_seconds, 0);
}

TEST(LoginPolicyUnit, RightPasswordsAndServerRefusalsTakeTheirAttemptBack) {
  auth::LoginPolicy policy(auth::LoginLimits{});
  auto t = Clock::now();
  for (int i = 0; i < 4; ++i) policy.admit(attempt("ann", "a"), t);
  policy.admit(attempt("ann", "a"), t);
  policy.not_checked(attempt("ann", "a"));  // the fifth was never checked
  EXPECT_EQ(policy.admit(attempt("ann", "a"), t).wait_seconds, 0);
  policy.succeeded(attempt("ann", "a"), t);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(policy.admit(attempt("ann", "a"), t).wait_seconds, 0);
}

TEST(LoginPolicyUnit, EveryLoginSpendsFromItsSourceAndRightOnesFromTheAccount) {
  auth::LoginLimits limits;
  limits.logins_per_source = 6;
  limits.logins_per_account = 3;
  auth::LoginPolicy policy(limits);
  auto t = Clock::now();
  for (int i = 0; i < 3; ++i) {
    ASSERT_EQ(policy.admit(attempt("ann", "a", "dev"), t).wait_seconds, 0);
    policy.succeeded(attempt("ann", "a", "dev"), t);
  }
  auto account = policy.admit(attempt("ann", "b", "dev"), t);
  EXPECT_GT(account.wait_seconds, 0) << "three right logins a minute for this account";
  EXPECT_LE(account.wait_seconds, 20);
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(policy.admit(attempt("bob" + std::to_string(i), "a"), t).wait_seconds, 0);
  EXPECT_GT(policy.admit(attempt("carl", "a"), t).wait_seconds, 0) << "six attempts a minute from one source";
  EXPECT_EQ(policy.admit(attempt("carl", "d"), t).wait_seconds, 0);
  EXPECT_EQ(policy.admit(attempt("carl", "a"), t + 10s).wait_seconds, 0) << "one token back every 10 s";
}

TEST(DeviceTokens, BoundToTheNameAndTheKey) {
  auth::DeviceTokens tokens(std::string(32, 'k'));
  std::string t = tokens.issue("Ann");
  ASSERT_EQ(t.size(), 96u);
  EXPECT_EQ(tokens.device_of(t, "ann"), t.substr(0, 32)) << "names are compared case-insensitively";
  EXPECT_EQ(tokens.device_of(t, "bob"), "");
  EXPECT_EQ(auth::DeviceTokens(std::string(32, 'x')).device_of(t, "ann"), "") << "another server's key";
  std::string tampered = t;
  tampered[0] = tampered[0] == 'a' ? 'b' : 'a';
  EXPECT_EQ(tokens.device_of(tampered, "ann"), "");
  EXPECT_EQ(tokens.device_of("", "ann"), "");
  EXPECT_EQ(tokens.device_of(t.substr(1), "ann"), "");
  EXPECT_NE(tokens.issue("ann"), tokens.issue("ann")) << "each device its own";
}

TEST(DeviceTokens, KeyFileIsMadeOnceAndKept) {
  auto dir = std::filesystem::temp_directory_path() / ("frontier-device-key-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  auto path = (dir / "k").string();
  auto made = auth::load_device_key(path);
  ASSERT_TRUE(made) << made.status().message();
  auto again = auth::load_device_key(path);
  ASSERT_TRUE(again);
  EXPECT_EQ(made.value(), again.value());
  EXPECT_EQ(std::filesystem::status(path).permissions() & std::filesystem::perms::all,
            std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
  std::filesystem::remove_all(dir);
}

// Jobs record the order they ran in; the gate job, once running, blocks until all are queued.
struct Recorder {
  std::mutex mu;
  std::vector<std::string> order;
  std::latch started{1};
  std::latch queued{1};
  std::function<void()> job(const std::string& label, bool gate = false) {
    return [this, label, gate] {
      if (gate) {
        started.count_down();
        queued.wait();
      }
      std::lock_guard lock(mu);
      order.push_back(label);
    };
  }
};

TEST(HashingQueueUnit, SourcesAreServedInTurn) {
  auth::HashingQueue queue({100, 100});
  Recorder rec;
  ASSERT_TRUE(queue.try_post("a", 1, rec.job("a0", true)));
  rec.started.wait();
  for (const char* label : {"a1", "a2", "a3", "a4", "a5"})
    ASSERT_TRUE(queue.try_post("a", 2, rec.job(label)));
  ASSERT_TRUE(queue.try_post("b", 10, rec.job("b0")));
  ASSERT_TRUE(queue.try_post("b", 11, rec.job("b1")));
  ASSERT_TRUE(queue.try_post("c", 20, rec.job("c0")));
  rec.queued.count_down();
  while (queue.queued() > 0) std::this_thread::sleep_for(1ms);
  std::vector<std::string> want = {"a0", "a1", "b0", "c0", "a2", "b1", "a3", "a4", "a5"};
  // a0 was taken before the others arrived; from then on a, b, c take turns.
  EXPECT_EQ(rec.order, want);
}

TEST(HashingQueueUnit, AFullQueueMakesRoomForASourceWithFewer) {
  auth::HashingQueue queue({2, 4});
  Recorder rec;
  std::atomic<int> dropped{0};
  auto drop = [&] { ++dropped; };
  ASSERT_TRUE(queue.try_post("a", 1, rec.job("a0", true), drop));
  rec.started.wait();
  ASSERT_TRUE(queue.try_post("a", 1, rec.job("a1"), drop));
  EXPECT_FALSE(queue.try_post("a", 1, rec.job("x"), drop)) << "two per connection";
  ASSERT_TRUE(queue.try_post("a", 2, rec.job("a2"), drop));
  ASSERT_TRUE(queue.try_post("a", 2, rec.job("a3"), drop));
  EXPECT_FALSE(queue.try_post("a", 3, rec.job("x"), drop)) << "full, and a has the most";
  EXPECT_TRUE(queue.try_post("b", 4, rec.job("b0"), drop)) << "b takes a's last place";
  EXPECT_EQ(dropped.load(), 1);
  EXPECT_TRUE(queue.try_post("c", 5, rec.job("c0"), drop)) << "a still has two, c none";
  EXPECT_EQ(dropped.load(), 2);
  EXPECT_FALSE(queue.try_post("d", 6, rec.job("x"), drop)) << "one each: a swap would not be fairer";
  EXPECT_EQ(dropped.load(), 2);
  rec.queued.count_down();
  while (queue.queued() > 0) std::this_thread::sleep_for(1ms);
  std::vector<std::string> want = {"a0", "a1", "b0", "c0"};
  EXPECT_EQ(rec.order, want);
}

}  // namespace
}  // namespace frontier::testing
