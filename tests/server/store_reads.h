// Store reads in tests: a read returns core::Result (a failure is not "nothing found"), and a
// test that expects it to succeed says so with must_read, which fails the test on an error and
// gives the value (or an empty one, so the test goes on to report what else is wrong).
#pragma once

#include <gtest/gtest.h>

#include "core/status.h"

namespace frontier::testing {

template <typename T>
T must_read(core::Result<T> read) {
  EXPECT_TRUE(read.is_ok()) << "the read failed: " << read.status().message();
  if (!read) return T{};
  return std::move(read).value();
}

}  // namespace frontier::testing
