// The protocol client against servers that misbehave below the protocol: connect() must give up
// at its deadline instead of hanging (the CLI's reconnect loop calls it again and again).
#include <gtest/gtest.h>

#include <boost/asio/ip/tcp.hpp>
#include <chrono>
#include <thread>

#include "protocol_client/client.h"

namespace frontier::testing {
namespace {

using tcp = boost::asio::ip::tcp;
using namespace std::chrono_literals;

// Accepts TCP connections (the kernel completes them from the backlog) and never reads or
// writes: the WebSocket handshake request gets no answer.
class SilentListener {
 public:
  SilentListener() : acceptor_(ioc_, tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), 0)) {}
  uint16_t port() const { return acceptor_.local_endpoint().port(); }
  // Takes the pending connection off the backlog and keeps it open, silent.
  void accept_one() { held_.push_back(acceptor_.accept()); }

 private:
  boost::asio::io_context ioc_;
  tcp::acceptor acceptor_;
  std::vector<tcp::socket> held_;
};

TEST(ProtocolClientTest, ConnectGivesUpOnASilentServer) {
  SilentListener silent;
  client::ProtocolClient c;
  auto start = std::chrono::steady_clock::now();
  auto st = c.connect("127.0.0.1", silent.port(), "/", 300ms);
  auto took = std::chrono::steady_clock::now() - start;
  EXPECT_FALSE(st);
  EXPECT_NE(st.message().find("no answer within 300 ms"), std::string::npos) << st.message();
  EXPECT_FALSE(c.is_open());
  EXPECT_GE(took, 250ms);
  EXPECT_LT(took, 3s);
}

TEST(ProtocolClientTest, ConnectGivesUpWhenTheAcceptedConnectionStaysSilent) {
  SilentListener silent;
  client::ProtocolClient c;
  std::thread accept([&] { silent.accept_one(); });
  auto start = std::chrono::steady_clock::now();
  auto st = c.connect("127.0.0.1", silent.port(), "/", 300ms);
  auto took = std::chrono::steady_clock::now() - start;
  accept.join();
  EXPECT_FALSE(st);
  EXPECT_LT(took, 3s);
  // A later attempt on a fresh client fails the same way rather than hanging.
  client::ProtocolClient again;
  EXPECT_FALSE(again.connect("127.0.0.1", silent.port(), "/", 200ms));
}

TEST(ProtocolClientTest, ConnectRefusedFailsFast) {
  uint16_t port;
  {
    SilentListener closed;
    port = closed.port();
  }
  client::ProtocolClient c;
  auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(c.connect("127.0.0.1", port, "/", 5s));
  EXPECT_LT(std::chrono::steady_clock::now() - start, 2s);
}

}  // namespace
}  // namespace frontier::testing
