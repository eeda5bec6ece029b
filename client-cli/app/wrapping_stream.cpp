#include "app/wrapping_stream.h"

#include <algorithm>

#include "app/terminal.h"
#include "render/text_width.h"

namespace frontier::cli {

WrappingBuffer::int_type WrappingBuffer::overflow(int_type c) {
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  char ch = traits_type::to_char_type(c);
  line_ += ch;
  if (ch == '\n') write_line();
  return c;
}

std::streamsize WrappingBuffer::xsputn(const char* s, std::streamsize n) {
  for (std::streamsize i = 0; i < n; ++i) {
    line_ += s[i];
    if (s[i] == '\n') write_line();
  }
  return n;
}

int WrappingBuffer::sync() {
  write_line();
  return target_->pubsync();
}

void WrappingBuffer::write_line() {
  if (line_.empty()) return;
  int width = terminal_size(fd_).columns;
  std::string out = line_;
  if (width > 0) {
    // The start of this line already went out (flushed before its end): stand-ins of one column
    // each keep its place, so the rest wraps where the whole line would have; they are not
    // written again. Not spaces, since a space may end a wrapped line and sets the indent.
    out = wrap_to_width(std::string(carried_, '\x01') + line_, width);
    out.erase(0, std::min(carried_, out.size()));
  }
  target_->sputn(out.data(), static_cast<std::streamsize>(out.size()));
  size_t nl = out.rfind('\n');
  carried_ = out.back() == '\n' ? 0
                                : display_width(nl == std::string::npos ? out : out.substr(nl + 1)) +
                                      (nl == std::string::npos ? carried_ : 0);
  line_.clear();
}

WrapStreamToTerminal::WrapStreamToTerminal(std::ostream& stream, int fd)
    : stream_(stream), original_(stream.rdbuf()) {
  if (terminal_size(fd).columns <= 0) return;
  buffer_ = std::make_unique<WrappingBuffer>(original_, fd);
  stream_.rdbuf(buffer_.get());
  // std::cerr flushes after every <<, which would send each piece of a line out on its own and
  // leave nothing to wrap; lines end in "\n" and prompts flush themselves.
  unitbuf_ = (stream_.flags() & std::ios::unitbuf) != 0;
  stream_.unsetf(std::ios::unitbuf);
}

WrapStreamToTerminal::~WrapStreamToTerminal() {
  if (!buffer_) return;
  stream_.flush();
  stream_.rdbuf(original_);
  if (unitbuf_) stream_.setf(std::ios::unitbuf);
}

}  // namespace frontier::cli
