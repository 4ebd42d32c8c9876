// Evaluators of the LinearAlgebra family: dot, dot_general, einsum,
// unary_einsum, cholesky, triangular_solve, fft.
#include <algorithm>
#include <cmath>
#include <complex>
#include <map>

#include "interpreter/eval/EvalSupport.h"

namespace shlo::interpreter {

using namespace support;
using ir::Operation;

namespace {

/// Cholesky of each trailing n x n matrix (Cholesky-Banachiewicz); the other
/// triangle is zero. A matrix that is not positive-definite gives NaNs.
Tensor evalCholesky(const Tensor &a, bool lower, const ir::Type &resultType) {
  if (a.rank() < 2 || a.shape()[a.rank() - 1] != a.shape()[a.rank() - 2]) {
    throw RuntimeError("cholesky: `a` must be a batch of square matrices, got " + a.type().str());
  }
  int64_t n = a.shape().back(), batch = n ? a.numElements() / (n * n) : 0;
  Tensor out(resultType, a.shape());
  dispatch(a.kind(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (kIsFloat<T> || kIsComplex<T>) {
      using C = std::conditional_t<kIsComplex<T>, std::complex<double>, double>;
      const T *in = a.data<T>();
      T *r = out.data<T>();
      std::vector<C> m(static_cast<size_t>(n * n)), l(static_cast<size_t>(n * n));
      for (int64_t b = 0; b < batch; ++b) {
        // Work on the lower triangle; for upper, use the conjugate transpose.
        for (int64_t i = 0; i < n; ++i) {
          for (int64_t j = 0; j < n; ++j) {
            C e = static_cast<C>(in[b * n * n + i * n + j]);
            if (!lower) {
              e = static_cast<C>(in[b * n * n + j * n + i]);
              if constexpr (kIsComplex<T>) e = std::conj(e);
            }
            m[i * n + j] = e;
            l[i * n + j] = C{};
          }
        }
        for (int64_t i = 0; i < n; ++i) {
          for (int64_t j = 0; j <= i; ++j) {
            C sum = m[i * n + j];
            for (int64_t k = 0; k < j; ++k) {
              if constexpr (kIsComplex<T>) {
                sum -= l[i * n + k] * std::conj(l[j * n + k]);
              } else {
                sum -= l[i * n + k] * l[j * n + k];
              }
            }
            if (i == j) {
              double d = std::real(sum);
              l[i * n + i] = C(d > 0 ? std::sqrt(d) : std::nan(""));
            } else {
              l[i * n + j] = sum / l[j * n + j];
            }
          }
        }
        for (int64_t i = 0; i < n; ++i) {
          for (int64_t j = 0; j < n; ++j) {
            C e = lower ? l[i * n + j] : l[j * n + i];
            if constexpr (kIsComplex<T>) {
              if (!lower) e = std::conj(e);
              r[b * n * n + i * n + j] =
                  T(static_cast<typename T::value_type>(e.real()), static_cast<typename T::value_type>(e.imag()));
            } else {
              r[b * n * n + i * n + j] = static_cast<T>(e);
            }
          }
        }
      }
    } else {
      throw UnsupportedOp("cholesky: element type " + a.type().element().str() + " is not supported");
    }
  });
  out.finalize();
  return out;
}

/// einsum over one or two operands: `config` is "ab,bc->ac" or "ab->a";
/// letters absent from the output are summed over.
Tensor evalEinsum(const std::vector<Tensor> &inputsIn, const std::string &config, const ir::Type &resultType) {
  if (config.find('.') != std::string::npos)
    throw UnsupportedOp("einsum: ellipsis (`...`) in `" + config + "` is not supported");
  size_t arrow = config.find("->");
  if (arrow == std::string::npos) throw RuntimeError("einsum: einsum_config `" + config + "` has no `->`");
  std::vector<std::string> specs;
  std::string lhs = config.substr(0, arrow), out = config.substr(arrow + 2);
  for (size_t start = 0;;) {
    size_t comma = lhs.find(',', start);
    specs.push_back(lhs.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (specs.size() != inputsIn.size())
    throw RuntimeError("einsum: einsum_config `" + config + "` does not match the operand count");
  std::map<char, int64_t> sizes;
  for (size_t k = 0; k < specs.size(); ++k) {
    if (static_cast<int64_t>(specs[k].size()) != inputsIn[k].rank()) {
      throw RuntimeError("einsum: `" + specs[k] + "` does not match operand " + inputsIn[k].type().str());
    }
    for (size_t i = 0; i < specs[k].size(); ++i) {
      auto [it, fresh] = sizes.emplace(specs[k][i], inputsIn[k].shape()[i]);
      if (!fresh && it->second != inputsIn[k].shape()[i])
        throw RuntimeError(std::string("einsum: sizes of `") + specs[k][i] + "` differ");
    }
  }
  Shape outShape;
  for (char c : out) {
    if (!sizes.count(c)) throw RuntimeError(std::string("einsum: output letter `") + c + "` is in no operand");
    outShape.push_back(sizes[c]);
  }
  std::string summed;
  for (const auto &[c, size] : sizes) {
    if (out.find(c) == std::string::npos) summed += c;
  }
  std::string letters = out + summed;
  std::vector<Tensor> inputs;
  for (const Tensor &t : inputsIn) inputs.push_back(evalConvert(t, resultType.withShape(t.shape())));
  Tensor result(resultType, outShape);
  int64_t sumSize = 1;
  for (char c : summed) sumSize *= sizes[c];
  std::map<char, int64_t> value;
  std::vector<std::vector<std::pair<int64_t, int64_t>>> plan;  // Per operand: (letter position, stride).
  for (size_t k = 0; k < inputs.size(); ++k) {
    Shape strides = inputs[k].strides();
    std::vector<std::pair<int64_t, int64_t>> p;
    for (size_t i = 0; i < specs[k].size(); ++i)
      p.emplace_back(static_cast<int64_t>(letters.find(specs[k][i])), strides[i]);
    plan.push_back(p);
  }
  std::vector<int64_t> index(letters.size(), 0);
  dispatch(result.kind(), [&](auto tag) {
    using T = decltype(tag);
    T *r = result.data<T>();
    for (int64_t flat = 0; flat < result.numElements(); ++flat) {
      int64_t rem = flat;
      for (int64_t i = static_cast<int64_t>(out.size()) - 1; i >= 0; --i) {
        index[i] = rem % outShape[i];
        rem /= outShape[i];
      }
      T acc{};
      for (int64_t s = 0; s < sumSize; ++s) {
        int64_t srem = s;
        for (int64_t i = static_cast<int64_t>(summed.size()) - 1; i >= 0; --i) {
          int64_t size = sizes[summed[i]];
          index[out.size() + i] = srem % size;
          srem /= size;
        }
        T term{};
        for (size_t k = 0; k < inputs.size(); ++k) {
          int64_t offset = 0;
          for (const auto &[pos, stride] : plan[k]) offset += index[pos] * stride;
          T e = inputs[k].data<T>()[offset];
          if constexpr (kIsBool<T>) {
            term = k == 0 ? e : (term && e);
          } else {
            term = k == 0 ? e : static_cast<T>(term * e);
          }
        }
        if constexpr (kIsBool<T>) {
          acc = acc || term;
        } else {
          acc = static_cast<T>(acc + term);
        }
      }
      r[flat] = acc;
    }
  });
  result.finalize();
  return result;
}

/// An operand a folded transpose bound untransposed (transposeFoldsIntoDots):
/// its batching and contracting dimensions are mapped through the
/// permutation. The free dimensions must keep their order (they order the
/// result's); when they do not, the transpose is made here after all.
void unfoldTransposedOperand(Interpreter &in, const Operation &op, size_t index, Tensor &operand, Shape &batch,
                             Shape &contract) {
  const ir::Value *value = op.operands.size() > index ? op.operands[index] : nullptr;
  if (value == nullptr || value->definingOp == nullptr || !transposeFoldsIntoDots(in, *value->definingOp)) return;
  Shape perm = requiredInts(*value->definingOp, "permutation");
  int64_t rank = static_cast<int64_t>(perm.size());
  int64_t lastFree = -1;
  bool ordered = true;
  for (int64_t dim = 0; dim < rank; ++dim) {
    if (std::find(batch.begin(), batch.end(), dim) != batch.end() ||
        std::find(contract.begin(), contract.end(), dim) != contract.end()) {
      continue;
    }
    ordered = ordered && perm[dim] > lastFree;
    lastFree = perm[dim];
  }
  if (!ordered) {
    operand = evalTranspose(operand, perm, value->type);
    return;
  }
  for (int64_t &dim : batch) dim = perm.at(dim);
  for (int64_t &dim : contract) dim = perm.at(dim);
}

}  // namespace

void registerLinearAlgebraEvaluators(EvalTable &table) {
  table.add({
      {"stablehlo.dot_general",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &) {
         const ir::Attribute &d = attribute(op, "dot_dimension_numbers");
         Tensor lhs = operandTensor(op, v, 0), rhs = operandTensor(op, v, 1);
         Shape lhsBatch = fieldInts(d, "lhs_batching_dimensions"), rhsBatch = fieldInts(d, "rhs_batching_dimensions");
         Shape lhsContract = fieldInts(d, "lhs_contracting_dimensions");
         Shape rhsContract = fieldInts(d, "rhs_contracting_dimensions");
         unfoldTransposedOperand(in, op, 0, lhs, lhsBatch, lhsContract);
         unfoldTransposedOperand(in, op, 1, rhs, rhsBatch, rhsContract);
         return one(evalDotGeneral(lhs, rhs, lhsBatch, rhsBatch, lhsContract, rhsContract, resultTypeOf(op)));
       }},
      {"stablehlo.dot",
       [](Interpreter &, const Operation &op, const std::vector<Value> &v, Env &) {
         const Tensor &l = operandTensor(op, v, 0), &r = operandTensor(op, v, 1);
         Shape lc = {l.rank() - 1}, rc = {0};
         return one(evalDotGeneral(l, r, {}, {}, lc, rc, resultTypeOf(op)));
       }},
      {"stablehlo.triangular_solve",
       [](Interpreter &, const Operation &op, const std::vector<Value> &v, Env &) {
         auto flag = [&](const char *name) { return op.attribute(name) && intAttribute(op, name) != 0; };
         return one(evalTriangularSolve(operandTensor(op, v, 0), operandTensor(op, v, 1), flag("left_side"),
                                        flag("lower"), flag("unit_diagonal"), textAttribute(op, "transpose_a"),
                                        resultTypeOf(op)));
       }},
      {"stablehlo.fft",
       [](Interpreter &, const Operation &op, const std::vector<Value> &v, Env &) {
         return one(evalFft(operandTensor(op, v, 0), textAttribute(op, "fft_type"), requiredInts(op, "fft_length"),
                            resultTypeOf(op)));
       }},
      {"stablehlo.cholesky",
       [](Interpreter &, const Operation &op, const std::vector<Value> &v, Env &) {
         return one(evalCholesky(operandTensor(op, v, 0), flagAttribute(op, "lower"), resultTypeOf(op)));
       }},
      {"stablehlo.einsum",
       [](Interpreter &, const Operation &op, const std::vector<Value> &v, Env &) {
         return one(evalEinsum({operandTensor(op, v, 0), operandTensor(op, v, 1)}, textAttribute(op, "einsum_config"),
                           resultTypeOf(op)));
       }},
      {"stablehlo.unary_einsum",
       [](Interpreter &, const Operation &op, const std::vector<Value> &v, Env &) {
         return one(evalEinsum({operandTensor(op, v, 0)}, textAttribute(op, "einsum_config"), resultTypeOf(op)));
       }},
  });
}

}  // namespace shlo::interpreter
