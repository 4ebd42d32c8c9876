#include "interpreter/kernels/OneDnn.h"

#include <omp.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <new>
#include <unordered_map>
#include <hwy/aligned_allocator.h>
#include <oneapi/dnnl/dnnl.hpp>

#include "interpreter/kernels/Isa.h"
#include "interpreter/kernels/Parallel.h"

namespace shlo::interpreter {

namespace {

using dnnl::memory;
using Dims = memory::dims;

dnnl::engine &cpuEngine() {
  static dnnl::engine *engine = [] {
    applyIsaLimit();
    return new dnnl::engine(dnnl::engine::kind::cpu, 0);
  }();
  return *engine;
}

/// oneDNN runs on OpenMP: the thread count is the calling thread's setting.
void useKernelThreads() {
  int threads = kernelThreads();
  if (omp_get_max_threads() != threads) omp_set_num_threads(threads);
}

/// Primitives by shape and layout. Bounded: a program whose shapes never
/// repeat does not grow it without end.
template <typename Entry>
class PrimitiveCache {
 public:
  std::shared_ptr<const Entry> find(const std::vector<int64_t> &key) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = entries_.find(key);
    return it == entries_.end() ? nullptr : it->second;
  }
  void insert(const std::vector<int64_t> &key, std::shared_ptr<const Entry> entry) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (entries_.size() >= kCapacity) entries_.clear();
    entries_[key] = std::move(entry);
  }

 private:
  static constexpr size_t kCapacity = 1024;
  std::mutex mutex_;
  std::map<std::vector<int64_t>, std::shared_ptr<const Entry>> entries_;
};

/// A size-1 dimension's stride is never used to address; oneDNN still checks
/// layouts for overlap, so it gets one that cannot overlap.
int64_t strideOf(int64_t size, int64_t stride, int64_t span) { return size == 1 ? span : stride; }

struct MatmulEntry {
  dnnl::matmul::primitive_desc pd;
  dnnl::matmul primitive;
};

/// Primitives take their scratchpad from the caller (scratchpad_mode::user)
/// rather than from oneDNN's own, which it allocates on a primitive's first
/// call, in the run: this one grows when a convolution is prepared. One
/// buffer per calling thread, grown to the largest primitive made or run
/// on it; a primitive splits it among its threads itself.
dnnl::primitive_attr userScratchpad(dnnl::primitive_attr attr = dnnl::primitive_attr()) {
  attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
  return attr;
}

/// This thread's scratchpad, at least `bytes` long, its pages touched when
/// it grows (so that growing at preparation spares the run its faults).
void *scratchpad(size_t bytes) {
  thread_local hwy::AlignedFreeUniquePtr<unsigned char[]> buffer;
  thread_local size_t size = 0;
  if (bytes > size) {
    buffer = hwy::AllocateAligned<unsigned char>(bytes);
    if (!buffer) throw std::bad_alloc();
    for (size_t i = 0; i < bytes; i += 4096) buffer[i] = 0;
    size = bytes;
  }
  return buffer.get();
}

/// The scratchpad argument of a primitive made with userScratchpad().
memory scratchpadFor(const memory::desc &desc, dnnl::engine &engine) {
  return memory(desc, engine, scratchpad(std::max<size_t>(desc.get_size(), 1)));
}

}  // namespace

bool oneDnnMatmul(const float *a, const MatrixLayout &aLayout, const float *b, const MatrixLayout &bLayout, float *c,
                  const std::vector<int64_t> &batchSizes, int64_t m, int64_t k, int64_t n) {
  int64_t batch = 1;
  for (int64_t s : batchSizes) batch *= s;
  if (batch == 0 || m == 0 || n == 0) return true;
  if (k == 0) {
    std::fill(c, c + batch * m * n, 0.0f);
    return true;
  }
  if (batchSizes.size() > 10 || aLayout.batchStrides.size() != batchSizes.size() ||
      bLayout.batchStrides.size() != batchSizes.size()) {
    return false;
  }
  // oneDNN splits the work when a primitive is made: the thread count is
  // part of its shape.
  std::vector<int64_t> key = {kernelThreads(), m, k, n, aLayout.rowStride, aLayout.columnStride,
                              bLayout.rowStride, bLayout.columnStride};
  for (size_t i = 0; i < batchSizes.size(); ++i) {
    key.insert(key.end(), {batchSizes[i], aLayout.batchStrides[i], bLayout.batchStrides[i]});
  }
  static PrimitiveCache<MatmulEntry> cache;
  try {
    dnnl::engine &engine = cpuEngine();
    // Before the primitive is made: oneDNN plans its split for the thread
    // count of that moment and runs that many threads at every call.
    useKernelThreads();
    std::shared_ptr<const MatmulEntry> entry = cache.find(key);
    if (!entry) {
      int64_t aSpan = m * k * std::max<int64_t>(1, std::max(aLayout.rowStride, aLayout.columnStride));
      int64_t bSpan = k * n * std::max<int64_t>(1, std::max(bLayout.rowStride, bLayout.columnStride));
      Dims aDims, bDims, cDims, aStrides, bStrides, cStrides;
      int64_t cBatchStride = batch * m * n;
      for (size_t i = 0; i < batchSizes.size(); ++i) {
        aDims.push_back(batchSizes[i]), bDims.push_back(batchSizes[i]), cDims.push_back(batchSizes[i]);
        aStrides.push_back(aLayout.batchStrides[i]), bStrides.push_back(bLayout.batchStrides[i]);
        cBatchStride /= batchSizes[i];
        cStrides.push_back(cBatchStride);
      }
      aDims.insert(aDims.end(), {m, k}), bDims.insert(bDims.end(), {k, n}), cDims.insert(cDims.end(), {m, n});
      aStrides.insert(aStrides.end(), {strideOf(m, aLayout.rowStride, aSpan), strideOf(k, aLayout.columnStride, aSpan)});
      bStrides.insert(bStrides.end(), {strideOf(k, bLayout.rowStride, bSpan), strideOf(n, bLayout.columnStride, bSpan)});
      cStrides.insert(cStrides.end(), {n, 1});
      memory::desc aDesc(aDims, memory::data_type::f32, aStrides), bDesc(bDims, memory::data_type::f32, bStrides),
          cDesc(cDims, memory::data_type::f32, cStrides);
      dnnl::matmul::primitive_desc pd(dnnl::matmul::desc(aDesc, bDesc, cDesc), userScratchpad(), engine);
      auto created = std::make_shared<MatmulEntry>(MatmulEntry{pd, dnnl::matmul(pd)});
      cache.insert(key, created);
      entry = created;
    }
    const dnnl::matmul::primitive_desc &pd = entry->pd;
    memory aMem(pd.src_desc(), engine, const_cast<float *>(a)), bMem(pd.weights_desc(), engine, const_cast<float *>(b)),
        cMem(pd.dst_desc(), engine, c);
    dnnl::stream stream(engine);
    entry->primitive.execute(stream, {{DNNL_ARG_SRC, aMem},
                                      {DNNL_ARG_WEIGHTS, bMem},
                                      {DNNL_ARG_DST, cMem},
                                      {DNNL_ARG_SCRATCHPAD, scratchpadFor(pd.scratchpad_desc(), engine)}});
    stream.wait();
    return true;
  } catch (const dnnl::error &) {
    return false;
  }
}

namespace {

/// A convolution primitive and the reorders between the caller's layouts
/// and the ones the primitive chose (absent when it takes them as they are).
struct ConvolutionEntry {
  dnnl::convolution_forward::primitive_desc pd;
  dnnl::convolution_forward primitive;
  memory::desc input, kernel, output;  // the caller's
  std::optional<dnnl::reorder> toInput, toKernel, fromOutput;
  /// oneDNN cannot run this shape with these post-ops as wanted (kept so
  /// that the question is asked once).
  bool declined = false;
};

dnnl::algorithm binaryAlgorithmOf(ConvolutionPostOp::Kind kind) {
  switch (kind) {
    case ConvolutionPostOp::Kind::Subtract: return dnnl::algorithm::binary_sub;
    case ConvolutionPostOp::Kind::Multiply: return dnnl::algorithm::binary_mul;
    case ConvolutionPostOp::Kind::Divide: return dnnl::algorithm::binary_div;
    case ConvolutionPostOp::Kind::Add: break;
  }
  return dnnl::algorithm::binary_add;
}

/// The operand of a post-op: per output feature, {1, C, 1...}; whole
/// tensor, the caller's output layout.
memory::desc postOpOperandDesc(const ConvolutionPostOp &op, const memory::desc &output) {
  if (op.wholeTensor) return output;
  Dims dims = output.dims();
  Dims strides(dims.size(), 0);
  for (size_t d = 0; d < dims.size(); ++d) {
    if (d != 1) dims[d] = 1;
  }
  strides[1] = 1;
  for (size_t d = 0; d < dims.size(); ++d) {
    if (d != 1) strides[d] = dims[1];
  }
  return memory::desc(dims, memory::data_type::f32, strides);
}

/// Null when oneDNN has only its reference implementation for the
/// post-ops, or when a whole-tensor operand's layout is not the output's.
std::shared_ptr<ConvolutionEntry> createConvolution(const ConvolutionShape &s,
                                                    const std::vector<ConvolutionPostOp> &postOps,
                                                    dnnl::engine &engine) {
  size_t spatial = s.inputSizes.size();
  Dims inDims = {s.batch, s.inputFeatures}, outDims = {s.batch, s.outputFeatures};
  Dims inStrides = {s.inputStrides[0], s.inputStrides[1]}, outStrides = {s.outputStrides[0], s.outputStrides[1]};
  int64_t perGroupOut = s.outputFeatures / s.groups, perGroupIn = s.inputFeatures / s.groups;
  Dims kDims, kStrides;
  if (s.groups > 1) {
    kDims = {s.groups, perGroupOut, perGroupIn};
    kStrides = {perGroupOut * s.kernelStrides[0], s.kernelStrides[0], s.kernelStrides[1]};
  } else {
    kDims = {s.outputFeatures, perGroupIn};
    kStrides = {s.kernelStrides[0], s.kernelStrides[1]};
  }
  Dims windowStrides, dilations, padLow, padHigh;
  for (size_t d = 0; d < spatial; ++d) {
    inDims.push_back(s.inputSizes[d]);
    inStrides.push_back(s.inputStrides[2 + d]);
    outDims.push_back(s.outputSizes[d]);
    outStrides.push_back(s.outputStrides[2 + d]);
    kDims.push_back(s.kernelSizes[d]);
    kStrides.push_back(s.kernelStrides[2 + d]);
    windowStrides.push_back(s.windowStrides[d]);
    dilations.push_back(s.dilations[d] - 1);
    padLow.push_back(s.paddingLow[d]);
    padHigh.push_back(s.paddingHigh[d]);
  }
  auto entry = std::make_shared<ConvolutionEntry>();
  entry->input = memory::desc(inDims, memory::data_type::f32, inStrides);
  entry->kernel = memory::desc(kDims, memory::data_type::f32, kStrides);
  entry->output = memory::desc(outDims, memory::data_type::f32, outStrides);
  auto any = [](const Dims &dims) { return memory::desc(dims, memory::data_type::f32, memory::format_tag::any); };
  auto describe = [&](const memory::desc &in, const memory::desc &out) {
    return dnnl::convolution_forward::desc(dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_direct, in,
                                           any(kDims), out, windowStrides, dilations, padLow, padHigh);
  };
  dnnl::primitive_attr attr = userScratchpad();
  bool wholeTensor = false;
  if (!postOps.empty()) {
    dnnl::post_ops ops;
    for (const ConvolutionPostOp &op : postOps) {
      if (op.kind == ConvolutionPostOp::Kind::AddToOutput) {
        ops.append_sum(1.0f);
      } else {
        ops.append_binary(binaryAlgorithmOf(op.kind), postOpOperandDesc(op, entry->output));
      }
      wholeTensor = wholeTensor || op.wholeTensor || op.kind == ConvolutionPostOp::Kind::AddToOutput;
    }
    attr.set_post_ops(ops);
  }
  // The caller's activations as they are for 1x1 windows and few input
  // features (ResNet's stem), where oneDNN's channels-last kernels are as
  // fast as its blocked ones and the reorders would cost more than they
  // save (measured with bench_kernels on AVX2); else the layouts oneDNN
  // chooses, reordered to and from on each call. A reference (slow)
  // implementation is never taken when a faster one exists.
  bool pointwise = std::all_of(s.kernelSizes.begin(), s.kernelSizes.end(), [](int64_t k) { return k == 1; });
  bool asGiven = pointwise || perGroupIn < 8;
  auto isReference = [](const dnnl::convolution_forward::primitive_desc &pd) {
    return std::strncmp(pd.impl_info_str(), "ref", 3) == 0;
  };
  auto choose = [&](const dnnl::primitive_attr &attributes) {
    auto create = [&](const memory::desc &in, const memory::desc &out) {
      return dnnl::convolution_forward::primitive_desc(describe(in, out), attributes, engine);
    };
    dnnl::convolution_forward::primitive_desc pd =
        asGiven ? create(entry->input, entry->output) : create(any(inDims), any(outDims));
    if (asGiven && isReference(pd)) pd = create(any(inDims), any(outDims));
    return pd;
  };
  dnnl::convolution_forward::primitive_desc pd = choose(attr);
  if (!postOps.empty()) {
    // The post-ops keep the convolution's bits only on the implementation
    // and layouts the plain convolution has (another kernel sums in another
    // order); on the reference implementation they would cost more than
    // the passes they save; a whole-tensor operand is read in the output's
    // layout.
    dnnl::convolution_forward::primitive_desc plain = choose(userScratchpad());
    if (isReference(pd) || std::strcmp(pd.impl_info_str(), plain.impl_info_str()) != 0 ||
        pd.src_desc() != plain.src_desc() || pd.weights_desc() != plain.weights_desc() ||
        pd.dst_desc() != plain.dst_desc() || (wholeTensor && pd.dst_desc() != entry->output)) {
      entry->declined = true;
      return entry;
    }
  }
  entry->pd = pd;
  entry->primitive = dnnl::convolution_forward(pd);
  if (pd.src_desc() != entry->input) entry->toInput = dnnl::reorder(memory(entry->input, engine), memory(pd.src_desc(), engine));
  if (pd.weights_desc() != entry->kernel) {
    entry->toKernel = dnnl::reorder(memory(entry->kernel, engine), memory(pd.weights_desc(), engine));
  }
  if (pd.dst_desc() != entry->output) {
    entry->fromOutput = dnnl::reorder(memory(pd.dst_desc(), engine), memory(entry->output, engine));
  }
  return entry;
}

}  // namespace

namespace {

/// The cached primitive for a shape (made on first use); null when oneDNN
/// does not take the shape. Throws dnnl::error.
std::shared_ptr<const ConvolutionEntry> convolutionEntry(const ConvolutionShape &s,
                                                         const std::vector<ConvolutionPostOp> &postOps,
                                                         std::vector<int64_t> &key) {
  size_t spatial = s.inputSizes.size();
  if (spatial < 1 || spatial > 3) return nullptr;
  for (size_t d = 0; d < spatial; ++d) {
    if (s.paddingLow[d] < 0 || s.paddingHigh[d] < 0) return nullptr;
  }
  key = {kernelThreads(), s.batch, s.inputFeatures, s.outputFeatures, s.groups};
  for (const std::vector<int64_t> *v : {&s.inputSizes, &s.kernelSizes, &s.outputSizes, &s.windowStrides, &s.dilations,
                                        &s.paddingLow, &s.paddingHigh, &s.inputStrides, &s.kernelStrides,
                                        &s.outputStrides}) {
    key.push_back(-1);
    key.insert(key.end(), v->begin(), v->end());
  }
  // Prepared weights are found by the key without post-ops (the same
  // weights serve every post-op chain when the layout is the same).
  std::vector<int64_t> primitiveKey = key;
  for (const ConvolutionPostOp &op : postOps) {
    primitiveKey.push_back(-2 - (static_cast<int64_t>(op.kind) * 2 + (op.wholeTensor ? 1 : 0)));
  }
  static PrimitiveCache<ConvolutionEntry> cache;
  std::shared_ptr<const ConvolutionEntry> entry = cache.find(primitiveKey);
  if (!entry) {
    std::shared_ptr<ConvolutionEntry> created = createConvolution(s, postOps, cpuEngine());
    cache.insert(primitiveKey, created);
    entry = created;
  }
  return entry->declined ? nullptr : entry;
}

/// Weights already in a primitive's layout, by kernel pointer and
/// primitive key; an entry is good while its owner lives (the pointer
/// cannot be reused before the owner dies).
class PreparedKernels {
 public:
  std::optional<memory> find(const float *kernel, const std::vector<int64_t> &key) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = entries_.find({kernel, key});
    if (it == entries_.end()) return std::nullopt;
    if (it->second.owner.expired()) {
      entries_.erase(it);
      return std::nullopt;
    }
    return it->second.weights;
  }
  void insert(const float *kernel, const std::vector<int64_t> &key, const std::shared_ptr<const void> &owner,
              memory weights) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto it = entries_.begin(); it != entries_.end();) {
      it = it->second.owner.expired() ? entries_.erase(it) : std::next(it);
    }
    if (entries_.size() >= kCapacity) return;
    entries_[{kernel, key}] = Entry{owner, std::move(weights)};
  }

 private:
  struct Entry {
    std::weak_ptr<const void> owner;
    memory weights;
  };
  static constexpr size_t kCapacity = 4096;
  std::mutex mutex_;
  std::map<std::pair<const float *, std::vector<int64_t>>, Entry> entries_;
};

PreparedKernels &preparedKernels() {
  static PreparedKernels *prepared = new PreparedKernels;
  return *prepared;
}

}  // namespace

void oneDnnPrepareConvolutionKernel(const float *kernel, const ConvolutionShape &s,
                                    const std::shared_ptr<const void> &owner,
                                    const std::vector<ConvolutionPostOp> &postOps) {
  if (!owner) return;
  try {
    useKernelThreads();  // before the primitive is made (see oneDnnMatmul)
    std::vector<int64_t> key;
    std::shared_ptr<const ConvolutionEntry> entry = convolutionEntry(s, postOps, key);
    if (entry) scratchpad(std::max<size_t>(entry->pd.scratchpad_desc().get_size(), 1));  // grown now, not in the run
    if (!entry || !entry->toKernel || preparedKernels().find(kernel, key)) return;
    dnnl::engine &engine = cpuEngine();
    dnnl::stream stream(engine);
    memory given(entry->kernel, engine, const_cast<float *>(kernel)), weights(entry->pd.weights_desc(), engine);
    entry->toKernel->execute(stream, given, weights);
    stream.wait();
    preparedKernels().insert(kernel, key, owner, std::move(weights));
  } catch (const dnnl::error &) {
    // The convolution reorders (or declines) when it runs.
  }
}

bool oneDnnConvolution(const float *input, const float *kernel, float *output, const ConvolutionShape &s,
                       const std::vector<ConvolutionPostOp> &postOps) {
  try {
    useKernelThreads();  // before the primitive is made (see oneDnnMatmul)
    std::vector<int64_t> key;
    std::shared_ptr<const ConvolutionEntry> entry = convolutionEntry(s, postOps, key);
    if (!entry) return false;
    dnnl::engine &engine = cpuEngine();
    const dnnl::convolution_forward::primitive_desc &pd = entry->pd;
    dnnl::stream stream(engine);
    memory in(entry->input, engine, const_cast<float *>(input)), k(entry->kernel, engine, const_cast<float *>(kernel)),
        out(entry->output, engine, output);
    memory src = in, weights = k, dst = out;
    if (entry->toInput) {
      src = memory(pd.src_desc(), engine);
      entry->toInput->execute(stream, in, src);
    }
    if (entry->toKernel) {
      std::optional<memory> prepared = preparedKernels().find(kernel, key);
      if (prepared && prepared->get_desc() == pd.weights_desc()) {
        weights = *prepared;
      } else {
        weights = memory(pd.weights_desc(), engine);
        entry->toKernel->execute(stream, k, weights);
      }
    }
    if (entry->fromOutput) dst = memory(pd.dst_desc(), engine);
    std::unordered_map<int, memory> args = {{DNNL_ARG_SRC, src},
                                            {DNNL_ARG_WEIGHTS, weights},
                                            {DNNL_ARG_DST, dst},
                                            {DNNL_ARG_SCRATCHPAD, scratchpadFor(pd.scratchpad_desc(), engine)}};
    for (size_t i = 0; i < postOps.size(); ++i) {
      if (postOps[i].kind == ConvolutionPostOp::Kind::AddToOutput) continue;
      args.emplace(DNNL_ARG_ATTR_MULTIPLE_POST_OP(static_cast<int>(i)) | DNNL_ARG_SRC_1,
                   memory(postOpOperandDesc(postOps[i], entry->output), engine,
                          const_cast<float *>(postOps[i].values)));
    }
    entry->primitive.execute(stream, args);
    if (entry->fromOutput) entry->fromOutput->execute(stream, dst, out);
    stream.wait();
    return true;
  } catch (const dnnl::error &) {
    return false;
  }
}

std::string oneDnnIsa() {
  cpuEngine();
  switch (dnnl::get_effective_cpu_isa()) {
    case dnnl::cpu_isa::sse41: return "sse41";
    case dnnl::cpu_isa::avx: return "avx";
    case dnnl::cpu_isa::avx2: return "avx2";
    case dnnl::cpu_isa::avx2_vnni: return "avx2_vnni";
    case dnnl::cpu_isa::avx512_core: return "avx512_core";
    case dnnl::cpu_isa::avx512_core_vnni: return "avx512_core_vnni";
    case dnnl::cpu_isa::avx512_core_bf16: return "avx512_core_bf16";
    case dnnl::cpu_isa::avx512_core_amx: return "avx512_core_amx";
    default: return "other";
  }
}

}  // namespace shlo::interpreter
