// `shlo trace-diff A B [--rtol R] [--atol A]`: compares two traces of
// `shlo run --trace` op by op (interpreter/session/Trace.h).
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include "cli/Commands.h"
#include "interpreter/Errors.h"
#include "interpreter/session/Trace.h"

namespace shlo::cli {

namespace {

struct TraceDiffOptions {
  std::string a, b;
  double rtol = 1e-5, atol = 1e-8;
};

std::string number(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3g", value);
  return buffer;
}

int diff(const TraceDiffOptions &options) {
  interpreter::TraceComparison comparison;
  try {
    comparison = interpreter::compareTraces(options.a, options.b, options.rtol, options.atol);
  } catch (const std::exception &e) {
    std::cerr << "shlo trace-diff: error: " << e.what() << "\n";
    return 2;
  }
  std::printf("%-6s %-28s %-10s %-6s %-12s %-12s %s\n", "step", "op", "value", "line", "max abs err", "max rel err",
              "");
  for (const interpreter::TraceDifference &d : comparison.rows) {
    std::printf("%-6s %-28s %-10s %-6s %-12s %-12s %s\n", d.step.c_str(), d.op.c_str(), d.value.c_str(), d.line.c_str(),
                number(d.maxAbsError).c_str(), number(d.maxRelError).c_str(),
                d.note.empty() ? (d.exceeds ? "DIFFERS" : "") : d.note.c_str());
  }
  if (comparison.rowsA != comparison.rowsB) {
    std::cout << "the traces have " << comparison.rowsA << " and " << comparison.rowsB << " results\n";
  }
  if (comparison.firstDivergence < 0) {
    std::cout << "no result differs beyond rtol " << options.rtol << ", atol " << options.atol << " ("
              << comparison.rows.size() << " compared)\n";
    return comparison.rowsA == comparison.rowsB ? 0 : 1;
  }
  const interpreter::TraceDifference &first = comparison.rows[static_cast<size_t>(comparison.firstDivergence)];
  std::cout << "first divergence: step " << first.step << ", " << first.op << " " << first.value << " in @"
            << first.function << " at line " << first.line << " (max abs error " << number(first.maxAbsError)
            << ", max rel error " << number(first.maxRelError) << ")\n";
  return 1;
}

}  // namespace

void registerTraceDiffCommand(CLI::App &app, int &exitCode) {
  auto options = std::make_shared<TraceDiffOptions>();
  CLI::App *command = app.add_subcommand(
      "trace-diff", "Compare two traces of `shlo run --trace` op by op: the first op whose results diverge, and a "
                    "per-op table of the largest errors (exit 1 when they diverge)");
  command->add_option("a", options->a, "Folder of the first trace")->required();
  command->add_option("b", options->b, "Folder of the second trace (the reference for --rtol)")->required();
  command->add_option("--rtol", options->rtol, "Relative tolerance (numpy.allclose's; default 1e-5)");
  command->add_option("--atol", options->atol, "Absolute tolerance (default 1e-8)");
  command->callback([options, &exitCode] { exitCode = diff(*options); });
}

}  // namespace shlo::cli
