// convolution, per the spec (no quantized types yet): for every result
// element, the sum over the kernel window and input features of
// lhs[padded, dilated window position] * rhs, in the result's element type.
// feature_group_count splits input features and output features into groups;
// batch_group_count splits the input batch and output features. Window
// reversal reverses the kernel's spatial index, which equals the spec's
// reversal of the lhs window.
//
// On the kernel path (KernelPath.h), f32 storage (f32, f16, bf16: summed in
// f32 either way) without input dilation or batch groups goes to oneDNN
// (OneDnn.h), the dimension numbers given as strides; the rest of floats and
// doubles without groups lay the windows out as rows of a matrix (im2col, a
// block of result positions at a time) multiplied through Eigen (Gemm.h).
// The reference path (`--reference`) is the loop at the end, for every type.
// prepareConvolutionKernel reorders a constant kernel into oneDNN's layout
// once, before the run (OneDnn.h's prepared kernels).
#include <cstring>
#include <algorithm>
#include <type_traits>

#include "interpreter/Errors.h"
#include "interpreter/Ops.h"
#include "interpreter/kernels/Gemm.h"
#include "interpreter/kernels/KernelPath.h"
#include "interpreter/kernels/OneDnn.h"
#include "interpreter/kernels/Parallel.h"

namespace shlo::interpreter {

namespace {

/// What the fast path needs, resolved from the op's attributes.
struct Geometry {
  size_t spatial = 0;
  Shape strides, lhsDilation, rhsDilation;
  std::vector<std::pair<int64_t, int64_t>> padding;
  std::vector<bool> reversal;
  Shape outSpatialSizes, kernelSizes;
  int64_t outSpatialCount = 1, kernelCount = 1;
};

template <typename T>
void convolveWithGemm(const Tensor &lhs, const Tensor &rhs, Tensor &out, const ConvolutionDimensions &dn,
                      const Geometry &g) {
  const Shape &ls = lhs.shape(), &ks = rhs.shape();
  std::vector<int64_t> lst = lhs.strides(), kst = rhs.strides(), ost = out.strides();
  int64_t N = ls[dn.inputBatch], C = ls[dn.inputFeature], O = ks[dn.kernelOutputFeature];
  int64_t W = g.kernelCount, cols = W * C;
  const T *L = lhs.data<T>();
  const T *K = rhs.data<T>();
  T *R = out.data<T>();
  // The kernel as a (window x input feature) by output feature matrix.
  std::vector<T> kernel(static_cast<size_t>(cols * O));
  std::vector<int64_t> k(g.spatial, 0);
  for (int64_t w = 0; w < W; ++w) {
    int64_t base = 0;
    for (size_t s = 0; s < g.spatial; ++s) {
      int64_t kk = g.reversal[s] ? g.kernelSizes[s] - 1 - k[s] : k[s];
      base += kk * kst[dn.kernelSpatial[s]];
    }
    for (int64_t c = 0; c < C; ++c) {
      for (int64_t o = 0; o < O; ++o) {
        kernel[(w * C + c) * O + o] = K[base + c * kst[dn.kernelInputFeature] + o * kst[dn.kernelOutputFeature]];
      }
    }
    for (int64_t s = static_cast<int64_t>(g.spatial) - 1; s >= 0; --s) {
      if (++k[s] < g.kernelSizes[s]) break;
      k[s] = 0;
    }
  }
  int64_t positions = N * g.outSpatialCount;
  // Rows per block: about 4M elements of im2col at a time.
  int64_t block = std::max<int64_t>(1, std::min<int64_t>(positions, (int64_t{1} << 22) / std::max<int64_t>(1, cols)));
  std::vector<T> rows(static_cast<size_t>(block * cols)), result(static_cast<size_t>(block * O));
  // The position of row p: batch and output spatial index.
  auto decompose = [&](int64_t p, int64_t &n, std::vector<int64_t> &o) {
    for (int64_t s = static_cast<int64_t>(g.spatial) - 1; s >= 0; --s) {
      o[s] = p % g.outSpatialSizes[s];
      p /= g.outSpatialSizes[s];
    }
    n = p;
  };
  for (int64_t first = 0; first < positions; first += block) {
    int64_t count = std::min(block, positions - first);
    // Threads gather rows when each gets at least 64k elements to copy.
    parallelFor(count, std::max<int64_t>(1, (int64_t{1} << 16) / std::max<int64_t>(1, cols)), [&](int64_t begin, int64_t end) {
      std::vector<int64_t> o(g.spatial), kw(g.spatial);
      for (int64_t r = begin; r < end; ++r) {
        int64_t n;
        decompose(first + r, n, o);
        T *row = rows.data() + r * cols;
        std::fill(kw.begin(), kw.end(), 0);
        for (int64_t w = 0; w < W; ++w) {
          int64_t offset = n * lst[dn.inputBatch];
          bool inside = true;
          for (size_t s = 0; s < g.spatial && inside; ++s) {
            int64_t pos = o[s] * g.strides[s] + kw[s] * g.rhsDilation[s] - g.padding[s].first;
            if (pos < 0 || pos % g.lhsDilation[s] != 0 || pos / g.lhsDilation[s] >= ls[dn.inputSpatial[s]]) {
              inside = false;
            } else {
              offset += pos / g.lhsDilation[s] * lst[dn.inputSpatial[s]];
            }
          }
          T *dst = row + w * C;
          if (!inside) {
            std::fill(dst, dst + C, T{});
          } else {
            int64_t step = lst[dn.inputFeature];
            for (int64_t c = 0; c < C; ++c) dst[c] = L[offset + c * step];
          }
          for (int64_t s = static_cast<int64_t>(g.spatial) - 1; s >= 0; --s) {
            if (++kw[s] < g.kernelSizes[s]) break;
            kw[s] = 0;
          }
        }
      }
    });
    std::fill(result.begin(), result.begin() + count * O, T{});
    gemmAccumulate(rows.data(), kernel.data(), result.data(), count, cols, O);
    std::vector<int64_t> o(g.spatial);
    for (int64_t r = 0; r < count; ++r) {
      int64_t n;
      decompose(first + r, n, o);
      int64_t at = n * ost[dn.outputBatch];
      for (size_t s = 0; s < g.spatial; ++s) at += o[s] * ost[dn.outputSpatial[s]];
      const T *src = result.data() + r * O;
      int64_t step = ost[dn.outputFeature];
      for (int64_t f = 0; f < O; ++f) R[at + f * step] = src[f];
    }
  }
}

/// Row-major element strides of a shape.
std::vector<int64_t> rowMajorStrides(const Shape &shape) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (int64_t d = static_cast<int64_t>(shape.size()) - 2; d >= 0; --d) strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}

/// What oneDNN is told about a convolution of row-major lhs, kernel and
/// result of these shapes.
ConvolutionShape oneDnnShapeOf(const Shape &ls, const Shape &ks, const Shape &os, const ConvolutionDimensions &dn,
                               const Geometry &g, int64_t featureGroups) {
  std::vector<int64_t> lst = rowMajorStrides(ls), kst = rowMajorStrides(ks), ost = rowMajorStrides(os);
  ConvolutionShape s;
  s.batch = ls[dn.inputBatch];
  s.inputFeatures = ls[dn.inputFeature];
  s.outputFeatures = ks[dn.kernelOutputFeature];
  s.groups = featureGroups;
  s.inputStrides = {lst[dn.inputBatch], lst[dn.inputFeature]};
  s.kernelStrides = {kst[dn.kernelOutputFeature], kst[dn.kernelInputFeature]};
  s.outputStrides = {ost[dn.outputBatch], ost[dn.outputFeature]};
  for (size_t d = 0; d < g.spatial; ++d) {
    s.inputSizes.push_back(ls[dn.inputSpatial[d]]);
    s.kernelSizes.push_back(g.kernelSizes[d]);
    s.outputSizes.push_back(g.outSpatialSizes[d]);
    s.windowStrides.push_back(g.strides[d]);
    s.dilations.push_back(g.rhsDilation[d]);
    s.paddingLow.push_back(g.padding[d].first);
    s.paddingHigh.push_back(g.padding[d].second);
    s.inputStrides.push_back(lst[dn.inputSpatial[d]]);
    s.kernelStrides.push_back(kst[dn.kernelSpatial[d]]);
    s.outputStrides.push_back(ost[dn.outputSpatial[d]]);
  }
  return s;
}

bool hasLhsDilation(const Geometry &g) {
  return std::any_of(g.lhsDilation.begin(), g.lhsDilation.end(), [](int64_t d) { return d != 1; });
}

/// The convolution through oneDNN; false when it declined (nothing written).
bool convolveWithOneDnn(const Tensor &lhs, const Tensor &rhs, Tensor &out, const ConvolutionDimensions &dn,
                        const Geometry &g, int64_t featureGroups, const std::vector<ConvolutionPostOp> &postOps = {}) {
  if (hasLhsDilation(g)) return false;
  // oneDNN has no window reversal: the kernel is reversed (a copy of the
  // weights, small beside the activations).
  Shape reversed;
  for (size_t s = 0; s < g.spatial; ++s) {
    if (g.reversal[s]) reversed.push_back(dn.kernelSpatial[s]);
  }
  Tensor kernel = reversed.empty() ? rhs : evalReverse(rhs, reversed, rhs.type());
  return oneDnnConvolution(lhs.data<float>(), kernel.data<float>(), out.data<float>(),
                           oneDnnShapeOf(lhs.shape(), kernel.shape(), out.shape(), dn, g, featureGroups), postOps);
}

/// The window attributes with their defaults, checked, and the result's
/// shape; RuntimeError when they do not fit the operands.
Geometry geometryOf(const Shape &ls, const Shape &ks, const ConvolutionParams &p, Shape &shape) {
  const ConvolutionDimensions &dn = p.dimensions;
  size_t spatial = dn.inputSpatial.size();
  if (dn.kernelSpatial.size() != spatial || dn.outputSpatial.size() != spatial) {
    throw RuntimeError("convolution: spatial dimension lists differ in length");
  }
  auto orOnes = [&](const Shape &v) { return v.empty() ? Shape(spatial, 1) : v; };
  Shape strides = orOnes(p.windowStrides), lhsDilation = orOnes(p.lhsDilation), rhsDilation = orOnes(p.rhsDilation);
  std::vector<std::pair<int64_t, int64_t>> padding = p.padding;
  if (padding.empty()) padding.assign(spatial, {0, 0});
  std::vector<bool> reversal = p.windowReversal;
  if (reversal.empty()) reversal.assign(spatial, false);
  if (strides.size() != spatial || lhsDilation.size() != spatial || rhsDilation.size() != spatial ||
      padding.size() != spatial || reversal.size() != spatial) {
    throw RuntimeError("convolution: window attributes do not match the number of spatial dimensions");
  }
  int64_t G = p.featureGroupCount, B = p.batchGroupCount;
  if (G <= 0 || B <= 0) throw RuntimeError("convolution: group counts must be positive");
  int64_t N = ls.at(dn.inputBatch), C = ls.at(dn.inputFeature);
  int64_t KI = ks.at(dn.kernelInputFeature), KO = ks.at(dn.kernelOutputFeature);
  if (C != KI * G || N % B != 0 || KO % G != 0 || KO % B != 0) {
    throw RuntimeError("convolution: feature or batch sizes do not fit the group counts at run time");
  }
  shape.assign(ls.size(), 0);
  shape.at(dn.outputBatch) = N / B;
  shape.at(dn.outputFeature) = KO;
  for (size_t s = 0; s < spatial; ++s) {
    int64_t in = ls.at(dn.inputSpatial[s]), k = ks.at(dn.kernelSpatial[s]);
    int64_t dilated = in == 0 ? 0 : (in - 1) * lhsDilation[s] + 1;
    int64_t padded = dilated + padding[s].first + padding[s].second;
    int64_t window = k == 0 ? 0 : (k - 1) * rhsDilation[s] + 1;
    shape.at(dn.outputSpatial[s]) = padded <= 0 || window > padded ? 0 : (padded - window) / strides[s] + 1;
  }
  std::vector<int64_t> outSpatialSizes(spatial), kernelSizes(spatial);
  int64_t outSpatialCount = 1, kernelCount = 1;
  for (size_t s = 0; s < spatial; ++s) {
    outSpatialSizes[s] = shape[dn.outputSpatial[s]];
    kernelSizes[s] = ks[dn.kernelSpatial[s]];
    outSpatialCount *= outSpatialSizes[s];
    kernelCount *= kernelSizes[s];
  }
  return Geometry{spatial, strides, lhsDilation, rhsDilation, padding, reversal, outSpatialSizes, kernelSizes,
                  outSpatialCount, kernelCount};
}

/// A tiny convolution (a few hundred multiply-adds, as in the conformance
/// files) stays off oneDNN: a primitive costs more than the loop, and on
/// AVX-512 its fused multiply-adds round differently enough (4 ULP where
/// XLA's expected values allow 3 in conv_general_dilated_float32_2_3_9_*).
bool largeEnoughForOneDnn(const Shape &resultShape, const Geometry &g, int64_t kernelInputFeatures) {
  constexpr int64_t kMinOneDnnMultiplyAdds = int64_t{1} << 14;
  int64_t outCount = 1;
  for (int64_t d : resultShape) outCount *= d;
  return outCount * g.kernelCount * kernelInputFeatures >= kMinOneDnnMultiplyAdds;
}

}  // namespace

Tensor evalConvolution(const Tensor &lhsIn, const Tensor &rhsIn, const ConvolutionParams &p,
                       const ir::Type &resultType) {
  const ConvolutionDimensions &dn = p.dimensions;
  const ir::ElementType &element = resultType.element();
  Tensor lhs = lhsIn.type().element() == element ? lhsIn : evalConvert(lhsIn, lhsIn.type().withElement(element));
  Tensor rhs = rhsIn.type().element() == element ? rhsIn : evalConvert(rhsIn, rhsIn.type().withElement(element));
  const Shape &ls = lhs.shape(), &ks = rhs.shape();
  Shape shape;
  const Geometry g = geometryOf(ls, ks, p, shape);
  const size_t spatial = g.spatial;
  const Shape &strides = g.strides, &lhsDilation = g.lhsDilation, &rhsDilation = g.rhsDilation;
  const std::vector<std::pair<int64_t, int64_t>> &padding = g.padding;
  const std::vector<bool> &reversal = g.reversal;
  const std::vector<int64_t> &outSpatialSizes = g.outSpatialSizes, &kernelSizes = g.kernelSizes;
  const int64_t outSpatialCount = g.outSpatialCount, kernelCount = g.kernelCount;
  int64_t G = p.featureGroupCount, B = p.batchGroupCount;
  int64_t N = ls.at(dn.inputBatch);
  int64_t KI = ks.at(dn.kernelInputFeature), KO = ks.at(dn.kernelOutputFeature);
  bool kernels = kernelsEnabled();
  ElemKind resultKind = elemKindOf(resultType.element());
  bool oneDnnKind = resultKind == ElemKind::F32 || resultKind == ElemKind::F16 || resultKind == ElemKind::BF16;
  bool useOneDnn = kernels && oneDnnKind && B == 1 && largeEnoughForOneDnn(shape, g, KI);
  // oneDNN writes every element: no zero-fill unless it declines.
  Tensor out = useOneDnn ? Tensor(resultType, shape, Tensor::ForOverwrite{}) : Tensor(resultType, shape);
  if (out.numElements() == 0) return out;
  std::vector<int64_t> lst = lhs.strides(), kst = rhs.strides(), ost = out.strides();
  int64_t outBatch = N / B, featuresPerGroup = KO / G, featuresPerBatchGroup = KO / B;
  if (useOneDnn) {
    if (convolveWithOneDnn(lhs, rhs, out, dn, g, G)) {
      out.finalize();
      return out;
    }
    std::memset(out.bytes(), 0, static_cast<size_t>(out.numElements()) * storageSize(out.kind()));
  }
  if (kernels &&
      (out.kind() == ElemKind::F32 || out.kind() == ElemKind::F64 || out.kind() == ElemKind::F16 ||
       out.kind() == ElemKind::BF16) &&
      G == 1 && B == 1) {
    if (out.kind() == ElemKind::F64) {
      convolveWithGemm<double>(lhs, rhs, out, dn, g);
    } else {
      convolveWithGemm<float>(lhs, rhs, out, dn, g);
    }
    out.finalize();
    return out;
  }
  dispatch(out.kind(), [&](auto tag) {
    using T = decltype(tag);
    const T *L = lhs.data<T>();
    const T *K = rhs.data<T>();
    T *R = out.data<T>();
    std::vector<int64_t> o(spatial, 0), k(spatial, 0);
    for (int64_t ob = 0; ob < outBatch; ++ob) {
      for (int64_t of = 0; of < KO; ++of) {
        int64_t group = of / featuresPerGroup;
        int64_t batch = (of / featuresPerBatchGroup) * outBatch + ob;
        std::fill(o.begin(), o.end(), 0);
        for (int64_t os = 0; os < outSpatialCount; ++os) {
          T acc{};
          std::fill(k.begin(), k.end(), 0);
          for (int64_t ki = 0; ki < kernelCount; ++ki) {
            int64_t lhsOffset = batch * lst[dn.inputBatch], rhsOffset = of * kst[dn.kernelOutputFeature];
            bool inside = true;
            for (size_t s = 0; s < spatial && inside; ++s) {
              int64_t kk = reversal[s] ? kernelSizes[s] - 1 - k[s] : k[s];
              int64_t pos = o[s] * strides[s] + k[s] * rhsDilation[s] - padding[s].first;
              if (pos < 0 || pos % lhsDilation[s] != 0 || pos / lhsDilation[s] >= ls[dn.inputSpatial[s]]) {
                inside = false;
              } else {
                lhsOffset += pos / lhsDilation[s] * lst[dn.inputSpatial[s]];
                rhsOffset += kk * kst[dn.kernelSpatial[s]];
              }
            }
            if (inside) {
              for (int64_t c = 0; c < KI; ++c) {
                T x = L[lhsOffset + (group * KI + c) * lst[dn.inputFeature]];
                T y = K[rhsOffset + c * kst[dn.kernelInputFeature]];
                if constexpr (kIsBool<T>) {
                  acc = acc || (x && y);
                } else if constexpr (kIsInt<T>) {
                  using U = std::make_unsigned_t<T>;
                  using W = std::conditional_t<(sizeof(T) < 4), uint32_t, U>;
                  acc = static_cast<T>(static_cast<W>(static_cast<U>(acc)) +
                                       static_cast<W>(static_cast<U>(x)) * static_cast<W>(static_cast<U>(y)));
                } else {
                  acc += x * y;
                }
              }
            }
            for (int64_t s = static_cast<int64_t>(spatial) - 1; s >= 0; --s) {
              if (++k[s] < kernelSizes[s]) break;
              k[s] = 0;
            }
          }
          int64_t r = ob * ost[dn.outputBatch] + of * ost[dn.outputFeature];
          for (size_t s = 0; s < spatial; ++s) r += o[s] * ost[dn.outputSpatial[s]];
          R[r] = acc;
          for (int64_t s = static_cast<int64_t>(spatial) - 1; s >= 0; --s) {
            if (++o[s] < outSpatialSizes[s]) break;
            o[s] = 0;
          }
        }
      }
    }
  });
  out.finalize();
  return out;
}

std::optional<Tensor> evalConvolutionWithPostOps(const Tensor &lhs, const Tensor &rhs, const ConvolutionParams &p,
                                                 const ir::Type &resultType,
                                                 const std::vector<ConvolutionPostOp> &postOps, const Tensor *addend) {
  if (!kernelsEnabled() || lhs.kind() != ElemKind::F32 || rhs.kind() != ElemKind::F32 ||
      lhs.type().element() != resultType.element() || rhs.type().element() != resultType.element() ||
      elemKindOf(resultType.element()) != ElemKind::F32 || p.batchGroupCount != 1) {
    return std::nullopt;
  }
  Shape shape;
  const Geometry g = geometryOf(lhs.shape(), rhs.shape(), p, shape);
  if (!largeEnoughForOneDnn(shape, g, rhs.shape().at(p.dimensions.kernelInputFeature))) return std::nullopt;
  Tensor out;
  if (addend != nullptr) {
    if (addend->kind() != ElemKind::F32 || addend->shape() != shape) return std::nullopt;
    BufferOffer offer(addend);
    out = Tensor::inPlaceOrNew(resultType, shape);
    if (out.bytes() != addend->bytes()) {
      std::memcpy(out.bytes(), addend->bytes(), static_cast<size_t>(out.numElements()) * sizeof(float));
    }
  } else {
    out = Tensor(resultType, shape, Tensor::ForOverwrite{});
  }
  if (out.numElements() == 0 || !convolveWithOneDnn(lhs, rhs, out, p.dimensions, g, p.featureGroupCount, postOps)) {
    return std::nullopt;
  }
  return out;
}

void prepareConvolutionKernel(const ir::Type &lhsType, const Tensor &rhs, const ConvolutionParams &p,
                              const ir::Type &resultType, const std::vector<ConvolutionPostOp> &postOps) {
  if (!kernelsEnabled() || rhs.kind() != ElemKind::F32 || rhs.type().element() != resultType.element() ||
      lhsType.element() != resultType.element() || !lhsType.ranked() || !lhsType.hasStaticShape() ||
      p.batchGroupCount != 1) {
    return;
  }
  try {
    Shape shape;
    Geometry g = geometryOf(lhsType.shape(), rhs.shape(), p, shape);
    bool reversed = std::any_of(g.reversal.begin(), g.reversal.end(), [](bool r) { return r; });
    if (reversed || hasLhsDilation(g)) return;
    for (int64_t size : shape) {
      if (size == 0) return;
    }
    oneDnnPrepareConvolutionKernel(rhs.data<float>(),
                                   oneDnnShapeOf(lhsType.shape(), rhs.shape(), shape, p.dimensions, g,
                                                 p.featureGroupCount),
                                   rhs.bufferOwner(), postOps);
  } catch (const RuntimeError &) {
    // The convolution reports it when it runs.
  }
}

}  // namespace shlo::interpreter
