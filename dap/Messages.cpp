#include "dap/Messages.h"

#include <filesystem>

#include "interpreter/Errors.h"
#include "interpreter/io/ArgsLiteral.h"

namespace shlo::dap {

json makeResponse(const json &request, const json &body) {
  json out = {{"type", "response"},
              {"request_seq", request.value("seq", 0)},
              {"command", request.value("command", std::string())},
              {"success", true}};
  if (!body.is_null()) out["body"] = body;
  return out;
}

json makeErrorResponse(const json &request, const std::string &message) {
  int seq = request.is_object() && request.contains("seq") && request["seq"].is_number_integer() ? request["seq"].get<int>() : 0;
  std::string command =
      request.is_object() && request.contains("command") && request["command"].is_string() ? request["command"].get<std::string>() : "";
  return {{"type", "response"},
          {"request_seq", seq},
          {"command", command},
          {"success", false},
          {"message", message},
          {"body", {{"error", {{"id", 1}, {"format", message}, {"showUser", true}}}}}};
}

json makeEvent(const std::string &event, const json &body) {
  json out = {{"type", "event"}, {"event", event}};
  if (!body.is_null()) out["body"] = body;
  return out;
}

json capabilities() {
  return {
      {"supportsConfigurationDoneRequest", true},
      {"supportsFunctionBreakpoints", true},
      {"supportsConditionalBreakpoints", true},
      {"supportsHitConditionalBreakpoints", true},
      {"supportsLogPoints", true},
      {"supportsEvaluateForHovers", true},
      {"supportsStepBack", true},
      {"supportsTerminateRequest", true},
      {"supportsExceptionInfoRequest", true},
      {"supportsCompletionsRequest", true},
      {"supportsRestartRequest", true},
      {"exceptionBreakpointFilters",
       json::array({{{"filter", "nan"},
                     {"label", "NaN produced"},
                     {"description", "Stop after the first op whose results hold a NaN its operands do not"},
                     {"default", false}},
                    {{"filter", "infinity"},
                     {"label", "Infinity produced"},
                     {"description", "Stop after the first op whose results hold an infinity its operands do not"},
                     {"default", false}},
                    {{"filter", "check"},
                     {"label", "Failed check"},
                     {"description", "Stop where a check.expect_* op fails"},
                     {"default", false}},
                    {{"filter", "error"},
                     {"label", "Runtime error"},
                     {"description", "Stop where a runtime error is raised"},
                     {"default", false}}})},
  };
}

namespace {

std::string stringField(const json &arguments, const char *name) {
  const json &v = arguments.at(name);
  if (!v.is_string()) throw ArgumentError(std::string("launch argument `") + name + "` must be a string");
  return v.get<std::string>();
}

std::string resolve(const std::string &path, const std::string &cwd) {
  if (path.empty() || cwd.empty() || std::filesystem::path(path).is_absolute()) return path;
  return (std::filesystem::path(cwd) / path).string();
}

}  // namespace

LaunchRequest parseLaunchArguments(const json &arguments) {
  if (!arguments.is_object()) throw ArgumentError("launch arguments must be an object");
  static const char *ignored[] = {"type", "request", "name", "cwd", "shloPath", "noDebug"};
  static const char *known[] = {"program", "entry", "chunk", "args", "inputs", "elided", "threads", "stopOnEntry"};
  for (const auto &[key, value] : arguments.items()) {
    if (key.rfind("__", 0) == 0) continue;
    bool ok = false;
    for (const char *k : ignored) ok = ok || key == k;
    for (const char *k : known) ok = ok || key == k;
    if (!ok) {
      throw ArgumentError("unknown launch argument `" + key +
                          "` (known: program, entry, chunk, args, inputs, elided, threads, stopOnEntry)");
    }
  }
  std::string cwd = arguments.contains("cwd") && arguments["cwd"].is_string() ? arguments["cwd"].get<std::string>() : "";
  LaunchRequest out;
  if (!arguments.contains("program")) throw ArgumentError("launch argument `program` (the .mlir file) is missing");
  out.settings.programPath = resolve(stringField(arguments, "program"), cwd);
  if (out.settings.programPath.empty()) throw ArgumentError("launch argument `program` is empty");
  if (arguments.contains("entry")) out.settings.entry = stringField(arguments, "entry");
  if (arguments.contains("chunk")) {
    const json &chunk = arguments["chunk"];
    if (!chunk.is_number_integer() || chunk.get<int64_t>() < 1) {
      throw ArgumentError("launch argument `chunk` must be a positive integer (1 = the first `// -----` chunk)");
    }
    out.settings.chunk = static_cast<size_t>(chunk.get<int64_t>());
  }
  if (arguments.contains("stopOnEntry")) {
    if (!arguments["stopOnEntry"].is_boolean()) throw ArgumentError("launch argument `stopOnEntry` must be a boolean");
    out.settings.stopOnEntry = arguments["stopOnEntry"].get<bool>();
  }
  if (arguments.contains("args")) {
    const json &args = arguments["args"];
    std::string literal;
    if (args.is_string()) {
      literal = args.get<std::string>();
    } else if (args.is_array()) {
      for (const json &a : args) {
        if (!a.is_string()) throw ArgumentError("launch argument `args` must be an array of strings");
      }
      if (args.size() == 1 && args[0].get<std::string>().find_first_not_of(" \t") != std::string::npos &&
          args[0].get<std::string>()[args[0].get<std::string>().find_first_not_of(" \t")] == '[') {
        literal = args[0].get<std::string>();
      } else if (!args.empty()) {
        literal = "[";
        for (size_t i = 0; i < args.size(); ++i) literal += (i ? ", " : "") + args[i].get<std::string>();
        literal += "]";
      }
    } else {
      throw ArgumentError("launch argument `args` must be an array of strings");
    }
    if (!literal.empty()) {
      try {
        out.settings.inputs.args = interpreter::parseArgsLiteral(literal);
      } catch (const interpreter::RuntimeError &e) {
        throw ArgumentError(std::string("launch argument `args`: ") + e.what());
      }
    }
  }
  if (arguments.contains("inputs")) {
    const json &inputs = arguments["inputs"];
    if (inputs.is_array()) {
      for (const json &spec : inputs) {
        if (!spec.is_string()) throw ArgumentError("launch argument `inputs` must be an array of strings");
        std::string text = spec.get<std::string>();
        size_t eq = text.find('=');
        if (eq == std::string::npos) {
          text = resolve(text, cwd);
        } else {
          text = text.substr(0, eq + 1) + resolve(text.substr(eq + 1), cwd);
        }
        out.settings.inputs.inputSpecs.push_back(text);
      }
    } else if (inputs.is_object()) {
      for (const auto &[name, path] : inputs.items()) {
        if (!path.is_string()) throw ArgumentError("launch argument `inputs`: the path of `" + name + "` must be a string");
        out.settings.inputs.inputSpecs.push_back(name + "=" + resolve(path.get<std::string>(), cwd));
      }
    } else {
      throw ArgumentError("launch argument `inputs` must be an array of `NAME=file.npy` or `file.npz` strings");
    }
  }
  if (arguments.contains("elided")) {
    std::string text = stringField(arguments, "elided");
    std::optional<interpreter::ElidedFill> fill = interpreter::parseElidedFill(text);
    if (!fill) throw ArgumentError("launch argument `elided` must be `zeros` or `random:SEED`, got `" + text + "`");
    out.settings.inputs.elided = *fill;
  }
  if (arguments.contains("threads")) {
    const json &threads = arguments["threads"];
    if (!threads.is_number_integer() || threads.get<int64_t>() < 1 || threads.get<int64_t>() > 256) {
      throw ArgumentError("launch argument `threads` must be an integer from 1 to 256");
    }
    out.kernelThreads = threads.get<int>();
  }
  return out;
}

std::vector<LineBreakpointSpec> parseSourceBreakpoints(const json &arguments) {
  std::vector<LineBreakpointSpec> out;
  if (!arguments.is_object()) throw ArgumentError("setBreakpoints arguments must be an object");
  if (arguments.contains("breakpoints")) {
    const json &list = arguments["breakpoints"];
    if (!list.is_array()) throw ArgumentError("`breakpoints` must be an array");
    for (const json &b : list) {
      if (!b.is_object() || !b.contains("line") || !b["line"].is_number_integer()) {
        throw ArgumentError("each breakpoint needs an integer `line`");
      }
      LineBreakpointSpec spec;
      spec.line = b["line"].get<int>();
      auto text = [&](const char *name) {
        return b.contains(name) && b[name].is_string() ? b[name].get<std::string>() : std::string();
      };
      spec.condition = text("condition");
      spec.hitCondition = text("hitCondition");
      spec.logMessage = text("logMessage");
      out.push_back(spec);
    }
  } else if (arguments.contains("lines") && arguments["lines"].is_array()) {
    for (const json &line : arguments["lines"]) {
      if (!line.is_number_integer()) throw ArgumentError("`lines` must hold integers");
      out.push_back(LineBreakpointSpec{line.get<int>(), "", "", ""});
    }
  }
  return out;
}

namespace {
json sourceOf(const std::string &programPath) {
  return {{"name", std::filesystem::path(programPath).filename().string()}, {"path", programPath}};
}
}  // namespace

json toJson(const BreakpointResult &b, const std::string &programPath) {
  json out = {{"id", b.id}, {"verified", b.verified}, {"line", b.line}};
  if (b.column > 0) out["column"] = b.column;
  if (!b.message.empty()) out["message"] = b.message;
  if (b.verified) out["source"] = sourceOf(programPath);
  return out;
}

json toJson(const StackEntry &f, const std::string &programPath) {
  return {{"id", f.id},           {"name", f.name},           {"source", sourceOf(programPath)},
          {"line", f.line},       {"column", f.column},       {"endLine", f.endLine},
          {"endColumn", f.endColumn}};
}

json toJson(const ScopeEntry &s) {
  return {{"name", s.name},
          {"variablesReference", s.variablesReference},
          {"namedVariables", s.namedVariables},
          {"expensive", false},
          {"presentationHint", s.name == "Locals" ? "locals" : "registers"}};
}

json toJson(const VariableEntry &v) {
  json out = {{"name", v.name}, {"value", v.value}, {"type", v.type}, {"variablesReference", v.variablesReference}};
  if (v.indexedVariables > 0) out["indexedVariables"] = v.indexedVariables;
  if (!v.name.empty() && v.name[0] == '%') out["evaluateName"] = v.name;
  return out;
}

json stoppedBody(const StopInfo &info) {
  json out = {{"reason", stopReasonName(info.reason)},
              {"description", info.description},
              {"threadId", info.threadId},
              {"allThreadsStopped", true}};
  if (!info.text.empty()) out["text"] = info.text;
  if (!info.breakpointIds.empty()) out["hitBreakpointIds"] = info.breakpointIds;
  return out;
}

}  // namespace shlo::dap
