// WireWriter must write exactly what protobuf writes for the same fields, defaults left out, so
// views spliced from pre-encoded parts parse as if the whole message had been serialized.
#include "core/wire_writer.h"

#include <gtest/gtest.h>

#include "game.pb.h"

namespace frontier::core {
namespace {

TEST(WireWriter, WritesWhatProtobufWrites) {
  frontier::GameStatus expected;
  expected.set_turn(300);                      // a two-byte varint
  expected.set_phase("March Phase");           // a string
  expected.set_winner(-1);                     // a negative int32: ten bytes
  expected.set_result(std::string(200, 'x'));  // a length over 127
  auto* score = expected.add_scores();         // an embedded message
  score->set_seat(1);
  score->set_side("Empire");
  frontier::GameStatus empty_seat;
  empty_seat.add_scores();  // an embedded message with no field set
  std::string score_bytes = score->SerializeAsString();

  std::string out;
  WireWriter w(out);
  w.int_field(frontier::GameStatus::kTurnFieldNumber, 300);
  w.bytes_field(frontier::GameStatus::kPhaseFieldNumber, "March Phase");
  w.bool_field(frontier::GameStatus::kFinishedFieldNumber, false);  // default: not written
  w.int_field(frontier::GameStatus::kWinnerFieldNumber, -1);
  w.bytes_field(frontier::GameStatus::kResultFieldNumber, std::string(200, 'x'));
  w.element_header(frontier::GameStatus::kScoresFieldNumber, score_bytes.size());
  w.raw(score_bytes);
  EXPECT_EQ(out, expected.SerializeAsString());

  std::string empty;
  WireWriter e(empty);
  e.bytes_field(frontier::GameStatus::kPhaseFieldNumber, "");  // default: not written
  e.element(frontier::GameStatus::kScoresFieldNumber, "");     // present though empty
  EXPECT_EQ(empty, empty_seat.SerializeAsString());
}

}  // namespace
}  // namespace frontier::core
