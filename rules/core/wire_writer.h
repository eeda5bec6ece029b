// Appends protobuf wire-format fields to a byte string, for views that splice pre-encoded fixed
// parts (a map's names and places, its routes) between the fields that change every update:
// encoding those once per process instead of once per update is most of a large view's cost.
// Every writer skips proto3 default values (0, false, ""), as protobuf's own encoder does, so a
// parser cannot tell the result from the message's serialization.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace frontier::core {

class WireWriter {
 public:
  explicit WireWriter(std::string& out) : out_(out) {}

  // int32/int64/uint32/bool/enum fields (varint wire type). Negative int32 values take ten bytes,
  // as in protobuf (sign-extended to 64 bits).
  void int_field(int field, int64_t value);
  void bool_field(int field, bool value) { int_field(field, value ? 1 : 0); }
  // string, bytes and embedded-message fields (length-delimited wire type). `payload` is the
  // field's content: the string, or an embedded message's encoding.
  void bytes_field(int field, std::string_view payload);
  // Like bytes_field but kept when empty: an embedded message that is present with no fields
  // set, or one element of a repeated string field.
  void element(int field, std::string_view payload);
  // Bytes already in wire format (a run of fields encoded earlier).
  void raw(std::string_view encoded) { out_.append(encoded); }

  // The tag and length of a length-delimited field whose `size` bytes of content the caller
  // appends next (an embedded message written piece by piece, its length known beforehand).
  void element_header(int field, size_t size);

 private:
  void varint(uint64_t value);
  void tag(int field, int wire_type) {
    varint(static_cast<uint64_t>(field) << 3 | static_cast<uint64_t>(wire_type));
  }

  std::string& out_;
};

}  // namespace frontier::core
