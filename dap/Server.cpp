#include "dap/Server.h"

#include <algorithm>

#include "dap/Messages.h"
#include "interpreter/kernels/Parallel.h"

namespace shlo::dap {

Server::Server(protocol::Transport &transport)
    : transport_(transport), session_(std::make_unique<DebugSession>(*this)) {}

Server::~Server() {
  // The run's thread calls back into this server: end it first.
  session_.reset();
}

int Server::run() {
  std::string body, error;
  for (;;) {
    protocol::Transport::ReadResult result = transport_.read(body, &error);
    if (result == protocol::Transport::ReadResult::End) break;
    if (result == protocol::Transport::ReadResult::Malformed) {
      output("stderr", "shlo dap: skipped a malformed message: " + error + "\n");
      continue;
    }
    if (!handleMessage(body)) break;
  }
  session_->terminate();
  return 0;
}

void Server::send(json message) {
  std::lock_guard<std::mutex> lock(sendMutex_);
  message["seq"] = seq_++;
  transport_.write(message.dump(-1, ' ', false, json::error_handler_t::replace));
}

bool Server::handleMessage(const std::string &body) {
  json message = json::parse(body, nullptr, false);
  if (message.is_discarded()) {
    output("stderr", "shlo dap: a message is not JSON (" + std::to_string(body.size()) + " bytes); skipped\n");
    return true;
  }
  if (!message.is_object() || !message.contains("type") || !message["type"].is_string()) {
    output("stderr", "shlo dap: a message without a `type`; skipped\n");
    return true;
  }
  // Responses to reverse requests and events from the client need no answer.
  if (message["type"] != "request") return true;
  if (!message.contains("command") || !message["command"].is_string() || !message.contains("seq") ||
      !message["seq"].is_number_integer()) {
    send(makeErrorResponse(message, "a request needs an integer `seq` and a string `command`"));
    return true;
  }
  try {
    handleRequest(message);
  } catch (const ArgumentError &e) {
    send(makeErrorResponse(message, e.what()));
  } catch (const SessionError &e) {
    send(makeErrorResponse(message, e.what()));
  } catch (const json::exception &e) {
    send(makeErrorResponse(message, std::string("malformed arguments: ") + e.what()));
  } catch (const std::exception &e) {
    send(makeErrorResponse(message, std::string("internal error: ") + e.what()));
  }
  return !disconnected_;
}

namespace {

const json &argumentsOf(const json &request) {
  static const json empty = json::object();
  auto it = request.find("arguments");
  return it != request.end() && it->is_object() ? *it : empty;
}

int64_t integerOr(const json &arguments, const char *name, int64_t fallback) {
  auto it = arguments.find(name);
  if (it == arguments.end() || it->is_null()) return fallback;
  if (!it->is_number_integer()) throw ArgumentError(std::string("`") + name + "` must be an integer");
  return it->get<int64_t>();
}

}  // namespace

void Server::handleRequest(const json &request) {
  const std::string command = request["command"].get<std::string>();
  const json &arguments = argumentsOf(request);
  DebugSession &session = *session_;

  if (command == "initialize") {
    send(makeResponse(request, capabilities()));
    return;
  }
  if (command == "launch") {
    if (launched_) throw SessionError("the program is launched already");
    LaunchRequest launch = parseLaunchArguments(arguments);
    session.load(launch.settings);
    if (launch.kernelThreads > 0) interpreter::setKernelThreads(launch.kernelThreads);
    launched_ = true;
    send(makeResponse(request, nullptr));
    // Configuration (breakpoints) needs the program's lines: asked for now.
    send(makeEvent("initialized"));
    startIfReady();
    return;
  }
  if (command == "setBreakpoints") {
    std::vector<BreakpointResult> placed = session.setLineBreakpoints(parseSourceBreakpoints(arguments));
    std::string path = launched_ ? session.source().path() : "";
    json list = json::array();
    for (const BreakpointResult &b : placed) list.push_back(toJson(b, path));
    send(makeResponse(request, {{"breakpoints", list}}));
    return;
  }
  if (command == "setFunctionBreakpoints") {
    std::vector<std::string> names;
    if (arguments.contains("breakpoints")) {
      for (const json &b : arguments.at("breakpoints")) names.push_back(b.at("name").get<std::string>());
    }
    json list = json::array();
    for (const BreakpointResult &b : session.setFunctionBreakpoints(names)) {
      json item = {{"id", b.id}, {"verified", b.verified}};
      if (!b.message.empty()) item["message"] = b.message;
      list.push_back(item);
    }
    send(makeResponse(request, {{"breakpoints", list}}));
    return;
  }
  if (command == "setExceptionBreakpoints") {
    ExceptionFilters filters;
    json list = json::array();
    if (arguments.contains("filters")) {
      for (const json &f : arguments.at("filters")) {
        std::string name = f.get<std::string>();
        if (name == "nan") filters.nan = true;
        else if (name == "infinity") filters.infinity = true;
        else if (name == "check") filters.check = true;
        else if (name == "error") filters.error = true;
        else throw ArgumentError("unknown exception filter `" + name + "` (known: nan, infinity, check, error)");
        list.push_back({{"verified", true}});
      }
    }
    session.setExceptionFilters(filters);
    send(makeResponse(request, {{"breakpoints", list}}));
    return;
  }
  if (command == "configurationDone") {
    configured_ = true;
    send(makeResponse(request, nullptr));
    startIfReady();
    return;
  }
  if (command == "threads") {
    json list = json::array();
    for (const ThreadEntry &t : session.threads()) list.push_back({{"id", t.id}, {"name", t.name}});
    send(makeResponse(request, {{"threads", list}}));
    return;
  }
  if (command == "stackTrace") {
    std::vector<StackEntry> frames = session.stackTrace(static_cast<int>(integerOr(arguments, "threadId", 0)));
    int64_t start = std::max<int64_t>(0, integerOr(arguments, "startFrame", 0));
    int64_t levels = integerOr(arguments, "levels", 0);
    json list = json::array();
    for (int64_t i = start; i < static_cast<int64_t>(frames.size()) && (levels <= 0 || i < start + levels); ++i) {
      list.push_back(toJson(frames[static_cast<size_t>(i)], session.source().path()));
    }
    send(makeResponse(request, {{"stackFrames", list}, {"totalFrames", frames.size()}}));
    return;
  }
  if (command == "scopes") {
    json list = json::array();
    for (const ScopeEntry &s : session.scopes(static_cast<int>(integerOr(arguments, "frameId", 0)))) {
      list.push_back(toJson(s));
    }
    send(makeResponse(request, {{"scopes", list}}));
    return;
  }
  if (command == "variables") {
    json list = json::array();
    for (const VariableEntry &v :
         session.variables(static_cast<int>(integerOr(arguments, "variablesReference", 0)),
                           integerOr(arguments, "start", 0), integerOr(arguments, "count", 0))) {
      list.push_back(toJson(v));
    }
    send(makeResponse(request, {{"variables", list}}));
    return;
  }
  if (command == "continue" || command == "next" || command == "stepIn" || command == "stepOut") {
    if (!session.paused()) throw SessionError("the program is not paused");
    DebugSession::Step step = command == "continue" ? DebugSession::Step::Continue
                              : command == "next"   ? DebugSession::Step::Over
                              : command == "stepIn" ? DebugSession::Step::In
                                                    : DebugSession::Step::Out;
    send(makeResponse(request, command == "continue" ? json{{"allThreadsContinued", true}} : json(nullptr)));
    if (std::optional<StopInfo> stop = session.resume(step)) stopped(*stop);
    return;
  }
  if (command == "stepBack") {
    StopInfo stop = session.stepBack();
    send(makeResponse(request, nullptr));
    stopped(stop);
    return;
  }
  if (command == "pause") {
    session.pause();
    send(makeResponse(request, nullptr));
    return;
  }
  if (command == "evaluate") {
    if (!arguments.contains("expression") || !arguments["expression"].is_string()) {
      throw ArgumentError("`expression` must be a string");
    }
    int64_t frameId = integerOr(arguments, "frameId", 0);
    EvaluateResult result = session.evaluate(arguments["expression"].get<std::string>(), static_cast<int>(frameId));
    json body = {{"result", result.value}, {"type", result.type}, {"variablesReference", result.variablesReference}};
    if (result.indexedVariables > 0) body["indexedVariables"] = result.indexedVariables;
    send(makeResponse(request, body));
    return;
  }
  if (command == "exceptionInfo") {
    std::optional<StopInfo> stop = session.lastStop();
    if (!stop || stop->reason != StopReason::Exception) throw SessionError("the program is not stopped at an exception");
    send(makeResponse(request, {{"exceptionId", stop->exceptionId},
                                {"description", stop->text},
                                {"breakMode", "always"}}));
    return;
  }
  if (command == "completions") {
    std::string text = arguments.value("text", std::string());
    int64_t column = integerOr(arguments, "column", static_cast<int64_t>(text.size()) + 1);
    std::string before = text.substr(0, static_cast<size_t>(std::clamp<int64_t>(column - 1, 0, text.size())));
    size_t wordStart = before.find_last_of(" ([,+-*/<>=!&|");
    std::string prefix = wordStart == std::string::npos ? before : before.substr(wordStart + 1);
    json targets = json::array();
    for (const std::string &name : session.namesInScope()) {
      if (name.rfind(prefix, 0) == 0) targets.push_back({{"label", name}, {"type", "variable"}});
    }
    send(makeResponse(request, {{"targets", targets}}));
    return;
  }
  if (command == "restart") {
    if (!launched_) throw SessionError("nothing to restart: no program is launched");
    // `arguments.arguments`: the launch arguments, possibly changed; else the last ones.
    std::optional<LaunchSettings> settings;
    int kernelThreads = 0;
    auto given = arguments.find("arguments");
    if (given != arguments.end() && given->is_object()) {
      LaunchRequest launch = parseLaunchArguments(*given);
      settings = launch.settings;
      kernelThreads = launch.kernelThreads;
    }
    session.restart(settings);
    if (kernelThreads > 0) interpreter::setKernelThreads(kernelThreads);
    exitedSent_ = false;
    send(makeResponse(request, nullptr));
    startIfReady();
    return;
  }
  if (command == "terminate") {
    send(makeResponse(request, nullptr));
    if (session.started()) {
      session.terminate();
    } else {
      exited(0);
    }
    return;
  }
  if (command == "disconnect") {
    session.terminate();
    disconnected_ = true;
    send(makeResponse(request, nullptr));
    return;
  }
  throw SessionError("unsupported request `" + command + "`");
}

void Server::startIfReady() {
  if (launched_ && configured_ && !session_->started()) session_->start();
}

void Server::stopped(const StopInfo &info) { send(makeEvent("stopped", stoppedBody(info))); }

void Server::output(const std::string &category, const std::string &text) {
  send(makeEvent("output", {{"category", category}, {"output", text}}));
}

void Server::exited(int exitCode) {
  if (exitedSent_.exchange(true)) return;
  send(makeEvent("exited", {{"exitCode", exitCode}}));
  send(makeEvent("terminated"));
}

}  // namespace shlo::dap
