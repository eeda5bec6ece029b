#include "notify/email_message.h"

#include <algorithm>
#include <ctime>

namespace frontier::server::notify {

namespace {

constexpr char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

std::string base64(const std::string& in) {
  std::string out;
  out.reserve((in.size() + 2) / 3 * 4);
  for (size_t i = 0; i < in.size(); i += 3) {
    uint32_t n = static_cast<uint32_t>(static_cast<unsigned char>(in[i])) << 16;
    if (i + 1 < in.size()) n |= static_cast<uint32_t>(static_cast<unsigned char>(in[i + 1])) << 8;
    if (i + 2 < in.size()) n |= static_cast<unsigned char>(in[i + 2]);
    out += kBase64[(n >> 18) & 63];
    out += kBase64[(n >> 12) & 63];
    out += i + 1 < in.size() ? kBase64[(n >> 6) & 63] : '=';
    out += i + 2 < in.size() ? kBase64[n & 63] : '=';
  }
  return out;
}

// Base64 in lines of 76 characters (RFC 2045), each ended by CRLF.
std::string base64_lines(const std::string& in) {
  std::string flat = base64(in);
  std::string out;
  for (size_t i = 0; i < flat.size(); i += 76) out += flat.substr(i, 76) + "\r\n";
  return out;
}

bool ascii_printable(const std::string& s) {
  return std::all_of(s.begin(), s.end(), [](unsigned char c) { return c >= 0x20 && c < 0x7f; });
}

// A header value from our own text: control characters (a line break would start a new header)
// become spaces, and non-ASCII text is encoded as an RFC 2047 word.
std::string header_text(const std::string& text) {
  std::string clean = text;
  for (char& c : clean) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
  }
  if (ascii_printable(clean)) return clean;
  return "=?UTF-8?B?" + base64(clean) + "?=";
}

std::string rfc5322_date(int64_t unix_seconds) {
  std::time_t t = static_cast<std::time_t>(unix_seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[64];
  std::strftime(buf, sizeof buf, "%a, %d %b %Y %H:%M:%S +0000", &tm);
  return buf;
}

// Lines end in CRLF, as SMTP wants them.
std::string crlf(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\n') out += '\r';
    if (c != '\r') out += c;
  }
  return out;
}

}  // namespace

std::string build_message(const MailParts& p) {
  // The boundary comes from the Message-ID: unique per message, never inside base64 text.
  std::string boundary = "=_frontier_" + base64(p.message_id).substr(0, 24);
  std::replace(boundary.begin(), boundary.end(), '/', '_');
  std::replace(boundary.begin(), boundary.end(), '+', '.');
  std::string m;
  m += "From: " + p.from + "\r\n";
  m += "To: " + p.to + "\r\n";
  m += "Subject: " + header_text(p.subject) + "\r\n";
  m += "Date: " + rfc5322_date(p.date) + "\r\n";
  m += "Message-ID: <" + p.message_id + ">\r\n";
  m += "List-Unsubscribe: <" + p.unsubscribe_url + ">\r\n";
  m += "List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n";
  m += "Auto-Submitted: auto-generated\r\n";
  m += "MIME-Version: 1.0\r\n";
  m += "Content-Type: multipart/alternative; boundary=\"" + boundary + "\"\r\n\r\n";
  m += "--" + boundary + "\r\n";
  m += "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n";
  m += base64_lines(crlf(p.text));
  m += "--" + boundary + "\r\n";
  m += "Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n";
  m += base64_lines(crlf(p.html));
  m += "--" + boundary + "--\r\n";
  return m;
}

core::Status check_address(const std::string& address) {
  if (address.size() > 254)
    return core::Status::invalid_argument("An e-mail address is at most 254 characters");
  size_t at = address.find('@');
  if (at == std::string::npos || at == 0 || address.find('@', at + 1) != std::string::npos)
    return core::Status::invalid_argument("An e-mail address is name@domain");
  for (unsigned char c : address) {
    if (c <= 0x20 || c >= 0x7f || c == '"' || c == '<' || c == '>' || c == ',' || c == ';' || c == '(' ||
        c == ')' || c == '\\' || c == '[' || c == ']')
      return core::Status::invalid_argument(
          "An e-mail address may not contain spaces, quotes, brackets, commas or characters outside ASCII");
  }
  std::string domain = address.substr(at + 1);
  if (domain.find('.') == std::string::npos || domain.front() == '.' || domain.back() == '.' ||
      domain.find("..") != std::string::npos)
    return core::Status::invalid_argument(
        "The e-mail address's domain is not a domain name (name@example.org)");
  return core::Status::ok();
}

std::string bare_address(const std::string& from) {
  size_t open = from.rfind('<');
  size_t close = from.rfind('>');
  if (open == std::string::npos || close == std::string::npos || close < open) return from;
  return from.substr(open + 1, close - open - 1);
}

std::string html_escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace frontier::server::notify
