// The e-mail requests of a user (SetEmail, VerifyEmail, UpdateEmailChoices), the settings as the
// client sees them, and the one-click unsubscribe link (/email/unsubscribe?t=SECRET: GET shows
// one button, POST unsubscribes, as RFC 8058 asks, so a link scanner fetching the page changes
// nothing).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "match/connection.h"
#include "notify/mailer.h"
#include "storage/writer.h"

namespace frontier::server::notify {

class EmailDesk {
 public:
  EmailDesk(Mailer& mailer, storage::Writer& writer, std::function<int64_t()> now);

  // Answers an e-mail request; false when `msg` is none of them.
  bool handle(const std::shared_ptr<Connection>& conn, uint64_t rid, const wire::ClientMessage& msg);

  // GET or POST of the unsubscribe link; `answer(status, html)` runs once, on the writer thread.
  void unsubscribe(const std::string& method, const std::string& target,
                   std::function<void(int, std::string)> answer);

  // What a client is shown of `row` (absent: no address).
  void fill(const std::optional<storage::EmailRow>& row, wire::EmailSettings& out) const;

 private:
  using ConnPtr = std::shared_ptr<Connection>;
  void set_email(const ConnPtr& conn, uint64_t rid, const wire::SetEmail& req);
  void verify(const ConnPtr& conn, uint64_t rid, const wire::VerifyEmail& req);
  void update_choices(const ConnPtr& conn, uint64_t rid, const wire::UpdateEmailChoices& req);
  // What a change of the user's row leads to: stored or not, then the settings or a refusal.
  struct Outcome {
    bool store = true;
    wire::ErrorCode refusal = wire::ERROR_UNSPECIFIED;  // unspecified: reply with the settings
    std::string message;
  };
  using Change = std::function<Outcome(storage::Store&, std::optional<storage::EmailRow>&)>;
  // Runs `change` on the user's row in a writer job (requests of one user are thus ordered).
  void change(const ConnPtr& conn, uint64_t rid, Change edit);

  Mailer& mailer_;
  storage::Writer& writer_;
  std::function<int64_t()> now_;
};

}  // namespace frontier::server::notify
