#include <malloc.h>
#include <unistd.h>

#include <iostream>

#include "cli/Commands.h"
#include "lsp/Log.h"
#include "lsp/Server.h"

namespace shlo::cli {

void registerLspCommand(CLI::App &app, int &exitCode) {
  CLI::App *command = app.add_subcommand("lsp", "Run the language server (LSP 3.17) over stdin and stdout");
  // What language clients pass: VS Code's `--stdio` (the only transport,
  // so accepted as is) and `--clientProcessId`.
  static bool stdio = false;
  static std::string logFile, logLevel = "info";
  static int clientProcessId = 0;
  command->add_flag("--stdio", stdio, "Talk LSP over stdin and stdout (the default and only transport)");
  command->add_option("--clientProcessId", clientProcessId, "The client's process id (accepted, unused)");
  command->add_option("--log", logFile, "Append the log to FILE instead of stderr");
  command->add_option("--log-level", logLevel, "How much to log: error, info or verbose (each request and its time)")
      ->check(CLI::IsMember({"error", "warning", "info", "verbose", "debug", "trace"}));
  command->callback([&exitCode] {
    if (!lsp::configureLog(*lsp::parseLogLevel(logLevel), logFile)) {
      std::cerr << "shlo lsp: cannot open the log file " << logFile << "; logging to stderr\n";
    }
    // stdout belongs to the transport alone (it writes the file descriptor
    // directly); stdin is read through an unsynchronised, faster cin.
    std::ios::sync_with_stdio(false);
    // Every analysed version of a document owns a copy of its text. glibc
    // maps blocks over 32 MB afresh each time, and gives freed heap back to
    // the system, so each copy faults every page in again (100+ ms for
    // 40 MB here). Kept in the heap, a freed version's block is reused.
    mallopt(M_MMAP_THRESHOLD, 1 << 30);
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
    lsp::Transport transport(std::cin, STDOUT_FILENO);
    lsp::Server server(transport);
    exitCode = server.run();
  });
}

}  // namespace shlo::cli
