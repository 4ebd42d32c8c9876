// Evaluators of the Reductions family: reduce, reduce_window,
// select_and_scatter, sort, map: bodies run as region functions, single-fold
// bodies as typed loops.
#include "interpreter/eval/EvalSupport.h"

namespace shlo::interpreter {

using namespace support;
using ir::Operation;

void registerReductionsEvaluators(EvalTable &table) {
  table.add({
      {"stablehlo.reduce",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &env) {
         if (op.regions.size() != 1) throw RuntimeError("reduce: expected one body region");
         size_t n = v.size() / 2;
         std::vector<Tensor> inputs, inits;
         for (size_t i = 0; i < n; ++i) inputs.push_back(operandTensor(op, v, i));
         for (size_t i = n; i < 2 * n; ++i) inits.push_back(operandTensor(op, v, i));
         std::vector<ir::Type> types;
         for (const ir::Value *r : op.results) types.push_back(r->type);
         const ir::Region &region = *op.regions[0];
         BodyFn body = [&](const std::vector<Tensor> &args) {
           return tensorsOf(op, in.runRegion(region, std::vector<Value>(args.begin(), args.end()), env));
         };
         std::vector<Tensor> results =
             evalReduce(inputs, inits, requiredInts(op, "dimensions"), body, fastBodyOf(region), types);
         return std::vector<Value>(results.begin(), results.end());
       }},
      {"stablehlo.reduce_window",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &env) {
         if (op.regions.size() != 1 || v.size() % 2 != 0)
           throw RuntimeError("reduce_window: expected inputs, init values and one body");
         size_t n = v.size() / 2;
         std::vector<Tensor> inputs, inits;
         for (size_t i = 0; i < n; ++i) inputs.push_back(operandTensor(op, v, i));
         for (size_t i = n; i < 2 * n; ++i) inits.push_back(operandTensor(op, v, i));
         int64_t rank = inputs.empty() ? 0 : inputs[0].rank();
         Window w;
         w.windowDimensions = requiredInts(op, "window_dimensions");
         w.windowStrides = intsAttribute(op, "window_strides");
         w.baseDilations = intsAttribute(op, "base_dilations");
         w.windowDilations = intsAttribute(op, "window_dilations");
         w.padding = paddingAttribute(op);
         if (w.windowStrides.empty()) w.windowStrides.assign(rank, 1);
         if (w.baseDilations.empty()) w.baseDilations.assign(rank, 1);
         if (w.windowDilations.empty()) w.windowDilations.assign(rank, 1);
         if (w.padding.empty()) w.padding.assign(rank, {0, 0});
         const ir::Region &region = *op.regions[0];
         BodyFn body = [&](const std::vector<Tensor> &args) {
           return tensorsOf(op, in.runRegion(region, std::vector<Value>(args.begin(), args.end()), env));
         };
         return valuesOf(evalReduceWindow(inputs, inits, w, body, fastBodyOf(region), resultTypesOf(op)));
       }},
      {"stablehlo.select_and_scatter",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &env) {
         if (op.regions.size() != 2) throw RuntimeError("select_and_scatter: expected select and scatter regions");
         const Tensor &operand = operandTensor(op, v, 0);
         Shape strides = intsAttribute(op, "window_strides");
         if (strides.empty()) strides.assign(operand.rank(), 1);
         std::vector<std::pair<int64_t, int64_t>> padding = paddingAttribute(op);
         if (padding.empty()) padding.assign(operand.rank(), {0, 0});
         const ir::Region &selectRegion = *op.regions[0], &scatterRegion = *op.regions[1];
         BodyFn select = [&](const std::vector<Tensor> &args) {
           return tensorsOf(op, in.runRegion(selectRegion, std::vector<Value>(args.begin(), args.end()), env));
         };
         BodyFn scatter = [&](const std::vector<Tensor> &args) {
           return tensorsOf(op, in.runRegion(scatterRegion, std::vector<Value>(args.begin(), args.end()), env));
         };
         return one(evalSelectAndScatter(operand, operandTensor(op, v, 1), operandTensor(op, v, 2),
                                         requiredInts(op, "window_dimensions"), strides, padding, select, scatter,
                                         resultTypeOf(op)));
       }},
      {"stablehlo.sort",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &env) {
         if (op.regions.size() != 1) throw RuntimeError("sort: expected one comparator region");
         std::vector<Tensor> inputs;
         for (size_t i = 0; i < v.size(); ++i) inputs.push_back(operandTensor(op, v, i));
         int64_t dimension = op.attribute("dimension") ? intAttribute(op, "dimension") : -1;
         bool stable = op.attribute("is_stable") && intAttribute(op, "is_stable") != 0;
         const ir::Region &region = *op.regions[0];
         BodyFn comparator = [&](const std::vector<Tensor> &args) {
           return tensorsOf(op, in.runRegion(region, std::vector<Value>(args.begin(), args.end()), env));
         };
         return valuesOf(evalSort(inputs, dimension, stable, comparator, resultTypesOf(op)));
       }},
      {"stablehlo.map",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &env) {
         if (op.regions.size() != 1) throw RuntimeError("map: expected one body region");
         Tensor out(resultTypeOf(op));
         size_t es = storageSize(out.kind());
         for (int64_t i = 0; i < out.numElements(); ++i) {
           std::vector<Value> args;
           for (size_t k = 0; k < v.size(); ++k) {
             const Tensor &t = operandTensor(op, v, k);
             Tensor s(t.type().withShape({}));
             size_t ts = storageSize(t.kind());
             std::copy(t.bytes() + i * ts, t.bytes() + (i + 1) * ts, s.bytes());
             args.emplace_back(std::move(s));
           }
           std::vector<Value> r = in.runRegion(*op.regions[0], args, env);
           if (r.size() != 1 || r[0].kind != Value::Kind::Tensor)
             throw RuntimeError("map: the body must return one tensor");
           std::copy(r[0].tensor.bytes(), r[0].tensor.bytes() + es, out.bytes() + i * es);
         }
         return one(out);
       }},
  });
}

}  // namespace shlo::interpreter
