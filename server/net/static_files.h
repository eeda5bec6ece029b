// The browser client's files (web/dist), served by frontierd from the same origin as the
// WebSocket. Files are read from disk at request time, so a rebuilt client is served without a
// restart (the OS page cache keeps repeated reads cheap). Pure file and string handling: the
// net layer turns an HttpReply into a Beast response.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace frontier::server {

struct HttpReply {
  int status = 200;
  std::string content_type = "text/plain; charset=utf-8";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  // besides Content-Type
};

// Content-Security-Policy, X-Content-Type-Options and Referrer-Policy, on every page we serve.
void add_security_headers(HttpReply& reply);

// The Content-Type for a file name by its extension (application/octet-stream when unknown).
std::string content_type_for(std::string_view file_name);

// Whether an Accept-Encoding header value allows gzip (listed, or by "*", and not with q=0).
bool accepts_gzip(std::string_view accept_encoding);

class StaticFiles {
 public:
  explicit StaticFiles(std::filesystem::path root) : root_(std::move(root)) {}

  // Answers GET or HEAD of `target` (path and optional query). HEAD gets the GET's headers and
  // body (the caller sends only the headers, with the body's length). Other methods: 405.
  // Paths that would leave the root ("..", encoded or not, symlinks out) are 404. A client whose
  // `accept_encoding` allows gzip gets the file's precompressed sibling `NAME.gz` where the
  // build made one (web/scripts/compress.mjs), with Content-Encoding: gzip.
  HttpReply serve(std::string_view method, std::string_view target,
                  std::string_view accept_encoding = {}) const;

  const std::filesystem::path& root() const { return root_; }

 private:
  std::filesystem::path root_;
};

}  // namespace frontier::server
