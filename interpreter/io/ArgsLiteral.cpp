#include "interpreter/io/ArgsLiteral.h"

#include <algorithm>
#include <string>
#include <vector>

#include "interpreter/DenseLiteral.h"
#include "interpreter/Errors.h"
#include "semantic/lower/Lowering.h"
#include "semantic/diagnostics/SyntaxDiagnostics.h"
#include "semantic/syntax/SyntaxTree.h"

namespace shlo::interpreter {

namespace {

constexpr std::string_view kExample = "e.g. --args='[dense<1> : tensor<2xi32>, dense<[1.5, 2.0]> : tensor<2xf32>]'";

std::string column(uint32_t offset, size_t prefix) {
  return "column " + std::to_string(offset >= prefix ? offset - prefix + 1 : 1);
}

}  // namespace

std::vector<Tensor> parseArgsLiteral(std::string_view text) {
  // The semantic model parses attributes: the text becomes the attribute of
  // a generic op of an unknown dialect, so its errors are the grammar's and
  // lowering's own (the verifier has nothing to say about such an op).
  const std::string prefix = "\"shlo.args\"() {args = ";
  std::string program = prefix + std::string(text) + "} : () -> ()\n";
  syntax::Parser parser;
  syntax::SyntaxTree tree = parser.parse(program);
  std::vector<Diagnostic> diagnostics = syntax::collectSyntaxDiagnostics(tree, program);
  lower::LoweredModule lowered = lower::lowerModule(tree, program);
  diagnostics.insert(diagnostics.end(), lowered.diagnostics.begin(), lowered.diagnostics.end());
  std::stable_sort(diagnostics.begin(), diagnostics.end(),
                   [](const Diagnostic &a, const Diagnostic &b) { return a.range.begin < b.range.begin; });
  for (const Diagnostic &d : diagnostics) {
    if (d.severity != Severity::Error) continue;
    throw RuntimeError("--args: " + column(d.range.begin, prefix.size()) + ": " + d.message + " (" +
                       std::string(kExample) + ")");
  }
  const ir::Attribute *args = nullptr;
  for (const ir::Operation *op : lowered.module->topLevel) {
    if (op->name == "shlo.args") args = op->attribute("args");
  }
  if (!args || args->kind != ir::Attribute::Kind::Array) {
    throw RuntimeError("--args: expected an array of dense elements attributes, " + std::string(kExample));
  }
  std::vector<Tensor> out;
  for (size_t i = 0; i < args->elements.size(); ++i) {
    const ir::Attribute &a = args->elements[i];
    std::string where = "--args: element #" + std::to_string(i) + " (" + column(a.range.begin, prefix.size()) + ")";
    if (a.kind != ir::Attribute::Kind::DenseElements || !a.type || !a.type->isTensor()) {
      throw RuntimeError(where + " is " + a.str() + ", expected a dense elements attribute, " + std::string(kExample));
    }
    if (!a.type->ranked() || !a.type->hasStaticShape()) {
      throw RuntimeError(where + ": " + a.type->str() + " has no static shape");
    }
    try {
      out.push_back(decodeDenseLiteral(a.text, *a.type));
    } catch (const RuntimeError &e) {
      throw RuntimeError(where + ": " + e.what());
    }
  }
  return out;
}

}  // namespace shlo::interpreter
