// The Debug Adapter Protocol's messages (DAP 1.x, `seq`-numbered JSON
// objects): building responses and events, reading launch arguments, and
// turning the debug session's plain types into DAP's JSON. No state and no
// I/O: the server (Server.h) does the talking, the session the work.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "dap/DebugSession.h"

namespace shlo::dap {

using json = nlohmann::json;

/// A request whose arguments are missing, of the wrong type or unknown.
class ArgumentError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// `{type: "response", request_seq, command, success, body?, message?}`
/// (seq is set by the server when it sends).
json makeResponse(const json &request, const json &body);
json makeErrorResponse(const json &request, const std::string &message);
json makeEvent(const std::string &event, const json &body = json::object());

/// The adapter's capabilities (the `initialize` response's body), with the
/// exception filters `nan` and `error`.
json capabilities();

/// What `launch` asks for. Arguments (agreed with the VS Code extension):
/// `program` (path, required), `entry` (function name), `args` (literals in
/// `shlo run --args` syntax: an array of one literal each, or one string
/// `[lit, lit]`), `inputs` (array of `NAME=file.npy`/`file.npz`, or an
/// object NAME -> path, as `--input`), `elided` (`zeros`, `random:SEED`),
/// `threads` (kernel threads, 1-256), `stopOnEntry` (bool). The fields VS
/// Code adds (`type`, `request`, `name`, `cwd`, `shloPath`, `noDebug`,
/// `__*`) are ignored; `cwd` makes relative paths relative to it. Anything
/// else, or a field of the wrong type, throws ArgumentError; so does a
/// literal `args` cannot parse. `threads` is returned in `kernelThreads`.
struct LaunchRequest {
  LaunchSettings settings;
  int kernelThreads = 0;  // 0: unchanged
};
LaunchRequest parseLaunchArguments(const json &arguments);

/// `setBreakpoints`' `breakpoints` ([{line, condition?, hitCondition?, logMessage?}]).
std::vector<LineBreakpointSpec> parseSourceBreakpoints(const json &arguments);

json toJson(const BreakpointResult &breakpoint, const std::string &programPath);
json toJson(const StackEntry &frame, const std::string &programPath);
json toJson(const ScopeEntry &scope);
json toJson(const VariableEntry &variable);
json stoppedBody(const StopInfo &info);

}  // namespace shlo::dap
