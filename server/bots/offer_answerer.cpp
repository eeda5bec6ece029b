#include "bots/offer_answerer.h"

#include <spdlog/spdlog.h>

namespace frontier::server::bots {

void OfferAnswerer::notify(uint64_t user, const wire::Notification& notification) {
  auto connection = bots_.connection_of(user);
  if (!connection) return people_.notify(user, notification);
  auto kind = notification.kind();
  if (!matches_ ||
      (kind != wire::Notification::TAKEBACK_OFFERED && kind != wire::Notification::REMATCH_OFFERED))
    return;
  // Answered later on the match's strand (this runs on it, inside the offer), through the same
  // requests a person's client sends.
  matches_->with(notification.match_id(), [connection, kind](const std::shared_ptr<Match>& match) {
    if (!match) return;
    spdlog::info("match {}: {} accepts the {}", match->id(), connection->identity().user_name,
                 kind == wire::Notification::TAKEBACK_OFFERED ? "takeback" : "rematch");
    if (kind == wire::Notification::TAKEBACK_OFFERED) {
      wire::AnswerTakeback answer;
      answer.set_match_id(match->id());
      answer.set_accept(true);
      match->answer_takeback(connection, 0, answer);
    } else {
      match->rematch(connection, 0);
    }
  });
}

}  // namespace frontier::server::bots
