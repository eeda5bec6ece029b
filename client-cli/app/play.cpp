// The play/watch loop. Single-threaded: it alternates between a short poll of stdin (when a
// person is playing) and a short wait for frames, so typing and the opponent's moves are both
// handled within ~50 ms without threads.
#include "app/play.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <utility>

#include "app/commands.h"
#include "app/terminal.h"
#include "render/screen.h"
#include "render/text_width.h"
#include "render/view_types.h"

namespace frontier::cli {

namespace {

constexpr size_t kLogKept = 200;

std::string random_hex() {
  std::random_device rd;
  char buf[20];
  std::snprintf(buf, sizeof buf, "%08x%08x", rd(), rd());
  return buf;
}

// A subscription refused only for now: another node takes the match over once the old one's
// lease ran out, or the database comes back.
bool served_elsewhere_soon(const core::Status& st) {
  const std::string& m = st.message();
  return m.rfind("MATCH_MOVED", 0) == 0 || m.rfind("UNAVAILABLE", 0) == 0;
}

bool is_finished(const wire::MatchUpdate& u) {
  return u.status() == wire::FINISHED;
}

// What a choice was made from: everything this seat can see, except the log.
std::string basis_of(const wire::MatchUpdate& u, const Prompt* p) {
  return u.view().SerializeAsString() + "|" + (p ? p->SerializeAsString() : std::string());
}

}  // namespace

PlayLoop::PlayLoop(Context& ctx, PlayOptions opts)
    : ctx_(ctx), opts_(std::move(opts)), rng_(opts_.seed ? opts_.seed : std::random_device{}()) {
  id_prefix_ = "cli-" + random_hex() + "-";
}

core::Status PlayLoop::subscribe() {
  wire::ClientMessage m;
  if (opts_.watching) {
    m.mutable_watch_match()->set_match_id(opts_.match_id);
    m.mutable_watch_match()->set_since_seq(last_log_seq_);
    m.mutable_watch_match()->set_invite_code(opts_.invite);
  } else {
    m.mutable_join_match()->set_match_id(opts_.match_id);
    m.mutable_join_match()->set_since_seq(last_log_seq_);
  }
  auto reply = session_->call(std::move(m));
  if (!reply) return reply.status();
  if (!reply->has_update())
    return core::Status::corruption("The server answered the subscription without a view");
  // A game this program has no code for: its view is read with the schema in the catalogue,
  // fetched only then (it holds every game's schema, tens of kilobytes).
  const GameView& view = reply->update().view();
  if (view.has_payload() && ViewTypes::shared().decode(view) == nullptr) learn_view_types(ctx_);
  if (title_.empty()) title_ = game_title(ctx_, reply->update().game(), reply->update().scenario());
  take_update(reply->update());
  return core::Status::ok();
}

core::Status PlayLoop::reconnect() {
  // Several nodes (docs/operations.md, "Running several nodes"): right after a node died or the
  // database went away, the match may not be served yet (MATCH_MOVED until its lease runs out,
  // UNAVAILABLE until the database answers); ask again with back-off, within the same limit.
  const char* env = std::getenv("FRONTIER_RECONNECT_SECONDS");
  auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(env != nullptr ? std::atoi(env) : 120);
  auto delay = std::chrono::milliseconds(250);
  for (;;) {
    auto st = session_->reopen([this](const std::string& text) { note(text); });
    if (!st) return st;
    st = subscribe();
    if (st) break;
    if (!served_elsewhere_soon(st) || std::chrono::steady_clock::now() >= deadline) return st;
    note("the match is not served yet (" + st.message() + "); asking again in " +
         std::to_string(delay.count()) + " ms");
    session_->client().close();
    std::this_thread::sleep_for(delay);
    delay = std::min(delay * 2, std::chrono::milliseconds(4000));
  }
  note("reconnected at seq " + std::to_string(current_.seq()));
  // Same expected_seq and client_action_id: applied already → answered as a duplicate;
  // overtaken → STALE_SEQ; otherwise applied now. Never twice.
  if (pending_) send_pending();
  return core::Status::ok();
}

void PlayLoop::note(const std::string& text) {
  if (ctx_.json) {
    *ctx_.out << "{\"event\":\"note\",\"text\":" << json_quote(text) << "}\n" << std::flush;
  } else {
    *ctx_.err << ctx_.style.dim("-- " + text) << "\n" << std::flush;
  }
}

const Prompt* PlayLoop::my_prompt() const {
  if (!have_update_ || is_finished(current_) || current_.status() != wire::RUNNING) return nullptr;
  // The reply to a submit comes before the push of the view it produced; until that view is
  // here, the prompt in hand is the one just answered.
  if (current_.seq() < acked_seq_) return nullptr;
  for (const auto& p : current_.prompts()) {
    if (p.seat() == current_.your_seat() && p.choices_size() > 0) return &p;
  }
  return nullptr;
}

void PlayLoop::take_update(const wire::MatchUpdate& u) {
  bool moved = !have_update_ || u.seq() != current_.seq();
  std::vector<LogEntry> fresh;
  for (const auto& e : u.log()) {
    // Resubscriptions and STALE_SEQ views may repeat lines already shown.
    if (e.seq() < last_log_seq_ || (e.seq() == last_log_seq_ && (e.seq() != 0 || logged_setup_))) continue;
    fresh.push_back(e);
  }
  if (!fresh.empty() && fresh.back().seq() == 0) logged_setup_ = true;
  for (const auto& e : fresh) {
    if (e.seq() == 0) logged_setup_ = true;
    log_.push_back(e);
  }
  while (log_.size() > kLogKept) log_.pop_front();
  current_ = u;
  have_update_ = true;
  last_log_seq_ = std::max(last_log_seq_, u.seq());
  if (moved) {
    prompt_shown_ = false;
    // A question about a choice of the prompt that was: that prompt is gone. A new prompt
    // shows from its first page.
    confirming_.reset();
    prompt_page_.index = 0;
  }

  if (ctx_.json) {
    if (interactive() || is_finished(u)) {
      *ctx_.out << "{\"event\":\"update\",\"update\":" << to_json(u) << "}\n" << std::flush;
    } else {
      std::string lines;
      for (const auto& e : fresh) lines += (lines.empty() ? "" : ",") + to_json(e);
      *ctx_.out << "{\"event\":\"update\",\"seq\":" << u.seq()
                << ",\"status\":" << json_quote(wire::MatchStatus_Name(u.status())) << ",\"log\":[" << lines
                << "]}\n"
                << std::flush;
    }
    return;
  }
  if (interactive() || (opts_.watching && !opts_.quiet)) {
    if (moved) show_board();
  } else if (!opts_.quiet) {
    for (const auto& e : fresh)
      *ctx_.out << ctx_.style.dim("[" + std::to_string(e.seq()) + "] ") << e.text() << "\n";
    *ctx_.out << std::flush;
  }
}

int PlayLoop::screen_width() const {
  int columns = terminal_size().columns;
  return columns > 0 ? columns : opts_.render.board.width;
}

void PlayLoop::show_board() {
  if (ctx_.json) {
    *ctx_.out << "{\"event\":\"update\",\"update\":" << to_json(current_) << "}\n" << std::flush;
    return;
  }
  const Style& style = ctx_.style;
  TerminalSize term = terminal_size();
  PlayScreen screen;
  screen.update = &current_;
  screen.log = &log_;
  screen.title = title_;
  screen.prompt = interactive() ? my_prompt() : nullptr;
  if (screen.prompt != nullptr) {
    screen.numbers = &numbers_.assign(*screen.prompt);
    screen.page = &prompt_page_;
    if (confirming_) screen.question = confirming_question_;
    screen.notice = std::exchange(notice_, {});
  } else if (current_.status() == wire::RUNNING && !opts_.watching) {
    screen.waiting = "Waiting for the opponent... (type help for commands)";
  }
  const Prompt* p = screen.prompt;
  FittedScreen fit = render_play_screen(screen, style, opts_.render, screen_width(), term.rows, board_first_);
  board_first_ = fit.board_first;
  board_page_ = std::max(1, fit.board_shown - 1);
  *ctx_.out << style.clear_screen() << fit.text;
  if (p) {
    *ctx_.out << "> ";
    prompt_shown_ = true;
  }
  *ctx_.out << std::flush;
}

void PlayLoop::show_prompt() {
  const Prompt* p = my_prompt();
  if (!p) return;
  if (ctx_.json) {
    *ctx_.out << "{\"event\":\"prompt\",\"prompt\":" << to_json(*p) << "}\n" << std::flush;
  } else {
    int width = screen_width();
    *ctx_.out << render_prompt(*p, ctx_.style, width, &numbers_.assign(*p), &prompt_page_) << "> "
              << std::flush;
  }
  prompt_shown_ = true;
}

void PlayLoop::submit(int choice) {
  const Prompt* p = my_prompt();
  wire::ClientMessage m;
  auto* s = m.mutable_submit_action();
  s->set_match_id(opts_.match_id);
  s->set_expected_seq(current_.seq());
  s->set_client_action_id(id_prefix_ + std::to_string(++action_counter_));
  *s->mutable_action() = p->choices(choice).action();
  s->set_seat(p->seat());
  pending_ = Pending{m, 0, p->choices(choice).label(), basis_of(current_, p), {}};
  send_pending();
}

void PlayLoop::choose(int choice) {
  const std::string& question = my_prompt()->choices(choice).confirm();
  // A script (--json) reads the question in the prompt itself (LegalChoice.confirm).
  if (question.empty() || !interactive() || ctx_.json) return submit(choice);
  // Asked in place of the prompt, so the heading, the board and the log stay in view.
  confirming_ = Confirming{choice, current_.seq()};
  confirming_question_ = question + " (yes or no)";
  show_board();
}

void PlayLoop::answer_confirm(const std::string& line) {
  Confirming asked = *confirming_;
  confirming_.reset();
  std::string answer;
  for (char c : line) answer += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (answer != "yes" && answer != "y") {
    notice_ = "Not sent: the phase goes on.";
    show_board();
    return;
  }
  prompt_shown_ = false;
  // The view moved since the question (an update resets it, so this is a guard).
  if (my_prompt() == nullptr || current_.seq() != asked.seq || pending_) return;
  submit(asked.choice);
}

void PlayLoop::send_pending() {
  // The server drops messages beyond 200 a second per connection (RATE_LIMITED); a robot that
  // answers instantly, with a stale choice retried now and then, must not get there.
  constexpr auto kMinGap = std::chrono::milliseconds(6);
  auto since = std::chrono::steady_clock::now() - last_send_;
  if (since < kMinGap) std::this_thread::sleep_for(kMinGap - since);
  auto id = session_->client().send(pending_->msg);
  last_send_ = std::chrono::steady_clock::now();
  // A failed send is not lost: the next wait sees the closed connection and resends after reconnecting.
  pending_->request_id = id ? *id : 0;
  pending_->sent_at = last_send_;
}

void PlayLoop::handle_pending_error(const wire::Error& e) {
  std::string label = pending_->label;
  std::string basis = pending_->basis;
  wire::ClientMessage msg = pending_->msg;
  pending_.reset();
  if (e.code() == wire::STALE_SEQ && e.has_current()) {
    // The server already accepts a choice overtaken only by another seat's action while our
    // prompt stood unchanged; it still refuses one across a restart or an undo. When nothing
    // this seat can see has changed (same view, same prompt), the choice was made on exactly
    // what is in front of us now, so it is resent for the new seq instead of asking again.
    take_update(e.current());
    const Prompt* now = my_prompt();
    if (now != nullptr && basis_of(current_, now) == basis) {
      auto* s = msg.mutable_submit_action();
      s->set_expected_seq(current_.seq());
      s->set_client_action_id(id_prefix_ + std::to_string(++action_counter_));
      pending_ = Pending{msg, 0, label, basis, {}};
      send_pending();
      return;
    }
    note("the match moved on before \"" + label + "\" arrived; nothing was applied, choose again");
    prompt_shown_ = false;
    return;
  }
  if (ctx_.json) {
    *ctx_.out << "{\"event\":\"refused\",\"label\":" << json_quote(label)
              << ",\"code\":" << json_quote(error_code_name(e.code()))
              << ",\"message\":" << json_quote(e.message()) << "}\n";
  } else {
    *ctx_.out << ctx_.style.red("Refused: ") << e.message() << "\n";
  }
  prompt_shown_ = false;
  // An automatic policy that is refused would be refused again: stop rather than spin.
  if (!interactive() && e.code() != wire::MATCH_NOT_RUNNING) {
    exit_status_ = 1;
    quit_ = true;
  }
}

void PlayLoop::handle(const wire::ServerMessage& m) {
  // Another node runs the match now, or the database is down: nothing of a pending action was
  // applied (or it was, and its resend is answered as a duplicate). Connect again through the
  // proxy, rejoin from the last seq and resend it with the same ids; the player does nothing.
  if (m.has_error() && (m.error().code() == wire::MATCH_MOVED || m.error().code() == wire::UNAVAILABLE) &&
      (m.request_id() == 0 || (pending_ && m.request_id() == pending_->request_id))) {
    note(m.error().message());
    must_reconnect_ = true;
    return;
  }
  if (pending_ && m.request_id() != 0 && m.request_id() == pending_->request_id) {
    if (m.has_error()) return handle_pending_error(m.error());
    acked_seq_ = std::max(acked_seq_, m.submitted().seq());
    std::string label = pending_->label;
    bool duplicate = m.submitted().duplicate();
    pending_.reset();
    if (ctx_.json) {
      *ctx_.out << "{\"event\":\"action\",\"seq\":" << m.submitted().seq()
                << ",\"label\":" << json_quote(label) << ",\"duplicate\":" << (duplicate ? "true" : "false")
                << "}\n"
                << std::flush;
    } else if (!interactive() && !opts_.quiet) {
      *ctx_.out << ctx_.style.cyan("> " + label) << "\n" << std::flush;
    }
    // The server puts the submitter's own next view in the acknowledgement (no separate push).
    if (m.submitted().has_update()) take_update(m.submitted().update());
    return;
  }
  switch (m.body_case()) {
    case wire::ServerMessage::kUpdate:
      if (m.update().match_id() == opts_.match_id) take_update(m.update());
      return;
    case wire::ServerMessage::kChat: {
      const auto& c = m.chat();
      if (ctx_.json) {
        *ctx_.out << "{\"event\":\"chat\",\"chat\":" << to_json(c) << "}\n" << std::flush;
      } else {
        *ctx_.out << ctx_.style.yellow("[chat] " + c.user_name() + ": ") << c.text() << "\n" << std::flush;
      }
      return;
    }
    case wire::ServerMessage::kError:
      // Dropped unread (request id 0): the pending action was not seen; send it again shortly.
      if (m.error().code() == wire::RATE_LIMITED && pending_) {
        note("the server asked to slow down; resending \"" + pending_->label + "\"");
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        send_pending();
        return;
      }
      if (ctx_.json) {
        *ctx_.out << "{\"event\":\"error\",\"code\":" << json_quote(error_code_name(m.error().code()))
                  << ",\"message\":" << json_quote(m.error().message()) << "}\n"
                  << std::flush;
      } else {
        *ctx_.out << ctx_.style.red("Server: ") << m.error().message() << "\n" << std::flush;
      }
      prompt_shown_ = false;
      return;
    default:
      return;  // ok replies to chat/undo/resign typed during play
  }
}

bool PlayLoop::hold_typed_ahead(bool prompted) {
  // Input from a pipe or a file is typed ahead: its lines wait (a while) for this seat's next
  // prompt, where a person at a terminal is told at once that it is not their turn. A script that
  // answered "1" while the opponent was still thinking would otherwise lose its answers.
  constexpr auto kWaitForPrompt = std::chrono::seconds(10);
  bool waiting = interactive() && !stdin_is_terminal_ && (!prompted || pending_);
  auto now = std::chrono::steady_clock::now();
  if (!waiting) {
    holding_since_.reset();
    return false;
  }
  if (!holding_since_) holding_since_ = now;
  return now - *holding_since_ < kWaitForPrompt;
}

int PlayLoop::run() {
  // Spectators need no account; players do.
  auto session = ctx_.connect(!opts_.watching);
  if (!session) return ctx_.fail(session.status());
  session_ = *session;
  if (auto st = subscribe(); !st) return ctx_.fail(st);
  if (!interactive() && !ctx_.json && !opts_.watching && !opts_.quiet) show_board();
  while (!quit_) {
    if (is_finished(current_) && !pending_) break;
    const Prompt* p = my_prompt();
    if (p && !pending_) {
      if (opts_.policy != Policy::kAsk && !opts_.watching) {
        if (opts_.delay_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(opts_.delay_ms));
        submit(policy_choice(opts_.policy, *p, rng_));
      } else if (!prompt_shown_) {
        show_prompt();
      }
    }
    if ((interactive() || opts_.watching) && !hold_typed_ahead(p != nullptr)) {
      if (auto line = read_line(p ? 50 : 20)) {
        handle_line(*line);
        continue;
      }
      if (!stdin_open_ && input_.empty() && interactive() && my_prompt() && !pending_) {
        note("input ended while a choice was due; leaving (the match goes on)");
        return 1;
      }
    }
    // No answer at all (a frame lost on a half-open connection): ask again; the ids make it safe.
    if (pending_ && std::chrono::steady_clock::now() - pending_->sent_at > std::chrono::seconds(15)) {
      note("no answer to \"" + pending_->label + "\" yet; asking again");
      send_pending();
    }
    auto m = session_->client().next(std::chrono::milliseconds(interactive() || opts_.watching ? 50 : 2000));
    if (m) {
      handle(*m);
      if (!must_reconnect_) continue;
    }
    if (!session_->client().is_open() || must_reconnect_) {
      must_reconnect_ = false;
      session_->client().close();
      if (auto st = reconnect(); !st) return ctx_.fail(st);
    }
  }
  if (quit_) return exit_status_;
  // The finished board, whatever the mode.
  if (ctx_.json) {
    *ctx_.out << "{\"event\":\"finished\",\"result\":" << json_quote(current_.game_status().result())
              << ",\"winner\":" << current_.game_status().winner() << ",\"seq\":" << current_.seq()
              << ",\"final_hash\":" << json_quote(current_.final_hash()) << "}\n";
  } else {
    *ctx_.out << (interactive() ? "" : "\n")
              << wrap_to_width(render_update(current_, log_, ctx_.style, opts_.render, title_),
                               screen_width());
  }
  *ctx_.out << std::flush;
  return exit_status_;
}

}  // namespace frontier::cli
