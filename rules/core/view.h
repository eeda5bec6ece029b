// A game's view travels packed in GameView.payload (a google.protobuf.Any), so the wire names no
// game: these are the few helpers every game and client share to pack, unpack and describe it.
#pragma once

#include <memory>
#include <string>

#include <google/protobuf/arena.h>
#include <google/protobuf/descriptor.h>

#include "game.pb.h"
#include "view.pb.h"

namespace frontier::core {

// What Any.PackFrom puts before a message's full name in its type URL.
inline constexpr char kViewTypeUrlPrefix[] = "type.googleapis.com/";

// Builds the game's `View` with `fill(View&)` and packs it into `out`. The message lives on
// `out`'s arena when it has one (the server builds updates on a per-thread arena), so a view
// costs no allocations beyond its packed bytes. `append_bytes` more bytes are reserved behind the
// message's encoding for a game that appends fields already encoded (core/wire_writer.h).
template <class View, class Fill>
void pack_view(frontier::GameView& out, Fill&& fill, size_t append_bytes = 0) {
  auto pack = [&](const View& view) {
    google::protobuf::Any* payload = out.mutable_payload();
    payload->set_type_url(kViewTypeUrlPrefix + View::descriptor()->full_name());
    std::string* value = payload->mutable_value();
    value->reserve(view.ByteSizeLong() + append_bytes);
    view.AppendToString(value);
  };
  if (google::protobuf::Arena* arena = out.GetArena()) {
    View* view = google::protobuf::Arena::CreateMessage<View>(arena);
    fill(*view);
    pack(*view);
  } else {
    View view;
    fill(view);
    pack(view);
  }
}

// The game's view message inside `view`, or an empty `View` when it holds another type.
template <class View>
View unpack_view(const frontier::GameView& view) {
  View out;
  if (!view.payload().UnpackTo(&out)) out.Clear();
  return out;
}

// The view message inside `view` as a message of `type` (compiled into this program), for code
// that reads views by reflection; nullptr when `view` holds another type.
std::unique_ptr<google::protobuf::Message> unpack_view(const frontier::GameView& view,
                                                       const google::protobuf::Descriptor& type);

// The full protobuf name in a packed view's type URL ("frontier.lion.LionView").
std::string view_type_name(const frontier::GameView& view);

// Fills `info.view_type` and `info.view_schema` (a FileDescriptorSet of the file declaring
// `type` and every file it imports, imports first) so a client without the game's code can
// decode its views.
void describe_view(const google::protobuf::Descriptor& type, frontier::GameInfo& info);

}  // namespace frontier::core
