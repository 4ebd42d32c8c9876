// SHLO403 collectives-without-grid: a module that uses the process grid
// (collectives, replica_id, partition_id, send/recv) without saying how
// many replicas and partitions it runs on (`mhlo.num_replicas`,
// `mhlo.num_partitions` on the module).
#include "linter/rules/AllRules.h"
#include "semantic/ops/Ops.h"

namespace shlo::linter::rules {

namespace {

void check(const ir::Module &module, RuleContext &context) {
  for (const ir::Operation *top : module.topLevel) {
    bool isModule = top->name == "builtin.module";
    if (isModule && (top->attribute("mhlo.num_replicas") || top->attribute("mhlo.num_partitions"))) continue;
    const ir::Operation *first = nullptr;
    ir::walk(std::vector<ir::Operation *>{const_cast<ir::Operation *>(top)}, [&](const ir::Operation *op) {
      if (!first && ops::hasTrait(op->name, ops::Trait::ProcessGrid)) first = op;
    });
    if (!first) continue;
    context.report(nameRangeOf(*first), "`" + first->name +
                                            "` needs a process grid, but the module does not give "
                                            "`mhlo.num_replicas`/`mhlo.num_partitions`");
  }
}

}  // namespace

Rule collectivesWithoutGrid() {
  return {{"SHLO403", "collectives-without-grid", RuleCategory::Portability, Severity::Note, FixAvailability::None,
           true, "Collectives in a module that does not give its process grid",
           "Collectives, replica_id and partition_id depend on how many replicas and partitions run the "
           "program. Exporters record them as `mhlo.num_replicas` and `mhlo.num_partitions` on the module; "
           "without them every runtime guesses (usually 1 x 1, where a collective is a no-op).\n\nExample:\n\n"
           "    module {\n      func.func @main(...) { %0 = \"stablehlo.all_reduce\"(...) ... }\n    }\n\n"
           "Fix: add `attributes {mhlo.num_replicas = N : i32, mhlo.num_partitions = M : i32}` to the module."},
          nullptr, check};
}

}  // namespace shlo::linter::rules
