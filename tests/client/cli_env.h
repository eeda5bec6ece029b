// A test server shared by the tests of one suite, and temporary client homes under it.
#pragma once

#include <gtest/gtest.h>

#include <memory>

#include "cli_runner.h"
#include "harness.h"

namespace frontier::testing {

class CliTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    server_ = std::make_unique<ServerProcess>();
    std::string error;
    ASSERT_TRUE(server_->start(&error)) << error;
  }
  static void TearDownTestSuite() { server_.reset(); }

  // A fresh client home with a registered, logged-in user.
  CliUser registered(const std::string& stem) {
    CliUser u(server_->dir(), unique_name(stem), server_->port());
    CliResult r = u.run({"register", u.name()});
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    return u;
  }
  CliUser anonymous(const std::string& stem) {
    return CliUser(server_->dir(), unique_name(stem), server_->port());
  }

  static std::unique_ptr<ServerProcess> server_;
};

inline std::unique_ptr<ServerProcess> CliTest::server_;

}  // namespace frontier::testing
