// Evaluators of the ControlFlow family: func.call, while, if, case,
// optimization_barrier, composite (its decomposition called),
// async_start/async_done (run synchronously), custom_call and the targets it
// passes through.
#include "interpreter/eval/EvalSupport.h"

namespace shlo::interpreter {

using namespace support;
using ir::Operation;

namespace {

/// Targets whose only effect in a single-address-space interpreter is to
/// return their operands (sharding and placement annotations).
const char *const kIdentityTargets[] = {"Sharding",
                                        "SPMDFullToShardShape",
                                        "SPMDShardToFullShape",
                                        "MoveToHost",
                                        "MoveToDevice",
                                        "annotate_device_placement",
                                        "LayoutConstraint",
                                        "xla.sdy.GlobalToLocalShape",
                                        "xla.sdy.LocalToGlobalShape",
                                        "xla.sdy.FuncResultSharding"};

}  // namespace

void registerControlFlowEvaluators(EvalTable &table) {
  table.add({
      {"stablehlo.optimization_barrier",
       [](Interpreter &, const Operation &, const std::vector<Value> &v, Env &) { return v; }},
      {"func.call",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &) {
         const ir::Attribute &callee = attribute(op, "callee");
         return in.call(callee.text, v);
       }},
      {"stablehlo.while",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &env) {
         if (op.regions.size() != 2) throw RuntimeError("while: expected cond and body regions");
         std::vector<Value> state = v;
         int64_t iteration = 0;
         try {
           for (;; ++iteration) {
             // A loop whose regions only return still counts its iterations.
             in.step();
             std::vector<Value> c = in.runRegion(*op.regions[0], state, env, iteration);
             if (c.size() != 1 || !truthOf(op, c[0])) break;
             state = in.runRegion(*op.regions[1], state, env, iteration);
           }
         } catch (const LimitExceeded &e) {
           if (e.atWhile) throw;
           // The innermost loop is what did not end: report it there.
           LimitExceeded atLoop(std::string(e.what()) + ", in iteration " + std::to_string(iteration) +
                                    " of this while",
                                op.range);
           atLoop.opName = op.name;
           atLoop.atWhile = true;
           throw atLoop;
         }
         return state;
       }},
      {"stablehlo.if",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &env) {
         if (op.regions.size() != 2) throw RuntimeError("if: expected two branches");
         return in.runRegion(*op.regions[truthOf(op, v.at(0)) ? 0 : 1], {}, env);
       }},
      {"stablehlo.case",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &env) {
         if (op.regions.empty()) throw RuntimeError("case: no branches");
         int64_t i = operandTensor(op, v, 0).intAt(0);
         if (i < 0 || i >= static_cast<int64_t>(op.regions.size())) i = static_cast<int64_t>(op.regions.size()) - 1;
         return in.runRegion(*op.regions[i], {}, env);
       }},
      {"stablehlo.composite",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &) {
         const ir::Attribute *d = op.attribute("decomposition");
         if (!d || d->kind != ir::Attribute::Kind::SymbolRef)
           throw RuntimeError("composite: missing `decomposition` function");
         return in.call(d->text, v);
       }},
      {"stablehlo.async_start",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &env) {
         // Run now; the future holds the body's results until async_done.
         if (op.regions.size() != 1 || op.regions[0]->blocks.empty())
           throw RuntimeError("async_start: expected one body region");
         const ir::Block &body = *op.regions[0]->blocks[0];
         std::vector<Value> args = body.arguments.empty() ? std::vector<Value>{} : v;
         return std::vector<Value>{Value::tuple(in.runRegion(*op.regions[0], args, env))};
       }},
      {"stablehlo.async_done",
       [](Interpreter &, const Operation &op, const std::vector<Value> &v, Env &) {
         if (v.size() != 1 || v[0].kind != Value::Kind::Tuple)
           throw RuntimeError("async_done: the operand is not a future");
         if (v[0].elements.size() != op.results.size()) {
           throw RuntimeError("async_done: the future holds " + std::to_string(v[0].elements.size()) +
                              " values, the op has " + std::to_string(op.results.size()) + " results");
         }
         return v[0].elements;
       }},
  });
  table.add(
      "stablehlo.custom_call", [](Interpreter &in, const ir::Operation &op, const std::vector<Value> &v, Env &env) {
        std::string target = textAttribute(op, "call_target_name");
        if (const Evaluator *h = evalTable().findCustomCallTarget(target)) return (*h)(in, op, v, env);
        throw UnsupportedOp("custom_call target `" + target +
                            "` is not known to the interpreter (it knows check.expect_eq, check.expect_almost_eq, "
                            "check.expect_close, check.eq and the sharding/placement annotations)");
      });
  // Sharding and placement annotations return their operands: one address space.
  for (const char *target : kIdentityTargets) {
    table.addCustomCallTarget(target, [](Interpreter &, const ir::Operation &op, const std::vector<Value> &v, Env &) {
      if (v.size() != op.results.size()) {
        throw RuntimeError("custom_call @" + textAttribute(op, "call_target_name") + ": takes " +
                           std::to_string(v.size()) + " operands but has " + std::to_string(op.results.size()) +
                           " results");
      }
      for (size_t i = 0; i < v.size(); ++i) {
        const ir::Type &t = resultTypeOf(op, i);
        if (v[i].kind == Value::Kind::Tensor && t.isTensor() && t.ranked() && t.hasStaticShape() &&
            t.shape() != v[i].tensor.shape()) {
          throw RuntimeError("custom_call @" + textAttribute(op, "call_target_name") + ": result #" +
                             std::to_string(i) + " " + t.str() + " has another shape than its operand " +
                             v[i].tensor.type().str() + " (shape-changing sharding needs a process grid)");
        }
      }
      return v;
    });
  }
}

}  // namespace shlo::interpreter
