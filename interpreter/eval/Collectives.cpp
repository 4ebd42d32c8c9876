// Evaluators of the Collectives family: collectives over the process grid,
// replica_id, partition_id, and the deprecated cross-replica-sum.
#include "interpreter/eval/EvalSupport.h"

namespace shlo::interpreter {

using namespace support;
using ir::Operation;

namespace {

/// The op's replica_groups; mesh-axes groups name meshes of the module.
ReplicaGroups replicaGroups(const Interpreter &in, const Operation &op) {
  return groupsAttribute(op, "replica_groups", &in.module());
}

}  // namespace

void registerCollectivesEvaluators(EvalTable &table) {
  table.add({
      {"stablehlo.replica_id", [](Interpreter &in, const Operation &op, const std::vector<Value> &,
                                  Env &) { return one(evalReplicaId(in.process(), resultTypeOf(op))); }},
      {"stablehlo.partition_id", [](Interpreter &in, const Operation &op, const std::vector<Value> &,
                                    Env &) { return one(evalPartitionId(in.process(), resultTypeOf(op))); }},
      {"stablehlo.all_gather",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &) {
         std::vector<Tensor> operands;
         for (size_t i = 0; i < v.size(); ++i) operands.push_back(operandTensor(op, v, i));
         return valuesOf(evalAllGather(in.process(), operands, intAttribute(op, "all_gather_dim"),
                                       replicaGroups(in, op), channelIdOf(op),
                                       flagAttribute(op, "use_global_device_ids"), resultTypesOf(op)));
       }},
      {"stablehlo.all_reduce",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &env) {
         if (op.regions.size() != 1) throw RuntimeError("all_reduce: expected one body region");
         std::vector<Tensor> operands;
         for (size_t i = 0; i < v.size(); ++i) operands.push_back(operandTensor(op, v, i));
         return valuesOf(evalAllReduce(in.process(), operands, replicaGroups(in, op), channelIdOf(op),
                                       flagAttribute(op, "use_global_device_ids"),
                                       regionFunction(in, *op.regions[0], env), fastBodyOf(*op.regions[0]),
                                       resultTypesOf(op)));
       }},
      {"stablehlo.reduce_scatter",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &env) {
         if (op.regions.size() != 1) throw RuntimeError("reduce_scatter: expected one body region");
         return one(evalReduceScatter(
             in.process(), operandTensor(op, v, 0), intAttribute(op, "scatter_dimension"),
             replicaGroups(in, op), channelIdOf(op), flagAttribute(op, "use_global_device_ids"),
             regionFunction(in, *op.regions[0], env), fastBodyOf(*op.regions[0]), resultTypeOf(op)));
       }},
      {"stablehlo.all_to_all",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &) {
         std::vector<Tensor> operands;
         for (size_t i = 0; i < v.size(); ++i) operands.push_back(operandTensor(op, v, i));
         return valuesOf(evalAllToAll(in.process(), operands, intAttribute(op, "split_dimension"),
                                      intAttribute(op, "concat_dimension"), intAttribute(op, "split_count"),
                                      replicaGroups(in, op), channelIdOf(op), resultTypesOf(op)));
       }},
      {"stablehlo.collective_broadcast",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &) {
         std::vector<Tensor> operands;
         for (size_t i = 0; i < v.size(); ++i) operands.push_back(operandTensor(op, v, i));
         Shape roots;
         if (flagAttribute(op, "has_dynamic_root")) {
           if (operands.empty()) throw RuntimeError("collective_broadcast: has_dynamic_root needs a root operand");
           Tensor r = operands.back();
           operands.pop_back();
           for (int64_t i = 0; i < r.numElements(); ++i) roots.push_back(r.intAt(i));
           if (roots.size() != operands.size())
             throw RuntimeError("collective_broadcast: one root per data operand expected");
         }
         return valuesOf(evalCollectiveBroadcast(in.process(), operands, roots, replicaGroups(in, op),
                                                 channelIdOf(op), resultTypesOf(op)));
       }},
      {"stablehlo.collective_permute",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &) {
         return one(evalCollectivePermute(in.process(), operandTensor(op, v, 0),
                                          groupsAttribute(op, "source_target_pairs"), channelIdOf(op),
                                          resultTypeOf(op)));
       }},
      {"stablehlo.collective_reduce",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &env) {
         if (op.regions.size() != 1) throw RuntimeError("collective_reduce: expected one body region");
         std::vector<Tensor> operands;
         for (size_t i = 0; i < v.size(); ++i) operands.push_back(operandTensor(op, v, i));
         Shape roots;
         if (flagAttribute(op, "has_dynamic_root")) {
           if (operands.empty()) throw RuntimeError("collective_reduce: has_dynamic_root needs a root operand");
           Tensor r = operands.back();
           operands.pop_back();
           for (int64_t i = 0; i < r.numElements(); ++i) roots.push_back(r.intAt(i));
           if (roots.size() != operands.size())
             throw RuntimeError("collective_reduce: one root per data operand expected");
         }
         const ir::Region &region = *op.regions[0];
         return valuesOf(evalCollectiveReduce(in.process(), operands, roots, replicaGroups(in, op),
                                              channelIdOf(op), regionFunction(in, region, env), "", resultTypesOf(op)));
       }},
      {"stablehlo.cross-replica-sum",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &) {
         std::vector<Tensor> operands;
         for (size_t i = 0; i < v.size(); ++i) operands.push_back(operandTensor(op, v, i));
         std::vector<ir::Type> types = resultTypesOf(op);
         BodyFn add = [&](const std::vector<Tensor> &args) {
           return std::vector<Tensor>{evalAdd(args.at(0), args.at(1), args.at(0).type())};
         };
         return valuesOf(evalAllReduce(in.process(), operands, replicaGroups(in, op), 0, false, add,
                                       /*fastBody=*/"", types));
       }},
  });
}

}  // namespace shlo::interpreter
