// Names nobody may register because they pose as a computer opponent: "bot-easy" is the
// computer, and so, to a reader, are "bot_easy", "B0T-easy", "-bot-easy" and "botEasy". A name
// is folded (case, look-alike digits, separators) and compared with the computer opponents'
// names folded the same way.
#pragma once

#include <string>
#include <string_view>

namespace frontier::auth {

// Lower case; '0'→'o', '1' and 'i'→'l', '3'→'e', '4'→'a', '5'→'s', '7'→'t', '8'→'b', '9'→'g',
// '2'→'z'; '_' and '-' dropped (so leading, doubled and missing separators all fold alike).
std::string fold_name(std::string_view name);

// The levels whose computer opponents are called "bot-<level>" (ai::level_name; a test checks
// that every level is covered).
inline constexpr std::string_view kBotLevels[] = {"easy", "normal", "hard"};

// True for a name that begins "bot-" (any case) or whose fold begins with a computer
// opponent's name folded ("b0t_hard", "-Bot-Easy", "botnormal2").
bool is_reserved_name(std::string_view name);

}  // namespace frontier::auth
