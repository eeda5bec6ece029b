// Names for status codes, used in error messages and on the wire.
#include "core/status.h"

namespace frontier::core {

const char* status_code_name(StatusCode code) {
  switch (code) {
    case StatusCode::kOk:
      return "Ok";
    case StatusCode::kInvalidArgument:
      return "InvalidArgument";
    case StatusCode::kIllegalAction:
      return "IllegalAction";
    case StatusCode::kNotYourTurn:
      return "NotYourTurn";
    case StatusCode::kNotFound:
      return "NotFound";
    case StatusCode::kCorruption:
      return "Corruption";
    case StatusCode::kFailedCheck:
      return "FailedCheck";
  }
  return "Unknown";
}

std::string Status::to_string() const {
  if (is_ok()) return "Ok";
  return std::string(status_code_name(code_)) + ": " + message_;
}

}  // namespace frontier::core
