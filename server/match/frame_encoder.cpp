#include "match/frame_encoder.h"

#include <google/protobuf/arena.h>

#include <memory>

namespace frontier::server {

namespace {

// Large enough for the largest update of the built-in games (a Crossroads board with its log),
// so the arena rarely asks malloc for more.
constexpr size_t kBlockBytes = 256 * 1024;

char* thread_block() {
  thread_local std::unique_ptr<char[]> block(new char[kBlockBytes]);
  return block.get();
}

}  // namespace

Frame encode_frame(const std::function<void(wire::ServerMessage&)>& fill) {
  google::protobuf::ArenaOptions options;
  options.initial_block = thread_block();
  options.initial_block_size = kBlockBytes;
  google::protobuf::Arena arena(options);
  auto* message = google::protobuf::Arena::CreateMessage<wire::ServerMessage>(&arena);
  fill(*message);
  auto frame = std::make_shared<std::string>();
  message->SerializeToString(frame.get());
  return frame;
}

}  // namespace frontier::server
