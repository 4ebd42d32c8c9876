// The `shlo` subcommands: each registers its options on the CLI11 app and
// runs as a thin call into the layer that does the work.
#pragma once

#include <CLI/CLI.hpp>

namespace shlo::cli {

/// `shlo parse FILE... [--format=text|json] [--tree] [--summary]`.
/// Exit status 1 on any syntax error, 2 when a file cannot be read.
void registerParseCommand(CLI::App &app, int &exitCode);

/// `shlo check FILE... [--format=text|json] [--split-input-file]`: syntax,
/// lowering and verifier diagnostics. Exit status 1 on any error, 2 when a
/// file cannot be read.
void registerCheckCommand(CLI::App &app, int &exitCode);

/// `shlo lint PATH... [--format=text|json|sarif|github] [--fix] ...`: the
/// linter (LintCommand.cpp). Exit 0 clean, 1 findings, 2 usage or internal error.
void registerLintCommand(CLI::App &app, int &exitCode);

/// `shlo lsp`: the language server over stdio (LspCommand.cpp).
void registerLspCommand(CLI::App &app, int &exitCode);

/// `shlo run FILE ...`: the interpreter (RunCommand.cpp).
void registerRunCommand(CLI::App &app, int &exitCode);

/// `shlo fmt PATH... [-i] [--check] [--generic] [--range FIRST:LAST]` (FmtCommand.cpp). Exit
/// status 1 when --check finds a file to change or a file is refused
/// (syntax error), 2 on unreadable input, usage errors or a failed write.
void registerFmtCommand(CLI::App &app, int &exitCode);

/// `shlo dap`: the debug adapter (DAP) over stdio (DapCommand.cpp).
void registerDapCommand(CLI::App &app, int &exitCode);

/// `shlo debug FILE`: the terminal debugger (DebugCommand.cpp).
void registerDebugCommand(CLI::App &app, int &exitCode);

/// `shlo trace-diff A B`: compares two traces of `shlo run --trace` (TraceDiffCommand.cpp).
void registerTraceDiffCommand(CLI::App &app, int &exitCode);

}  // namespace shlo::cli
