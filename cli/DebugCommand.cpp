// `shlo debug FILE [run options]`: a terminal debugger with gdb's commands
// over the same DebugSession as `shlo dap` (dap/DebugSession.h). Line
// editing, history and tab completion (of commands and value names) come
// from libedit's readline interface.
#include <editline/readline.h>

#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <iostream>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

#include "cli/Commands.h"
#include "dap/DebugSession.h"
#include "interpreter/Errors.h"
#include "interpreter/io/ArgsLiteral.h"

namespace shlo::cli {

namespace {

struct DebugOptions {
  std::string file, entry, args, elided;
  std::vector<std::string> inputs;
};

/// What the run reports, handed from its thread to the prompt's.
class TerminalEvents : public dap::SessionEvents {
 public:
  void stopped(const dap::StopInfo &info) override {
    std::lock_guard<std::mutex> lock(mutex_);
    stops_.push_back(info);
    changed_.notify_all();
  }
  void output(const std::string &category, const std::string &text) override {
    std::lock_guard<std::mutex> lock(mutex_);
    (category == "stderr" ? std::cerr : std::cout) << text << std::flush;
  }
  void exited(int exitCode) override {
    std::lock_guard<std::mutex> lock(mutex_);
    exitCode_ = exitCode;
    exited_ = true;
    changed_.notify_all();
  }
  /// Waits for the next stop (returned) or the end of the run (nullopt).
  std::optional<dap::StopInfo> wait() {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return !stops_.empty() || exited_; });
    if (stops_.empty()) return std::nullopt;
    dap::StopInfo info = stops_.front();
    stops_.pop_front();
    return info;
  }
  bool exited() {
    std::lock_guard<std::mutex> lock(mutex_);
    return exited_;
  }
  int exitCode() {
    std::lock_guard<std::mutex> lock(mutex_);
    return exitCode_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<dap::StopInfo> stops_;
  bool exited_ = false;
  int exitCode_ = 0;
};

const char *const kCommands[] = {"break", "delete", "run", "next", "step", "finish", "continue", "back", "print",
                                 "info", "backtrace", "watch", "display", "undisplay", "help", "quit", nullptr};

const char kHelp[] =
    "Commands (unique prefixes work; an empty line repeats next/step):\n"
    "  break LINE [if COND]   stop before the op on LINE (or the first after it) when COND holds\n"
    "  break @FUNCTION        stop at the first op of each call of FUNCTION\n"
    "  delete                 remove every breakpoint\n"
    "  run                    start the program\n"
    "  next | step | finish   one op over regions and calls | into them | out of this region or call\n"
    "  continue               run to the next stop\n"
    "  back                   one op back through the history of recent ops\n"
    "  print EXPR             a value, slice or reduction: %x, %x[0, :, 1:3], max(abs(%x)), any(isnan(%x))\n"
    "  info locals            the values in scope; info breakpoints: the breakpoints\n"
    "  backtrace              the ops and regions the run is in\n"
    "  watch nan | inf        stop after the first op producing a NaN or infinity | an infinity\n"
    "  watch check | error    stop at a failed check | a runtime error\n"
    "  display EXPR           print EXPR at every stop; undisplay: stop displaying\n"
    "  quit                   end the session\n";

dap::DebugSession *completionSession = nullptr;

char *completeWord(const char *text, int state) {
  static std::vector<std::string> matches;
  static size_t next = 0;
  if (state == 0) {
    matches.clear();
    next = 0;
    std::string prefix(text);
    std::string line(rl_line_buffer ? rl_line_buffer : "");
    bool first = line.find_first_not_of(' ') == std::string::npos ||
                 line.find(' ', line.find_first_not_of(' ')) == std::string::npos;
    if (first) {
      for (const char *const *c = kCommands; *c; ++c) {
        if (std::string(*c).rfind(prefix, 0) == 0) matches.push_back(*c);
      }
    } else if (completionSession) {
      for (const std::string &name : completionSession->namesInScope()) {
        if (name.rfind(prefix, 0) == 0) matches.push_back(name);
      }
    }
  }
  if (next >= matches.size()) return nullptr;
  return strdup(matches[next++].c_str());
}

char **complete(const char *text, int, int) {
  rl_attempted_completion_over = 1;
  return rl_completion_matches(text, completeWord);
}

class Debugger {
 public:
  Debugger(dap::DebugSession &session, TerminalEvents &events) : session_(session), events_(events) {}

  int loop() {
    completionSession = &session_;
    rl_attempted_completion_function = complete;
    rl_completer_word_break_characters = const_cast<char *>(" \t([,+-*/<>=!&|");
    std::string last;
    for (;;) {
      char *raw = readline("(shlo) ");
      if (!raw) break;  // End of input.
      std::string line(raw);
      std::free(raw);
      if (line.find_first_not_of(" \t") == std::string::npos) {
        if (last != "next" && last != "step") continue;
        line = last;
      } else {
        add_history(line.c_str());
      }
      std::string command = line.substr(line.find_first_not_of(" \t"));
      std::string word = command.substr(0, command.find(' '));
      std::string rest = command.size() > word.size() ? command.substr(word.size() + 1) : "";
      rest.erase(0, rest.find_first_not_of(" \t"));
      if (matches(word, "quit", 1)) break;
      try {
        execute(word, rest);
      } catch (const dap::SessionError &e) {
        std::cout << "error: " << e.what() << "\n";
      }
      last = matches(word, "next", 1) ? "next" : matches(word, "step", 1) ? "step" : "";
    }
    session_.terminate();
    return events_.exited() ? events_.exitCode() : 0;
  }

 private:
  static bool matches(const std::string &word, const std::string &command, size_t shortest) {
    return word.size() >= shortest && command.rfind(word, 0) == 0;
  }

  void execute(const std::string &word, const std::string &rest) {
    if (matches(word, "help", 1)) {
      std::cout << kHelp;
    } else if (matches(word, "break", 1)) {
      addBreakpoint(rest);
    } else if (matches(word, "delete", 1)) {
      lineSpecs_.clear();
      functionNames_.clear();
      session_.setLineBreakpoints({});
      session_.setFunctionBreakpoints({});
      std::cout << "every breakpoint removed\n";
    } else if (matches(word, "run", 1)) {
      if (session_.started()) throw dap::SessionError("the program runs already (continue, or quit)");
      session_.start();
      waitForStop();
    } else if (matches(word, "continue", 1)) {
      resume(dap::DebugSession::Step::Continue);
    } else if (matches(word, "next", 1)) {
      resume(dap::DebugSession::Step::Over);
    } else if (matches(word, "step", 1)) {
      resume(dap::DebugSession::Step::In);
    } else if (matches(word, "finish", 3)) {
      resume(dap::DebugSession::Step::Out);
    } else if (matches(word, "back", 2)) {
      report(session_.stepBack());
    } else if (matches(word, "print", 1)) {
      std::cout << session_.evaluate(rest).value << "\n";
    } else if (matches(word, "info", 1)) {
      if (matches(rest, "breakpoints", 1)) {
        for (size_t i = 0; i < lineSpecs_.size(); ++i) {
          std::cout << "line " << lineSpecs_[i].line
                    << (lineSpecs_[i].condition.empty() ? "" : " if " + lineSpecs_[i].condition) << "\n";
        }
        for (const std::string &f : functionNames_) std::cout << "@" << f << "\n";
      } else {
        printLocals();
      }
    } else if (matches(word, "backtrace", 2) || word == "bt" || word == "where") {
      int level = 0;
      for (const dap::StackEntry &frame : session_.stackTrace()) {
        std::cout << "#" << level++ << "  " << frame.name << " at " << session_.source().path() << ":" << frame.line
                  << "\n";
      }
    } else if (matches(word, "watch", 1)) {
      // `watch nan` is the NaN and the infinity filters together (the
      // terminal's shorthand), `watch inf` the infinity filter alone.
      if (rest == "nan") filters_.nan = filters_.infinity = true;
      else if (rest == "inf" || rest == "infinity") filters_.infinity = true;
      else if (rest == "check") filters_.check = true;
      else if (rest == "error") filters_.error = true;
      else throw dap::SessionError("watch takes `nan`, `inf`, `check` or `error`");
      session_.setExceptionFilters(filters_);
      std::cout << "stopping at the first "
                << (rest == "nan"     ? "NaN or infinity produced"
                    : rest == "check" ? "failed check"
                    : rest == "error" ? "runtime error"
                                      : "infinity produced")
                << "\n";
    } else if (matches(word, "display", 2)) {
      if (rest.empty()) throw dap::SessionError("display takes an expression");
      displays_.push_back(rest);
      if (session_.paused()) showDisplays();
    } else if (matches(word, "undisplay", 3)) {
      displays_.clear();
    } else {
      throw dap::SessionError("unknown command `" + word + "` (help lists them)");
    }
  }

  void addBreakpoint(const std::string &rest) {
    if (rest.empty()) throw dap::SessionError("break takes a line or @function");
    if (rest[0] == '@' || !std::isdigit(static_cast<unsigned char>(rest[0]))) {
      std::vector<std::string> names = functionNames_;
      names.push_back(rest[0] == '@' ? rest.substr(1) : rest);
      std::vector<dap::BreakpointResult> placed = session_.setFunctionBreakpoints(names);
      if (!placed.back().verified) throw dap::SessionError(placed.back().message);
      functionNames_ = names;
      std::cout << "breakpoint at @" << names.back() << "\n";
      return;
    }
    dap::LineBreakpointSpec spec;
    size_t cond = rest.find(" if ");
    spec.line = std::atoi(rest.substr(0, cond).c_str());
    if (cond != std::string::npos) spec.condition = rest.substr(cond + 4);
    std::vector<dap::LineBreakpointSpec> specs = lineSpecs_;
    specs.push_back(spec);
    std::vector<dap::BreakpointResult> placed = session_.setLineBreakpoints(specs);
    if (!placed.back().verified) {
      session_.setLineBreakpoints(lineSpecs_);
      throw dap::SessionError(placed.back().message);
    }
    lineSpecs_ = specs;
    std::cout << "breakpoint " << lineSpecs_.size() << " at line " << placed.back().line << "\n";
  }

  void resume(dap::DebugSession::Step step) {
    if (!session_.started()) throw dap::SessionError("the program is not running (run starts it)");
    if (events_.exited()) throw dap::SessionError("the program has ended");
    if (std::optional<dap::StopInfo> stop = session_.resume(step)) {
      report(*stop);
      return;
    }
    waitForStop();
  }

  void waitForStop() {
    std::optional<dap::StopInfo> stop = events_.wait();
    if (!stop) {
      std::cout << "the program ended with exit code " << events_.exitCode() << "\n";
      return;
    }
    report(*stop);
  }

  void report(const dap::StopInfo &stop) {
    std::vector<dap::StackEntry> frames = session_.stackTrace();
    std::string reason = stop.description;
    if (!stop.text.empty()) reason += ": " + stop.text;
    std::cout << "stopped (" << reason << ")";
    if (!frames.empty()) {
      const dap::StackEntry &top = frames.front();
      std::cout << " in " << top.name << "\n";
      std::string_view text = session_.source().lineText(static_cast<uint32_t>(top.line - 1));
      std::cout << top.line << "\t" << text << "\n";
    } else {
      std::cout << "\n";
    }
    showDisplays();
  }

  void showDisplays() {
    for (size_t i = 0; i < displays_.size(); ++i) {
      std::cout << i + 1 << ": " << displays_[i] << " = ";
      try {
        std::cout << session_.evaluate(displays_[i]).value << "\n";
      } catch (const dap::SessionError &e) {
        std::cout << "<" << e.what() << ">\n";
      }
    }
  }

  void printLocals() {
    std::vector<dap::ScopeEntry> scopes = session_.scopes(0);
    for (const dap::ScopeEntry &scope : scopes) {
      if (scope.name != "Locals" && scopes.size() > 1) continue;
      for (const dap::VariableEntry &v : session_.variables(scope.variablesReference)) {
        std::cout << v.name << " = " << v.value << "\n";
      }
    }
  }

  dap::DebugSession &session_;
  TerminalEvents &events_;
  std::vector<dap::LineBreakpointSpec> lineSpecs_;
  std::vector<std::string> functionNames_;
  std::vector<std::string> displays_;
  dap::ExceptionFilters filters_;
};

int debugFile(const DebugOptions &options) {
  dap::LaunchSettings settings;
  settings.programPath = options.file;
  settings.entry = options.entry;
  settings.inputs.inputSpecs = options.inputs;
  if (!options.elided.empty()) {
    std::optional<interpreter::ElidedFill> fill = interpreter::parseElidedFill(options.elided);
    if (!fill) {
      std::cerr << "shlo debug: error: --elided must be `zeros` or `random:SEED`\n";
      return 2;
    }
    settings.inputs.elided = *fill;
  }
  if (!options.args.empty()) {
    try {
      settings.inputs.args = interpreter::parseArgsLiteral(options.args);
    } catch (const interpreter::RuntimeError &e) {
      std::cerr << "shlo debug: error: " << e.what() << "\n";
      return 2;
    }
  }
  TerminalEvents events;
  dap::DebugSession session(events);
  try {
    session.load(settings);
  } catch (const dap::SessionError &e) {
    std::cerr << "shlo debug: error: " << e.what() << "\n";
    return 2;
  }
  std::cout << "shlo debug: " << options.file << " loaded; `help` lists the commands, `run` starts it\n";
  Debugger debugger(session, events);
  return debugger.loop();
}

}  // namespace

void registerDebugCommand(CLI::App &app, int &exitCode) {
  auto options = std::make_shared<DebugOptions>();
  CLI::App *command = app.add_subcommand("debug", "Debug a StableHLO program in the terminal (gdb-like commands)");
  command->add_option("file", options->file, "StableHLO .mlir file")->required();
  command->add_option("--entry", options->entry, "The function to run");
  command->add_option("--args", options->args, "Inputs by position, as `shlo run --args`");
  command->add_option("--input", options->inputs, "An input file, as `shlo run --input`; repeatable")
      ->allow_extra_args(false);
  command->add_option("--elided", options->elided, "Fill elided constants and arguments: zeros or random:SEED");
  command->callback([options, &exitCode] { exitCode = debugFile(*options); });
}

}  // namespace shlo::cli
