#include "semantic/lower/Lowering.h"

#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "semantic/ir/Clone.h"
#include "semantic/ops/Ops.h"
#include "semantic/lower/PrettyForms.h"
#include "semantic/lower/SyntaxValues.h"
#include "semantic/syntax/Limits.h"

namespace shlo::lower {

using ir::Attribute;
using ir::Block;
using ir::Operation;
using ir::Region;
using ir::Type;
using ir::Value;
using syntax::fieldOf;
using syntax::isKind;
using syntax::Node;
using syntax::namedChildren;
using syntax::rangeOf;

namespace {

/// Field ids of the grammar, resolved once: lowering compares them for
/// every child of every op.
struct FieldIds {
  syntax::FieldId operand = syntax::fieldId("operand");
  syntax::FieldId region = syntax::fieldId("region");
  syntax::FieldId attributes = syntax::fieldId("attributes");
  syntax::FieldId properties = syntax::fieldId("properties");
  syntax::FieldId arguments = syntax::fieldId("arguments");
  syntax::FieldId indices = syntax::fieldId("indices");
  syntax::FieldId attribute = syntax::fieldId("attribute");
  syntax::FieldId callee = syntax::fieldId("callee");
  syntax::FieldId operandType = syntax::fieldId("operand_type");
  syntax::FieldId name = syntax::fieldId("name");
  syntax::FieldId type = syntax::fieldId("type");
  syntax::FieldId results = syntax::fieldId("results");
  syntax::FieldId resultType = syntax::fieldId("result_type");
  syntax::FieldId location = syntax::fieldId("location");
};

const FieldIds &fields() {
  static const FieldIds ids;
  return ids;
}

/// Walks the syntax tree once, building the IR.
class Lowerer {
 public:
  Lowerer(std::string_view text, LoweredModule &out, const FunctionReuse &reuse, const OperationReuse &operationReuse)
      : text_(text),
        out_(out),
        module_(*out.module),
        values_(text, out.diagnostics),
        reuse_(reuse),
        operationReuse_(operationReuse) {}

  void run(Node root) {
    values_.collectAliases(root);
    pushScope(/*isolated=*/true);
    for (const auto &child : namedChildren(root)) {
      if (isKind(child.node, "operation")) {
        if (Operation *op = lowerTopLevel(child.node, nullptr)) module_.topLevel.push_back(op);
      } else if (isKind(child.node, "standalone_attribute")) {
        error(child.node, "syntax.attribute-outside-op", "an attribute outside of any operation");
      } else if (isKind(child.node, "file_metadata")) {
        collectResourceBlobs(child.node);
      }
    }
    popScope();
  }

 private:
  /// The `builtin` entries of `{-# dialect_resources: {...} #-}`; other
  /// dialects' resources and other metadata keys are not StableHLO's.
  void collectResourceBlobs(Node metadata) {
    auto entries = [&](Node dictionary, std::string_view key) -> std::optional<Node> {
      for (const auto &entry : namedChildren(dictionary)) {
        if (!isKind(entry.node, "metadata_entry") || text(fieldOf(entry.node, "key")) != key) continue;
        Node value = fieldOf(entry.node, "value");
        if (isKind(value, "metadata_dictionary")) return value;
      }
      return std::nullopt;
    };
    std::optional<Node> resources = entries(metadata, "dialect_resources");
    std::optional<Node> builtin = resources ? entries(*resources, "builtin") : std::nullopt;
    if (!builtin) return;
    for (const auto &entry : namedChildren(*builtin)) {
      if (!isKind(entry.node, "metadata_entry")) continue;
      Node value = fieldOf(entry.node, "value");
      if (!isKind(value, "string")) continue;
      std::string_view quoted = text(value);
      if (quoted.size() < 2) continue;
      module_.resources[std::string(text(fieldOf(entry.node, "key")))] =
          ir::Module::ResourceBlob{std::string(quoted.substr(1, quoted.size() - 2)), rangeOf(value)};
    }
  }

  std::string_view text(Node node) const {
    syntax::TextRange r = rangeOf(node);
    return text_.substr(r.begin, r.end - r.begin);
  }

  struct Scope {
    // Keys view the values' own names (values never move: the module's
    // arenas are deques).
    std::unordered_map<std::string_view, Value *> values;
    bool isolated;
  };

  void error(Node node, std::string code, std::string message) { values_.error(node, std::move(code), std::move(message)); }

  void pushScope(bool isolated) { scopes_.push_back({{}, isolated}); }
  void popScope() { scopes_.pop_back(); }

  Value *lookup(std::string_view name) {
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
      auto found = it->values.find(name);
      if (found != it->values.end()) return found->second;
      if (it->isolated) break;
    }
    return nullptr;
  }

  void define(Value *value, Node node) { define(value, rangeOf(node)); }

  void define(Value *value, syntax::TextRange range) {
    auto &scope = scopes_.back().values;
    auto [it, inserted] = scope.emplace(std::string_view(value->name), value);
    if (!inserted) {
      Diagnostic d;
      d.range = range;
      d.code = "ssa.redefinition";
      d.message = "redefinition of SSA value `" + value->name + "`";
      d.related.push_back({it->second->range, "previously defined here"});
      out_.diagnostics.push_back(std::move(d));
    }
  }

  /// True when a use of `name` would resolve.
  bool resolves(std::string_view name) {
    return lookup(name) || (name.find('#') == std::string_view::npos && lookup(std::string(name) + "#0"));
  }

  /// The value a use of `name` (`%x`, `%r#1`) resolves to, or null.
  Value *resolve(std::string_view name) {
    Value *value = lookup(name);
    if (!value && name.find('#') == std::string_view::npos) {
      // `%r` names the first result of a multi-result op too.
      std::string first = std::string(name) + "#0";
      value = lookup(first);
    }
    return value;
  }

  /// Resolves a use (`%x`, `%r#1`) and records it on the value.
  Value *use(Node node, Operation *user, unsigned operandIndex) {
    std::string_view name = values_.text(node);
    Value *value = resolve(name);
    if (!value) {
      error(node, "ssa.undefined-value", "use of undefined value `" + std::string(name) + "`");
      return nullptr;
    }
    value->uses.push_back({user, operandIndex, rangeOf(node)});
    return value;
  }

  Value *newValue(std::string name, Type type, syntax::TextRange range) {
    Value *v = module_.newValue();
    v->name = std::move(name);
    v->type = std::move(type);
    v->range = range;
    return v;
  }

  /// True when ops in `block` are at the top of the file: in no block, or
  /// in the body of a module that is itself at the top.
  static bool isTopLevel(const Block *block) {
    if (!block) return true;
    const Operation *holder = block->parent ? block->parent->parent : nullptr;
    return holder && holder->name == "builtin.module" && !holder->parentBlock;
  }

  /// The canonical name an op node lowers to.
  std::string opName(Node node) {
    Node name = fieldOf(node, "name");
    if (isKind(name, "string")) return SyntaxValues::unquote(values_.text(name));
    return canonicalOpName(values_.text(name));
  }

  /// An op at the top of the file. Functions are the unit of incremental
  /// analysis: they are copied when `reuse_` offers them, and recorded with
  /// their own diagnostics either way.
  Operation *lowerTopLevel(Node node, Block *parent) {
    std::string name = opName(node);
    if (name != "func.func" && name != "ml_program.func") return lowerOperation(node, parent);
    LoweredFunction function;
    function.range = rangeOf(node);
    function.diagnosticsBegin = out_.diagnostics.size();
    const ReusableFunction *reusable = reuse_ ? reuse_(function.range) : nullptr;
    if (reusable) {
      function.op = ir::cloneOperation(*reusable->op, module_, reusable->shift, parent);
      out_.diagnostics.insert(out_.diagnostics.end(), reusable->diagnostics.begin(), reusable->diagnostics.end());
      function.reused = true;
      recordCopiedOperations(*reusable, function);
    } else {
      size_t registered = registrations_;
      // Its body's ops are recorded (and may be copied) by lowerRegion.
      function_ = &function;
      function.op = lowerOperation(node, parent);
      function_ = nullptr;
      // Functions nested in it (invalid, but lowered) went into the symbol
      // table: a copy would not put them there.
      function.selfContained = registrations_ == registered;
    }
    function.diagnosticsEnd = out_.diagnostics.size();
    registerFunction(function.op);
    out_.functions.push_back(function);
    return function.op;
  }

  /// The body ops of a copied function, paired with the ones its offer
  /// recorded (same structure, same order); none when they do not pair up.
  static void recordCopiedOperations(const ReusableFunction &offer, LoweredFunction &function) {
    if (offer.operations.empty() || function.op->regions.empty()) return;
    size_t count = 0;
    for (const Block *block : function.op->regions.front()->blocks) count += block->operations.size();
    if (count != offer.operations.size()) return;
    size_t k = 0;
    for (const Block *block : function.op->regions.front()->blocks) {
      for (const Operation *op : block->operations) {
        LoweredOperation entry = offer.operations[k++];
        entry.op = op;
        entry.diagnosticsBegin += function.diagnosticsBegin;
        entry.diagnosticsEnd += function.diagnosticsBegin;
        entry.reused = true;
        function.operations.push_back(entry);
      }
    }
  }

  /// Adds `op` to the module's symbol table, reporting a second definition
  /// of its name.
  void registerFunction(Operation *op) {
    ++registrations_;
    const ir::Attribute *symbol = op->attribute("sym_name");
    if (!symbol) return;
    auto [it, inserted] = module_.functions.emplace(symbol->text, op);
    if (!inserted) {
      Diagnostic d;
      d.range = symbol->range;
      d.code = "symbol.redefinition";
      d.message = "redefinition of symbol `@" + symbol->text + "`";
      d.related.push_back({it->second->attribute("sym_name")->range, "previously defined here"});
      out_.diagnostics.push_back(std::move(d));
    }
  }

  Operation *lowerOperation(Node node, Block *parent) {
    Operation *op = module_.newOperation();
    op->range = rangeOf(node);
    op->parentBlock = parent;
    // One pass over the op's children; fieldOf would walk them per field.
    std::vector<syntax::FieldChild> children = namedChildren(node);
    Node name{}, typeNode{}, resultList{};
    for (const auto &child : children) {
      if (child.fieldId == fields().name) name = child.node;
      if (child.fieldId == fields().type) typeNode = child.node;
      if (child.fieldId == fields().results) resultList = child.node;
      if (child.fieldId == fields().location) {
        op->location = values_.location(child.node);
        op->locationRange = rangeOf(child.node);
      }
    }
    op->nameRange = rangeOf(name);
    if (isKind(name, "string")) {
      op->name = SyntaxValues::unquote(values_.text(name));
      op->form = ir::OpForm::Generic;
    } else {
      op->name = canonicalOpName(values_.text(name));
      op->form = typeNode.isNull() && !isKnownPrettyOp(op->name) ? ir::OpForm::Unknown : ir::OpForm::Pretty;
    }
    // The generic form of these (`"func.func"() <{...}> ({...})`) is lowered
    // as any generic op: its attributes are written, not implied.
    bool generic = op->form == ir::OpForm::Generic;
    if (!generic && (op->name == "func.func" || op->name == "ml_program.func")) return lowerFunction(node, op);
    if (!generic && op->name == "builtin.module") return lowerModuleOp(node, op);

    PrettyOperation pretty;
    std::vector<Node> operandNodes;
    std::vector<Node> regionNodes;
    collect(children, op, pretty, operandNodes, regionNodes);
    // `chlo.scan (%in...) inits (%init...)`: the split the generic form
    // writes as operandSegmentSizes.
    if (!generic && op->name == "chlo.scan" && pretty.groupOperandCounts.size() == 2 &&
        !op->attribute("operandSegmentSizes")) {
      Attribute segments;  // array<i32: inputs, inits>, as the generic form writes it.
      segments.kind = Attribute::Kind::DenseArray;
      segments.range = op->nameRange;
      segments.type = Type::scalar(ir::ElementType::integer(32));
      for (int64_t count : pretty.groupOperandCounts) segments.elements.push_back(Attribute::makeInteger(count));
      op->setAttribute("operandSegmentSizes", segments, op->nameRange);
    }

    for (Node operand : operandNodes) {
      unsigned index = static_cast<unsigned>(op->operands.size());
      op->operands.push_back(use(operand, op, index));
      op->operandRanges.push_back(rangeOf(operand));
    }

    // Types: the generic form's function type, or the pretty signature.
    std::vector<Type> resultTypes;
    bool resultTypesKnown = false;
    size_t boundResults = countBoundResults(resultList);
    if (!typeNode.isNull()) {
      op->typeRange = rangeOf(typeNode);
      Signature signature = readSignature(typeNode);
      if (!isKind(typeNode, "type_signature") && !isKind(typeNode, "function_type") && isReturnLike(op->name)) {
        // `return %a, %b : T, U`: every type, not only the last.
        signature.operandTypes.clear();
        for (const auto &child : children) {
          if (child.fieldId == fields().type) signature.operandTypes.push_back(values_.type(child.node));
        }
      }
      resolveSignature(*op, signature, boundResults, op->writtenOperandTypes, resultTypes);
      // `(T, U) -> V` names one type per operand. Only for ops whose operands
      // the text lists in full: the generic form and the op table's pretty
      // forms (another dialect's custom syntax may define operands implicitly).
      bool operandsListed = generic || ops::find(op->name) != nullptr;
      if (operandsListed && signature.hasArrow && signature.operandTypes.size() != op->operands.size()) {
        error(typeNode, "ssa.operand-count",
              "`" + op->name + "` has " + std::to_string(op->operands.size()) + " operand" +
                  (op->operands.size() == 1 ? "" : "s") + " but its type names " +
                  std::to_string(signature.operandTypes.size()) + " operand types");
        op->writtenOperandTypes.clear();  // Which type is whose is unknown: one error, not one per operand.
      }
      // Core-dialect ops whose format we do not know leave the count open.
      resultTypesKnown = signature.hasArrow || op->form == ir::OpForm::Generic || isKnownPrettyOp(op->name) ||
                         !resultTypes.empty();
    } else if (op->form == ir::OpForm::Pretty &&
               (isReturnLike(op->name) || op->name == "stablehlo.optimization_barrier")) {
      // A barrier without a signature is `stablehlo.optimization_barrier()`:
      // no operands, no results.
      resultTypesKnown = true;
    }

    desugar(*op, pretty, resultTypes);

    // Regions see the values defined before the op, not its results.
    for (Node regionNode : regionNodes) {
      lowerRegionNode(regionNode, op, pretty.iterationArguments, pretty.implicitDefinitions);
    }
    if (!pretty.appliedOp.empty() && appliesReducer(op->name)) buildAppliedReduceBody(*op, pretty);

    bindResults(resultList, op, resultTypes, resultTypesKnown, boundResults);
    return op;
  }

  /// Gathers operands, regions and the pretty items of an op, in text order.
  void collect(const std::vector<syntax::FieldChild> &children, Operation *op, PrettyOperation &pretty,
               std::vector<Node> &operands, std::vector<Node> &regions) {
    std::vector<Node> inits;  // reduce's `init:` values follow all inputs.
    for (const auto &child : children) {
      const FieldIds &f = fields();
      syntax::FieldId field = child.fieldId;
      Node n = child.node;
      if (field == f.operand) {
        operands.push_back(n);
      } else if (field == f.region) {
        regions.push_back(n);
      } else if (field == f.attributes || field == f.properties) {
        Attribute dict = values_.attribute(n);
        for (auto &[key, value] : dict.fields) op->setAttribute(key, value, value.range);
      } else if (field == f.arguments && isKind(n, "argument_group")) {
        PrettyItem group;
        group.kind = PrettyItem::Kind::Group;
        group.range = rangeOf(n);
        size_t operandsBefore = operands.size();
        for (const auto &g : namedChildren(n)) {
          std::string_view gk = g.node.kind();
          if (gk == "value_use") {
            operands.push_back(g.node);
          } else if (gk == "reduce_input") {
            operands.push_back(fieldOf(g.node, "input"));
            inits.push_back(fieldOf(g.node, "init_value"));
          } else if (gk == "iteration_argument") {
            operands.push_back(fieldOf(g.node, "init_value"));
            pretty.iterationArguments.push_back(fieldOf(g.node, "name"));
          } else if (gk == "keyword_attribute") {
            pretty.items.push_back(keywordItem(g.node));
          } else if (gk == "region") {
            regions.push_back(g.node);
          }
        }
        pretty.items.push_back(group);
        pretty.groupOperandCounts.push_back(static_cast<int64_t>(operands.size() - operandsBefore));
      } else if (field == f.indices) {
        PrettyItem item;
        item.kind = PrettyItem::Kind::Indices;
        item.range = rangeOf(n);
        for (const auto &entry : namedChildren(n)) {
          if (isKind(entry.node, "value_use")) {
            operands.push_back(entry.node);
            continue;
          }
          SliceRange range;
          range.start = values_.attribute(fieldOf(entry.node, "start")).integer;
          Node limit = fieldOf(entry.node, "limit"), stride = fieldOf(entry.node, "stride");
          range.hasLimit = !limit.isNull();
          if (range.hasLimit) range.limit = values_.attribute(limit).integer;
          if (!stride.isNull()) range.stride = values_.attribute(stride).integer;
          item.slices.push_back(range);
        }
        pretty.items.push_back(item);
      } else if (field == f.attribute) {
        if (isKind(n, "keyword_attribute")) {
          pretty.items.push_back(keywordItem(n));
        } else {
          PrettyItem item;
          item.kind = isKind(n, "enum_value") ? PrettyItem::Kind::Enum : PrettyItem::Kind::Value;
          item.range = rangeOf(n);
          // A value's spelling matters only when it is short (e5m10); a
          // constant's may be many MB.
          if (item.kind == PrettyItem::Kind::Enum || n.end() - n.begin() <= 4096) {
            item.text = std::string(values_.text(n));
          }
          item.value = values_.attribute(n);
          // `applies stablehlo.add` names reduce's body op.
          if (item.kind == PrettyItem::Kind::Enum && !pretty.items.empty() &&
              pretty.items.back().kind == PrettyItem::Kind::Enum && pretty.items.back().text == "applies") {
            pretty.appliedOp = item.text;
            pretty.appliedRange = item.range;
          }
          pretty.items.push_back(item);
        }
      } else if (field == f.callee) {
        PrettyItem item;
        item.kind = PrettyItem::Kind::Symbol;
        item.range = rangeOf(n);
        item.value = values_.attribute(n);
        pretty.items.push_back(item);
      } else if (isKind(n, "custom_syntax")) {
        if (op->name == "sdy.mesh") recordMesh(n);
        // An op of an unknown dialect: take its operands and regions.
        for (const auto &c : namedChildren(n)) {
          // A name nothing defined yet is one the op's syntax defines: its
          // regions' arguments, as MLIR's custom parsers make them.
          if (c.fieldId == fields().operand && !resolves(values_.text(c.node))) {
            pretty.implicitDefinitions.push_back(c.node);
          } else if (c.fieldId == fields().operand) {
            operands.push_back(c.node);
          }
          if (c.fieldId == fields().region) regions.push_back(c.node);
          // `index.constant 4` (no type) and the old std dialect's
          // `constant 4 : index`: the value is the op's first literal, typed
          // by the type that follows it.
          bool constantOp = op->name == "index.constant" || op->name == "index.bool.constant" ||
                            op->name == "constant" || op->name == "std.constant";
          if (constantOp && !op->attribute("value") &&
              (isKind(c.node, "integer") || isKind(c.node, "float") || isKind(c.node, "boolean"))) {
            op->setAttribute("value", values_.attribute(c.node), rangeOf(c.node));
          } else if (constantOp && op->attribute("value") && !op->attribute("value")->type &&
                     std::string_view(c.node.kind()).ends_with("_type")) {
            Attribute typed = *op->attribute("value");
            typed.type = values_.type(c.node);
            op->setAttribute("value", typed, rangeOf(c.node));
          }
        }
      }
    }
    operands.insert(operands.end(), inits.begin(), inits.end());
  }

  /// `sdy.mesh @name = <["x"=2, "y"=4]>` (Shardy's dialect, otherwise
  /// opaque): records the mesh's axis names under its symbol, for the
  /// mesh-axes replica groups of collectives
  /// (`#stablehlo.replica_group_mesh_axes<mesh = @name, ...>`).
  void recordMesh(Node body) {
    std::string symbol;
    std::vector<std::string> axes;
    std::vector<Node> pending{body};
    while (!pending.empty()) {
      Node n = pending.back();
      pending.pop_back();
      auto children = namedChildren(n);
      for (auto it = children.rbegin(); it != children.rend(); ++it) pending.push_back(it->node);
      if (isKind(n, "symbol_ref") && symbol.empty()) {
        symbol = values_.attribute(n).text;
      } else if (isKind(n, "string")) {
        axes.push_back(values_.attribute(n).text);
      }
    }
    if (!symbol.empty()) module_.meshes[symbol] = std::move(axes);
  }

  PrettyItem keywordItem(Node n) {
    PrettyItem item;
    item.kind = PrettyItem::Kind::Keyword;
    item.range = rangeOf(n);
    item.key = std::string(values_.text(fieldOf(n, "key")));
    Node value = fieldOf(n, "value");
    item.text = std::string(values_.text(value));
    item.value = values_.attribute(value);
    return item;
  }

  /// Signatures repeat as much as types do; a cache keyed by their text
  /// skips walking the same subtree again.
  Signature readSignature(Node typeNode) {
    // Only `type_signature` nodes: a return's bare type has the same text as
    // a one-type signature but means something else.
    if (!isKind(typeNode, "type_signature")) return parseSignature(typeNode);
    std::string_view spelled = values_.text(typeNode);
    auto cached = signatureCache_.find(spelled);
    if (cached != signatureCache_.end()) return cached->second;
    size_t errors = out_.diagnostics.size();
    Signature s = parseSignature(typeNode);
    if (out_.diagnostics.size() == errors) signatureCache_.emplace(spelled, s);
    return s;
  }

  Signature parseSignature(Node typeNode) {
    Signature s;
    if (isKind(typeNode, "function_type")) {
      Type f = values_.type(typeNode);
      s.operandTypes = f.inputs();
      s.resultTypes = f.results();
      s.hasArrow = true;
      return s;
    }
    for (const auto &child : namedChildren(typeNode)) {
      if (child.fieldId == fields().operandType) s.operandTypes.push_back(values_.type(child.node));
      if (child.fieldId == fields().resultType) {
        s.resultTypes = values_.typeList(child.node);
        s.hasArrow = true;
      }
    }
    if (!s.hasArrow && s.operandTypes.size() == 1 && s.operandTypes[0].isFunction()) {
      Type f = s.operandTypes[0];
      s.operandTypes = f.inputs();
      s.resultTypes = f.results();
      s.hasArrow = true;
    }
    return s;
  }

  /// The size `%name:N` gives a result group: 0 when negative or above
  /// kMaxResultGroupSize (bindResults reports the latter).
  int64_t groupSize(Node countNode) {
    int64_t n = values_.attribute(countNode).integer;
    return n < 0 || n > syntax::kMaxResultGroupSize ? 0 : n;
  }

  size_t countBoundResults(Node list) {
    if (list.isNull()) return 0;
    size_t count = 0;
    for (const auto &result : namedChildren(list)) {
      Node n = fieldOf(result.node, "count");
      count += n.isNull() ? 1 : static_cast<size_t>(groupSize(n));
    }
    return count;
  }

  void bindResults(Node list, Operation *op, const std::vector<Type> &types, bool typesKnown, size_t bound) {
    if (typesKnown && bound != types.size() && !list.isNull()) {
      error(list, "ssa.result-count",
            "operation defines " + std::to_string(types.size()) + " results but " + std::to_string(bound) +
                " are bound here");
    }
    size_t index = 0;
    if (!list.isNull()) {
      for (const auto &result : namedChildren(list)) {
        Node nameNode = fieldOf(result.node, "name");
        std::string name(values_.text(nameNode));
        Node countNode = fieldOf(result.node, "count");
        bool multi = !countNode.isNull();
        int64_t count = multi ? groupSize(countNode) : 1;
        if (multi && values_.attribute(countNode).integer > syntax::kMaxResultGroupSize) {
          error(countNode, "ssa.result-count",
                "a result group binds at most " + std::to_string(syntax::kMaxResultGroupSize) + " results");
        }
        for (int64_t k = 0; k < count; ++k) {
          Type type = index < types.size() ? types[index] : Type();
          Value *v = newValue(multi ? name + "#" + std::to_string(k) : name, type, rangeOf(nameNode));
          v->definingOp = op;
          v->resultIndex = static_cast<unsigned>(index++);
          op->results.push_back(v);
          define(v, nameNode);
        }
      }
    }
    // Results the text does not name still exist.
    for (; index < types.size(); ++index) {
      Value *v = newValue("", types[index], op->nameRange);
      v->definingOp = op;
      v->resultIndex = static_cast<unsigned>(index);
      op->results.push_back(v);
    }
  }

  Region *newRegion(Operation *op, syntax::TextRange range) {
    Region *region = module_.newRegion();
    region->parent = op;
    region->range = range;
    op->regions.push_back(region);
    return region;
  }

  Block *newBlock(Region *region) {
    Block *block = module_.newBlock();
    block->parent = region;
    region->blocks.push_back(block);
    return block;
  }

  Value *addBlockArgument(Block *block, Node argument) {
    Value *v = newValue(std::string(values_.text(fieldOf(argument, "name"))), values_.type(fieldOf(argument, "type")),
                        rangeOf(fieldOf(argument, "name")));
    v->ownerBlock = block;
    v->argumentIndex = static_cast<unsigned>(block->arguments.size());
    v->location = values_.location(fieldOf(argument, "location"));
    block->arguments.push_back(v);
    define(v, fieldOf(argument, "name"));
    return v;
  }

  /// A `region` node, or a `named_region` (`cond {...}`, `reducer(...) {...}`).
  void lowerRegionNode(Node node, Operation *op, const std::vector<Node> &iterationNames,
                       const std::vector<Node> &implicitNames) {
    if (isKind(node, "named_region")) {
      std::vector<Node> argumentLists;
      for (const auto &child : namedChildren(node)) {
        if (child.fieldId == fields().arguments) argumentLists.push_back(child.node);
      }
      Node body = fieldOf(node, "body");
      std::string keyword(values_.text(fieldOf(node, "keyword")));
      if (keyword == "reducer") {
        // reducer(%a0: T, %b0: T) (%a1: T, %b1: T): the block takes all the
        // first arguments, then all the second ones.
        std::vector<Node> firsts, seconds;
        for (Node list : argumentLists) {
          auto args = namedChildren(list);
          if (args.size() > 0) firsts.push_back(args[0].node);
          if (args.size() > 1) seconds.push_back(args[1].node);
        }
        firsts.insert(firsts.end(), seconds.begin(), seconds.end());
        lowerRegion(body, op, false, firsts);
      } else {
        // while's cond and do take the iteration arguments.
        lowerRegion(body, op, false, {}, op, &iterationNames);
      }
      return;
    }
    lowerRegion(node, op, false, {}, nullptr, nullptr, &implicitNames);
  }

  /// Lowers a region body. `entryArguments` become the entry block's
  /// arguments; `whileOp` gives them from the while op's iteration values.
  void lowerRegion(Node node, Operation *op, bool isolated, const std::vector<Node> &entryArguments,
                   Operation *whileOp = nullptr, const std::vector<Node> *iterationNames = nullptr,
                   const std::vector<Node> *implicitNames = nullptr) {
    Region *region = newRegion(op, rangeOf(node));
    // Regions nest ops that nest regions: bounded, so that nothing walking
    // the IR recurses without limit.
    if (regionDepth_ >= syntax::kMaxNestingDepth) {
      error(node, "lower.too-deep",
            "regions nested more than " + std::to_string(syntax::kMaxNestingDepth) + " levels deep; not lowered");
      return;
    }
    ++regionDepth_;
    struct Leave {
      int &depth;
      ~Leave() { --depth; }
    } leave{regionDepth_};
    bool topLevel = op->name == "builtin.module" && !op->parentBlock;
    // The body of the top-level function being lowered: its ops are
    // recorded, and copied where the earlier lowering offers them.
    LoweredFunction *body = function_ && function_->op == op ? function_ : nullptr;
    auto lowerChild = [&](Node child, Block *block) {
      if (!body) return topLevel ? lowerTopLevel(child, block) : lowerOperation(child, block);
      LoweredOperation lowered;
      lowered.diagnosticsBegin = out_.diagnostics.size();
      const ReusableOperation *offer = operationReuse_ ? operationReuse_(rangeOf(child)) : nullptr;
      Operation *copy = offer ? copyOperation(*offer, block) : nullptr;
      lowered.reused = copy != nullptr;
      lowered.op = copy ? copy : lowerOperation(child, block);
      lowered.diagnosticsEnd = out_.diagnostics.size();
      body->operations.push_back(lowered);
      return const_cast<Operation *>(lowered.op);
    };
    pushScope(isolated);
    Block *current = nullptr;
    auto entry = [&]() {
      if (!current) {
        current = newBlock(region);
        for (Node a : entryArguments) addBlockArgument(current, a);
        if (whileOp) addWhileArguments(current, whileOp, *iterationNames);
        if (implicitNames) addImplicitArguments(current, *implicitNames);
      }
      return current;
    };
    bool any = false;
    for (const auto &child : namedChildren(node)) {
      if (isKind(child.node, "entry_block")) {
        Block *block = entry();
        for (const auto &opNode : namedChildren(child.node)) {
          if (isKind(opNode.node, "operation")) block->operations.push_back(lowerChild(opNode.node, block));
        }
        any = true;
      } else if (isKind(child.node, "block")) {
        Block *block = newBlock(region);
        current = block;
        Node label = fieldOf(child.node, "label");
        block->label = std::string(values_.text(fieldOf(label, "name")));
        block->labelRange = rangeOf(label);
        Node arguments = fieldOf(label, "arguments");
        for (const auto &a : namedChildren(arguments)) addBlockArgument(block, a.node);
        for (const auto &opNode : namedChildren(child.node)) {
          if (isKind(opNode.node, "operation")) block->operations.push_back(lowerChild(opNode.node, block));
        }
        any = true;
      }
    }
    if (!any && (!entryArguments.empty() || whileOp || (implicitNames && !implicitNames->empty()))) entry();
    popScope();
  }

  /// Copies an op of an earlier lowering (ReusableOperation) in place of
  /// lowering its node, when that gives what lowering would: every value it
  /// uses from outside it must resolve here, by the name its text writes, to
  /// a value of the type it had. Returns null (nothing done) otherwise.
  Operation *copyOperation(const ReusableOperation &offer, Block *block) {
    // Most ops have no regions: then every value they use is from outside.
    std::unordered_set<const Operation *> inside;
    std::unordered_set<const Block *> blocks;
    bool nestedFunction = false;
    if (!offer.op->regions.empty()) {
      ir::walk({const_cast<Operation *>(offer.op)}, [&](const Operation *op) {
        inside.insert(op);
        nestedFunction |= op != offer.op && (op->name == "func.func" || op->name == "ml_program.func");
        for (const Region *region : op->regions) blocks.insert(region->blocks.begin(), region->blocks.end());
      });
    }
    if (nestedFunction) return nullptr;  // It would have to be registered.
    // Kept between copies: clearing keeps its buckets.
    std::unordered_map<const Value *, Value *> &outside = outside_;
    outside.clear();
    bool resolved = true;
    ir::walk({const_cast<Operation *>(offer.op)}, [&](const Operation *op) {
      for (size_t i = 0; resolved && i < op->operands.size(); ++i) {
        const Value *value = op->operands[i];
        if (!value || i >= op->operandRanges.size()) {
          resolved = false;
          break;
        }
        if (!inside.empty() && ((value->definingOp && inside.count(value->definingOp)) ||
                                (value->ownerBlock && blocks.count(value->ownerBlock)))) {
          continue;
        }
        syntax::TextRange range = ir::shifted(op->operandRanges[i], offer.shift);
        if (range.end > text_.size()) {
          resolved = false;
          break;
        }
        Value *now = resolve(text_.substr(range.begin, range.size()));
        auto [it, inserted] = outside.emplace(value, now);
        resolved = now && it->second == now && now->type == value->type;
      }
    });
    if (!resolved) return nullptr;
    Operation *op = ir::cloneOperation(*offer.op, module_, offer.shift, block, outside);
    out_.diagnostics.insert(out_.diagnostics.end(), offer.diagnostics.begin(), offer.diagnostics.end());
    // As bindResults does: named results enter the scope (their
    // redefinitions reported), the unnamed ones do not.
    for (Value *result : op->results) {
      if (!result->name.empty()) define(result, result->range);
    }
    return op;
  }

  /// Names an unknown op's syntax defines, as entry block arguments of
  /// unknown type (their types are in syntax only that op's dialect knows).
  void addImplicitArguments(Block *block, const std::vector<Node> &names) {
    for (Node name : names) {
      Value *v = newValue(std::string(values_.text(name)), Type(), rangeOf(name));
      v->ownerBlock = block;
      v->argumentIndex = static_cast<unsigned>(block->arguments.size());
      block->arguments.push_back(v);
      scopes_.back().values.emplace(std::string_view(v->name), v);
    }
  }

  void addWhileArguments(Block *block, Operation *whileOp, const std::vector<Node> &names) {
    for (size_t i = 0; i < whileOp->operands.size(); ++i) {
      std::string name = i < names.size() ? std::string(values_.text(names[i])) : "";
      Type type = whileOp->operands[i] ? whileOp->operands[i]->type : Type();
      if (i < whileOp->writtenOperandTypes.size()) type = whileOp->writtenOperandTypes[i];
      Value *v = newValue(name, type, i < names.size() ? rangeOf(names[i]) : whileOp->nameRange);
      v->ownerBlock = block;
      v->argumentIndex = static_cast<unsigned>(i);
      block->arguments.push_back(v);
      if (!v->name.empty()) scopes_.back().values.emplace(std::string_view(v->name), v);
    }
  }

  void buildAppliedReduceBody(Operation &op, const PrettyOperation &pretty) {
    // `applies stablehlo.add`: the body the generic form would spell out,
    // with 0-d tensors of the init values' element types.
    size_t inputs = op.operands.size() / 2;
    // StableHLO's parser takes only a commutative binary op of its own
    // dialect there (`applies stablehlo.subtract` is rejected).
    const ops::OpDef *applied = ops::find(pretty.appliedOp);
    if (!applied || applied->dialect != "stablehlo" || !applied->has(ops::Trait::Commutative) ||
        !applied->has(ops::Trait::Elementwise)) {
      Diagnostic d;
      d.range = pretty.appliedRange;
      d.code = "reduce.applies";
      d.message = "`applies " + pretty.appliedOp +
                  "`: the applied op must be a commutative binary StableHLO op (add, multiply, maximum, ...)";
      d.opRange = op.range;
      out_.diagnostics.push_back(std::move(d));
      // The body is still built, so the reduce itself is checked as written.
    }
    if (inputs != 1) {
      // StableHLO prints the compact form only for one input and one init.
      Diagnostic d;
      d.range = pretty.appliedRange;
      d.code = "reduce.applies";
      d.message = "`applies " + pretty.appliedOp + "` needs exactly one input and one init value, got " +
                  std::to_string(inputs);
      d.opRange = op.range;
      out_.diagnostics.push_back(std::move(d));
      return;
    }
    Region *region = newRegion(&op, pretty.appliedRange);
    region->implicit = true;
    Block *block = newBlock(region);
    std::vector<Type> scalarTypes;
    for (size_t i = 0; i < inputs; ++i) {
      Value *init = op.operands[inputs + i];
      scalarTypes.push_back(init && init->type.isTensor() ? Type::tensor({}, init->type.element()) : Type());
    }
    for (int pass = 0; pass < 2; ++pass) {
      for (size_t i = 0; i < inputs; ++i) {
        Value *v = newValue("", scalarTypes[i], pretty.appliedRange);
        v->ownerBlock = block;
        v->argumentIndex = static_cast<unsigned>(block->arguments.size());
        block->arguments.push_back(v);
      }
    }
    Operation *body = module_.newOperation();
    body->name = pretty.appliedOp;
    body->range = body->nameRange = pretty.appliedRange;
    body->parentBlock = block;
    for (size_t i = 0; i < inputs; ++i) {
      for (Value *arg : {block->arguments[i], block->arguments[inputs + i]}) {
        arg->uses.push_back({body, static_cast<unsigned>(body->operands.size()), pretty.appliedRange});
        body->operands.push_back(arg);
        body->operandRanges.push_back(pretty.appliedRange);
      }
      Value *result = newValue("", scalarTypes[i], pretty.appliedRange);
      result->definingOp = body;
      body->results.push_back(result);
    }
    block->operations.push_back(body);
    Operation *ret = module_.newOperation();
    ret->name = std::string(ops::firstWith(ops::Trait::RegionReturn)->name);
    ret->range = ret->nameRange = pretty.appliedRange;
    ret->parentBlock = block;
    for (Value *r : body->results) {
      r->uses.push_back({ret, static_cast<unsigned>(ret->operands.size()), pretty.appliedRange});
      ret->operands.push_back(r);
      ret->operandRanges.push_back(pretty.appliedRange);
    }
    block->operations.push_back(ret);
  }

  Operation *lowerFunction(Node node, Operation *op) {
    op->name = "func.func";
    Node symbol = fieldOf(node, "symbol");
    std::string symbolText(values_.text(symbol));
    // A MISSING symbol (error recovery) has no text at all.
    std::string name = symbolText.size() > 1 && symbolText[1] == '"' ? SyntaxValues::unquote(symbolText.substr(1))
                       : symbolText.empty()                           ? std::string()
                                                                      : symbolText.substr(1);
    op->setAttribute("sym_name", Attribute::makeString(name, rangeOf(symbol)), rangeOf(symbol));
    Node visibility = fieldOf(node, "visibility");
    if (!visibility.isNull()) {
      op->setAttribute("sym_visibility", Attribute::makeString(std::string(values_.text(visibility))),
                       rangeOf(visibility));
    }
    std::vector<Type> inputs, results;
    std::vector<Node> namedArguments;
    std::vector<Attribute> argumentAttributes, resultAttributes;
    for (const auto &argument : namedChildren(fieldOf(node, "arguments"))) {
      inputs.push_back(values_.type(fieldOf(argument.node, "type")));
      if (!fieldOf(argument.node, "name").isNull()) namedArguments.push_back(argument.node);
      Node attrs = fieldOf(argument.node, "attributes");
      argumentAttributes.push_back(attrs.isNull() ? Attribute() : values_.attribute(attrs));
    }
    Node resultNode = fieldOf(node, "result_types");
    if (!resultNode.isNull()) {
      auto children = namedChildren(resultNode);
      bool listed = !children.empty() && isKind(children[0].node, "function_result");
      if (listed) {
        for (const auto &r : children) {
          results.push_back(values_.type(fieldOf(r.node, "type")));
          Node attrs = fieldOf(r.node, "attributes");
          resultAttributes.push_back(attrs.isNull() ? Attribute() : values_.attribute(attrs));
        }
      } else if (!children.empty()) {
        results.push_back(values_.type(children[0].node));
      }
    }
    Attribute functionType;
    functionType.kind = Attribute::Kind::TypeAttr;
    functionType.type = Type::function(inputs, results);
    functionType.range = rangeOf(fieldOf(node, "arguments"));
    op->setAttribute("function_type", functionType, functionType.range);
    op->setAttribute("arg_attrs", Attribute::makeArray(argumentAttributes));
    op->setAttribute("res_attrs", Attribute::makeArray(resultAttributes));
    Node attributes = fieldOf(node, "attributes");
    if (!attributes.isNull()) {
      for (auto &[key, value] : values_.attribute(attributes).fields) op->setAttribute(key, value, value.range);
    }
    // Top-level functions are registered by lowerTopLevel, after their body.
    if (!isTopLevel(op->parentBlock)) registerFunction(op);
    if (function_ && !function_->op && isTopLevel(op->parentBlock)) function_->op = op;
    Node body = fieldOf(node, "body");
    if (!body.isNull()) lowerRegion(body, op, /*isolated=*/true, namedArguments);
    return op;
  }

  Operation *lowerModuleOp(Node node, Operation *op) {
    Node symbol = fieldOf(node, "symbol");
    if (!symbol.isNull()) {
      std::string_view symbolText = values_.text(symbol);
      op->setAttribute("sym_name", Attribute::makeString(std::string(symbolText.substr(symbolText.empty() ? 0 : 1))),
                       rangeOf(symbol));
    }
    Node attributes = fieldOf(node, "attributes");
    if (!attributes.isNull()) {
      for (auto &[key, value] : values_.attribute(attributes).fields) op->setAttribute(key, value, value.range);
    }
    lowerRegion(fieldOf(node, "body"), op, /*isolated=*/true, {});
    return op;
  }

  std::string_view text_;
  LoweredModule &out_;
  ir::Module &module_;
  SyntaxValues values_;
  std::vector<Scope> scopes_;
  std::unordered_map<std::string_view, Signature> signatureCache_;
  const FunctionReuse &reuse_;
  const OperationReuse &operationReuse_;
  /// The top-level function being lowered (not copied), or null.
  LoweredFunction *function_ = nullptr;
  /// copyOperation's map of the values an op uses from outside it.
  std::unordered_map<const Value *, Value *> outside_;
  size_t registrations_ = 0;
  int regionDepth_ = 0;
};

}  // namespace

LoweredModule lowerModule(const syntax::SyntaxTree &tree, std::string_view text, const FunctionReuse &reuse,
                          const OperationReuse &operationReuse) {
  LoweredModule out;
  if (!tree.valid()) return out;
  Lowerer lowerer(text, out, reuse, operationReuse);
  lowerer.run(tree.root());
  return out;
}

}  // namespace shlo::lower
