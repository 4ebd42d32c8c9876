// Elementwise fusion (interpreter/ElementwiseFusion.h, kernels/Fused.h):
// random chains of f32 elementwise ops, with operands read whole, as rows,
// as columns, as scalars and as broadcasts that must be made, run fused
// and op by op: the same bytes (NaN payloads included); without exp, the
// same bits as the reference path too. Also: the plan fuses what it should,
// an observer sees every op, step limits count every op.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "interpreter/ElidedValues.h"
#include "interpreter/Interpreter.h"
#include "interpreter/Observer.h"
#include "interpreter/kernels/KernelPath.h"
#include "interpreter/kernels/Parallel.h"
#include "tests/support/Programs.h"

namespace shlo::interpreter {
namespace {

ir::ElementType f32() { return ir::ElementType::floating(ir::FloatFormat::F32); }

Tensor randomTensor(const std::vector<int64_t> &shape, uint64_t salt) {
  return makeElidedValue(ir::Type::tensor(shape, f32()), {ElidedFill::Mode::Random, 11}, salt);
}

/// NaN (own payload and sign each), infinities, signed zeros at every
/// `every`-th element.
void plantSpecials(Tensor &t, int64_t every) {
  const float specials[] = {NAN, INFINITY, -INFINITY, 0.0f, -0.0f};
  for (int64_t i = 0, s = 0; i < t.numElements(); i += every, ++s) {
    float value = specials[s % 5];
    if (std::isnan(value)) {
      uint32_t bits = 0x7fc00000u | static_cast<uint32_t>(s + 1) | (s % 2 == 0 ? 0x80000000u : 0u);
      std::memcpy(&value, &bits, sizeof bits);
    }
    t.data<float>()[i] = value;
  }
}

std::string typeOf(const std::vector<int64_t> &shape) {
  std::string s = "tensor<";
  for (int64_t d : shape) s += std::to_string(d) + "x";
  return s + "f32>";
}

/// A random program over `shape` = [a, b, c]: arguments %x, %y (whole),
/// %r ([c]: a row), %c ([a, b]: a column), %m ([a, 1, c]: a broadcast
/// that is neither, made) and %s (a scalar); `ops` elementwise ops, each
/// reading the previous result or an earlier value (an earlier value read
/// again ends a chain) and a whole argument or a fresh broadcast.
std::string randomProgram(const std::vector<int64_t> &shape, int ops, bool withExp, std::mt19937 &rng) {
  const std::string t = typeOf(shape);
  const std::string row = typeOf({shape[2]}), column = typeOf({shape[0], shape[1]}),
                    middle = typeOf({shape[0], 1, shape[2]});
  std::string text = "func.func @main(%x: " + t + ", %y: " + t + ", %r: " + row + ", %c: " + column +
                     ", %m: " + middle + ", %s: tensor<f32>) -> (" + t + ", " + t + ") {\n";
  std::vector<std::string> values = {"%x", "%y"};
  std::vector<std::string> binary = {"add", "subtract", "multiply", "divide", "maximum", "minimum"};
  std::vector<std::string> unary = {"negate", "sqrt"};
  if (withExp) unary.push_back("exponential");
  int broadcasts = 0;
  auto pick = [&](size_t n) { return static_cast<size_t>(rng() % n); };
  auto operand = [&]() -> std::string {
    switch (pick(6)) {
      case 0: return values[pick(values.size())];
      case 1: return pick(2) ? "%x" : "%y";
      default: {
        std::string name = "%b" + std::to_string(broadcasts++);
        switch (pick(4)) {
          case 0: text += "  " + name + " = stablehlo.broadcast_in_dim %r, dims = [2] : (" + row + ") -> " + t + "\n"; break;
          case 1: text += "  " + name + " = stablehlo.broadcast_in_dim %c, dims = [0, 1] : (" + column + ") -> " + t + "\n"; break;
          case 2: text += "  " + name + " = stablehlo.broadcast_in_dim %m, dims = [0, 1, 2] : (" + middle + ") -> " + t + "\n"; break;
          default: text += "  " + name + " = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> " + t + "\n"; break;
        }
        return name;
      }
    }
  };
  for (int i = 0; i < ops; ++i) {
    std::string name = "%v" + std::to_string(i);
    // Mostly the previous result (a chain), sometimes an earlier value.
    std::string first = pick(5) ? values.back() : values[pick(values.size())];
    if (pick(4) == 0) {
      text += "  " + name + " = stablehlo." + unary[pick(unary.size())] + " " + first + " : " + t + "\n";
    } else {
      std::string other = operand();
      bool swap = pick(2);
      text += "  " + name + " = stablehlo." + binary[pick(binary.size())] + " " + (swap ? other : first) + ", " +
              (swap ? first : other) + " : " + t + "\n";
    }
    values.push_back(name);
  }
  text += "  return " + values.back() + ", " + values[values.size() / 2] + " : " + t + ", " + t + "\n}\n";
  return text;
}

std::vector<Value> argumentsFor(const std::vector<int64_t> &shape, uint64_t salt) {
  Tensor x = randomTensor(shape, salt), y = randomTensor(shape, salt + 1);
  plantSpecials(x, 97);
  plantSpecials(y, 89);
  return {x, y, randomTensor({shape[2]}, salt + 2), randomTensor({shape[0], shape[1]}, salt + 3),
          randomTensor({shape[0], 1, shape[2]}, salt + 4), randomTensor({}, salt + 5)};
}

FunctionOutcome runWith(const ir::Module &module, const std::vector<Value> &arguments, bool fuse,
                        std::shared_ptr<OpProfile> profile = nullptr) {
  InterpreterOptions options;
  options.fuseElementwise = fuse;
  options.profile = std::move(profile);
  Interpreter interp(module, options);
  return interp.run("main", arguments);
}

void expectSameBytes(const Tensor &a, const Tensor &b, const std::string &what) {
  ASSERT_EQ(a.shape(), b.shape()) << what;
  EXPECT_EQ(std::memcmp(a.bytes(), b.bytes(), static_cast<size_t>(a.numElements()) * sizeof(float)), 0) << what;
}

void expectSameBits(const Tensor &a, const Tensor &b, const std::string &what) {
  ASSERT_EQ(a.shape(), b.shape()) << what;
  for (int64_t i = 0; i < a.numElements(); ++i) {
    float p = a.data<float>()[i], q = b.data<float>()[i];
    if (std::isnan(q)) {
      ASSERT_TRUE(std::isnan(p)) << what << " at " << i;
    } else {
      ASSERT_EQ(std::memcmp(&p, &q, sizeof p), 0) << what << " at " << i << ": " << p << " vs " << q;
    }
  }
}

size_t fusedEntries(const OpProfile &profile) {
  size_t n = 0;
  for (const auto &entry : profile.entries()) n += entry.second.label.rfind("fused(", 0) == 0;
  return n;
}

}  // namespace

TEST(ElementwiseFusion, RandomChainsGiveTheUnfusedBytes) {
  // Shapes: a tile and a half (4551 elements); rows longer than a tile and
  // not dividing it; enough elements for two threads (51350).
  const std::vector<std::vector<int64_t>> shapes = {{3, 37, 41}, {2, 3, 1100}, {5, 79, 130}};
  std::mt19937 rng(2026);
  int programs = 0, fusedPrograms = 0;
  for (const std::vector<int64_t> &shape : shapes) {
    for (int trial = 0; trial < 8; ++trial) {
      bool withExp = trial % 2 == 1;
      std::string program = randomProgram(shape, 4 + trial * 3, withExp, rng);
      std::vector<Value> arguments = argumentsFor(shape, 100 + trial);
      analysis::Analysis keep;
      const ir::Module &module = test::loadProgram(program, keep);
      for (int threads : {1, 2}) {
        setKernelThreads(threads);
        auto profile = std::make_shared<OpProfile>();
        FunctionOutcome fused = runWith(module, arguments, true, profile), unfused = runWith(module, arguments, false);
        ASSERT_EQ(fused.status, FunctionOutcome::Status::Passed) << fused.message << "\n" << program;
        ASSERT_EQ(unfused.status, FunctionOutcome::Status::Passed) << unfused.message;
        fusedPrograms += threads == 1 && fusedEntries(*profile) > 0;
        for (size_t i = 0; i < 2; ++i) {
          expectSameBytes(fused.results.at(i).tensor, unfused.results.at(i).tensor,
                          "result " + std::to_string(i) + ", " + std::to_string(threads) + " threads:\n" + program);
        }
      }
      setKernelThreads(1);
      if (!withExp) {
        // exp is within one ULP of libm (KernelReference.ExponentialWithinOneUlp);
        // the rest are IEEE operations, bit for bit.
        setKernelPath(KernelPath::Reference);
        FunctionOutcome reference = runWith(module, arguments, true);
        setKernelPath(KernelPath::Kernels);
        FunctionOutcome fused = runWith(module, arguments, true);
        ASSERT_EQ(reference.status, FunctionOutcome::Status::Passed) << reference.message;
        for (size_t i = 0; i < 2; ++i) {
          expectSameBits(fused.results.at(i).tensor, reference.results.at(i).tensor,
                         "result " + std::to_string(i) + " vs --reference:\n" + program);
        }
      }
      ++programs;
    }
  }
  EXPECT_EQ(programs, 24);
  // Nearly every program has a chain of two ops or more.
  EXPECT_GE(fusedPrograms, 20);
}

namespace {

// searchless-chess's silu as exported, and the product after it.
constexpr const char *kSilu = R"(
func.func @main(%x: tensor<4x33x256xf32>, %w: tensor<4x33x256xf32>) -> tensor<4x33x256xf32> {
  %one = stablehlo.constant dense<1.000000e+00> : tensor<f32>
  %0 = stablehlo.negate %x : tensor<4x33x256xf32>
  %1 = stablehlo.exponential %0 : tensor<4x33x256xf32>
  %2 = stablehlo.broadcast_in_dim %one, dims = [] : (tensor<f32>) -> tensor<4x33x256xf32>
  %3 = stablehlo.add %2, %1 : tensor<4x33x256xf32>
  %4 = stablehlo.broadcast_in_dim %one, dims = [] : (tensor<f32>) -> tensor<4x33x256xf32>
  %5 = stablehlo.divide %4, %3 : tensor<4x33x256xf32>
  %6 = stablehlo.multiply %x, %5 : tensor<4x33x256xf32>
  %7 = stablehlo.multiply %6, %w : tensor<4x33x256xf32>
  return %7 : tensor<4x33x256xf32>
}
)";

class CountOps : public Observer {
 public:
  ObserverCommand beforeOp(const FrameStack &frames) override {
    names.push_back(frames.back().op->name);
    return ObserverCommand::Continue;
  }
  std::vector<std::string> names;
};

}  // namespace

TEST(ElementwiseFusion, SiluIsOnePassWithTheUnfusedBytes) {
  analysis::Analysis keep;
  const ir::Module &module = test::loadProgram(kSilu, keep);
  std::vector<Value> arguments = {randomTensor({4, 33, 256}, 1), randomTensor({4, 33, 256}, 2)};
  auto profile = std::make_shared<OpProfile>();
  FunctionOutcome fused = runWith(module, arguments, true, profile), unfused = runWith(module, arguments, false);
  ASSERT_EQ(fused.status, FunctionOutcome::Status::Passed) << fused.message;
  expectSameBytes(fused.results.at(0).tensor, unfused.results.at(0).tensor, "silu");
  std::vector<std::string> labels;
  for (const auto &entry : profile->entries()) {
    if (!entry.second.label.empty()) labels.push_back(entry.second.label);
  }
  EXPECT_EQ(labels, std::vector<std::string>{"fused(negate,exponential,add,divide,multiply,multiply)"});
  // The caller's arguments are read, never written.
  Tensor x = randomTensor({4, 33, 256}, 1);
  EXPECT_EQ(std::memcmp(arguments[0].tensor.bytes(), x.bytes(), static_cast<size_t>(x.numElements()) * 4), 0);
}

TEST(ElementwiseFusion, AnObserverSeesEveryOp) {
  analysis::Analysis keep;
  const ir::Module &module = test::loadProgram(kSilu, keep);
  std::vector<Value> arguments = {randomTensor({4, 33, 256}, 1), randomTensor({4, 33, 256}, 2)};
  CountOps observer;
  Interpreter interp(module);
  interp.setObserver(&observer);
  FunctionOutcome observed = interp.run("main", arguments);
  ASSERT_EQ(observed.status, FunctionOutcome::Status::Passed) << observed.message;
  EXPECT_EQ(observer.names.size(), 10u);  // 9 ops and the return
  FunctionOutcome fused = runWith(module, arguments, true);
  expectSameBytes(observed.results.at(0).tensor, fused.results.at(0).tensor, "observed vs fused");
}

TEST(ElementwiseFusion, StepLimitsCountEveryFusedOp) {
  analysis::Analysis keep;
  const ir::Module &module = test::loadProgram(kSilu, keep);
  std::vector<Value> arguments = {randomTensor({4, 33, 256}, 1), randomTensor({4, 33, 256}, 2)};
  for (bool fuse : {true, false}) {
    InterpreterOptions options;
    options.fuseElementwise = fuse;
    options.maxSteps = 8;  // the program has 9 ops
    Interpreter interp(module, options);
    FunctionOutcome outcome = interp.run("main", arguments);
    EXPECT_EQ(outcome.status, FunctionOutcome::Status::RuntimeError) << (fuse ? "fused" : "unfused");
    EXPECT_NE(outcome.message.find("step limit"), std::string::npos) << outcome.message;
    options.maxSteps = 9;
    Interpreter enough(module, options);
    EXPECT_EQ(enough.run("main", arguments).status, FunctionOutcome::Status::Passed) << (fuse ? "fused" : "unfused");
  }
}

}  // namespace shlo::interpreter
