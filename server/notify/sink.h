// Where a match sends notifications for its players (YOUR_TURN, MATCH_STARTED, ...). The match
// decides who is told and has already dropped users looking at it; the sink pushes to the
// user's open connections and queues the webhook (server/notify/notifier.h).
#pragma once

#include <cstdint>

#include "wire.pb.h"

namespace frontier::server::notify {

class Sink {
 public:
  virtual ~Sink() = default;
  // Thread-safe; never blocks on the network.
  virtual void notify(uint64_t user, const wire::Notification& notification) = 0;
};

}  // namespace frontier::server::notify
