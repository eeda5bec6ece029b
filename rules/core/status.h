// Status and Result<T>: expected failures as values. Nothing in the rules engine throws across
// its API; a failure carries a code a program can switch on and a sentence a person can read.
#pragma once

#include <cassert>
#include <optional>
#include <string>
#include <utility>

namespace frontier::core {

enum class StatusCode {
  kOk = 0,
  kInvalidArgument,  // malformed input: unknown scenario, bad option, corrupt snapshot
  kIllegalAction,    // well-formed action the rules do not allow now
  kNotYourTurn,      // the seat holds no prompt
  kNotFound,         // unknown game, scenario, data file
  kCorruption,       // stored bytes that do not decode
  kFailedCheck,      // a script expectation or invariant that does not hold
};

const char* status_code_name(StatusCode code);

class [[nodiscard]] Status {
 public:
  Status() = default;
  static Status ok() { return Status(); }
  static Status invalid_argument(std::string m) { return Status(StatusCode::kInvalidArgument, std::move(m)); }
  static Status illegal_action(std::string m) { return Status(StatusCode::kIllegalAction, std::move(m)); }
  static Status not_your_turn(std::string m) { return Status(StatusCode::kNotYourTurn, std::move(m)); }
  static Status not_found(std::string m) { return Status(StatusCode::kNotFound, std::move(m)); }
  static Status corruption(std::string m) { return Status(StatusCode::kCorruption, std::move(m)); }
  static Status failed_check(std::string m) { return Status(StatusCode::kFailedCheck, std::move(m)); }

  bool is_ok() const { return code_ == StatusCode::kOk; }
  explicit operator bool() const { return is_ok(); }
  StatusCode code() const { return code_; }
  const std::string& message() const { return message_; }
  // "IllegalAction: Gordon may not be re-recruited (28.0)"
  std::string to_string() const;

 private:
  Status(StatusCode code, std::string message) : code_(code), message_(std::move(message)) {}
  StatusCode code_ = StatusCode::kOk;
  std::string message_;
};

// A value or the Status explaining why there is none.
template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : value_(std::move(value)) {}  // NOLINT: implicit by design
  Result(Status status) : status_(std::move(status)) { assert(!status_.is_ok()); }  // NOLINT

  bool is_ok() const { return value_.has_value(); }
  explicit operator bool() const { return is_ok(); }
  const Status& status() const { return status_; }
  T& value() & { return *value_; }
  const T& value() const& { return *value_; }
  T&& value() && { return std::move(*value_); }
  T* operator->() { return &*value_; }
  const T* operator->() const { return &*value_; }
  T& operator*() { return *value_; }

 private:
  std::optional<T> value_;
  Status status_;
};

}  // namespace frontier::core
