// Evaluators of the Convolution family: convolution, dynamic_conv.
#include "interpreter/eval/EvalSupport.h"
#include "interpreter/kernels/KernelPath.h"

namespace shlo::interpreter {

using namespace support;
using ir::Operation;

ConvolutionParams support::convolutionParams(const ir::Operation &op) {
  ConvolutionParams p;
  p.windowStrides = intsAttribute(op, "window_strides");
  p.lhsDilation = intsAttribute(op, "lhs_dilation");
  p.rhsDilation = intsAttribute(op, "rhs_dilation");
  p.padding = paddingAttribute(op);
  if (const ir::Attribute *r = op.attribute("window_reversal")) {
    auto b = r->booleans();
    if (!b) throw RuntimeError(op.name + ": window_reversal must be a list of booleans");
    p.windowReversal = *b;
  }
  const ir::Attribute &d = attribute(op, "dimension_numbers");
  auto scalar = [&](const char *field) {
    const ir::Attribute *f = d.field(field);
    if (!f || f->kind != ir::Attribute::Kind::Integer) {
      throw RuntimeError(op.name + ": dimension_numbers has no `" + field + "`");
    }
    return f->integer;
  };
  ConvolutionDimensions &c = p.dimensions;
  c.inputBatch = scalar("input_batch_dimension");
  c.inputFeature = scalar("input_feature_dimension");
  c.inputSpatial = fieldInts(d, "input_spatial_dimensions");
  c.kernelInputFeature = scalar("kernel_input_feature_dimension");
  c.kernelOutputFeature = scalar("kernel_output_feature_dimension");
  c.kernelSpatial = fieldInts(d, "kernel_spatial_dimensions");
  c.outputBatch = scalar("output_batch_dimension");
  c.outputFeature = scalar("output_feature_dimension");
  c.outputSpatial = fieldInts(d, "output_spatial_dimensions");
  if (op.attribute("feature_group_count")) p.featureGroupCount = intAttribute(op, "feature_group_count");
  if (op.attribute("batch_group_count")) p.batchGroupCount = intAttribute(op, "batch_group_count");
  return p;
}

namespace {

/// The convolution's rhs when a stablehlo.constant defines it (made), else null.
const Tensor *constantWeightsOf(Interpreter &in, const ir::Operation &op) {
  if (!kernelsEnabled() || op.name != "stablehlo.convolution" || op.operands.size() != 2 || !op.operands[1]) {
    return nullptr;
  }
  const ir::Operation *def = op.operands[1]->definingOp;
  if (def == nullptr || def->name != "stablehlo.constant") return nullptr;
  return &in.constantOf(*def);
}

}  // namespace

void support::prepareConvolution(Interpreter &in, const ir::Operation &op,
                                 const std::vector<ConvolutionPostOp> &postOps) {
  try {
    const Tensor *weights = constantWeightsOf(in, op);
    if (weights == nullptr || op.results.size() != 1) return;
    prepareConvolutionKernel(op.operands[0]->type, *weights, convolutionParams(op), resultTypeOf(op), postOps);
  } catch (const std::exception &) {
    // Reported by the op when it runs, with its frame.
  }
}

void registerConvolutionEvaluators(EvalTable &table) {
  table.add({
      {"stablehlo.convolution",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &) {
         ConvolutionParams params = convolutionParams(op);
         // Constant weights: rearranged once for the kernel library (usually
         // already before the run, by prepareConvolution).
         if (const Tensor *weights = constantWeightsOf(in, op)) {
           prepareConvolutionKernel(operandTensor(op, v, 0).type(), *weights, params, resultTypeOf(op));
         }
         return one(evalConvolution(operandTensor(op, v, 0), operandTensor(op, v, 1), params, resultTypeOf(op)));
       }},
      {"stablehlo.dynamic_conv",
       [](Interpreter &, const Operation &op, const std::vector<Value> &v, Env &) {
         ConvolutionParams p = convolutionParams(op);
         const Tensor &pad = operandTensor(op, v, 2);
         p.padding.clear();
         for (int64_t i = 0; i + 1 < pad.numElements(); i += 2) p.padding.emplace_back(pad.intAt(i), pad.intAt(i + 1));
         return one(evalConvolution(operandTensor(op, v, 0), operandTensor(op, v, 1), p, resultTypeOf(op)));
       }},
  });
}

}  // namespace shlo::interpreter
