// Requests besides submitting an action: taking one back, resigning, chatting. Each change goes
// through the same commit-then-acknowledge path as an action (Match::commit).
#include <spdlog/spdlog.h>

#include <algorithm>

#include "match/lease_keeper.h"
#include "match/match.h"

namespace frontier::server {

namespace {

// FetchChat answers with at most this many lines: a page shows the recent conversation.
constexpr uint32_t kChatHistoryLines = 200;

void fill_chat(wire::ChatMessage& out, const storage::ChatRow& row, const std::string& user_name) {
  out.set_match_id(row.match_id);
  out.set_user_id(row.user_id);
  out.set_user_name(user_name);
  out.set_seat(row.seat);
  out.set_text(row.text);
  out.set_at(row.at);
}

}  // namespace

void Match::undo(const std::shared_ptr<Connection>& conn, uint64_t request_id, const wire::Undo& req) {
  auto seat = seat_in_running_match(*conn, request_id,
                                    req.has_seat() ? std::optional<int>(req.seat()) : std::nullopt);
  if (!seat) return;
  if (req.expected_seq() != history_.seq) {
    send_error(*conn, request_id, wire::STALE_SEQ,
               "The match has moved on to seq " + std::to_string(history_.seq) + "; nothing was taken back");
    return;
  }
  const LastAction& last = history_.last;
  if (last.seat < 0) {
    send_error(*conn, request_id, wire::UNDO_NOT_ALLOWED, "There is no action to take back");
    return;
  }
  if (last.seat != *seat) {
    send_error(*conn, request_id, wire::UNDO_NOT_ALLOWED,
               "Only the player who made the last action may take it back");
    return;
  }
  if (!last.reversible) {
    send_error(
        *conn, request_id, wire::UNDO_NOT_ALLOWED,
        "The last action revealed something new (a roll, a draw or a hidden fact) and cannot be taken back");
    return;
  }
  uint32_t seq = history_.seq + 1;
  take_back(game_, history_, seq);
  takeback_by_ = core::kObserver;
  commit_and_ok(event_row(seq, *seat, storage::EventKind::kUndo, conn->user_id()), conn, request_id);
}

void Match::resign(const std::shared_ptr<Connection>& conn, uint64_t request_id, const wire::Resign& req) {
  auto seat = seat_in_running_match(*conn, request_id,
                                    req.has_seat() ? std::optional<int>(req.seat()) : std::nullopt);
  if (!seat) return;
  uint32_t seq = history_.seq + 1;
  apply_resign(game_, history_, seq, *seat);
  takeback_by_ = core::kObserver;
  meta_.status = wire::FINISHED;
  spdlog::info("match {}: {} resigns at seq {}", meta_.id, game_.seat_name(*seat), seq);
  commit_and_ok(event_row(seq, *seat, storage::EventKind::kResign, conn->user_id()), conn, request_id);
}

storage::EventRow Match::event_row(uint32_t seq, core::Seat seat, storage::EventKind kind,
                                   uint64_t user_id) const {
  storage::EventRow row;
  row.seq = seq;
  row.seat = seat;
  row.kind = kind;
  row.user_id = user_id;
  row.at = services_.now();
  return row;
}

void Match::commit_and_ok(storage::EventRow row, const std::shared_ptr<Connection>& conn,
                          uint64_t request_id) {
  uint64_t id = meta_.id;
  commit([id, row = std::move(row)](storage::Store& s) { return s.append_event(id, row); },
         [conn, request_id] { send_ok(*conn, request_id); }, true, false,
         [self = shared_from_this(), conn, request_id] { self->served_here(*conn, request_id); });
}

void Match::chat(const std::shared_ptr<Connection>& conn, uint64_t request_id, const wire::SendChat& req) {
  if (!admitted(*conn, request_id)) return;
  if (req.text().empty() || req.text().size() > 500) {
    send_error(*conn, request_id, wire::INVALID_ARGUMENT, "A chat line has 1 to 500 characters");
    return;
  }
  // A private match's conversation is for those who may watch it.
  if (!admitted(*conn, request_id)) return;
  Identity who = conn->identity();
  std::vector<core::Seat> mine = seats_of(who.user_id);
  storage::ChatRow row{meta_.id, who.user_id, mine.empty() ? core::kObserver : mine[0], req.text(),
                       services_.now()};
  wire::ServerMessage push;
  fill_chat(*push.mutable_chat(), row, who.user_name);
  auto self = shared_from_this();
  auto full = std::make_shared<bool>(false);
  // Counted in the storing transaction, so lines sent together cannot all pass the cap.
  commit(
      [row, full, cap = services_.max_chat_lines, line = push.chat(), seq = history_.seq,
       node = services_.followers ? services_.leases->node() : std::string()](storage::Store& s) {
        if (cap > 0) {
          auto count = s.chat_line_count(row.match_id);
          if (!count) return count.status();
          if (*count >= cap) {
            *full = true;
            return core::Status::ok();
          }
        }
        if (auto st = s.add_chat(row); !st) return st;
        // Nodes with a follower copy push the line to their subscribers once it is committed.
        if (!node.empty()) return s.notify(kCommitChannel, chat_notice(row.match_id, seq, node, line));
        return core::Status::ok();
      },
      [self, conn, request_id, push, full, cap = services_.max_chat_lines] {
        if (*full) {
          send_error(*conn, request_id, wire::LIMIT_REACHED,
                     "This match's chat is full (" + std::to_string(cap) + " lines); no more can be added");
          return;
        }
        send_ok(*conn, request_id);
        self->push_to_subscribers(push);
      },
      /*push=*/false, /*adds_chat=*/true);
}

void Match::push_to_subscribers(const wire::ServerMessage& m) const {
  std::vector<std::shared_ptr<Connection>> told;
  for (const auto& sub : subscribers_) {
    auto to = sub.conn.lock();
    if (!to || std::find(told.begin(), told.end(), to) != told.end()) continue;
    told.push_back(to);
    to->send(m);
  }
}

void Match::fetch_chat(const std::shared_ptr<Connection>& conn, uint64_t request_id) {
  if (!admitted(*conn, request_id)) return;
  auto self = shared_from_this();
  auto lines = std::make_shared<std::vector<storage::ChatLine>>();
  uint64_t id = meta_.id;
  // The writer runs jobs in order, so every line acknowledged before this request is read.
  services_.writer->submit(
      [lines, id](storage::Store& s) {
        auto read = s.chat_lines(id, kChatHistoryLines);
        if (!read) return read.status();
        *lines = std::move(read.value());
        return core::Status::ok();
      },
      [self, conn, request_id, lines](bool ok) {
        self->post([self, conn, request_id, lines, ok] {
          if (!ok) {
            send_error(*conn, request_id, wire::INTERNAL, "The chat could not be read; try again");
            return;
          }
          wire::ServerMessage m;
          m.set_request_id(request_id);
          auto* log = m.mutable_chat_log();
          log->set_match_id(self->meta_.id);
          for (const auto& l : *lines) fill_chat(*log->add_lines(), l.row, l.user_name);
          conn->send(m);
        });
      });
}

}  // namespace frontier::server
