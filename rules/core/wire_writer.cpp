#include "core/wire_writer.h"

namespace frontier::core {

namespace {

constexpr int kVarint = 0;
constexpr int kLengthDelimited = 2;

}  // namespace

void WireWriter::varint(uint64_t value) {
  while (value >= 0x80) {
    out_.push_back(static_cast<char>(value | 0x80));
    value >>= 7;
  }
  out_.push_back(static_cast<char>(value));
}

void WireWriter::int_field(int field, int64_t value) {
  if (value == 0) return;
  tag(field, kVarint);
  varint(static_cast<uint64_t>(value));
}

void WireWriter::bytes_field(int field, std::string_view payload) {
  if (!payload.empty()) element(field, payload);
}

void WireWriter::element(int field, std::string_view payload) {
  element_header(field, payload.size());
  out_.append(payload);
}

void WireWriter::element_header(int field, size_t size) {
  tag(field, kLengthDelimited);
  varint(size);
}

}  // namespace frontier::core
