// Bots read their notifications as people do: every notification goes through this sink, which
// passes people's on and answers the bots'. A computer opponent accepts a takeback (games
// against it are practice; tournaments allow none) and a rematch; the other notices (your
// turn, time low) it does not need: its turns come from BotDriver::prompted.
#pragma once

#include "bots/bot_driver.h"
#include "match/registry.h"
#include "notify/sink.h"

namespace frontier::server::bots {

class OfferAnswerer : public notify::Sink {
 public:
  OfferAnswerer(notify::Sink& people, const BotDriver& bots) : people_(people), bots_(bots) {}
  // Set once the registry exists (it is built with the services that hold this sink).
  void attach(MatchRegistry* matches) { matches_ = matches; }

  void notify(uint64_t user, const wire::Notification& notification) override;

 private:
  notify::Sink& people_;
  const BotDriver& bots_;
  MatchRegistry* matches_ = nullptr;
};

}  // namespace frontier::server::bots
