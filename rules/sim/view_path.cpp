// Path selection by protobuf reflection (see view_path.h for the grammar).
#include "sim/view_path.h"

#include <google/protobuf/descriptor.h>
#include <google/protobuf/text_format.h>

namespace frontier::sim {

namespace {

using google::protobuf::FieldDescriptor;
using google::protobuf::Message;
using google::protobuf::Reflection;

struct Segment {
  std::string field;
  enum class Pick { kSingle, kIndex, kAll, kMatch } pick = Pick::kSingle;
  int index = 0;
  std::string match_field;
  std::string match_value;
};

core::Result<std::vector<Segment>> parse(std::string_view path) {
  std::vector<Segment> out;
  size_t i = 0;
  while (i < path.size()) {
    Segment seg;
    size_t end = path.find_first_of(".[", i);
    if (end == std::string_view::npos) end = path.size();
    seg.field = std::string(path.substr(i, end - i));
    i = end;
    if (i < path.size() && path[i] == '[') {
      size_t close = path.find(']', i);
      if (close == std::string_view::npos)
        return core::Status::invalid_argument("Unclosed [ in " + std::string(path));
      std::string inner(path.substr(i + 1, close - i - 1));
      if (inner == "*") {
        seg.pick = Segment::Pick::kAll;
      } else if (auto eq = inner.find('='); eq != std::string::npos) {
        seg.pick = Segment::Pick::kMatch;
        seg.match_field = inner.substr(0, eq);
        seg.match_value = inner.substr(eq + 1);
      } else {
        seg.pick = Segment::Pick::kIndex;
        try {
          seg.index = std::stoi(inner);
        } catch (...) {
          return core::Status::invalid_argument("Bad index [" + inner + "] in " + std::string(path));
        }
      }
      i = close + 1;
    }
    if (i < path.size() && path[i] == '.') ++i;
    if (seg.field.empty()) return core::Status::invalid_argument("Empty field name in " + std::string(path));
    out.push_back(std::move(seg));
  }
  return out;
}

std::string scalar_text(const Message& m, const FieldDescriptor* f, int index) {
  const Reflection* r = m.GetReflection();
  bool rep = f->is_repeated();
  switch (f->cpp_type()) {
    case FieldDescriptor::CPPTYPE_INT32:
      return std::to_string(rep ? r->GetRepeatedInt32(m, f, index) : r->GetInt32(m, f));
    case FieldDescriptor::CPPTYPE_INT64:
      return std::to_string(rep ? r->GetRepeatedInt64(m, f, index) : r->GetInt64(m, f));
    case FieldDescriptor::CPPTYPE_UINT32:
      return std::to_string(rep ? r->GetRepeatedUInt32(m, f, index) : r->GetUInt32(m, f));
    case FieldDescriptor::CPPTYPE_UINT64:
      return std::to_string(rep ? r->GetRepeatedUInt64(m, f, index) : r->GetUInt64(m, f));
    case FieldDescriptor::CPPTYPE_BOOL:
      return (rep ? r->GetRepeatedBool(m, f, index) : r->GetBool(m, f)) ? "true" : "false";
    case FieldDescriptor::CPPTYPE_STRING:
      return rep ? r->GetRepeatedString(m, f, index) : r->GetString(m, f);
    case FieldDescriptor::CPPTYPE_ENUM:
      return (rep ? r->GetRepeatedEnum(m, f, index) : r->GetEnum(m, f))->name();
    case FieldDescriptor::CPPTYPE_MESSAGE: {
      std::string s;
      google::protobuf::TextFormat::Printer p;
      p.SetSingleLineMode(true);
      p.PrintToString(rep ? r->GetRepeatedMessage(m, f, index) : r->GetMessage(m, f), &s);
      while (!s.empty() && s.back() == ' ') s.pop_back();
      return s;
    }
    default:
      return "?";  // floating point never appears in our messages
  }
}

// A node reached while walking: a message, or a scalar (message + field + index).
struct Node {
  const Message* msg;
  const FieldDescriptor* field = nullptr;  // set for scalar leaves
  int index = -1;
};

}  // namespace

core::Result<std::vector<std::string>> select_path(const Message& root, std::string_view path) {
  auto segments = parse(path);
  if (!segments) return segments.status();
  std::vector<Node> nodes{{&root}};
  for (const Segment& seg : *segments) {
    std::vector<Node> next;
    for (const Node& n : nodes) {
      if (n.field != nullptr)
        return core::Status::invalid_argument("'" + seg.field + "' is below a scalar in " +
                                              std::string(path));
      const Message& m = *n.msg;
      const FieldDescriptor* f = m.GetDescriptor()->FindFieldByName(seg.field);
      if (f == nullptr) {
        return core::Status::invalid_argument("No field '" + seg.field + "' in " +
                                              m.GetDescriptor()->full_name());
      }
      const Reflection* r = m.GetReflection();
      auto push = [&](int idx) {
        if (f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE) {
          next.push_back({idx < 0 ? &r->GetMessage(m, f) : &r->GetRepeatedMessage(m, f, idx)});
        } else {
          next.push_back({&m, f, idx});
        }
      };
      if (!f->is_repeated()) {
        if (seg.pick != Segment::Pick::kSingle)
          return core::Status::invalid_argument("'" + seg.field + "' is not repeated");
        if (f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE && !r->HasField(m, f)) continue;
        push(-1);
        continue;
      }
      int size = r->FieldSize(m, f);
      switch (seg.pick) {
        case Segment::Pick::kSingle:
        case Segment::Pick::kAll:
          for (int i = 0; i < size; ++i) push(i);
          break;
        case Segment::Pick::kIndex:
          if (seg.index >= 0 && seg.index < size) push(seg.index);
          break;
        case Segment::Pick::kMatch:
          if (f->cpp_type() != FieldDescriptor::CPPTYPE_MESSAGE) {
            return core::Status::invalid_argument("[field=value] needs a repeated message: " + seg.field);
          }
          for (int i = 0; i < size; ++i) {
            const Message& e = r->GetRepeatedMessage(m, f, i);
            const FieldDescriptor* mf = e.GetDescriptor()->FindFieldByName(seg.match_field);
            if (mf == nullptr || mf->is_repeated()) {
              return core::Status::invalid_argument("No field '" + seg.match_field + "' to match in " +
                                                    seg.field);
            }
            if (scalar_text(e, mf, -1) == seg.match_value) push(i);
          }
          break;
      }
    }
    nodes = std::move(next);
  }
  std::vector<std::string> out;
  for (const Node& n : nodes) {
    if (n.field != nullptr) {
      out.push_back(scalar_text(*n.msg, n.field, n.index));
    } else {
      std::string s;
      google::protobuf::TextFormat::Printer p;
      p.SetSingleLineMode(true);
      p.PrintToString(*n.msg, &s);
      while (!s.empty() && s.back() == ' ') s.pop_back();
      out.push_back(s);
    }
  }
  return out;
}

}  // namespace frontier::sim
