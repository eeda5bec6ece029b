// Reading a game view by field name. The dedicated boards use this instead of the generated
// accessors so they build against whatever the game's view holds today, and fall back to the
// generic board (Rec::ok() false) when a field they draw is not there yet.
#pragma once

#include <google/protobuf/message.h>

#include <string>
#include <vector>

namespace frontier::cli {

class Rec {
 public:
  explicit Rec(const google::protobuf::Message& m) : m_(&m) {}
  // True when every name is a field of this message.
  bool has_fields(std::initializer_list<const char*> names) const;
  std::string str(const char* name) const;
  long long num(const char* name) const;  // integers and enums (by number)
  bool flag(const char* name) const;
  std::vector<std::string> strs(const char* name) const;
  std::vector<Rec> list(const char* name) const;
  // A singular sub-message (an empty Rec-less optional when unset).
  bool has(const char* name) const;
  Rec sub(const char* name) const;
  const google::protobuf::Message& msg() const { return *m_; }

 private:
  const google::protobuf::FieldDescriptor* field(const char* name) const;
  const google::protobuf::Message* m_;
};

}  // namespace frontier::cli
