#include <unistd.h>

#include <iostream>

#include "cli/Commands.h"
#include "lsp/Server.h"

namespace shlo::cli {

void registerLspCommand(CLI::App &app, int &exitCode) {
  CLI::App *command = app.add_subcommand("lsp", "Run the language server (LSP 3.17) over stdin and stdout");
  command->callback([&exitCode] {
    // stdout belongs to the transport alone (it writes the file descriptor
    // directly); stdin is read through an unsynchronised, faster cin.
    std::ios::sync_with_stdio(false);
    lsp::Transport transport(std::cin, STDOUT_FILENO);
    lsp::Server server(transport);
    exitCode = server.run();
  });
}

}  // namespace shlo::cli
