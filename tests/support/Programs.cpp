#include "tests/support/Programs.h"

#include <gtest/gtest.h>

namespace shlo::test {

const ir::Module &loadProgram(const std::string &text, analysis::Analysis &keep) {
  static syntax::Parser parser;
  keep = analysis::analyze(parser, text);
  for (const Diagnostic &d : keep.diagnostics) EXPECT_NE(d.severity, Severity::Error) << d.message;
  return *keep.lowered.module;
}

interpreter::FunctionOutcome runProgram(const std::string &text, analysis::Analysis &keep, const std::string &function,
                                        const std::vector<interpreter::Value> &arguments) {
  interpreter::Interpreter interp(loadProgram(text, keep));
  return interp.run(function, arguments);
}

}  // namespace shlo::test
