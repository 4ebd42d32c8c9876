// shlo: developer tooling for StableHLO. One binary, one subcommand per tool.
#include <CLI/CLI.hpp>

#include <exception>
#include <iostream>
#include <new>
#include <string>

#include "cli/Commands.h"
#include "interpreter/kernels/KernelPath.h"

int main(int argc, char **argv) {
  CLI::App app{"shlo: developer tooling for StableHLO programs (.mlir)"};
  // The second line: the instruction sets the kernels chose on this CPU.
  app.set_version_flag("--version", [] {
    return std::string("shlo ") + SHLO_VERSION + "\nkernels: " + shlo::interpreter::kernelIsaSummary();
  });
  app.require_subcommand(1);
  int exitCode = 0;
  shlo::cli::registerParseCommand(app, exitCode);
  shlo::cli::registerCheckCommand(app, exitCode);
  shlo::cli::registerLintCommand(app, exitCode);
  shlo::cli::registerLspCommand(app, exitCode);
  shlo::cli::registerRunCommand(app, exitCode);
  shlo::cli::registerFmtCommand(app, exitCode);
  shlo::cli::registerDapCommand(app, exitCode);
  shlo::cli::registerDebugCommand(app, exitCode);
  shlo::cli::registerTraceDiffCommand(app, exitCode);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError &e) {
    // --help and --version exit 0; a bad command line is usage error 2, as
    // an unreadable input is (CLI11's own codes run past 100).
    int code = app.exit(e);
    return code == 0 ? 0 : 2;
  } catch (const std::bad_alloc &) {
    // Whatever a subcommand did not turn into a diagnostic: a message and
    // the usage/input status, never std::terminate (issue 18). `shlo run`
    // catches its own at run time and exits 1.
    std::cerr << "shlo: error: out of memory\n";
    return 2;
  } catch (const std::exception &e) {
    std::cerr << "shlo: error: " << e.what() << "\n";
    return 2;
  } catch (...) {
    std::cerr << "shlo: error: unknown exception\n";
    return 2;
  }
  return exitCode;
}
