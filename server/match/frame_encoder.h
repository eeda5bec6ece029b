// Server messages built on a per-thread arena and encoded straight into a frame. A match update
// of a real game is hundreds of small messages and strings (a Khartoum board, its log lines and
// labelled choices); built on the heap, allocating and freeing them cost about as much as building
// them. On an arena that starts in a block each thread keeps, they cost a pointer bump and nothing
// to free.
#pragma once

#include <functional>

#include "match/connection.h"
#include "wire.pb.h"

namespace frontier::server {

// The frame of the message `fill` builds. Not reentrant: `fill` must not encode another frame.
Frame encode_frame(const std::function<void(wire::ServerMessage&)>& fill);

}  // namespace frontier::server
