// shlo: developer tooling for StableHLO. One binary, one subcommand per tool.
#include <CLI/CLI.hpp>

#include "cli/Commands.h"

int main(int argc, char **argv) {
  CLI::App app{"shlo: developer tooling for StableHLO programs (.mlir)"};
  app.set_version_flag("--version", std::string("shlo ") + SHLO_VERSION);
  app.require_subcommand(1);
  int exitCode = 0;
  shlo::cli::registerParseCommand(app, exitCode);
  shlo::cli::registerCheckCommand(app, exitCode);
  shlo::cli::registerLspCommand(app, exitCode);
  shlo::cli::registerRunCommand(app, exitCode);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError &e) {
    // --help and --version exit 0; a bad command line is usage error 2, as
    // an unreadable input is (CLI11's own codes run past 100).
    int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }
  return exitCode;
}
