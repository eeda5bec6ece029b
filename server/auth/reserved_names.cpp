#include "auth/reserved_names.h"

#include <cctype>

#include "auth/auth.h"

namespace frontier::auth {

std::string fold_name(std::string_view name) {
  std::string out;
  out.reserve(name.size());
  for (unsigned char c : name) {
    if (c == '_' || c == '-') continue;
    char f = static_cast<char>(std::tolower(c));
    switch (f) {
      case '0':
        f = 'o';
        break;
      case '1':
      case 'i':
        f = 'l';
        break;
      case '2':
        f = 'z';
        break;
      case '3':
        f = 'e';
        break;
      case '4':
        f = 'a';
        break;
      case '5':
        f = 's';
        break;
      case '7':
        f = 't';
        break;
      case '8':
        f = 'b';
        break;
      case '9':
        f = 'g';
        break;
      default:
        break;
    }
    out += f;
  }
  return out;
}

bool is_reserved_name(std::string_view name) {
  if (is_bot_name(name)) return true;
  std::string folded = fold_name(name);
  for (std::string_view level : kBotLevels) {
    if (folded.starts_with(fold_name("bot-" + std::string(level)))) return true;
  }
  return false;
}

}  // namespace frontier::auth
