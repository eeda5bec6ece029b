// The pure clock arithmetic (server/clock/seat_clock.h) and time-control checks: pauses skipped,
// increment and cap, the 80% reminder, the stored encoding, presets and refusals.
#include <gtest/gtest.h>

#include "clock/seat_clock.h"
#include "clock/time_control.h"
#include "clock/vacations.h"

namespace frontier::server::clock {
namespace {

TEST(SeatClockMath, PausesAreSkippedNotCharged) {
  Pauses pauses{{100, 200}, {300, 350}};
  EXPECT_EQ(paused_between(pauses, 0, 1000), 150);
  EXPECT_EQ(paused_between(pauses, 150, 320), 70);
  EXPECT_EQ(after_running(pauses, 0, 50), 50);     // before any pause
  EXPECT_EQ(after_running(pauses, 0, 100), 100);   // exactly at the pause's start
  EXPECT_EQ(after_running(pauses, 0, 150), 250);   // skips [100, 200)
  EXPECT_EQ(after_running(pauses, 150, 10), 210);  // starts inside a pause
  EXPECT_EQ(after_running(pauses, 0, 300), 450);   // skips both
}

TEST(SeatClockMath, RunningBankDeadlineAndVacation) {
  SeatClock c{1000};
  start_turn(c, 5000);
  EXPECT_EQ(remaining_at(c, 5400, {}), 600);
  EXPECT_EQ(deadline(c, {}), 6000);
  Pauses vacation{{5200, 5500}};
  EXPECT_EQ(remaining_at(c, 5600, vacation), 700);
  EXPECT_EQ(deadline(c, vacation), 6300);
  EXPECT_TRUE(paused_at(vacation, 5200));
  EXPECT_FALSE(paused_at(vacation, 5500));
}

TEST(SeatClockMath, IncrementIsCappedAndOnlyForAMove) {
  Pace pace{1000, 300, 1100};
  SeatClock c{1000};
  start_turn(c, 0);
  end_turn(c, 100, {}, pace, true);
  EXPECT_EQ(c.remaining, 1100);  // 900 + 300, capped at 1100
  EXPECT_FALSE(c.running);
  start_turn(c, 200);
  end_turn(c, 700, {}, pace, true);
  EXPECT_EQ(c.remaining, 900);  // 600 + 300
  start_turn(c, 1000);
  end_turn(c, 1100, {}, pace, false);  // the match ended: no increment
  EXPECT_EQ(c.remaining, 800);
  Pace uncapped{1000, 300, 0};
  SeatClock d{1000};
  start_turn(d, 0);
  end_turn(d, 10, {}, uncapped, true);
  EXPECT_EQ(d.remaining, 1290);
}

TEST(SeatClockMath, ReminderAtEightyPercentOfTheTurnsBank) {
  SeatClock c{1000};
  start_turn(c, 0);
  ASSERT_TRUE(reminder_at(c, {}).has_value());
  EXPECT_EQ(*reminder_at(c, {}), 800);
  EXPECT_EQ(*reminder_at(c, {{100, 150}}), 850);
  c.reminded = true;
  EXPECT_FALSE(reminder_at(c, {}).has_value());
  start_turn(c, 2000);  // a new turn: a new reminder
  EXPECT_EQ(*reminder_at(c, {}), 2800);
}

TEST(SeatClockMath, EncodingRoundTripsAndRefusesGarbage) {
  std::vector<SeatClock> clocks{{-5, true, 1800000000, 3600, true}, {100, false, 0, 0, false}};
  auto back = decode(encode(clocks));
  ASSERT_TRUE(back.has_value());
  ASSERT_EQ(back->size(), 2u);
  EXPECT_EQ((*back)[0].remaining, -5);
  EXPECT_TRUE((*back)[0].running);
  EXPECT_EQ((*back)[0].since, 1800000000);
  EXPECT_TRUE((*back)[0].reminded);
  EXPECT_EQ((*back)[1].remaining, 100);
  EXPECT_TRUE(decode("")->empty());
  EXPECT_FALSE(decode("1,2,3").has_value());
  EXPECT_FALSE(decode("1,0,0,0,0;x").has_value());
  EXPECT_FALSE(decode("1,0,0,0,0,9").has_value());
}

TEST(TimeControls, PresetsAndChecks) {
  wire::TimeControl by_name;
  by_name.set_preset("fast");
  auto fast = normalize(by_name);
  ASSERT_TRUE(fast) << fast.status().message();
  EXPECT_EQ(fast.value().initial_seconds(), 3u * 86400);
  EXPECT_EQ(fast.value().increment_seconds(), 12u * 3600);
  EXPECT_EQ(fast.value().cap_seconds(), 5u * 86400);
  by_name.set_preset("glacial");
  EXPECT_FALSE(normalize(by_name));

  wire::TimeControl tc;
  tc.set_kind(wire::TimeControl::FISCHER);
  tc.set_initial_seconds(5);
  EXPECT_FALSE(normalize(tc));  // a bank of seconds
  tc.set_initial_seconds(3600);
  tc.set_cap_seconds(100);
  EXPECT_FALSE(normalize(tc));  // cap below the bank
  tc.set_cap_seconds(0);
  EXPECT_TRUE(normalize(tc));
  wire::TimeControl untimed;
  untimed.set_initial_seconds(60);
  EXPECT_FALSE(normalize(untimed));  // NONE with a bank is nonsense
  EXPECT_TRUE(normalize(wire::TimeControl{}));
}

TEST(Vacations, AllowanceCountsStartedDaysOfTheCalendarYear) {
  EXPECT_EQ(year_start(1735689600 + 5), 1735689600);  // 2025-01-01T00:00:05Z
  EXPECT_EQ(next_year_start(1735689600), 1767225600);
  EXPECT_EQ(days_charged(0, 0), 1u);  // ended at once: its first day had begun
  EXPECT_EQ(days_charged(0, 1), 1u);
  EXPECT_EQ(days_charged(0, 86400), 1u);
  EXPECT_EQ(days_charged(0, 86401), 2u);
  VacationBook book;
  book.put({1, 7, 1735689600 - 86400, 1735689600});  // last year's: not counted
  book.put({2, 7, 1735689600 + 1000, 1735689600 + 1000 + 3 * 86400});
  EXPECT_EQ(book.days_used(7, 1735689600 + 5000), 3u);
  EXPECT_TRUE(book.current(7, 1735689600 + 5000).has_value());
  book.put({2, 7, 1735689600 + 1000, 1735689600 + 2000});  // ended early
  EXPECT_EQ(book.days_used(7, 1735689600 + 5000), 1u);
  EXPECT_FALSE(book.current(7, 1735689600 + 5000).has_value());
  EXPECT_EQ(book.pauses(7).size(), 2u);
}

}  // namespace
}  // namespace frontier::server::clock
