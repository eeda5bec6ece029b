// Everything below runs on the sender's own io_context thread (enqueue and poke post to it), so
// the queues need no lock. The thread only waits on sockets and timers: no delivery blocks it.
#include "notify/webhook_sender.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <deque>
#include <map>
#include <set>
#include <string>
#include <thread>

#include "notify/http_post.h"

namespace frontier::server::notify {

namespace asio = boost::asio;

struct WebhookSender::Impl {
  struct Destination {
    std::deque<storage::OutboxRow> rows;  // waiting, in arrival order (each with its own next_at)
    size_t in_flight = 0;
    int failures = 0;           // in a row; a success clears it
    int64_t resting_until = 0;  // server clock: nothing is sent here before
  };

  Impl(storage::Writer& w, std::function<int64_t()> n, WebhookPolicy p)
      : writer(w), now(std::move(n)), policy(std::move(p)), work(ioc.get_executor()), ticker(ioc) {}

  // A row the sender does not hold yet (the outbox read at start and a notification stored just
  // before it may name the same row: it is delivered once).
  void add(storage::OutboxRow row) {
    if (!known.insert(row.id).second) return;
    auto url = parse_webhook_url(row.url);
    if (!url) {
      // Stored before the rules for URLs changed: it can never be delivered.
      spdlog::warn("webhook for user {} given up: {}", row.user_id, url.status().message());
      forget(row.id);
      return;
    }
    destinations[url.value().destination()].rows.push_back(std::move(row));
  }

  // Starts every due delivery the caps allow, one destination after another in turn so that the
  // total cap, when reached, is shared fairly.
  bool leading() const { return !leadership || leadership->is_leader(); }
  bool shared() const { return leadership && leadership->clustered(); }

  void pump() {
    if (destinations.empty() || !leading()) return;
    int64_t t = now();
    bool progress = true;
    while (progress && in_flight < policy.in_flight) {
      progress = false;
      auto it = destinations.upper_bound(cursor);
      for (size_t n = 0; n < destinations.size() && in_flight < policy.in_flight; ++n, ++it) {
        if (it == destinations.end()) it = destinations.begin();
        if (start_one(it->first, it->second, t)) {
          progress = true;
          cursor = it->first;
        }
      }
    }
  }

  bool start_one(const std::string& name, Destination& d, int64_t t) {
    if (d.in_flight >= policy.per_destination || d.resting_until > t) return false;
    auto due = std::find_if(d.rows.begin(), d.rows.end(), [t](const auto& r) { return r.next_at <= t; });
    if (due == d.rows.end()) return false;
    storage::OutboxRow row = std::move(*due);
    d.rows.erase(due);
    ++d.in_flight;
    ++in_flight;
    auto url = parse_webhook_url(row.url);  // checked in add()
    std::string body = row.body;
    post_json_async(ioc, url.value(), std::move(body), policy.timeout,
                    [this, name, row = std::move(row)](const core::Status& st) mutable {
                      finished(name, std::move(row), st);
                    });
    return true;
  }

  void finished(const std::string& name, storage::OutboxRow row, const core::Status& st) {
    Destination& d = destinations[name];
    --d.in_flight;
    --in_flight;
    ++row.attempts;
    int64_t t = now();
    if (st) {
      d.failures = 0;
      d.resting_until = 0;
      spdlog::info("webhook for user {} delivered (attempt {})", row.user_id, row.attempts);
      forget(row.id);
    } else {
      ++d.failures;
      int64_t rest = policy.rest_after_failure;
      for (int i = 1; i < d.failures && rest < policy.rest_max; ++i) rest *= 2;
      d.resting_until = std::max(d.resting_until, t + std::min(rest, policy.rest_max));
      if (row.attempts > static_cast<int>(policy.retry_after.size())) {
        spdlog::warn("webhook for user {} given up after {} attempts: {}", row.user_id, row.attempts,
                     st.message());
        forget(row.id);
      } else if (!leading()) {
        // Another node leads now and reads the retry from the outbox.
        known.erase(row.id);
        writer.submit([id = row.id, attempts = row.attempts, next = t](storage::Store& s) {
          return s.retry_outbox(id, attempts, next);
        });
      } else {
        row.next_at = t + policy.retry_after[static_cast<size_t>(row.attempts) - 1];
        spdlog::info("webhook for user {} failed (attempt {}): {}; next try at {}; {} rests until {}",
                     row.user_id, row.attempts, st.message(), row.next_at, name, d.resting_until);
        writer.submit([id = row.id, attempts = row.attempts, next = row.next_at](storage::Store& s) {
          return s.retry_outbox(id, attempts, next);
        });
        d.rows.push_back(std::move(row));
      }
    }
    pump();
  }

  // The id stays known until its row is gone, so a read of the outbox made meanwhile (the
  // leader's, every second) cannot bring it back.
  void forget(uint64_t id) {
    writer.submit([id](storage::Store& s) { return s.delete_outbox(id); },
                  [this, id](bool) { asio::post(ioc, [this, id] { known.erase(id); }); });
  }

  // On a shared database: the leader takes the rows any node stored; a node that no longer
  // leads lets go of the rows it was holding (deliveries in flight finish).
  void share() {
    if (!leading()) {
      for (auto& [name, d] : destinations) {
        for (const auto& row : d.rows) known.erase(row.id);
        d.rows.clear();
      }
      return;
    }
    auto rows = std::make_shared<std::vector<storage::OutboxRow>>();
    writer.submit(
        [rows](storage::Store& s) {
          auto read = s.outbox();
          if (!read) return read.status();  // looked at again in a second
          *rows = std::move(read.value());
          return core::Status::ok();
        },
        [this, rows](bool ok) {
          if (!ok) return;
          asio::post(ioc, [this, rows] {
            for (auto& row : *rows) add(std::move(row));
            pump();
          });
        });
  }

  // The real clock moves on its own: look again every second (the manual one pokes). Idle
  // destinations that have rested are dropped so the map holds only live ones.
  void tick() {
    ticker.expires_after(std::chrono::seconds(1));
    ticker.async_wait([this](boost::system::error_code ec) {
      if (ec) return;
      int64_t t = now();
      for (auto it = destinations.begin(); it != destinations.end();) {
        const Destination& d = it->second;
        bool idle = d.rows.empty() && d.in_flight == 0 && d.resting_until <= t;
        it = idle ? destinations.erase(it) : std::next(it);
      }
      if (shared()) share();
      pump();
      tick();
    });
  }

  storage::Writer& writer;
  const storage::Leadership* leadership = nullptr;
  std::function<int64_t()> now;
  WebhookPolicy policy;
  asio::io_context ioc{1};
  asio::executor_work_guard<asio::io_context::executor_type> work;
  asio::steady_timer ticker;
  std::map<std::string, Destination> destinations;
  std::string cursor;  // the destination served last
  std::set<uint64_t> known;
  size_t in_flight = 0;
  std::thread thread;
};

WebhookSender::WebhookSender(storage::Writer& writer, std::function<int64_t()> now, WebhookPolicy policy)
    : impl_(std::make_unique<Impl>(writer, std::move(now), std::move(policy))) {}

WebhookSender::~WebhookSender() {
  stop();
}

void WebhookSender::set_leadership(const storage::Leadership* leadership) {
  impl_->leadership = leadership;
}

void WebhookSender::start() {
  std::vector<storage::OutboxRow> stored;
  impl_->writer.run_sync([&stored](storage::Store& s) {
    auto read = s.outbox();
    if (read) {
      stored = std::move(read.value());
    } else {
      spdlog::warn("webhooks: could not read the outbox at start-up (read again while leading): {}",
                   read.status().message());
    }
  });
  if (!stored.empty()) spdlog::info("webhooks: {} deliveries pending from before the restart", stored.size());
  Impl* impl = impl_.get();
  asio::post(impl->ioc, [impl, stored = std::move(stored)]() mutable {
    for (auto& row : stored) impl->add(std::move(row));
    impl->pump();
    impl->tick();
  });
  impl->thread = std::thread([impl] { impl->ioc.run(); });
}

void WebhookSender::stop() {
  impl_->ioc.stop();
  if (impl_->thread.joinable()) impl_->thread.join();
}

void WebhookSender::enqueue(storage::OutboxRow row) {
  Impl* impl = impl_.get();
  asio::post(impl->ioc, [impl, row = std::move(row)]() mutable {
    impl->add(std::move(row));
    impl->pump();
  });
}

void WebhookSender::poke() {
  Impl* impl = impl_.get();
  asio::post(impl->ioc, [impl] { impl->pump(); });
}

}  // namespace frontier::server::notify
