// Field access by name over protobuf reflection.
#include "render/reflect.h"

#include "render/generic_board.h"

namespace frontier::cli {

namespace pb = google::protobuf;

const pb::FieldDescriptor* Rec::field(const char* name) const {
  return m_->GetDescriptor()->FindFieldByName(name);
}

bool Rec::has_fields(std::initializer_list<const char*> names) const {
  for (const char* n : names) {
    if (field(n) == nullptr) return false;
  }
  return true;
}

std::string Rec::str(const char* name) const {
  const auto* f = field(name);
  if (f == nullptr || f->is_repeated() || f->cpp_type() == pb::FieldDescriptor::CPPTYPE_MESSAGE) return {};
  return scalar_text(*m_, f);
}

long long Rec::num(const char* name) const {
  const auto* f = field(name);
  if (f == nullptr || f->is_repeated()) return 0;
  const pb::Reflection* r = m_->GetReflection();
  switch (f->cpp_type()) {
    case pb::FieldDescriptor::CPPTYPE_INT32:
      return r->GetInt32(*m_, f);
    case pb::FieldDescriptor::CPPTYPE_INT64:
      return r->GetInt64(*m_, f);
    case pb::FieldDescriptor::CPPTYPE_UINT32:
      return r->GetUInt32(*m_, f);
    case pb::FieldDescriptor::CPPTYPE_UINT64:
      return static_cast<long long>(r->GetUInt64(*m_, f));
    case pb::FieldDescriptor::CPPTYPE_ENUM:
      return r->GetEnumValue(*m_, f);
    case pb::FieldDescriptor::CPPTYPE_BOOL:
      return r->GetBool(*m_, f) ? 1 : 0;
    default:
      return 0;
  }
}

bool Rec::flag(const char* name) const {
  return num(name) != 0;
}

std::vector<std::string> Rec::strs(const char* name) const {
  std::vector<std::string> out;
  const auto* f = field(name);
  if (f == nullptr || !f->is_repeated() || f->cpp_type() == pb::FieldDescriptor::CPPTYPE_MESSAGE) return out;
  int n = m_->GetReflection()->FieldSize(*m_, f);
  for (int i = 0; i < n; ++i) out.push_back(scalar_text(*m_, f, i));
  return out;
}

std::vector<Rec> Rec::list(const char* name) const {
  std::vector<Rec> out;
  const auto* f = field(name);
  if (f == nullptr || !f->is_repeated() || f->cpp_type() != pb::FieldDescriptor::CPPTYPE_MESSAGE) return out;
  int n = m_->GetReflection()->FieldSize(*m_, f);
  for (int i = 0; i < n; ++i) out.emplace_back(m_->GetReflection()->GetRepeatedMessage(*m_, f, i));
  return out;
}

bool Rec::has(const char* name) const {
  const auto* f = field(name);
  return f != nullptr && !f->is_repeated() && f->cpp_type() == pb::FieldDescriptor::CPPTYPE_MESSAGE &&
         m_->GetReflection()->HasField(*m_, f);
}

Rec Rec::sub(const char* name) const {
  return Rec(m_->GetReflection()->GetMessage(*m_, field(name)));
}

}  // namespace frontier::cli
