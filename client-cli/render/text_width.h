// Lines as a terminal shows them: colour escapes take no room and a UTF-8 character ("→", "·",
// "£") takes one column, so widths are measured and text wrapped the way it will look.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace frontier::cli {

// The columns `line` takes on a terminal (no newline inside).
size_t display_width(std::string_view line);

// Every line of `text` wrapped to at most `width` columns, at a space where there is one (else
// cut), continuation lines indented like the line they continue plus two spaces, or by `hang`
// columns when it is given (a list under its label). Colour escapes are kept. A width under 20
// leaves the text as it is. The one wrapping rule of the client: boards, prompts and everything
// a command prints to a terminal (app/wrapping_stream.h) go through it.
std::string wrap_to_width(std::string_view text, int width, int hang = -1);

// `text` split at newlines (a final newline ends the last line, it does not add an empty one).
std::vector<std::string> split_lines(std::string_view text);

}  // namespace frontier::cli
