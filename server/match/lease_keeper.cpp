#include "match/lease_keeper.h"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <vector>

namespace frontier::server {

std::string default_node_id() {
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) != 0 || host[0] == '\0') std::snprintf(host, sizeof host, "node");
  return std::string(host) + "-" + std::to_string(::getpid());
}

LeaseKeeper::LeaseKeeper(LeaseConfig config, storage::Writer& writer)
    : config_(std::move(config)), writer_(writer) {}

LeaseKeeper::~LeaseKeeper() {
  stop();
}

void LeaseKeeper::start() {
  if (config_.renew_every.count() <= 0) {
    spdlog::warn("leases: --lease-renew-ms 0: leases are never renewed (tests only)");
    return;
  }
  thread_ = std::thread([this] { loop(); });
}

void LeaseKeeper::stop() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void LeaseKeeper::held(uint64_t match_id, uint64_t epoch) {
  std::lock_guard lock(mu_);
  held_[match_id] = epoch;
  taken++;
}

bool LeaseKeeper::dropped(uint64_t match_id, uint64_t epoch) {
  std::lock_guard lock(mu_);
  auto it = held_.find(match_id);
  if (it == held_.end() || it->second != epoch) return false;
  held_.erase(it);
  return true;
}

void LeaseKeeper::release(uint64_t match_id, uint64_t epoch) {
  if (!dropped(match_id, epoch)) return;
  writer_.submit([match_id, epoch, node = config_.node](storage::Store& s) {
    return s.release_lease(match_id, node, epoch);
  });
}

void LeaseKeeper::release_all() {
  std::map<uint64_t, uint64_t> all;
  {
    std::lock_guard lock(mu_);
    all.swap(held_);
  }
  if (all.empty()) return;
  writer_.submit([all = std::move(all), node = config_.node](storage::Store& s) {
    for (const auto& [id, epoch] : all) {
      if (auto st = s.release_lease(id, node, epoch); !st) return st;
    }
    return core::Status::ok();
  });
}

size_t LeaseKeeper::count() const {
  std::lock_guard lock(mu_);
  return held_.size();
}

void LeaseKeeper::loop() {
  std::unique_lock lock(mu_);
  while (!stopping_) {
    cv_.wait_for(lock, config_.renew_every, [this] { return stopping_; });
    if (stopping_) break;
    // One renewal on the writer at a time: a busy writer delays renewals, it does not pile them up.
    if (renewing_ || held_.empty()) continue;
    renewing_ = true;
    lock.unlock();
    renew();
    lock.lock();
  }
}

void LeaseKeeper::renew() {
  std::vector<std::pair<uint64_t, uint64_t>> held;
  {
    std::lock_guard lock(mu_);
    held.assign(held_.begin(), held_.end());
  }
  auto gone = std::make_shared<std::vector<uint64_t>>();
  writer_.submit(
      [this, held, gone](storage::Store& s) {
        auto lost_ids = s.renew_leases(config_.node, held, lease_ms());
        if (!lost_ids) return lost_ids.status();
        *gone = std::move(lost_ids.value());
        return core::Status::ok();
      },
      [this, held, gone](bool ok) {
        std::vector<std::pair<uint64_t, uint64_t>> lost_now;
        {
          std::lock_guard lock(mu_);
          renewing_ = false;
          if (!ok) return;
          for (uint64_t id : *gone) {
            auto it = held_.find(id);
            auto was = std::find_if(held.begin(), held.end(), [id](const auto& h) { return h.first == id; });
            // Only a lease still held at the epoch renewed: a newer take of the match stands.
            if (it == held_.end() || was == held.end() || it->second != was->second) continue;
            lost_now.emplace_back(id, it->second);
            held_.erase(it);
          }
        }
        for (const auto& [id, epoch] : lost_now) {
          lost++;
          spdlog::warn("match {}: lease (epoch {}) taken by another node; the match leaves this node", id,
                       epoch);
          if (on_lost_) on_lost_(id, epoch);
        }
      });
}

std::string LeaseKeeper::render_metrics() const {
  std::string out;
  auto metric = [&out](const char* name, const char* type, const char* help, uint64_t value) {
    out += std::string("# HELP ") + name + " " + help + "\n# TYPE " + name + " " + type + "\n" + name + " " +
           std::to_string(value) + "\n";
  };
  metric("frontier_leases_held", "gauge", "Match leases this node holds (matches it runs)", count());
  metric("frontier_leases_taken_total", "counter", "Match leases taken (loads and creations)", taken.load());
  metric("frontier_leases_lost_total", "counter", "Leases found taken by another node", lost.load());
  metric("frontier_lease_commits_refused_total", "counter",
         "Commits refused by the fence: the lease was lost", refused_commits.load());
  metric("frontier_lease_busy_total", "counter", "Loads refused because another node held the lease",
         busy.load());
  return out;
}

}  // namespace frontier::server
