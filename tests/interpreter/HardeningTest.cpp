// Hostile sizes and files (issue 18): checked arithmetic, the memory budget,
// size-checked `.npy`/`.npz` reading, safe writes (no symlink is followed,
// no planted file is opened) and probe caps.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include "interpreter/Errors.h"
#include "interpreter/Interpreter.h"
#include "interpreter/Ops.h"
#include "interpreter/Probe.h"
#include "interpreter/Tensor.h"
#include "interpreter/io/Npy.h"
#include "interpreter/io/Npz.h"
#include "interpreter/io/TemporaryFolder.h"
#include "semantic/analysis/Analysis.h"
#include "support/CheckedArithmetic.h"

using namespace shlo;
using namespace shlo::interpreter;

namespace {

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

ir::ElementType f32() { return ir::ElementType::floating(ir::FloatFormat::F32); }

std::string errorOf(const std::function<void()> &f) {
  try {
    f();
  } catch (const std::exception &e) {
    return e.what();
  }
  return "";
}

std::string tempDir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "shlo-hardening-XXXXXX").string();
  EXPECT_NE(::mkdtemp(pattern.data()), nullptr);
  return pattern;
}

std::string contents(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// Sets the memory budget for one test and restores it after.
struct BudgetScope {
  int64_t saved = MemoryBudget::limit();
  explicit BudgetScope(int64_t bytes) { MemoryBudget::setLimit(bytes); }
  ~BudgetScope() { MemoryBudget::setLimit(saved); }
};

}  // namespace

TEST(CheckedArithmetic, ProductsAndSizesOverflowToNullopt) {
  EXPECT_EQ(checked::product(std::vector<int64_t>{2, 3, 4}), 24);
  EXPECT_EQ(checked::product(std::vector<int64_t>{}), 1);
  EXPECT_FALSE(checked::product(std::vector<int64_t>{4611686018427387905, 4}));
  // An empty dimension empties the product, whatever the others are.
  EXPECT_EQ(checked::product(std::vector<int64_t>{0, kMax, kMax}), 0);
  EXPECT_FALSE(checked::product(std::vector<int64_t>{0, -1}));
  EXPECT_FALSE(checked::mul(kMax, 2));
  EXPECT_FALSE(checked::add(kMax, 1));
  EXPECT_EQ(checked::byteSize(5, 4), 20);
  EXPECT_FALSE(checked::byteSize(int64_t{1} << 62, 4));
  EXPECT_EQ(checked::packedByteSize(9, 1), 2);
  EXPECT_EQ(checked::packedByteSize(3, 4), 2);
  EXPECT_EQ(checked::packedByteSize(int64_t{1} << 61, 8), int64_t{1} << 61);
  EXPECT_EQ(checked::paddedSize(3, 1, 2, 1), 8);
  EXPECT_EQ(checked::paddedSize(0, 1, 1, 5), 2);
  EXPECT_FALSE(checked::paddedSize(3, 0, 0, 4611686018427387903));
  EXPECT_FALSE(checked::paddedSize(3, -5, 0, 0));
  EXPECT_EQ(checked::dilatedSize(3, 2), 5);
  EXPECT_EQ(checked::dilatedSize(0, 2), 0);
  EXPECT_FALSE(checked::dilatedSize(kMax, 2));
}

TEST(CheckedArithmetic, TypeSizes) {
  ir::Type wraps = ir::Type::tensor({4611686018427387905, 4}, f32());
  EXPECT_FALSE(wraps.checkedNumElements());
  EXPECT_EQ(wraps.numElements(), -1);
  ir::Type bits = ir::Type::tensor({3, 3}, ir::ElementType::integer(1));
  EXPECT_EQ(bits.checkedNumElements(), 9);
  EXPECT_EQ(bits.checkedByteSize(), 2);
  EXPECT_FALSE(ir::Type::tensor({ir::kDynamic, 2}, f32()).checkedNumElements());
}

TEST(TypeLimits, TheVerifierReportsTypesThatCannotExist) {
  syntax::Parser parser;
  auto codes = [&](const std::string &text) {
    analysis::Analysis result = analysis::analyze(parser, text);
    std::vector<std::string> out;
    for (const Diagnostic &d : result.diagnostics) out.push_back(d.code + ": " + d.message);
    return out;
  };
  std::vector<std::string> wraps = codes(
      "func.func @main() -> tensor<4611686018427387905x4xf32> {\n"
      "  %0 = stablehlo.iota dim = 0 : tensor<4611686018427387905x4xf32>\n"
      "  return %0 : tensor<4611686018427387905x4xf32>\n}\n");
  ASSERT_FALSE(wraps.empty());
  EXPECT_EQ(wraps[0].rfind("type.too-large: ", 0), 0u) << wraps[0];
  EXPECT_NE(wraps[0].find("more elements than a 64-bit integer can count"), std::string::npos) << wraps[0];
  std::vector<std::string> huge = codes("func.func @main(%arg0: tensor<1000000000x1000000xf32>) {\n  return\n}\n");
  ASSERT_EQ(huge.size(), 1u);
  EXPECT_NE(huge[0].find("argument `%arg0`: tensor<1000000000x1000000xf32> needs more than 2^48 bytes"),
            std::string::npos)
      << huge[0];
  // A large type that can exist is fine.
  EXPECT_TRUE(codes("func.func @main(%arg0: tensor<100000x100000xf32>) {\n  return\n}\n").empty());
}

TEST(MemoryBudget, SizesAreCheckedBeforeAllocating) {
  EXPECT_GT(MemoryBudget::defaultLimit(), 0);
  std::string wraps = errorOf([] { Tensor t(ir::Type::tensor({4611686018427387905, 4}, f32())); });
  EXPECT_EQ(wraps, "tensor<4611686018427387905x4xf32> has more elements than a 64-bit integer can count");
  std::string huge = errorOf([] { Tensor t(ir::Type::tensor({ir::kDynamic}, f32()), {int64_t{1} << 60}); });
  EXPECT_NE(huge.find("tensor<1152921504606846976xf32> needs more than"), std::string::npos) << huge;
  {
    BudgetScope budget(1 << 20);
    Tensor small(ir::Type::tensor({1000}, f32()));
    std::string over = errorOf([] { Tensor t(ir::Type::tensor({1 << 19}, f32())); });
    EXPECT_EQ(over.rfind("tensor<524288xf32> needs 2097152 bytes (2.0 MiB), more than the memory budget of 1048576 bytes "
                         "(1.0 MiB) allows",
                         0),
              0u)
        << over;
  }
  EXPECT_THROW(MemoryBudget::setLimit(0), RuntimeError);
  // Empty tensors with huge dimensions are fine, and their strides saturate.
  Tensor empty(ir::Type::tensor({0, int64_t{1} << 62, 4}, f32()));
  EXPECT_EQ(empty.numElements(), 0);
  EXPECT_EQ(empty.strides()[0], kMax);
}

TEST(NpyHardening, HeadersAndFilesAreBounded) {
  std::string header = "\x93NUMPY\x02";
  header += '\0';
  header += std::string("\xf0\xff\xff\x7f", 4);
  std::string error = errorOf([&] { npy::parse(header + "{", "big.npy"); });
  EXPECT_EQ(error.rfind("big.npy: .npy header of 2147483632 bytes is longer than the 1048576 bytes read", 0), 0u) << error;
  // /dev/zero never ends: read up to the limit, then refused.
  std::string zero = errorOf([] { npy::readFile("/dev/zero", 1 << 20); });
  EXPECT_EQ(zero, "/dev/zero: file is larger than the 1048576 bytes expected");
  std::string dir = tempDir();
  std::string folder = errorOf([&] { npy::readFile(dir); });
  EXPECT_EQ(folder, dir + ": cannot read file: Is a directory");
  Tensor t(ir::Type::tensor({4}, f32()));
  npy::writeTensor(dir + "/t.npy", t);
  EXPECT_EQ(npy::maxImageBytes(t.type()), npy::kMaxHeaderBytes + 12 + 16);
  EXPECT_NE(errorOf([&] { npy::readFile(dir + "/t.npy", 100); }).find("larger than the 100 bytes expected"), std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST(NpzHardening, MembersAreCheckedBeforeInflating) {
  std::string dir = tempDir();
  Tensor big(ir::Type::tensor({1000}, f32()));
  npz::write(dir + "/a.npz", {{"w", big}});
  npz::Archive archive(dir + "/a.npz");
  ASSERT_EQ(archive.entries().size(), 1u);
  const npz::Archive::Entry &entry = archive.entries()[0];
  EXPECT_EQ(entry.key, "w");
  std::string error = errorOf([&] { archive.read(entry, 100); });
  EXPECT_EQ(error, dir + "/a.npz: member w.npy is " + std::to_string(entry.size) + " bytes, more than the 100 bytes expected");
  std::string image = archive.read(entry, *npy::maxImageBytes(big.type()));
  EXPECT_EQ(npy::parse(image, "w").numElements, 1000);
  // The same archive from memory.
  std::string bytes = contents(dir + "/a.npz");
  npz::Archive inMemory(bytes, "mem.npz");
  EXPECT_EQ(inMemory.read(inMemory.entries()[0], 1 << 20), image);
  std::filesystem::remove_all(dir);
}

TEST(SafeWrites, PlantedSymlinksLeaveOtherFilesUntouched) {
  std::string dir = tempDir();
  std::string victim = dir + "/victim.txt";
  std::ofstream(victim) << "precious";
  Tensor t(ir::Type::tensor({2}, f32()));
  // A symlink at the output's own name is replaced, never written through.
  std::filesystem::create_symlink(victim, dir + "/out.npy");
  npy::writeTensor(dir + "/out.npy", t);
  EXPECT_EQ(contents(victim), "precious");
  EXPECT_FALSE(std::filesystem::is_symlink(dir + "/out.npy"));
  EXPECT_EQ(npy::readTensor(dir + "/out.npy", t.type()).str(), t.str());
  // The old fixed temporary name is not used any more: a link planted there stays a dangling idea.
  std::filesystem::create_symlink(victim, dir + "/o2.npy.tmp" + std::to_string(::getpid()));
  npy::writeTensor(dir + "/o2.npy", t);
  EXPECT_EQ(contents(victim), "precious");
  // index.csv is never opened through a symlink.
  std::string probes = dir + "/probes";
  std::filesystem::create_directory(probes);
  std::filesystem::create_symlink(victim, probes + "/index.csv");
  ProbeLog log(probes);
  std::string error = errorOf([&] { log.probe("p", t); });
  EXPECT_EQ(error, "interpreter.probe: cannot append to " + probes +
                       "/index.csv: it is a symbolic link, which is never followed");
  EXPECT_EQ(contents(victim), "precious");
  // npz archives too.
  std::filesystem::create_symlink(victim, dir + "/a.npz");
  npz::write(dir + "/a.npz", {{"t", t}});
  EXPECT_EQ(contents(victim), "precious");
  EXPECT_EQ(npz::read(dir + "/a.npz").size(), 1u);
  std::filesystem::remove_all(dir);
}

TEST(Probes, OutputIsCapped) {
  std::string dir = tempDir();
  Tensor t(ir::Type::tensor({2}, f32()));
  {
    ProbeLog log(dir, ProbeLimits{2, int64_t{1} << 30});
    log.probe("a", t);
    log.probe("a", t);
    EXPECT_EQ(errorOf([&] { log.probe("a", t); }),
              "interpreter.probe: the run has written 2 probe files, the most allowed (2)");
  }
  {
    ProbeLog log(dir + "/", ProbeLimits{100, 100});
    std::string error = errorOf([&] { log.probe("b", Tensor(ir::Type::tensor({100}, f32()))); });
    EXPECT_EQ(error.rfind("interpreter.probe: probe \"b\" would bring the run's probe files to ", 0), 0u) << error;
  }
  std::filesystem::remove_all(dir);
}

TEST(Probes, TemporaryFolderGoesOnSigterm) {
  std::string base = tempDir();
  int pipeFds[2];
  ASSERT_EQ(::pipe(pipeFds), 0);
  pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    ::setenv("TMPDIR", base.c_str(), 1);
    ProbeLog log;
    log.probe("p", Tensor(ir::Type::tensor({2}, f32())));
    std::string folder = log.folder();
    (void)!::write(pipeFds[1], folder.data(), folder.size());
    ::close(pipeFds[1]);
    ::raise(SIGTERM);
    ::_exit(0);
  }
  ::close(pipeFds[1]);
  char buffer[4096];
  ssize_t got = ::read(pipeFds[0], buffer, sizeof buffer);
  ::close(pipeFds[0]);
  int status = 0;
  ::waitpid(child, &status, 0);
  ASSERT_GT(got, 0);
  std::string folder(buffer, static_cast<size_t>(got));
  EXPECT_EQ(folder.rfind(base + "/shlo-probe-", 0), 0u) << folder;
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM);
  EXPECT_FALSE(std::filesystem::exists(folder));
  std::filesystem::remove_all(base);
}

namespace {

/// Runs @main of `text` (which must verify) with `options`.
FunctionOutcome runMain(const std::string &text, InterpreterOptions options) {
  syntax::Parser parser;
  analysis::Analysis result = analysis::analyze(parser, text);
  for (const Diagnostic &d : result.diagnostics) ADD_FAILURE() << d.code << ": " << d.message;
  Interpreter interp(*result.lowered.module, std::move(options));
  return interp.run("main");
}

const char *kForever =
    "func.func @main() -> tensor<i64> {\n"
    "  %zero = stablehlo.constant dense<0> : tensor<i64>\n"
    "  %one = stablehlo.constant dense<1> : tensor<i64>\n"
    "  %r = stablehlo.while(%i = %zero) : tensor<i64>\n"
    "  cond {\n"
    "    %c = stablehlo.compare GE, %i, %zero : (tensor<i64>, tensor<i64>) -> tensor<i1>\n"
    "    stablehlo.return %c : tensor<i1>\n"
    "  } do {\n"
    "    %next = stablehlo.add %i, %one : tensor<i64>\n"
    "    stablehlo.return %next : tensor<i64>\n"
    "  }\n"
    "  return %r : tensor<i64>\n"
    "}\n";

}  // namespace

TEST(RunLimits, StepsStopAWhileAtTheWhile) {
  InterpreterOptions options;
  options.maxSteps = 1000;
  FunctionOutcome outcome = runMain(kForever, options);
  ASSERT_EQ(outcome.status, FunctionOutcome::Status::RuntimeError);
  EXPECT_EQ(outcome.opName, "stablehlo.while");
  // Two constants and the while are 3 steps; each iteration is 3 more (the
  // iteration, compare, add), so step 1001 falls in iteration 332.
  EXPECT_EQ(outcome.message,
            "the run reached its step limit: 1000 ops evaluated (--max-steps), in iteration 332 of this while");
  ASSERT_TRUE(outcome.range.has_value());
  std::string text = kForever;
  EXPECT_EQ(outcome.range->begin, text.find("%r = stablehlo.while"));
  // Each run() counts afresh: a limit above what a function needs passes.
  options.maxSteps = 3;
  FunctionOutcome small = runMain(
      "func.func @main() -> tensor<i64> {\n  %0 = stablehlo.constant dense<1> : tensor<i64>\n"
      "  return %0 : tensor<i64>\n}\n",
      options);
  EXPECT_EQ(small.status, FunctionOutcome::Status::Passed) << small.message;
}

TEST(RunLimits, TimeoutStopsAWhileAfterAboutItsTime) {
  InterpreterOptions options;
  options.timeoutSeconds = 0.2;
  auto start = std::chrono::steady_clock::now();
  FunctionOutcome outcome = runMain(kForever, options);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(outcome.status, FunctionOutcome::Status::RuntimeError);
  EXPECT_EQ(outcome.opName, "stablehlo.while");
  EXPECT_EQ(outcome.message.rfind("the run reached its time limit of 0.2 s after ", 0), 0u) << outcome.message;
  EXPECT_NE(outcome.message.find(" of this while"), std::string::npos) << outcome.message;
  EXPECT_GE(seconds, 0.2);
  EXPECT_LT(seconds, 5.0);
}

TEST(PadSizes, InteriorPaddingThatOverflowsIsAnError) {
  syntax::Parser parser;
  analysis::Analysis result = analysis::analyze(
      parser,
      "func.func @main() -> tensor<?xf32> {\n"
      "  %x = stablehlo.constant dense<1.0> : tensor<5xf32>\n"
      "  %p = stablehlo.constant dense<0.0> : tensor<f32>\n"
      "  %0 = stablehlo.pad %x, %p, low = [0], high = [0], interior = [4611686018427387903] : "
      "(tensor<5xf32>, tensor<f32>) -> tensor<?xf32>\n"
      "  return %0 : tensor<?xf32>\n}\n");
  ASSERT_EQ(result.diagnostics.size(), 1u);
  EXPECT_EQ(result.diagnostics[0].code, "pad.C4");
  EXPECT_EQ(result.diagnostics[0].message.rfind(
                "padding makes dimension 0 of the result larger than a 64-bit integer can count", 0),
            0u)
      << result.diagnostics[0].message;
  // The evaluator checks the same sum (padding from data reaches it unverified).
  Tensor operand(ir::Type::tensor({5}, f32())), padding(ir::Type::tensor({}, f32()));
  std::string wraps = errorOf([&] {
    evalPad(operand, padding, {0}, {0}, {4611686018427387903}, ir::Type::tensor({ir::kDynamic}, f32()));
  });
  EXPECT_EQ(wraps, "pad: dimension 0 of the result is larger than a 64-bit integer can count");
  std::string negative = errorOf([&] {
    evalPad(operand, padding, {-3}, {-3}, {0}, ir::Type::tensor({ir::kDynamic}, f32()));
  });
  EXPECT_EQ(negative, "pad: negative result dimension");
}
