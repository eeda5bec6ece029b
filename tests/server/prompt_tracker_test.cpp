// PromptTracker on its own: when a seat's prompt counts as unchanged since an older seq (so a
// submit overtaken by another seat's choice is still judged on its merits) and when not.
#include "match/prompt_tracker.h"

#include <gtest/gtest.h>

#include <map>

namespace frontier::server {
namespace {

constexpr core::SeatMask kNorth = 1, kSouth = 2, kBoth = 3;

// Prompts by seat, as the tracker's Describe reads them; counts the reads.
struct Prompts {
  std::map<core::Seat, std::string> text;
  int reads = 0;
  PromptTracker::Describe describe() {
    return [this](core::Seat s) {
      ++reads;
      return text[s];
    };
  }
};

TEST(PromptTracker, AnotherSeatsChoiceLeavesAnUnchangedPromptStanding) {
  Prompts p{{{0, "bid 0-3"}, {1, "bid 0-3"}}};
  PromptTracker t;
  t.after_event(0, core::kObserver, kBoth, p.describe());
  t.after_event(1, 0, kSouth, p.describe());  // North bids; South still holds the same bid prompt
  EXPECT_TRUE(t.unchanged_since(1, 0, 1));
  EXPECT_TRUE(t.unchanged_since(1, 1, 1));
  // North acted: it holds no prompt now, so its old seq stays stale (never a double move).
  EXPECT_FALSE(t.unchanged_since(0, 0, 1));
  // Only against the seq the tracker was last told, and never from the future.
  EXPECT_FALSE(t.unchanged_since(1, 0, 2));
  EXPECT_FALSE(t.unchanged_since(1, 2, 1));
}

TEST(PromptTracker, AChangedPromptStartsAgain) {
  Prompts p{{{0, "commit pounds"}, {1, "commit pounds"}}};
  PromptTracker t;
  t.after_event(4, core::kObserver, kBoth, p.describe());
  p.text[1] = "commit pounds (at most 3)";  // North's choice narrowed South's choices
  t.after_event(5, 0, kBoth, p.describe());
  EXPECT_FALSE(t.unchanged_since(1, 4, 5));
  EXPECT_TRUE(t.unchanged_since(1, 5, 5));
  // North acted and is prompted again, identically: still a new prompt for North.
  EXPECT_FALSE(t.unchanged_since(0, 4, 5));
  // The prompt changed and changed back: it did not stand throughout.
  p.text[1] = "commit pounds";
  t.after_event(6, 0, kBoth, p.describe());
  EXPECT_FALSE(t.unchanged_since(1, 4, 6));
  EXPECT_FALSE(t.unchanged_since(1, 5, 6));
  EXPECT_TRUE(t.unchanged_since(1, 6, 6));
}

TEST(PromptTracker, EventsOtherThanActionsAndGapsStartEveryPromptAgain) {
  Prompts p{{{0, "bid"}, {1, "bid"}}};
  PromptTracker t;
  t.after_event(0, core::kObserver, kBoth, p.describe());
  t.after_event(1, 0, kSouth, p.describe());
  t.after_event(2, core::kObserver, kBoth, p.describe());  // North's undo: not an action
  EXPECT_FALSE(t.unchanged_since(1, 1, 2));
  EXPECT_TRUE(t.unchanged_since(1, 2, 2));
  // Event 3 (say a takeback) was never told: at 4 nothing carries over.
  t.after_event(4, 0, kSouth, p.describe());
  EXPECT_FALSE(t.unchanged_since(1, 2, 4));
  EXPECT_TRUE(t.unchanged_since(1, 4, 4));
}

TEST(PromptTracker, AlternatingPlayNeverReadsAPrompt) {
  Prompts p{{{0, "move"}, {1, "move"}}};
  PromptTracker t;
  t.after_event(0, core::kObserver, kNorth, p.describe());
  for (uint32_t seq = 1; seq <= 20; ++seq) {
    core::Seat actor = (seq % 2 == 1) ? 0 : 1;
    t.after_event(seq, actor, actor == 0 ? kSouth : kNorth, p.describe());
    EXPECT_FALSE(t.unchanged_since(1 - actor, seq - 1, seq));
    EXPECT_TRUE(t.unchanged_since(1 - actor, seq, seq));
  }
  EXPECT_EQ(p.reads, 0);
  // A seat acting on and on (small steps of one move) never carries an old seq either.
  t.after_event(21, 0, kNorth, p.describe());
  EXPECT_FALSE(t.unchanged_since(0, 20, 21));
  EXPECT_EQ(p.reads, 0);
}

TEST(PromptTracker, AMatchOverOrASeatWithoutAPromptIsNeverUnchanged) {
  Prompts p{{{0, "bid"}, {1, "bid"}}};
  PromptTracker t;
  EXPECT_FALSE(t.unchanged_since(0, 0, 0));  // told nothing yet
  t.after_event(0, core::kObserver, kBoth, p.describe());
  t.after_event(1, 1, 0, p.describe());  // the game ended
  EXPECT_FALSE(t.unchanged_since(0, 0, 1));
  EXPECT_FALSE(t.unchanged_since(core::kObserver, 1, 1));
  EXPECT_FALSE(t.unchanged_since(5, 1, 1));
}

}  // namespace
}  // namespace frontier::server
