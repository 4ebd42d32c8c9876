// The debugger's expressions: what a conditional breakpoint tests, a watch
// shows and `print` prints. Values in scope by SSA name (`%5`, `%arg0`,
// `%x#1`; the `%` may be left out), slices (`%x[0, :, 1:3]`, numpy's
// start:stop:step per dimension), elementwise arithmetic and comparisons
// (+ - * /, < <= > >= == !=, && || !, a scalar broadcast against a tensor),
// elementwise functions (abs, sqrt, exp, log, isnan, isinf, isfinite) and
// reductions to a scalar (sum, max, min, mean, any, all, count).
//
// Elements are computed as double: exact for every integer up to 2^53 and
// every float format but f64's own (which it is).
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/Tensor.h"

namespace shlo::dap {

/// A malformed expression, a name not in scope, a bad slice or mismatched shapes.
class ExpressionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// An expression's value: a row-major array of elements with a shape and
/// the element type it has in the spec's spelling (`f32`, `i1` for what
/// comparisons and any/all give, `i32` ...).
struct ExpressionValue {
  std::vector<int64_t> shape;
  std::vector<double> elements;
  std::string elementType = "f64";

  bool isScalar() const { return shape.empty(); }
  /// Whether a condition holds: a non-empty array with every element non-zero.
  bool truthy() const;
  /// `tensor<2x3xf32>` (`tensor<f32>` for a scalar).
  std::string typeString() const;
  /// As the spec writes a constant: `dense<[[1.0, 2.0]]> : tensor<1x2xf32>`,
  /// `dense<true> : tensor<i1>`; beyond `maxElements`, `...` ends the list.
  std::string str(int64_t maxElements = 256) const;
};

/// The tensor a name denotes in scope (`%`-prefixed as written), or null.
using NameLookup = std::function<const interpreter::Value *(const std::string &)>;

/// Evaluates `text`. Throws ExpressionError (with the column, from 1, for
/// syntax errors). Elements are read only where a slice or an operation
/// needs them; a tuple or token value is an error.
ExpressionValue evaluateExpression(std::string_view text, const NameLookup &lookup);

/// One element as a dense literal writes it for `elementType`: `true`,
/// `-3`, `1.5` (the shortest text that reads back at the type's width);
/// non-finite floats as `nan`, `inf`, `-inf`.
std::string formatElement(double value, const std::string &elementType);

}  // namespace shlo::dap
