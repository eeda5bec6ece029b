// Reflection over a game view: nothing here knows any game, so the fixture game, a game whose
// view grew a field this morning and a game nobody wrote a board for all print legibly.
#include "render/generic_board.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace frontier::cli {

namespace pb = google::protobuf;
using Field = pb::FieldDescriptor;

std::string field_title(const std::string& name) {
  std::string out = name;
  std::replace(out.begin(), out.end(), '_', ' ');
  return out;
}

bool mentions(const std::string& haystack, const std::string& needle) {
  auto it = std::search(haystack.begin(), haystack.end(), needle.begin(), needle.end(), [](char a, char b) {
    return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
  });
  return it != haystack.end();
}

std::string scalar_text(const pb::Message& msg, const Field* f, int index) {
  const pb::Reflection* r = msg.GetReflection();
  bool rep = index >= 0;
  switch (f->cpp_type()) {
    case Field::CPPTYPE_INT32:
      return std::to_string(rep ? r->GetRepeatedInt32(msg, f, index) : r->GetInt32(msg, f));
    case Field::CPPTYPE_INT64:
      return std::to_string(rep ? r->GetRepeatedInt64(msg, f, index) : r->GetInt64(msg, f));
    case Field::CPPTYPE_UINT32:
      return std::to_string(rep ? r->GetRepeatedUInt32(msg, f, index) : r->GetUInt32(msg, f));
    case Field::CPPTYPE_UINT64:
      return std::to_string(rep ? r->GetRepeatedUInt64(msg, f, index) : r->GetUInt64(msg, f));
    case Field::CPPTYPE_BOOL:
      return (rep ? r->GetRepeatedBool(msg, f, index) : r->GetBool(msg, f)) ? "yes" : "no";
    case Field::CPPTYPE_STRING:
      return rep ? r->GetRepeatedString(msg, f, index) : r->GetString(msg, f);
    case Field::CPPTYPE_ENUM: {
      const pb::EnumValueDescriptor* v = rep ? r->GetRepeatedEnum(msg, f, index) : r->GetEnum(msg, f);
      std::string name = v->name();
      std::transform(name.begin(), name.end(), name.begin(),
                     [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
      return field_title(name);
    }
    case Field::CPPTYPE_FLOAT:
    case Field::CPPTYPE_DOUBLE:
      return std::to_string(rep ? r->GetRepeatedDouble(msg, f, index) : r->GetDouble(msg, f));
    case Field::CPPTYPE_MESSAGE:
      break;
  }
  return {};
}

namespace {

std::string repeated_scalar_text(const pb::Message& msg, const Field* f) {
  std::string out;
  int n = msg.GetReflection()->FieldSize(msg, f);
  for (int i = 0; i < n; ++i) out += (i ? ", " : "") + scalar_text(msg, f, i);
  return out;
}

// A record is "flat" when every field is a scalar or a list of scalars: it fits a table row.
bool is_flat(const pb::Descriptor* d) {
  for (int i = 0; i < d->field_count(); ++i) {
    if (d->field(i)->cpp_type() == Field::CPPTYPE_MESSAGE) return false;
  }
  return true;
}

std::string cell_text(const pb::Message& row, const Field* f) {
  if (f->is_repeated()) return repeated_scalar_text(row, f);
  std::string s = scalar_text(row, f);
  if (f->cpp_type() == Field::CPPTYPE_BOOL) return s == "yes" ? "yes" : "";
  return s;
}

std::string row_text(const pb::Message& row) {
  std::string all;
  const pb::Descriptor* d = row.GetDescriptor();
  for (int i = 0; i < d->field_count(); ++i) all += cell_text(row, d->field(i)) + " ";
  return all;
}

void render_table(const pb::Message& msg, const Field* f, const Style& style, const BoardOptions& opts,
                  int indent, std::string& out) {
  const pb::Reflection* r = msg.GetReflection();
  const pb::Descriptor* d = f->message_type();
  int n = r->FieldSize(msg, f);
  std::vector<const pb::Message*> rows;
  for (int i = 0; i < n; ++i) {
    const pb::Message& row = r->GetRepeatedMessage(msg, f, i);
    if (opts.focus.empty() || mentions(row_text(row), opts.focus)) rows.push_back(&row);
  }
  std::string pad(static_cast<size_t>(indent), ' ');
  out += pad + style.bold(field_title(f->name())) + " (" + std::to_string(rows.size());
  out += rows.size() == static_cast<size_t>(n) ? ")\n" : " of " + std::to_string(n) + ")\n";
  if (rows.empty()) return;
  // Columns where every row is blank (zero, empty, "no") say nothing; leave them out.
  std::vector<const Field*> cols;
  std::vector<size_t> widths;
  for (int c = 0; c < d->field_count(); ++c) {
    const Field* col = d->field(c);
    size_t w = 0;
    bool any = false;
    for (const pb::Message* row : rows) {
      std::string t = cell_text(*row, col);
      w = std::max(w, t.size());
      any = any || (!t.empty() && t != "0");
    }
    if (!any) continue;
    cols.push_back(col);
    widths.push_back(std::max(w, field_title(col->name()).size()));
  }
  auto line = [&](const std::vector<std::string>& cells, bool header) {
    std::string l = pad + "  ";
    for (size_t c = 0; c < cells.size(); ++c) {
      std::string cell = cells[c];
      if (c + 1 < cells.size()) cell.resize(widths[c], ' ');
      l += (c ? "  " : "") + cell;
    }
    while (!l.empty() && l.back() == ' ') l.pop_back();
    out += (header ? style.dim(l) : l) + "\n";
  };
  std::vector<std::string> head;
  for (const Field* col : cols) head.push_back(field_title(col->name()));
  line(head, true);
  for (const pb::Message* row : rows) {
    std::vector<std::string> cells;
    for (const Field* col : cols) cells.push_back(cell_text(*row, col));
    line(cells, false);
  }
}

// Flushes "name value" pairs gathered from consecutive scalar fields, wrapped to the width.
void flush_pairs(std::vector<std::string>& pairs, int indent, const BoardOptions& opts, std::string& out) {
  if (pairs.empty()) return;
  std::string pad(static_cast<size_t>(indent), ' ');
  std::string l = pad;
  for (const auto& p : pairs) {
    if (l.size() > pad.size() && l.size() + 3 + p.size() > static_cast<size_t>(opts.width)) {
      out += l + "\n";
      l = pad;
    }
    l += (l.size() > pad.size() ? "   " : "") + p;
  }
  out += l + "\n";
  pairs.clear();
}

}  // namespace

void render_generic(const pb::Message& msg, const Style& style, const BoardOptions& opts, int indent,
                    std::string& out) {
  const pb::Descriptor* d = msg.GetDescriptor();
  const pb::Reflection* r = msg.GetReflection();
  std::string pad(static_cast<size_t>(indent), ' ');
  std::vector<std::string> pairs;
  for (int i = 0; i < d->field_count(); ++i) {
    const Field* f = d->field(i);
    if (f->cpp_type() != Field::CPPTYPE_MESSAGE) {
      if (f->is_repeated()) {
        if (r->FieldSize(msg, f) == 0) continue;
        pairs.push_back(field_title(f->name()) + ": " + repeated_scalar_text(msg, f));
      } else {
        if (f->has_presence() && !r->HasField(msg, f)) continue;
        // An empty string is an unset proto3 field: nothing to say.
        if (f->cpp_type() == Field::CPPTYPE_STRING && r->GetString(msg, f).empty()) continue;
        pairs.push_back(field_title(f->name()) + " " + style.bold(scalar_text(msg, f)));
      }
      continue;
    }
    flush_pairs(pairs, indent, opts, out);
    if (f->is_repeated()) {
      int n = r->FieldSize(msg, f);
      if (n == 0) continue;
      if (is_flat(f->message_type())) {
        render_table(msg, f, style, opts, indent, out);
        continue;
      }
      out += pad + style.bold(field_title(f->name())) + " (" + std::to_string(n) + ")\n";
      for (int k = 0; k < n; ++k) {
        const pb::Message& item = r->GetRepeatedMessage(msg, f, k);
        if (!opts.focus.empty() && !mentions(item.ShortDebugString(), opts.focus)) continue;
        std::string sub;
        render_generic(item, style, opts, indent + 2, sub);
        if (sub.size() >= static_cast<size_t>(indent) + 2) sub.replace(static_cast<size_t>(indent), 2, "- ");
        out += sub;
      }
    } else if (r->HasField(msg, f)) {
      out += pad + style.bold(field_title(f->name())) + "\n";
      render_generic(r->GetMessage(msg, f), style, opts, indent + 2, out);
    }
  }
  flush_pairs(pairs, indent, opts, out);
}

}  // namespace frontier::cli
