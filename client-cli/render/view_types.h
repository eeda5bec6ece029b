// Decoding a match's view by its type (GameView.payload names it): with the code compiled into
// this program where it has it, else with the schema the server's catalogue sent
// (GameInfo.view_schema), so a game this client has never heard of still shows.
#pragma once

#include <memory>
#include <set>
#include <string>

#include <google/protobuf/descriptor.h>
#include <google/protobuf/descriptor_database.h>
#include <google/protobuf/dynamic_message.h>
#include <google/protobuf/message.h>

#include "game.pb.h"
#include "view.pb.h"

namespace frontier::cli {

class ViewTypes {
 public:
  ViewTypes();
  // The one store of this process (the client renders on one thread).
  static ViewTypes& shared();

  // Adds the view schema of a game from the server's catalogue.
  void learn(const frontier::GameInfo& game);
  // The view message inside `view`, or nullptr when its type is unknown or its bytes are bad.
  // Valid until the next learn().
  std::unique_ptr<google::protobuf::Message> decode(const frontier::GameView& view) const;
  // Every type known so far: the compiled ones and the learnt ones (for JSON output).
  const google::protobuf::DescriptorPool& pool() const { return *pool_; }

 private:
  void rebuild();

  google::protobuf::DescriptorPoolDatabase compiled_;
  google::protobuf::SimpleDescriptorDatabase learnt_;
  google::protobuf::MergedDescriptorDatabase merged_;
  std::set<std::string> learnt_files_;
  // Rebuilt on each learn(): a pool remembers the names it failed to find.
  std::unique_ptr<google::protobuf::DescriptorPool> pool_;
  std::unique_ptr<google::protobuf::DynamicMessageFactory> factory_;
};

}  // namespace frontier::cli
