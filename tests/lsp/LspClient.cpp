#include "tests/lsp/LspClient.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <stdexcept>

namespace shlo::lsp::test {

LspClient::LspClient(const std::string &binary, const std::vector<std::string> &arguments) {
  // Built before fork: the child only execs.
  std::vector<char *> argv{const_cast<char *>(binary.c_str())};
  for (const std::string &argument : arguments) argv.push_back(const_cast<char *>(argument.c_str()));
  argv.push_back(nullptr);
  int in[2], out[2];
  if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0) throw std::runtime_error("pipe failed");
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    dup2(in[0], STDIN_FILENO);
    dup2(out[1], STDOUT_FILENO);
    execv(binary.c_str(), argv.data());
    _exit(127);
  }
  close(in[0]);
  close(out[1]);
  toServer_ = in[1];
  fromServer_ = out[0];
  // A server that dies must fail the write, not kill the test.
  signal(SIGPIPE, SIG_IGN);
  reader_ = std::thread([this] { readLoop(); });
}

LspClient::~LspClient() {
  closeInput();
  if (!waitForExit(3s)) {
    kill(pid_, SIGKILL);
    int status;
    waitpid(pid_, &status, 0);
  }
  if (reader_.joinable()) reader_.join();
  close(fromServer_);
}

void LspClient::sendRaw(const std::string &bytes) {
  size_t written = 0;
  while (written < bytes.size()) {
    ssize_t n = write(toServer_, bytes.data() + written, bytes.size() - written);
    if (n <= 0) return;
    written += static_cast<size_t>(n);
  }
}

void LspClient::send(const json &message) {
  std::string body = message.dump();
  sendRaw("Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body);
}

int LspClient::request(const std::string &method, json params) {
  int id = nextId_++;
  send({{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}});
  return id;
}

void LspClient::notify(const std::string &method, json params) {
  send({{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}});
}

std::optional<json> LspClient::waitForResponse(const json &id, std::chrono::milliseconds timeout) {
  std::unique_lock<std::mutex> lock(mutex_);
  auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    for (auto it = messages_.begin(); it != messages_.end(); ++it) {
      if (!it->contains("method") && it->contains("id") && (*it)["id"] == id) {
        json found = std::move(*it);
        auto arrival = arrivals_.begin() + (it - messages_.begin());
        lastArrival_ = *arrival;
        arrivals_.erase(arrival);
        messages_.erase(it);
        return found;
      }
    }
    if (ended_ || arrived_.wait_until(lock, deadline) == std::cv_status::timeout) return std::nullopt;
  }
}

std::optional<json> LspClient::call(const std::string &method, json params, std::chrono::milliseconds timeout) {
  return waitForResponse(request(method, std::move(params)), timeout);
}

std::optional<json> LspClient::waitForNotification(const std::string &method,
                                                   const std::function<bool(const json &)> &accept,
                                                   std::chrono::milliseconds timeout) {
  std::unique_lock<std::mutex> lock(mutex_);
  auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    for (auto it = messages_.begin(); it != messages_.end(); ++it) {
      if (it->value("method", "") == method && !it->contains("id") && (!accept || accept((*it)["params"]))) {
        json found = std::move(*it);
        auto arrival = arrivals_.begin() + (it - messages_.begin());
        lastArrival_ = *arrival;
        arrivals_.erase(arrival);
        messages_.erase(it);
        return found["params"];
      }
    }
    if (ended_ || arrived_.wait_until(lock, deadline) == std::cv_status::timeout) return std::nullopt;
  }
}

json LspClient::initialize(const std::vector<std::string> &encodings) {
  json params = {{"processId", nullptr}, {"rootUri", nullptr}, {"capabilities", json::object()}};
  if (!encodings.empty()) params["capabilities"]["general"]["positionEncodings"] = encodings;
  std::optional<json> response = call("initialize", params);
  if (!response) throw std::runtime_error("no response to initialize");
  notify("initialized", json::object());
  return *response;
}

void LspClient::closeInput() {
  if (toServer_ >= 0) {
    close(toServer_);
    toServer_ = -1;
  }
}

std::optional<int> LspClient::waitForExit(std::chrono::milliseconds timeout) {
  if (exitStatus_) return exitStatus_;
  auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    int status;
    pid_t done = waitpid(pid_, &status, WNOHANG);
    if (done == pid_) {
      exitStatus_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      return exitStatus_;
    }
    if (std::chrono::steady_clock::now() > deadline) return std::nullopt;
    std::this_thread::sleep_for(10ms);
  }
}

std::chrono::steady_clock::time_point LspClient::lastArrival() {
  std::lock_guard<std::mutex> lock(mutex_);
  return lastArrival_;
}

size_t LspClient::pending() {
  std::lock_guard<std::mutex> lock(mutex_);
  return messages_.size();
}

void LspClient::readLoop() {
  std::string buffer;
  char chunk[65536];
  auto received = std::chrono::steady_clock::now();
  for (;;) {
    // Parse every whole message in the buffer.
    for (;;) {
      size_t headerEnd = buffer.find("\r\n\r\n");
      if (headerEnd == std::string::npos) break;
      size_t lengthAt = buffer.find("Content-Length: ");
      if (lengthAt == std::string::npos || lengthAt > headerEnd) {
        buffer.erase(0, headerEnd + 4);  // Not ours to judge here; skip.
        continue;
      }
      size_t length = std::stoul(buffer.substr(lengthAt + 16, headerEnd - lengthAt - 16));
      if (buffer.size() < headerEnd + 4 + length) break;
      json message = json::parse(buffer.substr(headerEnd + 4, length), nullptr, /*allow_exceptions=*/false);
      buffer.erase(0, headerEnd + 4 + length);
      {
        std::lock_guard<std::mutex> lock(mutex_);
        messages_.push_back(std::move(message));
        arrivals_.push_back(received);
      }
      arrived_.notify_all();
    }
    ssize_t n = read(fromServer_, chunk, sizeof chunk);
    if (n <= 0) break;
    received = std::chrono::steady_clock::now();
    buffer.append(chunk, static_cast<size_t>(n));
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    ended_ = true;
  }
  arrived_.notify_all();
}

}  // namespace shlo::lsp::test
