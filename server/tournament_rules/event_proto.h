// Conversion of events and rating pools to and from their protobuf messages
// (proto/tournament.proto), which the server stores. Decoding checks every enum and every
// cross-reference, so a corrupt row gives a Corruption status, never a bad event.
#pragma once

#include <string>
#include <string_view>

#include "core/status.h"
#include "tournament.pb.h"
#include "tournament_rules/event.h"
#include "tournament_rules/rating_pool.h"

namespace frontier::tournament {

tournament_pb::Event event_to_proto(const Event& event);
core::Result<Event> event_from_proto(const tournament_pb::Event& message);

std::string serialize_event(const Event& event);
core::Result<Event> parse_event(std::string_view bytes);

tournament_pb::RatingPool pool_to_proto(const std::string& key, const RatingPool& pool);
core::Result<RatingPool> pool_from_proto(const tournament_pb::RatingPool& message);

}  // namespace frontier::tournament
