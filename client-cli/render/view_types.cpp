#include "render/view_types.h"

#include <google/protobuf/descriptor.pb.h>

#include "core/view.h"

namespace frontier::cli {

namespace pb = google::protobuf;

ViewTypes::ViewTypes() : compiled_(*pb::DescriptorPool::generated_pool()), merged_(&compiled_, &learnt_) {
  rebuild();
}

ViewTypes& ViewTypes::shared() {
  static ViewTypes types;
  return types;
}

void ViewTypes::rebuild() {
  factory_.reset();
  pool_ = std::make_unique<pb::DescriptorPool>(&merged_);
  factory_ = std::make_unique<pb::DynamicMessageFactory>(pool_.get());
}

void ViewTypes::learn(const frontier::GameInfo& game) {
  pb::FileDescriptorSet files;
  if (game.view_schema().empty() || !files.ParseFromString(game.view_schema())) return;
  bool added = false;
  for (const auto& file : files.file()) {
    // Files this program was built with are the compiled ones; a second copy would only clash.
    if (pb::DescriptorPool::generated_pool()->FindFileByName(file.name()) != nullptr) continue;
    if (!learnt_files_.insert(file.name()).second) continue;
    added = learnt_.Add(file) || added;
  }
  if (added) rebuild();
}

std::unique_ptr<pb::Message> ViewTypes::decode(const frontier::GameView& view) const {
  std::string type = core::view_type_name(view);
  if (type.empty()) return nullptr;
  const pb::Descriptor* compiled = pb::DescriptorPool::generated_pool()->FindMessageTypeByName(type);
  if (compiled != nullptr) return core::unpack_view(view, *compiled);
  const pb::Descriptor* learnt = pool_->FindMessageTypeByName(type);
  if (learnt == nullptr) return nullptr;
  std::unique_ptr<pb::Message> out(factory_->GetPrototype(learnt)->New());
  if (!out->ParseFromString(view.payload().value())) return nullptr;
  return out;
}

}  // namespace frontier::cli
