#include "core/text.h"

namespace frontier::core {

std::string count_of(int n, std::string_view one, std::string_view many) {
  std::string out = std::to_string(n);
  out += ' ';
  out += n == 1 ? one : many;
  return out;
}

}  // namespace frontier::core
