// Who may try a password now: OWASP's defences against online guessing without its lockout
// denial of service (docs/operations.md, "The login policy"). Failures are counted per (name,
// source), per source, and per account name for clients that hold no device token; a client
// that holds one (DeviceTokens) is counted on its own and passes the locks strangers share, so
// no one can lock the right password out for everyone. Every login, right or wrong, also spends
// from its source's budget, and right ones from the account's, so no one can keep the password
// hashing busy with logins that succeed either. Thread-safe.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>

#include "auth/auth.h"

namespace frontier::auth {

// A token bucket per key: `per_minute` refilled evenly, holding at most `per_minute` (a whole
// minute's budget may come at once). per_minute <= 0: no limit.
class KeyedRate {
 public:
  using Clock = std::chrono::steady_clock;
  explicit KeyedRate(double per_minute) : per_minute_(per_minute) {}

  // Seconds until `key` has a token, or 0 when it has one now.
  int64_t wait_seconds(const std::string& key, Clock::time_point now = Clock::now());
  // Spends one of `key`'s tokens (the caller asked wait_seconds first; the count may go below
  // one token then, and later requests wait for it to refill).
  void take(const std::string& key, Clock::time_point now = Clock::now());
  // Returns a token taken for a request the server then refused on its own account.
  void give_back(const std::string& key);

 private:
  struct Bucket {
    double tokens = 0;
    Clock::time_point last;
  };
  Bucket& refill(const std::string& key, Clock::time_point now);

  double per_minute_;
  std::mutex mu_;
  std::map<std::string, Bucket> buckets_;
};

struct LoginLimits {
  int failures_per_name_source = 5;  // a minute, then locked 30 s (that source, that name)
  int failures_per_source = 30;      // a minute, then locked 30 s (that source, any name)
  int failures_per_device = 5;       // a minute, then locked 30 s (that device token)
  // Per 10 minutes, then locked 10 minutes, for clients without the account's device token
  // (0 = no limit): slows guessing spread over many sources, never holds a known device.
  int failures_per_name = 50;
  double logins_per_source = 60;   // every attempt, per minute, bursts of as many (0 = no limit)
  double logins_per_account = 10;  // successful logins, per minute, bursts of as many (0 = no limit)
};

class LoginPolicy {
 public:
  using Clock = std::chrono::steady_clock;
  explicit LoginPolicy(LoginLimits limits);

  struct Attempt {
    std::string name;    // lower-cased
    std::string source;  // the client's address
    std::string device;  // the device id of a valid device token for `name`; empty: none
  };
  struct Verdict {
    int64_t wait_seconds = 0;  // > 0: refused, nothing counted
    std::string why;           // for the client, when refused
  };
  // Admits `a` (and counts it as a failure of each key it is judged by until it proves right)
  // or says how long to wait. Counting on arrival means pipelined guesses cannot outrun it.
  Verdict admit(const Attempt& a, Clock::time_point now = Clock::now());
  // The password was right: its failure is taken back and the account's budget spent.
  void succeeded(const Attempt& a, Clock::time_point now = Clock::now());
  // The server did not check the password (its hashing queue was full): nothing of the attempt
  // stays counted, so the server's own refusal never counts against the user.
  void not_checked(const Attempt& a);

 private:
  LoginThrottle name_source_;
  LoginThrottle source_;
  LoginThrottle device_;
  LoginThrottle name_;
  KeyedRate source_rate_;
  KeyedRate account_rate_;
};

}  // namespace frontier::auth
