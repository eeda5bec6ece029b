// Every line `frontier` writes to a terminal wrapped to the terminal's width, whatever command
// wrote it (listings, help, refusals, boards): standard output and error pass through a stream
// buffer that holds each line until its end and wraps it with wrap_to_width (render/text_width.h),
// the one wrapping rule of the client. Output to a file or a pipe passes untouched.
#pragma once

#include <memory>
#include <ostream>
#include <streambuf>
#include <string>

namespace frontier::cli {

class WrappingBuffer : public std::streambuf {
 public:
  // Writes to `target`, wrapped to the width of the terminal on `fd` (asked at each line, since a
  // window may be resized; a width of 0, not a terminal, wraps nothing).
  WrappingBuffer(std::streambuf* target, int fd) : target_(target), fd_(fd) {}

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  // A line still open (a "> " waiting for input) is written as it stands.
  int sync() override;

 private:
  void write_line();

  std::streambuf* target_;
  int fd_;
  std::string line_;
  size_t carried_ = 0;  // columns of the current line written before its end (a flushed prompt)
};

// While alive, `stream` (std::cout, std::cerr) writes through a WrappingBuffer when `fd` is a
// terminal; restores the stream's own buffer at the end.
class WrapStreamToTerminal {
 public:
  WrapStreamToTerminal(std::ostream& stream, int fd);
  ~WrapStreamToTerminal();
  WrapStreamToTerminal(const WrapStreamToTerminal&) = delete;
  WrapStreamToTerminal& operator=(const WrapStreamToTerminal&) = delete;

 private:
  std::ostream& stream_;
  std::streambuf* original_;
  std::unique_ptr<WrappingBuffer> buffer_;
  bool unitbuf_ = false;
};

}  // namespace frontier::cli
