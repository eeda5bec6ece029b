// Which seats' prompts have stood unchanged, and since when: what lets a seat answer a
// simultaneous prompt (a secret bid, a pound commitment) from an update that another seat's
// choice has since overtaken, without a needless STALE_SEQ. Each decision rests on the acting
// seat's own prompt only, so it says nothing about what the other seats chose.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"

namespace frontier::server {

class PromptTracker {
 public:
  // The seat's prompt as comparable bytes (kind, text and every labelled choice).
  using Describe = std::function<std::string(core::Seat)>;

  // Told after every event the match applies, in order: `seq` is the event's, `actor` the seat
  // whose action it was (kObserver for anything else: load, undo, takeback...), `awaiting` the
  // seats prompted after it. An event not told (a gap in seq) makes every prompt count as new.
  // `describe` is called only for seats prompted together with another one: an alternating
  // game never pays for it.
  void after_event(uint32_t seq, core::Seat actor, core::SeatMask awaiting, const Describe& describe);

  // Whether `seat` held, at `expected_seq`, exactly the prompt it holds at `now` and held it
  // throughout: then an action chosen from that update answers the prompt it still holds.
  bool unchanged_since(core::Seat seat, uint32_t expected_seq, uint32_t now) const;

 private:
  struct SeatPrompt {
    uint32_t since = 0;                // the event that gave the seat its current prompt
    std::optional<std::string> shape;  // the prompt's bytes, kept while another seat is prompted too
  };
  std::vector<SeatPrompt> seats_;
  core::SeatMask awaiting_ = 0;
  std::optional<uint32_t> seq_;  // the last event told
};

}  // namespace frontier::server
