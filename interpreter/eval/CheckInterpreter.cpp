// Evaluators of the CheckInterpreter family: the check dialect, custom_call
// @check.* targets, interpreter.print/probe/run_parallel.
#include <iostream>

#include "interpreter/DenseLiteral.h"
#include "interpreter/Printing.h"
#include "interpreter/Probe.h"
#include "interpreter/eval/EvalSupport.h"

namespace shlo::interpreter {

using namespace support;
using ir::Operation;

namespace {

// The check dialect defaults max_ulp_difference to 1 and tolerance to 1e-4.
// custom_call @check.expect_close / @check.expect_almost_eq carry no
// attributes: StableHLO's runner (stablehlo-translate --interpret, its
// interpreter fallback) checks them with ULPs 0..3 and an absolute 1e-3.
constexpr uint64_t kCheckDialectMaxUlp = 1, kCustomCallMaxUlp = 3;
constexpr double kCheckDialectTolerance = 1e-4, kCustomCallTolerance = 1e-3;

/// interpreter.run_parallel: runs programs[r][p] as process (r, p), each on
/// its own thread with its own evaluator, operands and results flattened in
/// row-major process order. The first real failure (not a process left
/// waiting because of it) is rethrown, naming the process.
std::vector<Value> runParallel(Interpreter &in, const ir::Operation &op, const std::vector<Value> &v) {
  const ir::Attribute &programsAttr = attribute(op, "programs");
  if (programsAttr.kind != ir::Attribute::Kind::Array || programsAttr.elements.empty()) {
    throw RuntimeError("run_parallel: `programs` must be a non-empty list of lists of @functions");
  }
  std::vector<std::vector<std::string>> programs;
  for (const ir::Attribute &row : programsAttr.elements) programs.push_back(symbolList(op, row));
  int64_t R = static_cast<int64_t>(programs.size()), P = static_cast<int64_t>(programs[0].size());
  for (const auto &row : programs) {
    if (static_cast<int64_t>(row.size()) != P || P == 0)
      throw RuntimeError("run_parallel: `programs` rows differ in length");
  }
  auto grid = std::make_shared<ProcessGrid>(R, P);
  if (const ir::Attribute *infeed = op.attribute("infeed")) {
    std::deque<std::vector<Value>> queue;
    for (const std::string &fn : symbolList(op, *infeed)) queue.push_back(in.call(fn, {}));
    grid->setInfeed(std::move(queue));
  }
  // Split the operands by each program's arity.
  std::vector<const ir::Operation *> functions;
  std::vector<std::vector<Value>> arguments;
  size_t next = 0;
  for (int64_t i = 0; i < R * P; ++i) {
    const std::string &name = programs[i / P][i % P];
    const ir::Operation *fn = findFunction(in.module(), name);
    if (!fn || fn->regions.empty() || fn->regions[0]->blocks.empty())
      throw RuntimeError("run_parallel: no function named @" + name);
    size_t arity = fn->regions[0]->blocks[0]->arguments.size();
    if (next + arity > v.size()) throw RuntimeError("run_parallel: too few inputs for the programs' arguments");
    functions.push_back(fn);
    arguments.emplace_back(v.begin() + static_cast<std::ptrdiff_t>(next),
                           v.begin() + static_cast<std::ptrdiff_t>(next + arity));
    next += arity;
  }
  if (next != v.size()) throw RuntimeError("run_parallel: more inputs than the programs take");
  std::vector<Value> out;
  for (const std::vector<Value> &r : runProcesses(in, grid, functions, arguments))
    out.insert(out.end(), r.begin(), r.end());
  return out;
}

/// The defaults of the attributes a check may leave out: the check
/// dialect's, or those StableHLO's runner gives the custom_call spelling.
struct CheckDefaults {
  uint64_t maxUlp;
  double tolerance;
};
constexpr CheckDefaults kCheckDialect{kCheckDialectMaxUlp, kCheckDialectTolerance};
constexpr CheckDefaults kCustomCall{kCustomCallMaxUlp, kCustomCallTolerance};

void runCheck(Interpreter &in, const ir::Operation &op, const std::string &kind, const Tensor &actual,
              const Tensor &expected, CheckDefaults defaults) {
  in.countCheck();
  if (kind == "eq") {
    evalExpectEq(actual, expected);
  } else if (kind == "almost_eq") {
    evalExpectAlmostEq(actual, expected, floatAttribute(op, "tolerance", defaults.tolerance));
  } else if (kind == "close") {
    const ir::Attribute *maxUlp = op.attribute("max_ulp_difference");
    const ir::Attribute *minUlp = op.attribute("min_ulp_difference");
    uint64_t max = maxUlp ? static_cast<uint64_t>(maxUlp->integer) : defaults.maxUlp;
    uint64_t min = minUlp ? static_cast<uint64_t>(minUlp->integer) : 0;
    evalExpectClose(actual, expected, max, min);
  }
}

Tensor constValue(const ir::Operation &op, const Tensor &like) {
  const ir::Attribute &v = attribute(op, "value");
  if (v.kind != ir::Attribute::Kind::DenseElements)
    throw UnsupportedOp(op.name + ": only dense<...> expected values are supported");
  return decodeDenseLiteral(v.literal(), v.type ? *v.type : like.type());
}

}  // namespace

void registerCheckInterpreterEvaluators(EvalTable &table) {
  table.add({
      {"interpreter.run_parallel",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &) { return runParallel(in, op, v); }},
      {"interpreter.print",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &) {
         std::ostream &out = in.options().printOutput ? *in.options().printOutput : std::cout;
         evalPrint(out, op.operands.empty() || !op.operands[0] ? "%?" : op.operands[0]->name, operandTensor(op, v, 0));
         return std::vector<Value>{};
       }},
      {"interpreter.probe",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &) {
         in.options().probes->probe(attribute(op, "probe_id").text, operandTensor(op, v, 0));
         return std::vector<Value>{v[0]};
       }},
      {"check.expect_serialized_eq",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &) {
         in.countCheck();
         int64_t iter = op.attribute("iter") ? intAttribute(op, "iter") : 0;
         in.options().probes->expectSerializedEq(attribute(op, "probe_id").text, iter, operandTensor(op, v, 0));
         return std::vector<Value>{};
       }},
      {"check.expect_eq",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &) {
         runCheck(in, op, "eq", operandTensor(op, v, 0), operandTensor(op, v, 1), kCheckDialect);
         return std::vector<Value>{};
       }},
      {"check.expect_eq_const",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &) {
         const Tensor &a = operandTensor(op, v, 0);
         runCheck(in, op, "eq", a, constValue(op, a), kCheckDialect);
         return std::vector<Value>{};
       }},
      {"check.expect_almost_eq",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &) {
         runCheck(in, op, "almost_eq", operandTensor(op, v, 0), operandTensor(op, v, 1), kCheckDialect);
         return std::vector<Value>{};
       }},
      {"check.expect_almost_eq_const",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &) {
         const Tensor &a = operandTensor(op, v, 0);
         runCheck(in, op, "almost_eq", a, constValue(op, a), kCheckDialect);
         return std::vector<Value>{};
       }},
      {"check.expect_close",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &) {
         runCheck(in, op, "close", operandTensor(op, v, 0), operandTensor(op, v, 1), kCheckDialect);
         return std::vector<Value>{};
       }},
      {"check.expect_is_close",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &) {
         in.countCheck();
         const Tensor *samples = v.size() > 3 ? &operandTensor(op, v, 3) : nullptr;
         evalExpectIsClose(operandTensor(op, v, 0), operandTensor(op, v, 1), operandTensor(op, v, 2), samples);
         return std::vector<Value>{};
       }},
  });
  // custom_call @check.*: StableHLO's testdata spelling of the checks.
  table.addCustomCallTarget(
      "check.expect_eq", [](Interpreter &in, const ir::Operation &op, const std::vector<Value> &v, Env &) {
        runCheck(in, op, "eq", operandTensor(op, v, 0), operandTensor(op, v, 1), kCustomCall);
        return std::vector<Value>{};
      });
  table.addCustomCallTarget(
      "check.expect_almost_eq", [](Interpreter &in, const ir::Operation &op, const std::vector<Value> &v, Env &) {
        runCheck(in, op, "almost_eq", operandTensor(op, v, 0), operandTensor(op, v, 1), kCustomCall);
        return std::vector<Value>{};
      });
  table.addCustomCallTarget(
      "check.expect_close", [](Interpreter &in, const ir::Operation &op, const std::vector<Value> &v, Env &) {
        runCheck(in, op, "close", operandTensor(op, v, 0), operandTensor(op, v, 1), kCustomCall);
        return std::vector<Value>{};
      });
  table.addCustomCallTarget("check.eq",
                            [](Interpreter &in, const ir::Operation &op, const std::vector<Value> &v, Env &) {
                              // The older form returns whether the operands match and fails the
                              // run when they do not. As in StableHLO's runner, integer (and i1)
                              // elements compare exactly and everything else with expect_almost_eq's
                              // default tolerance: JAX's expected values are not bit-exact.
                              const Tensor &actual = operandTensor(op, v, 0), &expected = operandTensor(op, v, 1);
                              in.countCheck();
                              if (expected.type().element().isInteger()) {
                                evalExpectEq(actual, expected);
                              } else {
                                evalExpectAlmostEq(actual, expected, kCheckDialectTolerance);
                              }
                              Tensor r(resultTypeOf(op));
                              for (int64_t i = 0; i < r.numElements(); ++i) r.data<bool>()[i] = true;
                              return one(r);
                            });
}

}  // namespace shlo::interpreter
