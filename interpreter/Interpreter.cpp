#include "interpreter/Interpreter.h"

#include "semantic/ir/DenseLiteral.h"
#include "semantic/syntax/Limits.h"

#include <algorithm>
#include <exception>
#include <functional>
#include <new>
#include <sstream>
#include <stdexcept>
#include <iostream>
#include <system_error>
#include <thread>
#include <unordered_map>
#include <unordered_set>

#include "interpreter/DenseLiteral.h"
#include "interpreter/OpTraits.h"
#include "interpreter/Ops.h"
#include "interpreter/Quantization.h"
#include "interpreter/eval/ConvolutionChains.h"
#include "interpreter/eval/EvalSupport.h"
#include "interpreter/eval/EvalTable.h"
#include "interpreter/kernels/KernelModule.h"
#include "interpreter/kernels/KernelPath.h"
#include "interpreter/kernels/Parallel.h"

namespace shlo::interpreter {

namespace {

/// How one process of run_parallel ended with an error.
struct ProcessFailure {
  enum class Kind { Runtime, Check, Unsupported, Abandoned, Other } kind = Kind::Other;
  std::string message, opName;
  std::optional<syntax::TextRange> range;
  FrameStack frames;
};

}  // namespace

std::vector<std::vector<Value>> runProcesses(Interpreter &in, const std::shared_ptr<ProcessGrid> &grid,
                                             const std::vector<const ir::Operation *> &functions,
                                             const std::vector<std::vector<Value>> &arguments) {
  int64_t R = grid->numReplicas(), P = grid->numPartitions();
  std::vector<std::vector<Value>> results(static_cast<size_t>(R * P));
  std::vector<std::optional<ProcessFailure>> failures(static_cast<size_t>(R * P));
  std::vector<int> checks(static_cast<size_t>(R * P), 0);
  std::vector<std::thread> threads;
  std::optional<std::string> startFailure;  // Why a process's thread could not start.
  // A debugger observes each process through an observer of its own.
  std::vector<Observer *> observers(static_cast<size_t>(R * P), nullptr);
  if (Observer *parent = in.observer()) {
    for (int64_t i = 0; i < R * P; ++i) observers[i] = parent->processObserver({grid.get(), i / P, i % P});
  }
  for (int64_t i = 0; i < R * P && !startFailure; ++i) {
    auto process = [&, i] {
      Interpreter child(in.module(), in.options());
      child.setProcess({grid.get(), i / P, i % P});
      child.setObserver(observers[i]);
      try {
        results[i] = child.callFunction(*functions[i], arguments[i]);
      } catch (const RuntimeError &e) {
        ProcessFailure f;
        f.kind = dynamic_cast<const AbandonedWait *>(&e)   ? ProcessFailure::Kind::Abandoned
                 : dynamic_cast<const CheckFailure *>(&e)  ? ProcessFailure::Kind::Check
                 : dynamic_cast<const UnsupportedOp *>(&e) ? ProcessFailure::Kind::Unsupported
                                                           : ProcessFailure::Kind::Runtime;
        f.message = e.what();
        f.opName = e.opName;
        f.range = e.range;
        f.frames = e.frames;
        failures[i] = f;
      } catch (const std::exception &e) {
        failures[i] = ProcessFailure{ProcessFailure::Kind::Other, std::string("internal error: ") + e.what(), "", std::nullopt};
      }
      checks[i] = child.checksEvaluated();
      grid->finished(i, failures[i] && failures[i]->kind == ProcessFailure::Kind::Abandoned);
    };
    try {
      threads.emplace_back(process);
    } catch (const std::system_error &e) {
      // The machine cannot start another thread: the processes that never
      // start count as finished, so peers waiting on them are released.
      startFailure = "cannot start process " + grid->processName(i) + " of the " + std::to_string(R) + "x" +
                     std::to_string(P) + " process grid (" + std::to_string(i) + " threads started): " + e.what();
      for (int64_t j = i; j < R * P; ++j) grid->finished(j, true);
    }
  }
  for (std::thread &t : threads) t.join();
  if (startFailure) throw RuntimeError(*startFailure);
  for (int c : checks) in.countCheck(c);
  const ProcessFailure *first = nullptr;
  int64_t firstProcess = -1;
  for (int64_t i = 0; i < R * P; ++i) {
    if (!failures[i]) continue;
    if (!first || (first->kind == ProcessFailure::Kind::Abandoned && failures[i]->kind != ProcessFailure::Kind::Abandoned)) {
      first = &*failures[i];
      firstProcess = i;
    }
  }
  if (first) {
    std::string message = "process " + grid->processName(firstProcess) + ": " + first->message;
    auto rethrow = [&](auto error) {
      error.opName = first->opName;
      error.frames = first->frames;
      throw error;
    };
    switch (first->kind) {
      case ProcessFailure::Kind::Check: rethrow(CheckFailure(message, first->range));
      case ProcessFailure::Kind::Unsupported: rethrow(UnsupportedOp(message, first->range));
      default: rethrow(RuntimeError(message, first->range));
    }
  }
  return results;
}


const char *statusName(FunctionOutcome::Status status) {
  switch (status) {
    case FunctionOutcome::Status::Passed: return "passed";
    case FunctionOutcome::Status::CheckFailed: return "check failed";
    case FunctionOutcome::Status::RuntimeError: return "runtime error";
    case FunctionOutcome::Status::Unsupported: return "unsupported";
  }
  return "?";
}

bool isSupportedOp(const std::string &name) { return evalTable().find(name) != nullptr; }

Interpreter::Interpreter(const ir::Module &module, InterpreterOptions options)
    : module_(module), options_(std::move(options)), ownGrid_(std::make_shared<ProcessGrid>(1, 1)), process_{ownGrid_.get(), 0, 0},
      convolutionChains_(std::make_shared<ConvolutionChains>()) {
  if (!options_.probes) options_.probes = std::make_shared<ProbeLog>();
  startLimits();
}

void Interpreter::startLimits() {
  steps_ = 0;
  if (options_.timeoutSeconds > 0) {
    deadline_ = std::chrono::steady_clock::now() +
                std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                    std::chrono::duration<double>(std::min(options_.timeoutSeconds, 1e9)));
  }
  nextLimitCheck_ = INT64_MAX;
  if (options_.maxSteps > 0) nextLimitCheck_ = options_.maxSteps + 1;
  if (options_.timeoutSeconds > 0) nextLimitCheck_ = std::min(nextLimitCheck_, kStepsPerClockCheck);
}

namespace {
std::string formatSeconds(double seconds) {
  std::ostringstream out;
  out << seconds;
  return out.str();
}
}  // namespace

void Interpreter::checkLimits() {
  if (options_.maxSteps > 0 && steps_ > options_.maxSteps) {
    throw LimitExceeded("the run reached its step limit: " + std::to_string(options_.maxSteps) +
                        " ops evaluated (--max-steps)");
  }
  if (options_.timeoutSeconds > 0) {
    if (std::chrono::steady_clock::now() >= deadline_) {
      throw LimitExceeded("the run reached its time limit of " + formatSeconds(options_.timeoutSeconds) +
                          " s after " + std::to_string(steps_) + " ops (--timeout)");
    }
    nextLimitCheck_ = steps_ + kStepsPerClockCheck;
    if (options_.maxSteps > 0) nextLimitCheck_ = std::min(nextLimitCheck_, options_.maxSteps + 1);
  } else {
    nextLimitCheck_ = options_.maxSteps > 0 ? options_.maxSteps + 1 : INT64_MAX;
  }
}

const ir::Operation *findFunction(const ir::Module &module, const std::string &name) {
  auto it = module.functions.find(name);
  return it == module.functions.end() ? nullptr : it->second;
}

std::vector<std::string> defaultEntryFunctions(const ir::Module &module) {
  if (module.functions.count("main")) return {"main"};
  std::vector<std::string> out;
  ir::walk(module.topLevel, [&](ir::Operation *op) {
    if (op->name != "func.func") return;
    const ir::Attribute *name = op->attribute("sym_name");
    if (!name || op->regions.empty() || op->regions[0]->blocks.empty()) return;
    if (!op->regions[0]->blocks[0]->arguments.empty()) return;
    out.push_back(name->text);
  });
  return out;
}

const Tensor &Interpreter::constantOf(const ir::Operation &op) {
  auto it = constants_.find(&op);
  if (it != constants_.end()) return it->second;
  const ir::Attribute &v = support::attribute(op, "value");
  const ir::Type &type = v.type ? *v.type : support::resultTypeOf(op);
  if (v.kind == ir::Attribute::Kind::DenseResource) {
    std::string name = op.results.empty() ? std::string("?") : op.results[0]->name;
    if (v.text != "__elided__") {
      // `shlo check` reports a missing or malformed blob (literal.resource);
      // a run that skipped it gets the same words as an error.
      auto blob = module_.resources.find(v.text);
      if (blob == module_.resources.end()) {
        throw RuntimeError("constant " + name + " is dense_resource<" + v.text + ">, but the file has no blob `" +
                           v.text + "` in its dialect_resources section");
      }
      std::string literal;
      if (auto problem = ir::resourceBlobLiteral(blob->second.hex, type, &literal)) {
        throw RuntimeError("constant " + name + " is dense_resource<" + v.text + ">: " + problem->message);
      }
      return constants_.emplace(&op, decodeDenseLiteral(literal, type)).first->second;
    }
    if (options_.elided.mode == ElidedFill::Mode::Error) {
      throw RuntimeError("constant " + name + " of type " + type.str() +
                         " is dense_resource<__elided__>: its data was left out of the export; run with "
                         "--elided=zeros or --elided=random:SEED to fill it");
    }
    // The salt is the op's place in the file: the same constant gets the same
    // values in every run with the same seed.
    return constants_.emplace(&op, makeElidedValue(type, options_.elided, static_cast<uint64_t>(op.range.begin)))
        .first->second;
  }
  if (v.kind != ir::Attribute::Kind::DenseElements) throw UnsupportedOp("constant: unsupported value " + v.str());
  return constants_.emplace(&op, decodeDenseLiteral(v.literal(), type)).first->second;
}

void Interpreter::prepareConstants() {
  // The kernel library too: its module (oneDNN, Highway, OpenMP: ~5 ms to
  // load) and its threads, which the first kernel call would start otherwise.
  if (kernelsEnabled() && kernelModule() != nullptr) startKernelThreads();
  ir::walk(module_.topLevel, [&](const ir::Operation *op) {
    if (op->name != "stablehlo.constant") return;
    try {
      constantOf(*op);
    } catch (const std::exception &) {
      // Reported by the op when it runs, with its frame.
    }
  });
  foldConstantSubexpressions();
  // Constant weights of convolutions in the kernel library's layout.
  ir::walk(module_.topLevel, [&](const ir::Operation *op) {
    if (op->name == "stablehlo.convolution" && !convolutionChains_->prepare(*this, *op)) {
      support::prepareConvolution(*this, *op);
    }
  });
}

int64_t Interpreter::plannedPeakBytes(const ir::Operation &function) {
  if (function.regions.empty() || function.regions[0]->blocks.empty()) return 0;
  std::unordered_set<const ir::Block *> measuring;
  return blockPeakBytes(*function.regions[0]->blocks[0], measuring);
}

int64_t Interpreter::blockPeakBytes(const ir::Block &block, std::unordered_set<const ir::Block *> &measuring) {
  if (!measuring.insert(&block).second) return 0;
  auto bytesOf = [&](const ir::Value *v) -> int64_t {
    if (v->isBlockArgument() || !v->definingOp || v->definingOp->name == "stablehlo.constant" ||
        folded_.count(v->definingOp)) {
      return 0;
    }
    return tensorByteSize(v->type).value_or(0);
  };
  const BlockPlan &plan = planOf(block);
  int64_t live = 0, peak = 0;
  for (size_t i = 0; i < block.operations.size(); ++i) {
    const ir::Operation *op = block.operations[i];
    int64_t inside = 0;
    if (const char *calleeAttribute = calleeAttributeOf(op->name)) {
      if (const ir::Attribute *callee = op->attribute(calleeAttribute)) {
        if (const ir::Operation *fn = findFunction(module_, callee->text)) {
          if (!fn->regions.empty() && !fn->regions[0]->blocks.empty()) {
            inside = blockPeakBytes(*fn->regions[0]->blocks[0], measuring);
          }
        }
      }
    }
    for (const ir::Region *region : op->regions) {
      for (const ir::Block *b : region->blocks) inside = std::max(inside, blockPeakBytes(*b, measuring));
    }
    for (const ir::Value *r : op->results) live += bytesOf(r);
    peak = std::max(peak, live + inside);
    for (const ir::Value *v : plan.dropAfter[i]) live -= bytesOf(v);
  }
  measuring.erase(&block);
  return peak;
}

std::vector<Value> Interpreter::call(const std::string &name, const std::vector<Value> &arguments) {
  const ir::Operation *fn = findFunction(module_, name);
  if (!fn) throw RuntimeError("no function named @" + name);
  return callFunction(*fn, arguments);
}

namespace {

/// Pushes a frame for its scope when the stack is kept (an observer is set).
class FrameScope {
 public:
  FrameScope(FrameStack *stack, const Frame &frame) : stack_(stack) {
    if (stack_) stack_->push_back(frame);
  }
  ~FrameScope() {
    if (stack_) stack_->pop_back();
  }
  FrameScope(const FrameScope &) = delete;
  FrameScope &operator=(const FrameScope &) = delete;

 private:
  FrameStack *stack_;
};

/// Adds the frame an error leaves to the stack it carries (outermost first).
void addFrame(RuntimeError &e, Frame frame) {
  frame.env = nullptr;
  e.frames.insert(e.frames.begin(), frame);
}

/// Inside a catch block: rethrows what is being handled with `op`'s frame
/// added, as a RuntimeError at `op` when it is an allocation failure (a
/// container an evaluator sized from the program or its data: the op is
/// named, never "internal error" at the function); anything else as it is.
[[noreturn]] void rethrowAtOp(const ir::Operation &op) {
  try {
    throw;
  } catch (RuntimeError &e) {
    if (!e.range) {
      e.range = op.range;
      e.opName = op.name;
    }
    addFrame(e, Frame{Frame::Kind::Op, &op});
    throw;
  } catch (const std::bad_alloc &) {
    RuntimeError e("out of memory", op.range);
    e.opName = op.name;
    addFrame(e, Frame{Frame::Kind::Op, &op});
    throw e;
  } catch (const std::length_error &error) {
    RuntimeError e(std::string("a size is too large (") + error.what() + ")", op.range);
    e.opName = op.name;
    addFrame(e, Frame{Frame::Kind::Op, &op});
    throw e;
  }
}

}  // namespace

void Interpreter::obey(ObserverCommand command) {
  if (command == ObserverCommand::Stop) throw RunStopped("the run was stopped by the observer");
}

void Interpreter::enterNested(const ir::Operation *op) {
  // Calls and regions share one bound: a function calling itself through 50
  // nested `case` regions nests 50 regions a call, and each level is a few
  // C++ frames, so only their sum bounds the stack (8 MB by default).
  if (++depth_ > syntax::kMaxNestingDepth) {
    --depth_;
    throw RuntimeError("calls and regions nested more than " + std::to_string(syntax::kMaxNestingDepth) +
                           " levels deep (unbounded recursion?)",
                       op ? std::optional<syntax::TextRange>(op->range) : std::nullopt);
  }
}

std::vector<Value> Interpreter::callFunction(const ir::Operation &fn, const std::vector<Value> &arguments) {
  if (fn.regions.empty() || fn.regions[0]->blocks.empty()) {
    throw RuntimeError("function @" + (fn.attribute("sym_name") ? fn.attribute("sym_name")->text : "?") + " has no body");
  }
  enterNested(nullptr);
  Env env;
  std::vector<Value> out;
  try {
    if (observer_) {
      FrameScope scope(&frames_, Frame{Frame::Kind::Function, &fn, nullptr, -1, &env});
      const ir::Block &block = *fn.regions[0]->blocks[0];
      // The arguments are bound before enterCall so that it can show them.
      for (size_t i = 0; i < arguments.size() && i < block.arguments.size(); ++i) env[block.arguments[i]] = arguments[i];
      obey(observer_->enterCall(frames_));
      out = runBlock(*fn.regions[0], arguments, env);
      obey(observer_->exitCall(frames_, out));
    } else {
      out = runBlock(*fn.regions[0], arguments, env);
    }
  } catch (RuntimeError &e) {
    --depth_;
    addFrame(e, Frame{Frame::Kind::Function, &fn});
    throw;
  } catch (...) {
    --depth_;
    throw;
  }
  --depth_;
  return out;
}

const Interpreter::BlockPlan &Interpreter::planOf(const ir::Block &block) {
  auto it = plans_.find(&block);
  if (it != plans_.end()) return it->second;
  BlockPlan plan;
  const size_t n = block.operations.size();
  for (const ir::Operation *op : block.operations) plan.terminator.push_back(isTerminator(op->name));
  // When values die if op i runs at place[i]: the last use of every value,
  // by place; values used in an op's regions are used by that op.
  auto dropLists = [&](const std::vector<size_t> &place, std::vector<const ir::Value *> *dropAtEntry) {
    std::unordered_map<const ir::Value *, size_t> lastUse;
    auto use = [&](const ir::Value *v, size_t at) {
      auto [entry, fresh] = lastUse.emplace(v, at);
      if (!fresh) entry->second = std::max(entry->second, at);
    };
    for (size_t i = 0; i < n; ++i) {
      const ir::Operation *op = block.operations[i];
      for (const ir::Value *v : op->operands) use(v, place[i]);
      for (const ir::Region *r : op->regions) {
        for (const ir::Block *b : r->blocks) {
          ir::walk(b->operations, [&](ir::Operation *nested) {
            for (const ir::Value *v : nested->operands) use(v, place[i]);
          });
        }
      }
    }
    std::vector<std::vector<const ir::Value *>> dropAfter(n);
    for (const ir::Value *arg : block.arguments) {
      auto last = lastUse.find(arg);
      if (last != lastUse.end()) {
        dropAfter[last->second].push_back(arg);
      } else if (dropAtEntry) {
        dropAtEntry->push_back(arg);
      }
    }
    for (size_t i = 0; i < n; ++i) {
      for (const ir::Value *r : block.operations[i]->results) {
        auto last = lastUse.find(r);
        dropAfter[last == lastUse.end() ? place[i] : std::max(place[i], last->second)].push_back(r);
      }
    }
    return dropAfter;
  };
  std::vector<size_t> place(n);
  for (size_t i = 0; i < n; ++i) place[i] = i;
  plan.dropAfter = dropLists(place, &plan.dropAtEntry);
  plan.groups = findFusionGroups(block, [&](const ir::Operation &op) {
    return convolutionChains_->claims(*this, op) || isFolded(op);
  });
  if (!plan.groups.empty()) {
    plan.groupAt.assign(n, -1);
    for (size_t g = 0; g < plan.groups.size(); ++g) {
      const std::vector<size_t> &members = plan.groups[g].members;
      for (size_t m : members) {
        plan.groupAt[m] = kFusedAway;
        place[m] = members.back();
      }
      plan.groupAt[members.back()] = static_cast<int>(g);
    }
    plan.fusedDropAfter = dropLists(place, nullptr);
  }
  return plans_.emplace(&block, std::move(plan)).first->second;
}

bool Interpreter::fusing() const {
  return options_.fuseElementwise && observer_ == nullptr && options_.retention == ValueRetention::FreeAfterLastUse &&
         kernelsEnabled();
}

std::vector<Value> Interpreter::runRegion(const ir::Region &region, const std::vector<Value> &arguments, Env &env,
                                         int64_t iteration) {
  Frame frame{Frame::Kind::Region, region.parent, &region, iteration, &env};
  enterNested(region.parent);
  struct Leave {
    int &depth;
    ~Leave() { --depth; }
  } leave{depth_};
  try {
    if (!observer_) return runBlock(region, arguments, env);
    FrameScope scope(&frames_, frame);
    if (!region.blocks.empty()) {
      const ir::Block &block = *region.blocks[0];
      for (size_t i = 0; i < arguments.size() && i < block.arguments.size(); ++i) env[block.arguments[i]] = arguments[i];
    }
    obey(observer_->enterRegion(frames_));
    std::vector<Value> out = runBlock(region, arguments, env);
    obey(observer_->exitRegion(frames_, out));
    return out;
  } catch (RuntimeError &e) {
    addFrame(e, frame);
    throw;
  }
}

std::vector<Value> Interpreter::runBlock(const ir::Region &region, const std::vector<Value> &arguments, Env &env) {
  if (region.blocks.empty()) return {};
  const ir::Block &block = *region.blocks[0];
  if (block.arguments.size() != arguments.size()) {
    throw RuntimeError("region expects " + std::to_string(block.arguments.size()) + " arguments, got " +
                       std::to_string(arguments.size()));
  }
  const BlockPlan &plan = planOf(block);
  // Kept values stay for an observer; otherwise memory follows the live set.
  const bool free = options_.retention == ValueRetention::FreeAfterLastUse;
  const bool fuse = !plan.groups.empty() && fusing();
  const std::vector<std::vector<const ir::Value *>> &dropAfter = fuse ? plan.fusedDropAfter : plan.dropAfter;
  for (size_t i = 0; i < arguments.size(); ++i) env[block.arguments[i]] = arguments[i];
  if (free) {
    for (const ir::Value *v : plan.dropAtEntry) env.erase(v);
  }
  for (size_t index = 0; index < block.operations.size(); ++index) {
    const ir::Operation *op = block.operations[index];
    if (plan.terminator[index]) {
      std::optional<FrameScope> scope;
      if (observer_) {
        scope.emplace(&frames_, Frame{Frame::Kind::Op, op, nullptr, -1, &env});
        obey(observer_->beforeOp(frames_));
      }
      std::vector<Value> out;
      for (const ir::Value *v : op->operands) {
        auto it = env.find(v);
        if (it == env.end()) throw RuntimeError("value " + (v ? v->name : "?") + " has no value at run time", op->range);
        out.push_back(it->second);
      }
      if (free) {
        for (const ir::Value *v : dropAfter[index]) env.erase(v);
      }
      if (observer_) obey(observer_->afterOp(frames_));
      return out;
    }
    if (fuse && plan.groupAt[index] != -1) {
      // A group's ops run at its last op, fused or, when the values do
      // not fit the kernel, one by one.
      if (plan.groupAt[index] == kFusedAway) continue;
      const FusionGroup &group = plan.groups[static_cast<size_t>(plan.groupAt[index])];
      if (!evalFused(block, group, env, dropAfter[index])) {
        for (size_t m : group.members) evalOp(*block.operations[m], env);
      }
      for (const ir::Value *v : dropAfter[index]) env.erase(v);
      continue;
    }
    if (free && !observer_) dyingAfterOp_ = &dropAfter[index];
    evalOp(*op, env);
    if (free) {
      for (const ir::Value *v : dropAfter[index]) env.erase(v);
    }
  }
  return {};
}

void Interpreter::evalOp(const ir::Operation &op, Env &env) {
  try {
    step();
    if (observer_) {
      FrameScope scope(&frames_, Frame{Frame::Kind::Op, &op, nullptr, -1, &env});
      obey(observer_->beforeOp(frames_));
      evaluate(op, env);
      obey(observer_->afterOp(frames_));
    } else if (convolutionChains_->evaluate(*this, op, env, options_.profile.get(), dyingAfterOp_)) {
      dyingAfterOp_ = nullptr;
    } else if (options_.profile) {
      // Self time: an op with a region (a reduce whose body runs as a
      // typed loop, a while) is charged what its body's ops were not, so
      // no second counts twice; calls are left out (their time is their
      // body's).
      double outerNested = nestedProfileSeconds_;
      nestedProfileSeconds_ = 0;
      auto start = std::chrono::steady_clock::now();
      try {
        evaluate(op, env);
      } catch (...) {
        nestedProfileSeconds_ = outerNested;
        throw;
      }
      double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (op.name != "func.call" && op.name != "call") {
        options_.profile->add(&op, std::max(0.0, seconds - nestedProfileSeconds_));
      }
      nestedProfileSeconds_ = outerNested + seconds;
    } else {
      evaluate(op, env);
    }
  } catch (...) {
    rethrowAtOp(op);
  }
}

bool Interpreter::evalFused(const ir::Block &block, const FusionGroup &group, Env &env,
                            const std::vector<const ir::Value *> &dying) {
  const ir::Operation &root = *block.operations[group.members.back()];
  try {
    auto start = std::chrono::steady_clock::now();
    if (!runFusionGroup(*this, block, group, env, dying)) return false;
    // Counted once the group ran (a group that cannot run fused counts
    // its ops as they run one by one).
    for (size_t i = 0; i < group.members.size(); ++i) step();
    if (options_.profile) {
      double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      options_.profile->add(&root, seconds, group.label);
      nestedProfileSeconds_ += seconds;
    }
    return true;
  } catch (...) {
    rethrowAtOp(root);
  }
}

void Interpreter::evaluate(const ir::Operation &op, Env &env) {
  const Evaluator *handler = evalTable().find(op.name);
  if (!handler) throw UnsupportedOp("op `" + op.name + "` is not supported by the interpreter yet");
  const std::vector<const ir::Value *> *dying = dyingAfterOp_;
  dyingAfterOp_ = nullptr;
  if (bindFolded(op, env)) return;
  const bool quantized = involvesQuantizedTypes(op);
  // An operand whose last use this op is, used once by it, is moved out of
  // the environment: when nothing else holds its buffer, the op may write
  // its result there (operandGivenUp).
  auto givenUp = [&](const ir::Value *v) {
    if (!dying || quantized || !op.regions.empty()) return false;
    if (std::count(op.operands.begin(), op.operands.end(), v) != 1) return false;
    return std::find(dying->begin(), dying->end(), v) != dying->end();
  };
  uint32_t mask = 0;
  std::vector<Value> operands;
  operands.reserve(op.operands.size());
  for (size_t i = 0; i < op.operands.size(); ++i) {
    const ir::Value *v = op.operands[i];
    auto it = env.find(v);
    if (!v || it == env.end()) throw RuntimeError("operand " + (v ? v->name : std::string("?")) + " has no value");
    if (i < 32 && givenUp(v)) {
      operands.push_back(std::move(it->second));
      env.erase(it);
      mask |= 1u << i;
    } else {
      operands.push_back(it->second);
    }
  }
  givenUpOp_ = mask ? &op : nullptr;
  givenUpMask_ = mask;
  std::vector<Value> results =
      quantized
          ? evalQuantizedOp(op, operands,
                            [&](const ir::Operation &o, const std::vector<Value> &v) { return (*handler)(*this, o, v, env); })
          : (*handler)(*this, op, operands, env);
  if (results.size() != op.results.size()) {
    throw RuntimeError(op.name + " produced " + std::to_string(results.size()) + " values, the op has " +
                       std::to_string(op.results.size()) + " results");
  }
  for (size_t i = 0; i < results.size(); ++i) env[op.results[i]] = std::move(results[i]);
}

GridSize gridSizeOf(const ir::Module &module) {
  GridSize size;
  for (const ir::Operation *op : module.topLevel) {
    if (op->name != "builtin.module") continue;
    auto read = [&](const char *name, int64_t &out) {
      const ir::Attribute *a = op->attribute(name);
      if (a && a->kind == ir::Attribute::Kind::Integer) out = a->integer;
    };
    read("mhlo.num_replicas", size.numReplicas);
    read("mhlo.num_partitions", size.numPartitions);
    break;
  }
  return size;
}

bool usesCollectives(const ir::Module &module, const std::string &name) {
  std::unordered_set<std::string> seen;
  std::vector<std::string> pending = {name};
  while (!pending.empty()) {
    std::string next = pending.back();
    pending.pop_back();
    if (!seen.insert(next).second) continue;
    const ir::Operation *fn = findFunction(module, next);
    if (!fn) continue;
    bool found = false;
    for (const ir::Region *r : fn->regions) {
      for (const ir::Block *b : r->blocks) {
        ir::walk(b->operations, [&](ir::Operation *op) {
          if (isCollective(op->name)) found = true;
          if (const char *calleeAttribute = calleeAttributeOf(op->name)) {
            if (const ir::Attribute *callee = op->attribute(calleeAttribute)) pending.push_back(callee->text);
          }
        });
      }
    }
    if (found) return true;
  }
  return false;
}

std::vector<std::vector<Value>> Interpreter::runOnGrid(const std::string &name, const std::vector<Value> &arguments,
                                                       int64_t numReplicas, int64_t numPartitions) {
  if (numReplicas < 1 || numPartitions < 1) {
    throw RuntimeError("the process grid must be at least 1x1, got " + std::to_string(numReplicas) + "x" +
                       std::to_string(numPartitions));
  }
  const ir::Operation *fn = findFunction(module_, name);
  if (!fn) throw RuntimeError("no function named @" + name);
  auto grid = std::make_shared<ProcessGrid>(numReplicas, numPartitions);
  size_t n = static_cast<size_t>(numReplicas * numPartitions);
  return runProcesses(*this, grid, std::vector<const ir::Operation *>(n, fn), std::vector<std::vector<Value>>(n, arguments));
}

FunctionOutcome Interpreter::run(const std::string &name, const std::vector<Value> &arguments) {
  FunctionOutcome outcome;
  outcome.function = name;
  int before = checks_;
  startLimits();
  try {
    GridSize grid = gridSizeOf(module_);
    if (options_.numReplicas > 0) grid.numReplicas = options_.numReplicas;
    if (options_.numPartitions > 0) grid.numPartitions = options_.numPartitions;
    bool asked = options_.numReplicas > 0 || options_.numPartitions > 0;
    if (grid.numReplicas * grid.numPartitions > 1 && (asked || usesCollectives(module_, name))) {
      outcome.processResults = runOnGrid(name, arguments, grid.numReplicas, grid.numPartitions);
      outcome.numPartitions = grid.numPartitions;
      outcome.results = outcome.processResults.at(0);
    } else {
      outcome.results = call(name, arguments);
    }
  } catch (const RuntimeError &e) {
    // CheckFailure and UnsupportedOp are RuntimeErrors with a status of their own.
    outcome.status = dynamic_cast<const CheckFailure *>(&e)    ? FunctionOutcome::Status::CheckFailed
                     : dynamic_cast<const UnsupportedOp *>(&e) ? FunctionOutcome::Status::Unsupported
                                                               : FunctionOutcome::Status::RuntimeError;
    outcome.message = e.what();
    outcome.range = e.range;
    outcome.opName = e.opName;
    outcome.frames = e.frames;
  } catch (const std::exception &e) {
    outcome.status = FunctionOutcome::Status::RuntimeError;
    outcome.message = std::string("internal error: ") + e.what();
  }
  outcome.checks = checks_ - before;
  return outcome;
}

}  // namespace shlo::interpreter
