// Op handlers kept outside Interpreter.cpp's main table: each family file
// adds its handlers to an extension table that the evaluator consults after
// the main one. The helpers decode operands and attributes the same way for
// every handler and throw RuntimeError naming the op when they cannot.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "interpreter/Interpreter.h"
#include "interpreter/Ops.h"

namespace shlo::interpreter {

using OpHandler =
    std::function<std::vector<Value>(Interpreter &, const ir::Operation &, const std::vector<Value> &, Interpreter::Env &)>;
using OpHandlerTable = std::unordered_map<std::string, OpHandler>;

/// The handlers of ChloOps.cpp (chlo.scan, chlo.ragged_dot, chlo.erf/erfc, ...).
void addChloHandlers(OpHandlerTable &table);
/// The handlers of CoreDialectOps.cpp (arith, index, tensor, shape, std).
void addCoreDialectHandlers(OpHandlerTable &table);
/// The handlers of MoreOps.cpp (composite, collective_reduce, rng ops,
/// cholesky, deprecated ops, custom_call targets).
void addMoreHandlers(OpHandlerTable &table);

/// The handler of a custom_call target the interpreter knows beyond the
/// check.* ones (sharding and placement annotations), or null.
const OpHandler *findCustomCallTarget(const std::string &target);

/// The extension table (all of the above), built once.
const OpHandlerTable &extensionHandlers();

namespace support {

/// Operand `i` as a tensor; RuntimeError when missing or not a tensor.
const Tensor &operandTensor(const ir::Operation &op, const std::vector<Value> &operands, size_t i);
/// Result `i`'s type; RuntimeError when the semantic model could not tell it.
const ir::Type &resultTypeOf(const ir::Operation &op, size_t i = 0);
std::vector<ir::Type> resultTypesOf(const ir::Operation &op);
/// An integer (or boolean, or one-element list) attribute; `fallback` when
/// absent, RuntimeError when present but not an integer.
int64_t intAttribute(const ir::Operation &op, const char *name, std::optional<int64_t> fallback = std::nullopt);
/// An integer list attribute (array<i64: ...>, dense<...>, [..]); empty when absent.
Shape intsAttribute(const ir::Operation &op, const char *name);
/// A field of a struct attribute as integers; empty when absent.
Shape fieldInts(const ir::Attribute &attribute, const char *field);
bool flagAttribute(const ir::Operation &op, const char *name);
/// An enum, string or symbol attribute's text; "" when absent.
std::string textAttribute(const ir::Operation &op, const char *name);
/// replica_groups-like attribute (dense 2-d or list of lists); empty when absent.
ReplicaGroups groupsAttribute(const ir::Operation &op, const char *name);
int64_t channelIdOf(const ir::Operation &op);
/// A body region as a function of tensors.
BodyFn regionFunction(Interpreter &in, const ir::Region &region, Interpreter::Env &env);
std::vector<Tensor> tensorsOf(const ir::Operation &op, const std::vector<Value> &values);
std::vector<Value> valuesOf(const std::vector<Tensor> &tensors);

}  // namespace support
}  // namespace shlo::interpreter
