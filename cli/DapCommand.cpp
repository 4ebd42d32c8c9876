#include <malloc.h>
#include <unistd.h>

#include <iostream>

#include "cli/Commands.h"
#include "dap/Server.h"
#include "protocol/Transport.h"

namespace shlo::cli {

void registerDapCommand(CLI::App &app, int &exitCode) {
  CLI::App *command =
      app.add_subcommand("dap", "Run the debug adapter (Debug Adapter Protocol) over stdin and stdout");
  command->callback([&exitCode] {
    // stdout belongs to the transport alone; anything else printed by
    // mistake goes to stderr instead of corrupting the framing.
    std::ios::sync_with_stdio(false);
    std::cout.rdbuf(std::cerr.rdbuf());
    // As under `shlo run`: every op's result is a fresh buffer, which glibc
    // would map afresh and unmap when freed, faulting its pages in again.
    mallopt(M_MMAP_THRESHOLD, 1 << 30);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    protocol::Transport transport(std::cin, STDOUT_FILENO);
    dap::Server server(transport);
    exitCode = server.run();
  });
}

}  // namespace shlo::cli
