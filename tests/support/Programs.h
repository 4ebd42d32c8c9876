// Test helper: a StableHLO program through the real pipeline (parse, lower,
// verify) and the interpreter.
#pragma once

#include <string>
#include <vector>

#include "interpreter/Interpreter.h"
#include "semantic/analysis/Analysis.h"

namespace shlo::test {

/// Analyses `text` into `keep` (which owns the IR); fails the current test on
/// any error diagnostic. Returns the module.
const ir::Module &loadProgram(const std::string &text, analysis::Analysis &keep);

/// Loads `text` as above and runs `function` with `arguments`.
interpreter::FunctionOutcome runProgram(const std::string &text, analysis::Analysis &keep,
                                        const std::string &function = "main",
                                        const std::vector<interpreter::Value> &arguments = {});

}  // namespace shlo::test
