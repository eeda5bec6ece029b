// The terminal client at 80×24 (issue 15), driven through tmux as a person would see it: a
// Khartoum match against the computer, where every screen must fit — no line wider than 80
// columns, the heading and the whole prompt in view — and a board taller than the screen
// scrolls with `more`.
#include <sys/wait.h>

#include <chrono>
#include <cstdio>
#include <regex>
#include <thread>

#include "cli_env.h"

namespace frontier::testing {
namespace {

using namespace std::chrono_literals;

constexpr int kColumns = 80, kRows = 24;

// Runs `command` (a shell line) and returns its standard output.
std::string output_of(const std::string& command) {
  std::string out;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return out;
  char buf[4096];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, pipe)) > 0;) out.append(buf, n);
  ::pclose(pipe);
  return out;
}

// Columns a UTF-8 line takes (capture-pane gives text without colour escapes).
size_t columns_of(const std::string& line) {
  size_t n = 0;
  for (unsigned char c : line) n += (c & 0xC0) != 0x80;
  return n;
}

// One detached tmux session of a fixed size on a server of its own, removed at the end.
class TmuxSession {
 public:
  TmuxSession(const std::string& command, int columns, int rows)
      : socket_("frontier-test-" + std::to_string(::getpid())) {
    std::string line = tmux() + " new-session -d -s play -x " + std::to_string(columns) + " -y " +
                       std::to_string(rows) + " '" + command + "'";
    started_ = std::system(line.c_str()) == 0;
  }
  ~TmuxSession() { (void)std::system((tmux() + " kill-server 2>/dev/null").c_str()); }
  bool started() const { return started_; }

  // The visible screen, wrapped rows joined back into the lines the program wrote (-J).
  std::vector<std::string> screen() const {
    std::vector<std::string> lines;
    std::string text = output_of(tmux() + " capture-pane -p -J -t play");
    size_t start = 0;
    while (start < text.size()) {
      size_t nl = text.find('\n', start);
      if (nl == std::string::npos) nl = text.size();
      std::string line = text.substr(start, nl - start);
      while (!line.empty() && line.back() == ' ') line.pop_back();
      lines.push_back(line);
      start = nl + 1;
    }
    while (!lines.empty() && lines.back().empty()) lines.pop_back();
    return lines;
  }

  void type(const std::string& text) const {
    (void)std::system((tmux() + " send-keys -t play -l '" + text + "'").c_str());
    (void)std::system((tmux() + " send-keys -t play Enter").c_str());
  }

  // Waits until the screen's last line is the input line ("> ") and returns the screen.
  std::vector<std::string> await_prompt(std::chrono::seconds timeout = 60s) const {
    auto until = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < until) {
      auto lines = screen();
      if (!lines.empty() && lines.back() == ">") return lines;
      std::this_thread::sleep_for(100ms);
    }
    return {};
  }

 private:
  std::string tmux() const { return "tmux -L " + socket_; }
  std::string socket_;
  bool started_ = false;
};

std::string join(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

// The first choice number of the prompt on screen.
std::string first_number(const std::vector<std::string>& lines) {
  static const std::regex kChoice(R"(^ +(\d+)\) )");
  bool in_prompt = false;
  for (const auto& line : lines) {
    in_prompt = in_prompt || line.rfind("Your move:", 0) == 0;
    std::smatch m;
    if (in_prompt && std::regex_search(line, m, kChoice)) return m[1].str();
  }
  return "1";
}

using Tmux = CliTest;

TEST_F(Tmux, KhartoumAgainstTheComputerFitsEightyByTwentyFour) {
  if (std::system("command -v tmux >/dev/null 2>&1") != 0) GTEST_SKIP() << "tmux is not installed";
  CliUser a = registered("tmux");
  CliResult r = a.run({"new", "khartoum", "--side", "Empire", "--vs-bot", "easy", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  uint64_t id = json_number(r.out, "match_id");
  ASSERT_NE(id, 0u) << r.out;

  std::string command = "env -i";
  for (const auto& e : a.env()) command += " " + e;
  command += " " + cli_path() + " play " + std::to_string(id) + " --server " + a.server_url();
  TmuxSession tmux(command, kColumns, kRows);
  ASSERT_TRUE(tmux.started());

  bool scrolled = false;
  for (int move = 0; move < 12; ++move) {
    auto lines = tmux.await_prompt();
    ASSERT_FALSE(lines.empty()) << "no prompt on screen:\n" << join(tmux.screen());
    EXPECT_LE(lines.size(), static_cast<size_t>(kRows)) << join(lines);
    for (const auto& line : lines) EXPECT_LE(columns_of(line), static_cast<size_t>(kColumns)) << line;
    // Nothing scrolled away: the heading is the first row, the prompt is on screen.
    EXPECT_EQ(lines.front().rfind("Match " + std::to_string(id), 0), 0u) << join(lines);
    std::string text = join(lines);
    // Ending a phase with something left undone asks first, in place of the prompt: go on.
    if (text.find("(yes or no)") != std::string::npos) {
      tmux.type("yes");
      std::this_thread::sleep_for(200ms);
      continue;
    }
    EXPECT_NE(text.find("Your move: "), std::string::npos) << text;
    if (!scrolled && text.find("-- board lines 1-") != std::string::npos) {
      // The board is a pane: `more` shows the next lines and says so.
      tmux.type("more");
      std::this_thread::sleep_for(300ms);
      auto after = tmux.await_prompt();
      std::string shown = join(after);
      EXPECT_EQ(shown.find("-- board lines 1-"), std::string::npos) << shown;
      EXPECT_NE(shown.find("-- board lines "), std::string::npos) << shown;
      for (const auto& line : after) EXPECT_LE(columns_of(line), static_cast<size_t>(kColumns)) << line;
      scrolled = true;
      lines = after;
    }
    tmux.type(first_number(lines));
    std::this_thread::sleep_for(200ms);
  }
  EXPECT_TRUE(scrolled) << "a whole Khartoum board never needed the pane at 80x24";
  tmux.type("quit");
}

}  // namespace
}  // namespace frontier::testing
