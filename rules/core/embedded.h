// A file compiled into the binary (see cmake/embed.cmake): scenario data, SQL migrations.
#pragma once

#include <span>
#include <string_view>

namespace frontier::core {

struct EmbeddedFile {
  std::string_view name;  // file name without directory, e.g. "lion.txtpb"
  std::string_view contents;
};

}  // namespace frontier::core
