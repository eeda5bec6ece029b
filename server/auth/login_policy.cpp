#include "auth/login_policy.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace frontier::auth {

namespace {

using std::chrono::minutes;
using std::chrono::seconds;

int or_unlimited(int n) {
  return n > 0 ? n : std::numeric_limits<int>::max();
}

// Keys of the different throttles live in different maps, but a source and a name may look
// alike ("::1"), so each key says what it is.
std::string name_source_key(const LoginPolicy::Attempt& a) {
  return "name:" + a.name + "\nsource:" + a.source;
}

}  // namespace

KeyedRate::Bucket& KeyedRate::refill(const std::string& key, Clock::time_point now) {
  // Bound memory under a flood of sources or names: full buckets hold nothing worth keeping.
  if (buckets_.size() > 100000) {
    std::erase_if(buckets_, [&](const auto& kv) {
      return kv.second.tokens +
                 std::chrono::duration<double>(now - kv.second.last).count() * per_minute_ / 60 >=
             per_minute_;
    });
    if (buckets_.size() > 100000) buckets_.clear();
  }
  auto [it, fresh] = buckets_.try_emplace(key, Bucket{per_minute_, now});
  Bucket& b = it->second;
  if (!fresh && now > b.last) {
    b.tokens = std::min(per_minute_,
                        b.tokens + std::chrono::duration<double>(now - b.last).count() * per_minute_ / 60);
    b.last = now;
  }
  return b;
}

int64_t KeyedRate::wait_seconds(const std::string& key, Clock::time_point now) {
  if (per_minute_ <= 0) return 0;
  std::lock_guard lock(mu_);
  Bucket& b = refill(key, now);
  if (b.tokens >= 1) return 0;
  return static_cast<int64_t>(std::ceil((1 - b.tokens) * 60 / per_minute_));
}

void KeyedRate::take(const std::string& key, Clock::time_point now) {
  if (per_minute_ <= 0) return;
  std::lock_guard lock(mu_);
  refill(key, now).tokens -= 1;
}

void KeyedRate::give_back(const std::string& key) {
  if (per_minute_ <= 0) return;
  std::lock_guard lock(mu_);
  if (auto it = buckets_.find(key); it != buckets_.end())
    it->second.tokens = std::min(per_minute_, it->second.tokens + 1);
}

LoginPolicy::LoginPolicy(LoginLimits limits)
    : name_source_(or_unlimited(limits.failures_per_name_source), minutes(1), seconds(30)),
      source_(or_unlimited(limits.failures_per_source), minutes(1), seconds(30)),
      device_(or_unlimited(limits.failures_per_device), minutes(1), seconds(30)),
      name_(or_unlimited(limits.failures_per_name), minutes(10), minutes(10)),
      source_rate_(limits.logins_per_source),
      account_rate_(limits.logins_per_account) {}

LoginPolicy::Verdict LoginPolicy::admit(const Attempt& a, Clock::time_point now) {
  auto refuse = [](int64_t wait, const std::string& what) {
    return Verdict{wait, what + "; try again in " + std::to_string(wait) + " s"};
  };
  // Every attempt spends from its source's budget, right or wrong: it costs a password hash.
  if (int64_t w = source_rate_.wait_seconds(a.source, now); w > 0)
    return refuse(w, "Too many logins from your address");
  if (int64_t w = account_rate_.wait_seconds(a.name, now); w > 0)
    return refuse(w, "Too many logins to this account");
  std::string pair = name_source_key(a);
  if (!a.device.empty()) {
    // A device that has logged in to this account before answers only for its own failures:
    // strangers' guesses at the name, from its address or anywhere, do not hold it.
    if (int64_t w = device_.wait_seconds(a.device, now); w > 0)
      return refuse(w, "Too many failed logins from this device");
  } else {
    int64_t w = std::max({name_source_.wait_seconds(pair, now), source_.wait_seconds(a.source, now)});
    if (w > 0) return refuse(w, "Too many failed logins");
    if (int64_t n = name_.wait_seconds(a.name, now); n > 0)
      return refuse(n,
                    "Too many failed logins to this account from unknown devices; a device that has "
                    "logged in to it before may still log in");
  }
  source_rate_.take(a.source, now);
  if (!a.device.empty()) {
    device_.failure(a.device, now);
  } else {
    name_source_.failure(pair, now);
    source_.failure(a.source, now);
    name_.failure(a.name, now);
  }
  return {};
}

void LoginPolicy::succeeded(const Attempt& a, Clock::time_point now) {
  account_rate_.take(a.name, now);
  if (!a.device.empty()) {
    device_.success(a.device);
    return;
  }
  name_source_.success(name_source_key(a));
  // Only this attempt is taken back: the owner's success must not wipe what strangers spent.
  source_.forgive(a.source);
  name_.forgive(a.name);
}

void LoginPolicy::not_checked(const Attempt& a) {
  source_rate_.give_back(a.source);
  if (!a.device.empty()) {
    device_.forgive(a.device);
    return;
  }
  name_source_.forgive(name_source_key(a));
  source_.forgive(a.source);
  name_.forgive(a.name);
}

}  // namespace frontier::auth
