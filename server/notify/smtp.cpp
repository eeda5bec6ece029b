#include "notify/smtp.h"

#include <curl/curl.h>

#include <cstring>
#include <memory>
#include <mutex>

namespace frontier::server::notify {

namespace {

struct Upload {
  const std::string* data;
  size_t offset = 0;
};

size_t read_chunk(char* buffer, size_t size, size_t count, void* user) {
  auto* up = static_cast<Upload*>(user);
  size_t room = size * count;
  size_t left = up->data->size() - up->offset;
  size_t n = left < room ? left : room;
  std::memcpy(buffer, up->data->data() + up->offset, n);
  up->offset += n;
  return n;
}

}  // namespace

void smtp_global_init() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

core::Status smtp_send(const SmtpConfig& config, const std::string& envelope_from, const std::string& to,
                       const std::string& message) {
  std::unique_ptr<CURL, decltype(&curl_easy_cleanup)> curl(curl_easy_init(), &curl_easy_cleanup);
  if (!curl) return core::Status::failed_check("libcurl could not start");
  std::unique_ptr<curl_slist, decltype(&curl_slist_free_all)> rcpt(nullptr, &curl_slist_free_all);
  std::string rcpt_to = "<" + to + ">";
  rcpt.reset(curl_slist_append(nullptr, rcpt_to.c_str()));
  std::string mail_from = "<" + envelope_from + ">";
  Upload up{&message};
  char error[CURL_ERROR_SIZE] = {0};
  CURL* c = curl.get();
  curl_easy_setopt(c, CURLOPT_URL, config.url.c_str());
  curl_easy_setopt(c, CURLOPT_MAIL_FROM, mail_from.c_str());
  curl_easy_setopt(c, CURLOPT_MAIL_RCPT, rcpt.get());
  curl_easy_setopt(c, CURLOPT_READFUNCTION, read_chunk);
  curl_easy_setopt(c, CURLOPT_READDATA, &up);
  curl_easy_setopt(c, CURLOPT_UPLOAD, 1L);
  curl_easy_setopt(c, CURLOPT_INFILESIZE_LARGE, static_cast<curl_off_t>(message.size()));
  curl_easy_setopt(
      c, CURLOPT_USE_SSL,
      config.require_tls ? static_cast<long>(CURLUSESSL_ALL) : static_cast<long>(CURLUSESSL_TRY));
  // The relay's certificate and name are always checked (libcurl's default); a private CA (a
  // relay inside the operator's network) is given as a file rather than by turning checks off.
  if (!config.ca_file.empty()) curl_easy_setopt(c, CURLOPT_CAINFO, config.ca_file.c_str());
  if (!config.user.empty()) {
    curl_easy_setopt(c, CURLOPT_USERNAME, config.user.c_str());
    curl_easy_setopt(c, CURLOPT_PASSWORD, config.password.c_str());
  }
  curl_easy_setopt(c, CURLOPT_TIMEOUT, static_cast<long>(config.timeout.count()));
  curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, static_cast<long>(config.timeout.count()));
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);  // other threads run: no SIGALRM for timeouts
  curl_easy_setopt(c, CURLOPT_ERRORBUFFER, error);
  CURLcode rc = curl_easy_perform(c);
  if (rc == CURLE_OK) return core::Status::ok();
  long answer = 0;
  curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &answer);
  std::string why = error[0] ? error : curl_easy_strerror(rc);
  if (answer != 0) why += " (relay answered " + std::to_string(answer) + ")";
  return core::Status::failed_check("SMTP to " + config.url + ": " + why);
}

}  // namespace frontier::server::notify
