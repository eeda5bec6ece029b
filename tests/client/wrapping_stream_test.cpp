// The one wrapping rule for everything `frontier` writes to a terminal (issue 49): lines are
// held to their end and wrapped to the terminal's width, a line flushed before its end (a
// prompt) keeps its place, and output to a file is left as it is.
#include <gtest/gtest.h>
#include <pty.h>
#include <unistd.h>

#include <sstream>

#include "app/wrapping_stream.h"
#include "render/text_width.h"

namespace frontier::cli {
namespace {

// A pseudo-terminal `columns` wide: its width is what the buffer asks for.
struct Pty {
  int master = -1, slave = -1;
  explicit Pty(int columns) {
    winsize ws{};
    ws.ws_col = static_cast<unsigned short>(columns);
    ws.ws_row = 24;
    EXPECT_EQ(::openpty(&master, &slave, nullptr, nullptr, &ws), 0);
  }
  ~Pty() {
    ::close(master);
    ::close(slave);
  }
};

TEST(WrappingStream, LinesWrapToTheTerminalAtASpace) {
  Pty pty(30);
  std::stringbuf sink;
  WrappingBuffer buffer(&sink, pty.slave);
  std::ostream out(&buffer);
  out << "frontier: "
      << "No match is called 4711 on this server; see frontier list"
      << "\n";
  out.flush();
  EXPECT_EQ(sink.str(), "frontier: No match is called\n  4711 on this server; see\n  frontier list\n");
  for (const auto& line : split_lines(sink.str())) EXPECT_LE(display_width(line), 30u) << line;
}

TEST(WrappingStream, AFlushedPromptKeepsItsPlace) {
  Pty pty(30);
  std::stringbuf sink;
  WrappingBuffer buffer(&sink, pty.slave);
  std::ostream out(&buffer);
  out << "Password: " << std::flush;
  EXPECT_EQ(sink.str(), "Password: ");
  // The rest of the line wraps where the whole line would have.
  out << "A password has 8 to 1024 characters\n" << std::flush;
  EXPECT_EQ(sink.str(), "Password: A password has 8 to\n  1024 characters\n");
}

TEST(WrappingStream, AFileGetsTheLinesAsWritten) {
  std::FILE* file = std::tmpfile();
  ASSERT_NE(file, nullptr);
  std::stringbuf sink;
  WrappingBuffer buffer(&sink, ::fileno(file));
  std::ostream out(&buffer);
  std::string long_line(200, 'x');
  out << long_line << "\n" << std::flush;
  EXPECT_EQ(sink.str(), long_line + "\n");
  std::fclose(file);
}

}  // namespace
}  // namespace frontier::cli
