#include <iostream>

#include "cli/Commands.h"

namespace shlo::cli {

void registerLspCommand(CLI::App &app, int &exitCode) {
  CLI::App *command = app.add_subcommand("lsp", "Run the language server over stdio (not implemented yet)");
  command->callback([&exitCode] {
    std::cerr << "shlo lsp: not implemented yet\n";
    exitCode = 2;
  });
}

}  // namespace shlo::cli
