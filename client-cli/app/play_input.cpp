// What a player types during `frontier play`: a choice (by number or name) or one of the
// commands at the prompt, read from stdin without blocking the wait for the server.
#include <poll.h>
#include <unistd.h>

#include <algorithm>

#include "app/play.h"
#include "render/boards.h"

namespace frontier::cli {

namespace {

// One command a line, so that it reads the same at any width.
const char* kHelp =
    "Type the number of a choice, or its name (or enough of it to be unique). Other commands:\n"
    "  board          show the board again\n"
    "  log            show more of the log\n"
    "  more, back     scroll a board taller than the terminal down or up\n"
    "  next, prev     the other pages of a long list of choices\n"
    "  zoom TEXT      show only the parts of the board mentioning TEXT; `zoom` shows all\n"
    "  routes [TEXT]  where one can go from each place (mentioning TEXT), on a point-to-point map\n"
    "  chat TEXT      say something to the match\n"
    "  undo           take back your last action if allowed\n"
    "  resign yes     resign the match\n"
    "  quit           leave (the match goes on; play again later)\n";

}  // namespace

std::optional<std::string> PlayLoop::read_line(int timeout_ms) {
  auto cut = [this]() -> std::optional<std::string> {
    auto nl = input_.find('\n');
    if (nl == std::string::npos) return std::nullopt;
    std::string line = input_.substr(0, nl);
    input_.erase(0, nl + 1);
    return line;
  };
  if (auto line = cut()) return line;
  if (!stdin_open_) return std::nullopt;
  pollfd fd{STDIN_FILENO, POLLIN, 0};
  if (::poll(&fd, 1, timeout_ms) <= 0) return std::nullopt;
  char buf[4096];
  ssize_t n = ::read(STDIN_FILENO, buf, sizeof buf);
  if (n <= 0) {
    stdin_open_ = false;
    if (!input_.empty()) input_ += '\n';
  } else {
    input_.append(buf, static_cast<size_t>(n));
  }
  return cut();
}

void PlayLoop::send_async(wire::ClientMessage m) {
  if (auto id = session_->client().send(std::move(m)); !id) note(id.status().message());
}

void PlayLoop::handle_line(const std::string& raw) {
  std::string line = raw;
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
  while (!line.empty() && line.front() == ' ') line.erase(0, 1);
  if (!line.empty() && line[0] == ':') line.erase(0, 1);
  std::string word = line.substr(0, line.find(' '));
  // The answer to "End the March Phase with 3 stacks unmoved? (yes or no)". Leaving is not an
  // answer: "quit" at the question leaves at once, as it does at any prompt.
  bool leaving = word == "quit" || word == "q" || word == "exit";
  if (confirming_ && !leaving) return answer_confirm(line);
  confirming_.reset();
  std::string rest = line.size() > word.size() ? line.substr(word.size() + 1) : "";
  const Prompt* p = my_prompt();
  bool label_exact = false;
  if (p) {
    for (const auto& c : p->choices()) label_exact = label_exact || c.label() == line;
  }
  if (!label_exact) {
    if (word == "help" || word == "?") {
      *ctx_.out << kHelp;
      prompt_shown_ = false;
      return;
    }
    if (word == "quit" || word == "q" || word == "exit") {
      quit_ = true;
      return;
    }
    if (word == "board" || word == "b") {
      show_board();  // with the prompt, when there is one
      return;
    }
    if (word == "more" || word == "back") {
      board_first_ += word == "more" ? board_page_ : -board_page_;
      show_board();
      return;
    }
    if (word == "next" || word == "prev") {
      prompt_page_.index += word == "next" ? 1 : -1;
      prompt_page_.index = std::clamp(prompt_page_.index, 0, std::max(0, prompt_page_.count - 1));
      show_board();
      return;
    }
    if (word == "routes") {
      std::string routes;
      if (!render_routes(current_.view(), rest, screen_width(), routes)) {
        *ctx_.out << "This game's map is a grid: `zoom NAME` shows the squares around a place.\n";
      } else {
        *ctx_.out << (routes.empty() ? "No place is called '" + rest + "'.\n" : routes);
      }
      prompt_shown_ = false;
      return;
    }
    if (word == "log") {
      *ctx_.out << render_log(log_, 50, ctx_.style);
      prompt_shown_ = false;
      return;
    }
    if (word == "zoom") {
      opts_.render.board.focus = rest;
      board_first_ = 0;
      show_board();
      return;
    }
    if (word == "chat" && !rest.empty()) {
      wire::ClientMessage m;
      m.mutable_send_chat()->set_match_id(opts_.match_id);
      m.mutable_send_chat()->set_text(rest);
      return send_async(std::move(m));
    }
    if (word == "undo") {
      wire::ClientMessage m;
      m.mutable_undo()->set_match_id(opts_.match_id);
      m.mutable_undo()->set_expected_seq(current_.seq());
      return send_async(std::move(m));
    }
    if (word == "resign") {
      if (rest != "yes") {
        *ctx_.out << "Type `resign yes` to resign this match.\n";
        prompt_shown_ = false;
        return;
      }
      wire::ClientMessage m;
      m.mutable_resign()->set_match_id(opts_.match_id);
      return send_async(std::move(m));
    }
  }
  if (line.empty()) {
    prompt_shown_ = false;
    return;
  }
  if (!p) {
    *ctx_.out << "It is not your turn to choose; waiting for the opponent (type help for commands).\n";
    return;
  }
  if (pending_) {
    *ctx_.out << "Your last choice is still on its way; wait a moment.\n";
    return;
  }
  auto choice = resolve_choice(*p, line, &numbers_.assign(*p));
  if (!choice) {
    *ctx_.out << ctx_.style.red("? ") << choice.status().message() << "\n";
    prompt_shown_ = false;
    return;
  }
  choose(*choice);
}

}  // namespace frontier::cli
