// Reading a view's numbers back into a state's small fields (Game::determinize): each value is
// range-checked before it is stored, and the first one out of range is remembered, so a view no
// seat could have been sent becomes one InvalidArgument naming the field, never a bad state.
#pragma once

#include <cstdint>
#include <string>

namespace frontier::core {

struct ViewReader {
  std::string error;  // empty while every value read was in range

  template <typename T>
  void get(T& field, int64_t v, int64_t lo, int64_t hi, const char* name) {
    if (v < lo || v > hi) {
      fail(std::string(name) + " out of range: " + std::to_string(v));
      return;
    }
    field = static_cast<T>(v);
  }
  // An enum whose values are 0 .. count-1.
  template <typename E>
  void get_enum(E& field, int64_t v, int count, const char* name) {
    int x = 0;
    get(x, v, 0, count - 1, name);
    field = static_cast<E>(x);
  }
  void fail(const std::string& why) {
    if (error.empty()) error = why;
  }
};

}  // namespace frontier::core
