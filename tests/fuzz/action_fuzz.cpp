// Fuzz target: arbitrary bytes decoded as a game's Action and put through the engine's gate
// (core::apply) against a real position of a shipped game, as a submitted action is on the server.
// Input: [game][scenario][walk steps][walk seed] then chunks [seat/flags][length][bytes]:
//   seat = flags & 0x0f (15 = an observer; seats past the game's count are kept, to be refused),
//   flags & 0x80: the bytes are kind (u16) a, b, c (i16) little-endian, else a frontier.Action
//   in protobuf wire form, range-checked by core::from_proto exactly as the server does.
// Every action is either applied (and then was legal) or refused with the position unchanged;
// nothing may crash, and every position reached must pass exercise_position.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "game.pb.h"
#include "rules_fuzz.h"

namespace frontier::fuzz {

std::vector<std::string> target_seeds() {
  return action_seeds();
}

namespace {

bool decode(uint8_t flags, const uint8_t* data, size_t len, core::Action& out) {
  if (flags & 0x80) {
    uint8_t raw[8] = {};
    std::memcpy(raw, data, std::min<size_t>(len, sizeof raw));
    out.kind = static_cast<uint16_t>(raw[0] | (raw[1] << 8));
    out.a = static_cast<int16_t>(raw[2] | (raw[3] << 8));
    out.b = static_cast<int16_t>(raw[4] | (raw[5] << 8));
    out.c = static_cast<int16_t>(raw[6] | (raw[7] << 8));
    return true;
  }
  frontier::Action proto;
  if (!proto.ParseFromArray(data, static_cast<int>(len))) return false;
  auto action = core::from_proto(proto);
  if (!action.is_ok()) return false;  // out of range: the server refuses it before the rules
  out = action.value();
  return true;
}

}  // namespace
}  // namespace frontier::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace frontier;
  if (size < 4) return 0;
  const core::Game& game = fuzz::game_for(data[0]);
  auto state = fuzz::start_position(game, data[1]);
  std::mt19937 rng(data[3]);
  fuzz::random_walk(game, *state, data[2] % 64, rng);
  size_t i = 4;
  for (int chunks = 0; i + 2 <= size && chunks < 32; ++chunks) {
    uint8_t flags = data[i];
    size_t len = std::min<size_t>(data[i + 1], size - i - 2);
    const uint8_t* bytes = data + i + 2;
    i += 2 + len;
    core::Action action;
    if (!fuzz::decode(flags, bytes, len, action)) continue;
    core::Seat seat = (flags & 0x0f) == 0x0f ? core::kObserver : (flags & 0x0f);
    std::string before = core::snapshot(game, *state);
    std::vector<core::LogEvent> events;
    auto result = core::apply(game, *state, seat, action, &events);
    if (!result.status.is_ok()) {
      if (core::snapshot(game, *state) != before) std::abort();  // a refusal changed the position
      continue;
    }
    if (!game.check_invariants(*state).empty()) std::abort();
    for (const auto& e : events) {
      for (core::Seat s = core::kObserver; s < game.seat_count(); ++s) core::line_for(e, s);
    }
    fuzz::exercise_position(game, *state);
  }
  return 0;
}
