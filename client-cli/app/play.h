// `frontier play` and `frontier watch`: subscribe to a match, keep its board current as pushes
// arrive, answer this seat's prompts (typed by the player, or by a policy), and survive
// connection loss: reconnect with back-off, resubscribe from the last seq seen, and resend an
// unanswered action with the same expected_seq and client_action_id, so the server either
// answers it as a duplicate or refuses it as stale; it is never applied twice.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <optional>
#include <random>
#include <string>

#include <unistd.h>

#include "app/choose.h"
#include "app/output.h"
#include "render/render.h"

namespace frontier::cli {

struct PlayOptions {
  uint64_t match_id = 0;
  bool watching = false;
  std::string invite;  // a PRIVATE match's invite code (watching it)
  Policy policy = Policy::kAsk;
  uint64_t seed = 0;   // for Policy::kRandom; 0 = from std::random_device
  int delay_ms = 0;    // pause before each automatic choice (demos)
  bool quiet = false;  // scripted mode: no log lines, only the result
  RenderOptions render;
};

class PlayLoop {
 public:
  PlayLoop(Context& ctx, PlayOptions opts);
  // Runs until the match is over (0), the player quits (0) or something fails (1).
  int run();

 private:
  struct Pending {
    wire::ClientMessage msg;  // resent as is after a reconnect
    uint64_t request_id = 0;
    std::string label;
    std::string basis;  // the view and prompt the choice was made from (serialized)
    std::chrono::steady_clock::time_point sent_at;
  };

  core::Status subscribe();
  core::Status reconnect();
  void take_update(const wire::MatchUpdate& u);
  void handle(const wire::ServerMessage& m);
  void handle_pending_error(const wire::Error& e);
  const Prompt* my_prompt() const;
  void submit(int choice);
  // Sends `choice`, or first asks the question the rules attach to it (LegalChoice.confirm).
  void choose(int choice);
  void answer_confirm(const std::string& line);
  // Typed input while playing: a choice, or a command (help, board, log, zoom, chat, undo, resign, quit).
  void handle_line(const std::string& line);
  std::optional<std::string> read_line(int timeout_ms);
  // The whole screen (heading, board, log, and the prompt when there is one) fitted to the terminal.
  void show_board();
  void show_prompt();
  int screen_width() const;
  void note(const std::string& text);
  void send_async(wire::ClientMessage m);
  // Sends (or resends, with the same ids) the pending action, paced under the server's
  // per-connection message rate.
  void send_pending();
  bool interactive() const { return !opts_.watching && opts_.policy == Policy::kAsk; }
  // True while scripted input should wait for this seat's prompt (see play.cpp).
  bool hold_typed_ahead(bool prompted);

  Context& ctx_;
  PlayOptions opts_;
  std::mt19937_64 rng_;
  Session* session_ = nullptr;
  wire::MatchUpdate current_;
  bool have_update_ = false;
  uint32_t last_log_seq_ = 0;
  // The seq our last acknowledged action produced: prompts in older views are already answered.
  uint32_t acked_seq_ = 0;
  bool logged_setup_ = false;
  std::deque<LogEntry> log_;
  std::optional<Pending> pending_;
  std::string id_prefix_;
  uint64_t action_counter_ = 0;
  bool prompt_shown_ = false;
  ChoiceNumbers numbers_;  // stable numbers within a family of prompts
  // The first board line on screen and a page's worth of lines, when the board is a pane that
  // scrolls (`more`, `back`) on a small terminal.
  int board_first_ = 0;
  int board_page_ = 10;
  // A long prompt shown a page at a time (`next`, `prev`), and the lines it may take.
  PromptPage prompt_page_;
  // A choice that ends a phase with something left undone, waiting for "yes" to its question
  // (LegalChoice.confirm); any other answer keeps the phase.
  struct Confirming {
    int choice = 0;
    uint32_t seq = 0;
  };
  std::optional<Confirming> confirming_;
  std::string confirming_question_;
  std::string notice_;  // shown once above the prompt at the next redraw
  // The game as a player names it (the catalogue's title and scenario), for the heading.
  std::string title_;
  bool quit_ = false;
  bool must_reconnect_ = false;  // MATCH_MOVED or UNAVAILABLE: connect again and rejoin
  std::string input_;
  bool stdin_open_ = true;
  bool stdin_is_terminal_ = ::isatty(STDIN_FILENO) == 1;
  std::optional<std::chrono::steady_clock::time_point> holding_since_;  // typed-ahead input waiting
  int exit_status_ = 0;
  std::chrono::steady_clock::time_point last_send_;
};

}  // namespace frontier::cli
