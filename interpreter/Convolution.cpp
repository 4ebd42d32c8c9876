// convolution, per the spec (no quantized types yet): for every result
// element, the sum over the kernel window and input features of
// lhs[padded, dilated window position] * rhs, in the result's element type.
// feature_group_count splits input features and output features into groups;
// batch_group_count splits the input batch and output features. Window
// reversal reverses the kernel's spatial index, which equals the spec's
// reversal of the lhs window.
#include <algorithm>

#include "interpreter/Errors.h"
#include "interpreter/Ops.h"

namespace shlo::interpreter {

Tensor evalConvolution(const Tensor &lhsIn, const Tensor &rhsIn, const ConvolutionParams &p,
                       const ir::Type &resultType) {
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
  const ir::ElementType &element = resultType.element();
  Tensor lhs = lhsIn.type().element() == element ? lhsIn : evalConvert(lhsIn, lhsIn.type().withElement(element));
  Tensor rhs = rhsIn.type().element() == element ? rhsIn : evalConvert(rhsIn, rhsIn.type().withElement(element));
  const Shape &ls = lhs.shape(), &ks = rhs.shape();
  int64_t N = ls.at(dn.inputBatch), C = ls.at(dn.inputFeature);
  int64_t KI = ks.at(dn.kernelInputFeature), KO = ks.at(dn.kernelOutputFeature);
  if (C != KI * G || N % B != 0 || KO % G != 0 || KO % B != 0) {
    throw RuntimeError("convolution: feature or batch sizes do not fit the group counts at run time");
  }
  // The result's shape.
  Shape shape(lhs.rank());
  shape.at(dn.outputBatch) = N / B;
  shape.at(dn.outputFeature) = KO;
  for (size_t s = 0; s < spatial; ++s) {
    int64_t in = ls.at(dn.inputSpatial[s]), k = ks.at(dn.kernelSpatial[s]);
    int64_t dilated = in == 0 ? 0 : (in - 1) * lhsDilation[s] + 1;
    int64_t padded = dilated + padding[s].first + padding[s].second;
    int64_t window = k == 0 ? 0 : (k - 1) * rhsDilation[s] + 1;
    shape.at(dn.outputSpatial[s]) = padded <= 0 || window > padded ? 0 : (padded - window) / strides[s] + 1;
  }
  Tensor out(resultType, shape);
  if (out.numElements() == 0) return out;
  std::vector<int64_t> lst = lhs.strides(), kst = rhs.strides(), ost = out.strides();
  int64_t outBatch = N / B, featuresPerGroup = KO / G, featuresPerBatchGroup = KO / B;
  std::vector<int64_t> outSpatialSizes(spatial), kernelSizes(spatial);
  int64_t outSpatialCount = 1, kernelCount = 1;
  for (size_t s = 0; s < spatial; ++s) {
    outSpatialSizes[s] = shape[dn.outputSpatial[s]];
    kernelSizes[s] = ks[dn.kernelSpatial[s]];
    outSpatialCount *= outSpatialSizes[s];
    kernelCount *= kernelSizes[s];
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

}  // namespace shlo::interpreter
