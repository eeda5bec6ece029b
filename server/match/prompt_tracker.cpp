// A seat's prompt counts as unchanged across an event only when nothing could have slipped in
// unseen: the event was another seat's action, the previous event was told too, the seat was
// prompted before and after, and its prompt's bytes are identical. Everything else (its own
// action, above all: never a double move) starts a new prompt.
#include "match/prompt_tracker.h"

#include <bit>

namespace frontier::server {

void PromptTracker::after_event(uint32_t seq, core::Seat actor, core::SeatMask awaiting,
                                const Describe& describe) {
  bool follows = seq_ && *seq_ + 1 == seq && actor != core::kObserver;
  bool together = std::popcount(awaiting) > 1;
  if (auto seats = static_cast<size_t>(std::bit_width(awaiting)); seats_.size() < seats) seats_.resize(seats);
  for (size_t i = 0; i < seats_.size(); ++i) {
    auto seat = static_cast<core::Seat>(i);
    SeatPrompt& p = seats_[i];
    if (!(awaiting & core::seat_bit(seat))) {
      p = {seq, std::nullopt};
      continue;
    }
    bool continuing = follows && seat != actor && (awaiting_ & core::seat_bit(seat)) && p.shape;
    if (!continuing && !together) {
      p = {seq, std::nullopt};
      continue;
    }
    std::string shape = describe(seat);
    if (!continuing || shape != *p.shape) p.since = seq;
    p.shape = std::move(shape);
  }
  awaiting_ = awaiting;
  seq_ = seq;
}

bool PromptTracker::unchanged_since(core::Seat seat, uint32_t expected_seq, uint32_t now) const {
  if (!seq_ || *seq_ != now || expected_seq > now || seat < 0) return false;
  auto i = static_cast<size_t>(seat);
  if (i >= seats_.size() || !(awaiting_ & core::seat_bit(seat))) return false;
  return seats_[i].since <= expected_seq;
}

}  // namespace frontier::server
