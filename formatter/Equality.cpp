#include "formatter/Equality.h"

#include <algorithm>

#include "formatter/AttributePrinter.h"
#include "semantic/ops/Ops.h"

namespace shlo::formatter {

using ir::Operation;

namespace {

class Comparer {
 public:
  std::optional<IrDifference> difference;

  bool ops(const std::vector<Operation *> &a, const std::vector<Operation *> &b, const Operation *parent) {
    if (a.size() != b.size()) {
      return fail(parent, std::to_string(a.size()) + " ops became " + std::to_string(b.size()));
    }
    for (size_t i = 0; i < a.size(); ++i) {
      if (!op(*a[i], *b[i])) return false;
    }
    return true;
  }

 private:
  bool fail(const Operation *at, std::string message) {
    difference = IrDifference{at, std::move(message)};
    return false;
  }

  static std::string dialect(const Operation &op) { return op.name.rfind("chlo.", 0) == 0 ? "chlo" : "stablehlo"; }

  static std::vector<std::pair<std::string, std::string>> attributes(const Operation &op) {
    std::vector<std::pair<std::string, std::string>> out;
    for (const ir::NamedAttribute &a : op.attributes) {
      // Empty argument/result attribute lists mean no list.
      if ((a.name == "arg_attrs" || a.name == "res_attrs") && a.value.kind == ir::Attribute::Kind::Array &&
          std::all_of(a.value.elements.begin(), a.value.elements.end(), [](const ir::Attribute &e) {
            return e.fields.empty() && (e.kind == ir::Attribute::Kind::Dictionary || e.kind == ir::Attribute::Kind::Unit);
          })) {
        continue;
      }
      std::string text = printOpAttribute(op.name, a.name, a.value, dialect(op));
      // A default value the pretty form leaves out means the same as none.
      if (const ops::OpDef *def = ops::find(op.name)) {
        bool isDefault = false;
        for (const ops::PrintDefault &d : def->printDefaults) isDefault |= d.attribute == a.name && d.text == text;
        if (isDefault) continue;
      }
      out.emplace_back(a.name, std::move(text));
    }
    std::sort(out.begin(), out.end());
    return out;
  }

  static std::string location(const ir::LocationRef &l) { return l ? l->str() : std::string(); }

  /// The location of the op whose body is implied by its text (empty when
  /// none): what a location-less op of that body stands for.
  std::string implied_;
  bool sameLocation(const ir::LocationRef &a, const ir::LocationRef &b) const {
    std::string x = location(a), y = location(b);
    return x == y || (y.empty() && !implied_.empty() && x == implied_);
  }

  static std::string value(const ir::Value *v) { return v ? v->name + ": " + v->type.str() : "<undefined>"; }

  bool values(const Operation &at, const char *what, const std::vector<ir::Value *> &a,
              const std::vector<ir::Value *> &b) {
    if (a.size() != b.size()) {
      return fail(&at, std::string(what) + " count " + std::to_string(a.size()) + " became " +
                           std::to_string(b.size()));
    }
    for (size_t i = 0; i < a.size(); ++i) {
      // A value the input implies without a name (reduce's `applies`
      // body) may be given any name.
      // (and the compact form drops the names of such a body).
      bool unnamed = a[i] && b[i] && (a[i]->name.empty() || b[i]->name.empty()) && a[i]->type == b[i]->type;
      if (!unnamed && value(a[i]) != value(b[i])) {
        return fail(&at, std::string(what) + " " + std::to_string(i) + " `" + value(a[i]) + "` became `" +
                             value(b[i]) + "`");
      }
    }
    return true;
  }

  bool op(const Operation &a, const Operation &b) {
    if (a.name != b.name) return fail(&a, "op `" + a.name + "` became `" + b.name + "`");
    if (!values(a, "operand", a.operands, b.operands)) return false;
    if (!values(a, "result", a.results, b.results)) return false;
    auto aa = attributes(a), ba = attributes(b);
    if (aa != ba) {
      for (size_t i = 0; i < std::max(aa.size(), ba.size()); ++i) {
        std::string x = i < aa.size() ? aa[i].first + " = " + aa[i].second : "nothing";
        std::string y = i < ba.size() ? ba[i].first + " = " + ba[i].second : "nothing";
        if (x != y) return fail(&a, "attribute `" + x + "` became `" + y + "`");
      }
    }
    if (!sameLocation(a.location, b.location)) {
      return fail(&a, "location `" + location(a.location) + "` became `" + location(b.location) + "`");
    }
    if (a.regions.size() != b.regions.size()) return fail(&a, "region count differs");
    for (size_t r = 0; r < a.regions.size(); ++r) {
      const auto &ab = a.regions[r]->blocks, &bb = b.regions[r]->blocks;
      if (ab.size() != bb.size()) return fail(&a, "block count differs in region " + std::to_string(r));
      for (size_t k = 0; k < ab.size(); ++k) {
        if (k > 0 && ab[k]->label != bb[k]->label) {
          return fail(&a, "block `" + ab[k]->label + "` became `" + bb[k]->label + "`");
        }
        if (!values(a, "block argument", ab[k]->arguments, bb[k]->arguments)) return false;
        // A body the text implies (reduce's `applies`: its arguments have
        // no names) takes the op's own location.
        bool impliedBody = !bb[k]->arguments.empty() && bb[k]->arguments[0]->name.empty();
        std::string saved = implied_;
        implied_ = impliedBody ? location(a.location) : std::string();
        for (size_t i = 0; i < ab[k]->arguments.size(); ++i) {
          if (!sameLocation(ab[k]->arguments[i]->location, bb[k]->arguments[i]->location)) {
            return fail(&a, "location of block argument " + ab[k]->arguments[i]->name + " differs");
          }
        }
        bool same = ops(ab[k]->operations, bb[k]->operations, &a);
        implied_ = saved;
        if (!same) return false;
      }
    }
    return true;
  }
};

}  // namespace

std::optional<IrDifference> compareModules(const ir::Module &a, const ir::Module &b) {
  Comparer c;
  c.ops(a.topLevel, b.topLevel, nullptr);
  return c.difference;
}

}  // namespace shlo::formatter
