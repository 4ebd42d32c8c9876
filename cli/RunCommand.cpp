#include <iostream>

#include "cli/Commands.h"

namespace shlo::cli {

void registerRunCommand(CLI::App &app, int &exitCode) {
  CLI::App *command = app.add_subcommand("run", "Interpret a StableHLO program (not implemented yet)");
  command->callback([&exitCode] {
    std::cerr << "shlo run: not implemented yet\n";
    exitCode = 2;
  });
}

}  // namespace shlo::cli
