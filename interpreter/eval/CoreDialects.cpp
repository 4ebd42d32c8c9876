// The core-dialect ops that dynamic StableHLO programs use for shape
// arithmetic (spec.md, "Interop"): arith and index on scalars and tensors,
// tensor.dim/from_elements/extract/cast, shape.shape_of/num_elements, and
// the older `std` spellings of the same ops (`std.addi`, or bare `addi`).
// Integers are signless: each op reads its operands as signed or unsigned
// values of the element's width, as the op's name says. Division by zero is
// a RuntimeError (arith leaves it undefined).
#include <cmath>
#include <cstring>
#include <limits>

#include "interpreter/DenseLiteral.h"
#include "interpreter/eval/EvalSupport.h"

namespace shlo::interpreter {

namespace {

using support::operandTensor;
using Operands = std::vector<Value>;

std::vector<Value> one(Tensor t) { return {Value(std::move(t))}; }

/// Result `i`'s type, or `fallback` when the op's text did not tell it (an
/// unknown dialect's pretty form often writes only the operand type).
ir::Type resultOr(const ir::Operation &op, const ir::Type &fallback, size_t i = 0) {
  if (i < op.results.size() && op.results[i]->type.valid()) return op.results[i]->type;
  return fallback;
}

const ir::Type &knownResult(const ir::Operation &op, size_t i = 0) {
  if (i >= op.results.size() || !op.results[i]->type.valid()) {
    throw RuntimeError(op.name + ": the result type is not written, so it cannot be evaluated");
  }
  return op.results[i]->type;
}

/// The same shape as `like` (scalar or tensor) with element type `e`.
ir::Type withElement(const ir::Type &like, const ir::ElementType &e) {
  if (like.isTensor()) return like.withElement(e);
  return ir::Type::scalar(e);
}

unsigned widthOf(const Tensor &t) { return t.bits() == 0 ? 64 : t.bits(); }

uint64_t mask(unsigned bits) { return bits >= 64 ? ~uint64_t{0} : ((uint64_t{1} << bits) - 1); }

uint64_t uval(const Tensor &t, int64_t i) { return static_cast<uint64_t>(t.intAt(i)) & mask(widthOf(t)); }

int64_t sval(const Tensor &t, int64_t i) {
  unsigned bits = widthOf(t);
  uint64_t u = uval(t, i);
  if (bits < 64 && (u >> (bits - 1)) & 1) u |= ~mask(bits);
  return static_cast<int64_t>(u);
}

/// Stores integer `v` (wrapped to the element's width) at element `i`.
void storeInt(Tensor &t, int64_t i, uint64_t v) {
  dispatch(t.kind(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (kIsBool<T>) {
      t.data<bool>()[i] = (v & 1) != 0;
    } else if constexpr (kIsInt<T>) {
      t.data<T>()[i] = static_cast<T>(v);
    } else if constexpr (kIsFloat<T>) {
      t.data<T>()[i] = static_cast<T>(static_cast<int64_t>(v));
    } else {
      throw RuntimeError("expected an integer element type, got " + t.type().str());
    }
  });
}

void storeReal(Tensor &t, int64_t i, double v) {
  dispatch(t.kind(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (kIsFloat<T>) {
      t.data<T>()[i] = static_cast<T>(v);
    } else {
      throw RuntimeError("expected a float element type, got " + t.type().str());
    }
  });
}

void checkSameShape(const ir::Operation &op, const Tensor &a, const Tensor &b) {
  if (a.shape() != b.shape()) {
    throw RuntimeError(op.name + ": operands " + a.type().str() + " and " + b.type().str() + " differ in shape");
  }
}

enum class IntOp { Add, Sub, Mul, DivS, DivU, RemS, RemU, FloorDivS, CeilDivS, CeilDivU, And, Or, Xor, Shl, ShrS, ShrU, MaxS, MinS, MaxU, MinU };

Evaluator intBinary(IntOp kind) {
  return [kind](Interpreter &, const ir::Operation &op, const Operands &v, Env &) {
    const Tensor &a = operandTensor(op, v, 0), &b = operandTensor(op, v, 1);
    checkSameShape(op, a, b);
    if (a.bits() == 0) throw RuntimeError(op.name + ": expected integer operands, got " + a.type().str());
    Tensor out(resultOr(op, a.type()), a.shape());
    unsigned bits = widthOf(a);
    for (int64_t i = 0; i < a.numElements(); ++i) {
      int64_t x = sval(a, i), y = sval(b, i);
      uint64_t ux = uval(a, i), uy = uval(b, i), r = 0;
      bool divides = kind == IntOp::DivS || kind == IntOp::DivU || kind == IntOp::RemS || kind == IntOp::RemU ||
                     kind == IntOp::FloorDivS || kind == IntOp::CeilDivS || kind == IntOp::CeilDivU;
      if (divides && uy == 0) throw RuntimeError(op.name + ": integer division by zero");
      bool signedOverflow = x == std::numeric_limits<int64_t>::min() && y == -1;
      if (bits < 64) signedOverflow = (ux == (uint64_t{1} << (bits - 1))) && y == -1;
      switch (kind) {
        case IntOp::Add: r = ux + uy; break;
        case IntOp::Sub: r = ux - uy; break;
        case IntOp::Mul: r = ux * uy; break;
        case IntOp::DivS:
        case IntOp::FloorDivS:
        case IntOp::CeilDivS: {
          if (signedOverflow) throw RuntimeError(op.name + ": signed division overflows (" + std::to_string(x) + " / -1)");
          int64_t q = x / y;
          bool inexact = q * y != x;
          if (kind == IntOp::FloorDivS && inexact && ((x < 0) != (y < 0))) --q;
          if (kind == IntOp::CeilDivS && inexact && ((x < 0) == (y < 0))) ++q;
          r = static_cast<uint64_t>(q);
          break;
        }
        case IntOp::DivU: r = ux / uy; break;
        case IntOp::CeilDivU: r = ux / uy + (ux % uy != 0 ? 1 : 0); break;
        case IntOp::RemS: r = signedOverflow ? 0 : static_cast<uint64_t>(x % y); break;
        case IntOp::RemU: r = ux % uy; break;
        case IntOp::And: r = ux & uy; break;
        case IntOp::Or: r = ux | uy; break;
        case IntOp::Xor: r = ux ^ uy; break;
        // Shifts by the width or more are poison in arith; zero (or the sign) here.
        case IntOp::Shl: r = uy >= bits ? 0 : ux << uy; break;
        case IntOp::ShrU: r = uy >= bits ? 0 : ux >> uy; break;
        case IntOp::ShrS: r = static_cast<uint64_t>(uy >= bits ? (x < 0 ? -1 : 0) : x >> uy); break;
        case IntOp::MaxS: r = static_cast<uint64_t>(std::max(x, y)); break;
        case IntOp::MinS: r = static_cast<uint64_t>(std::min(x, y)); break;
        case IntOp::MaxU: r = std::max(ux, uy); break;
        case IntOp::MinU: r = std::min(ux, uy); break;
      }
      storeInt(out, i, r);
    }
    out.finalize();
    return one(out);
  };
}

enum class FloatOp { Add, Sub, Mul, Div, Rem, Max, Min, MaxNum, MinNum };

Evaluator floatBinary(FloatOp kind) {
  return [kind](Interpreter &, const ir::Operation &op, const Operands &v, Env &) {
    const Tensor &a = operandTensor(op, v, 0), &b = operandTensor(op, v, 1);
    checkSameShape(op, a, b);
    Tensor out(resultOr(op, a.type()), a.shape());
    for (int64_t i = 0; i < a.numElements(); ++i) {
      double x = a.realAt(i), y = b.realAt(i), r = 0;
      switch (kind) {
        case FloatOp::Add: r = x + y; break;
        case FloatOp::Sub: r = x - y; break;
        case FloatOp::Mul: r = x * y; break;
        case FloatOp::Div: r = x / y; break;
        case FloatOp::Rem: r = std::fmod(x, y); break;
        case FloatOp::Max: r = std::isnan(x) || std::isnan(y) ? std::nan("") : std::max(x, y); break;
        case FloatOp::Min: r = std::isnan(x) || std::isnan(y) ? std::nan("") : std::min(x, y); break;
        case FloatOp::MaxNum: r = std::fmax(x, y); break;
        case FloatOp::MinNum: r = std::fmin(x, y); break;
      }
      storeReal(out, i, r);
    }
    out.finalize();
    return one(out);
  };
}

/// A comparison predicate: the pretty form's keyword (`slt`), the old
/// string ("slt") or the generic form's integer.
std::string predicateOf(const ir::Operation &op, bool isFloat) {
  const ir::Attribute *a = op.attribute("predicate");
  if (!a) throw RuntimeError(op.name + ": missing the comparison predicate");
  if (a->kind == ir::Attribute::Kind::Integer) {
    static const char *intNames[] = {"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"};
    static const char *floatNames[] = {"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
                                       "ueq",   "ugt", "uge", "ult", "ule", "une", "uno", "true"};
    int64_t n = a->integer;
    if (!isFloat && n >= 0 && n < 10) return intNames[n];
    if (isFloat && n >= 0 && n < 16) return floatNames[n];
    throw RuntimeError(op.name + ": unknown predicate " + std::to_string(n));
  }
  std::string text = a->text;
  // `#arith<cmpi slt>` / `#index<cmp slt>` style enums keep the last word.
  size_t space = text.find_last_of(" <");
  if (space != std::string::npos && !text.empty() && text.back() == '>') text = text.substr(space + 1, text.size() - space - 2);
  if (text.empty()) throw RuntimeError(op.name + ": cannot read the comparison predicate " + a->str());
  return text;
}

Evaluator intCompare() {
  return [](Interpreter &, const ir::Operation &op, const Operands &v, Env &) {
    const Tensor &a = operandTensor(op, v, 0), &b = operandTensor(op, v, 1);
    checkSameShape(op, a, b);
    std::string p = predicateOf(op, false);
    Tensor out(resultOr(op, withElement(a.type(), ir::ElementType::integer(1))), a.shape());
    for (int64_t i = 0; i < a.numElements(); ++i) {
      int64_t x = sval(a, i), y = sval(b, i);
      uint64_t ux = uval(a, i), uy = uval(b, i);
      bool r;
      if (p == "eq") r = ux == uy;
      else if (p == "ne") r = ux != uy;
      else if (p == "slt") r = x < y;
      else if (p == "sle") r = x <= y;
      else if (p == "sgt") r = x > y;
      else if (p == "sge") r = x >= y;
      else if (p == "ult") r = ux < uy;
      else if (p == "ule") r = ux <= uy;
      else if (p == "ugt") r = ux > uy;
      else if (p == "uge") r = ux >= uy;
      else throw RuntimeError(op.name + ": unknown predicate `" + p + "`");
      out.data<bool>()[i] = r;
    }
    return one(out);
  };
}

Evaluator floatCompare() {
  return [](Interpreter &, const ir::Operation &op, const Operands &v, Env &) {
    const Tensor &a = operandTensor(op, v, 0), &b = operandTensor(op, v, 1);
    checkSameShape(op, a, b);
    std::string p = predicateOf(op, true);
    Tensor out(resultOr(op, withElement(a.type(), ir::ElementType::integer(1))), a.shape());
    for (int64_t i = 0; i < a.numElements(); ++i) {
      double x = a.realAt(i), y = b.realAt(i);
      bool unordered = std::isnan(x) || std::isnan(y), r;
      if (p == "false") r = false;
      else if (p == "true") r = true;
      else if (p == "ord") r = !unordered;
      else if (p == "uno") r = unordered;
      else {
        bool ordered = p[0] == 'o';
        std::string rel = p.substr(1);
        bool c = rel == "eq" ? x == y : rel == "gt" ? x > y : rel == "ge" ? x >= y : rel == "lt" ? x < y : rel == "le" ? x <= y
                 : rel == "ne" ? x != y : throw RuntimeError(op.name + ": unknown predicate `" + p + "`");
        r = unordered ? !ordered : c;
      }
      out.data<bool>()[i] = r;
    }
    return one(out);
  };
}

enum class Cast { SignedInt, UnsignedInt, SignedToFloat, UnsignedToFloat, FloatToSigned, FloatToUnsigned, Float };

Evaluator cast(Cast kind) {
  return [kind](Interpreter &, const ir::Operation &op, const Operands &v, Env &) {
    const Tensor &a = operandTensor(op, v, 0);
    Tensor out(knownResult(op), a.shape());
    for (int64_t i = 0; i < a.numElements(); ++i) {
      switch (kind) {
        case Cast::SignedInt: storeInt(out, i, static_cast<uint64_t>(sval(a, i))); break;
        case Cast::UnsignedInt: storeInt(out, i, uval(a, i)); break;
        case Cast::SignedToFloat: storeReal(out, i, static_cast<double>(sval(a, i))); break;
        case Cast::UnsignedToFloat: storeReal(out, i, static_cast<double>(uval(a, i))); break;
        case Cast::FloatToSigned: {
          double x = a.realAt(i);
          if (!std::isfinite(x)) throw RuntimeError(op.name + ": " + std::to_string(x) + " has no integer value");
          storeInt(out, i, static_cast<uint64_t>(static_cast<int64_t>(x)));
          break;
        }
        case Cast::FloatToUnsigned: {
          double x = a.realAt(i);
          if (!std::isfinite(x) || x < 0) throw RuntimeError(op.name + ": " + std::to_string(x) + " has no unsigned value");
          storeInt(out, i, static_cast<uint64_t>(x));
          break;
        }
        case Cast::Float: storeReal(out, i, a.realAt(i)); break;
      }
    }
    out.finalize();
    return one(out);
  };
}

/// arith.constant / index.constant / std.constant: a scalar or dense value.
Evaluator constant() {
  return [](Interpreter &, const ir::Operation &op, const Operands &, Env &) {
    const ir::Attribute *a = op.attribute("value");
    if (!a) throw RuntimeError(op.name + ": missing attribute `value`");
    ir::Type type = resultOr(op, a->type ? *a->type : ir::Type());
    if (!type.valid()) {
      // `index.constant 4` and `index.bool.constant true` have implied types.
      if (op.name == "index.constant") type = ir::Type::scalar(ir::ElementType::index());
      else if (op.name == "index.bool.constant") type = ir::Type::scalar(ir::ElementType::integer(1));
      else throw RuntimeError(op.name + ": the constant's type is not written");
    }
    if (a->kind == ir::Attribute::Kind::DenseElements) return one(decodeDenseLiteral(a->literal(), type));
    Tensor out(type);
    for (int64_t i = 0; i < out.numElements(); ++i) {
      if (a->kind == ir::Attribute::Kind::Integer || a->kind == ir::Attribute::Kind::Bool) {
        if (out.bits() == 0) storeReal(out, i, static_cast<double>(a->integer));
        else storeInt(out, i, static_cast<uint64_t>(a->integer));
      } else if (a->kind == ir::Attribute::Kind::Float) {
        storeReal(out, i, a->real);
      } else {
        throw UnsupportedOp(op.name + ": unsupported value " + a->str());
      }
    }
    out.finalize();
    return one(out);
  };
}

Evaluator select() {
  return [](Interpreter &, const ir::Operation &op, const Operands &v, Env &) {
    const Tensor &c = operandTensor(op, v, 0), &a = operandTensor(op, v, 1), &b = operandTensor(op, v, 2);
    checkSameShape(op, a, b);
    if (c.kind() != ElemKind::I1) throw RuntimeError(op.name + ": the condition must be i1, got " + c.type().str());
    if (c.numElements() == 1) return one(c.data<bool>()[0] ? a : b);
    return one(evalSelect(c, a, b, resultOr(op, a.type())));
  };
}

int64_t indexValue(const ir::Operation &op, const Tensor &t) {
  if (t.numElements() != 1 || t.bits() == 0) throw RuntimeError(op.name + ": expected an index, got " + t.type().str());
  return t.intAt(0);
}

Tensor indexScalar(const ir::Operation &op, int64_t value) {
  Tensor out(resultOr(op, ir::Type::scalar(ir::ElementType::index())));
  storeInt(out, 0, static_cast<uint64_t>(value));
  out.finalize();
  return out;
}

}  // namespace

void registerCoreDialectsEvaluators(EvalTable &t) {
  // Each op under its arith / index name, the std name and the bare name.
  auto add = [&t](std::initializer_list<const char *> names, const Evaluator &h) {
    for (const char *n : names) t.add(n, h);
  };
  add({"arith.constant", "index.constant", "index.bool.constant", "std.constant", "constant"}, constant());
  add({"arith.addi", "index.add", "std.addi", "addi"}, intBinary(IntOp::Add));
  add({"arith.subi", "index.sub", "std.subi", "subi"}, intBinary(IntOp::Sub));
  add({"arith.muli", "index.mul", "std.muli", "muli"}, intBinary(IntOp::Mul));
  add({"arith.divsi", "index.divs", "std.divi_signed", "divi_signed"}, intBinary(IntOp::DivS));
  add({"arith.divui", "index.divu", "std.divi_unsigned", "divi_unsigned"}, intBinary(IntOp::DivU));
  add({"arith.remsi", "index.rems", "std.remi_signed", "remi_signed"}, intBinary(IntOp::RemS));
  add({"arith.remui", "index.remu", "std.remi_unsigned", "remi_unsigned"}, intBinary(IntOp::RemU));
  add({"arith.floordivsi", "index.floordivs", "std.floordivi_signed", "floordivi_signed"}, intBinary(IntOp::FloorDivS));
  add({"arith.ceildivsi", "index.ceildivs", "std.ceildivi_signed", "ceildivi_signed"}, intBinary(IntOp::CeilDivS));
  add({"arith.ceildivui", "index.ceildivu"}, intBinary(IntOp::CeilDivU));
  add({"arith.andi", "index.and", "std.and", "and"}, intBinary(IntOp::And));
  add({"arith.ori", "index.or", "std.or", "or"}, intBinary(IntOp::Or));
  add({"arith.xori", "index.xor", "std.xor", "xor"}, intBinary(IntOp::Xor));
  add({"arith.shli", "index.shl", "std.shift_left", "shift_left"}, intBinary(IntOp::Shl));
  add({"arith.shrsi", "index.shrs", "std.shift_right_signed", "shift_right_signed"}, intBinary(IntOp::ShrS));
  add({"arith.shrui", "index.shru", "std.shift_right_unsigned", "shift_right_unsigned"}, intBinary(IntOp::ShrU));
  add({"arith.maxsi", "index.maxs"}, intBinary(IntOp::MaxS));
  add({"arith.minsi", "index.mins"}, intBinary(IntOp::MinS));
  add({"arith.maxui", "index.maxu"}, intBinary(IntOp::MaxU));
  add({"arith.minui", "index.minu"}, intBinary(IntOp::MinU));
  add({"arith.addf", "std.addf", "addf"}, floatBinary(FloatOp::Add));
  add({"arith.subf", "std.subf", "subf"}, floatBinary(FloatOp::Sub));
  add({"arith.mulf", "std.mulf", "mulf"}, floatBinary(FloatOp::Mul));
  add({"arith.divf", "std.divf", "divf"}, floatBinary(FloatOp::Div));
  add({"arith.remf", "std.remf", "remf"}, floatBinary(FloatOp::Rem));
  add({"arith.maximumf"}, floatBinary(FloatOp::Max));
  add({"arith.minimumf"}, floatBinary(FloatOp::Min));
  add({"arith.maxnumf"}, floatBinary(FloatOp::MaxNum));
  add({"arith.minnumf"}, floatBinary(FloatOp::MinNum));
  add({"arith.negf", "std.negf", "negf"}, [](Interpreter &, const ir::Operation &op, const Operands &v, Env &) {
    const Tensor &a = operandTensor(op, v, 0);
    return one(evalNegate(a, resultOr(op, a.type())));
  });
  add({"arith.cmpi", "index.cmp", "std.cmpi", "cmpi"}, intCompare());
  add({"arith.cmpf", "std.cmpf", "cmpf"}, floatCompare());
  add({"arith.select", "std.select", "select"}, select());
  add({"arith.index_cast", "index.casts", "std.index_cast", "index_cast", "arith.extsi", "std.sexti", "sexti", "arith.trunci",
       "std.trunci", "trunci"},
      cast(Cast::SignedInt));
  add({"arith.index_castui", "index.castu", "arith.extui", "std.zexti", "zexti"}, cast(Cast::UnsignedInt));
  add({"arith.sitofp", "std.sitofp", "sitofp"}, cast(Cast::SignedToFloat));
  add({"arith.uitofp", "std.uitofp", "uitofp"}, cast(Cast::UnsignedToFloat));
  add({"arith.fptosi", "std.fptosi", "fptosi"}, cast(Cast::FloatToSigned));
  add({"arith.fptoui", "std.fptoui", "fptoui"}, cast(Cast::FloatToUnsigned));
  add({"arith.extf", "arith.truncf", "std.fpext", "fpext", "std.fptrunc", "fptrunc"}, cast(Cast::Float));

  // tensor and shape.
  add({"tensor.dim", "std.dim", "dim"}, [](Interpreter &, const ir::Operation &op, const Operands &v, Env &) {
    const Tensor &source = operandTensor(op, v, 0);
    int64_t d = v.size() > 1 ? indexValue(op, operandTensor(op, v, 1)) : support::intAttribute(op, "index");
    if (d < 0 || d >= source.rank()) {
      throw RuntimeError(op.name + ": dimension " + std::to_string(d) + " is outside " + source.type().str());
    }
    return one(indexScalar(op, source.shape()[d]));
  });
  add({"std.rank", "rank", "tensor.rank"}, [](Interpreter &, const ir::Operation &op, const Operands &v, Env &) {
    return one(indexScalar(op, operandTensor(op, v, 0).rank()));
  });
  add({"tensor.from_elements", "std.tensor_from_elements", "tensor_from_elements"},
      [](Interpreter &, const ir::Operation &op, const Operands &v, Env &) {
        const ir::Type &type = knownResult(op);
        Shape shape = type.ranked() && type.hasStaticShape() ? type.shape() : Shape{static_cast<int64_t>(v.size())};
        Tensor out(type, shape);
        if (out.numElements() != static_cast<int64_t>(v.size())) {
          throw RuntimeError(op.name + ": " + std::to_string(v.size()) + " elements for " + type.str());
        }
        size_t es = storageSize(out.kind());
        for (size_t i = 0; i < v.size(); ++i) {
          const Tensor &e = operandTensor(op, v, i);
          if (e.numElements() != 1 || e.kind() != out.kind()) {
            throw RuntimeError(op.name + ": element #" + std::to_string(i) + " " + e.type().str() + " does not fit " + type.str());
          }
          std::memcpy(out.bytes() + i * es, e.bytes(), es);
        }
        return one(out);
      });
  add({"tensor.extract", "std.extract_element", "extract_element"},
      [](Interpreter &, const ir::Operation &op, const Operands &v, Env &) {
        const Tensor &source = operandTensor(op, v, 0);
        if (static_cast<int64_t>(v.size()) - 1 != source.rank()) {
          throw RuntimeError(op.name + ": " + std::to_string(v.size() - 1) + " indices for " + source.type().str());
        }
        int64_t flat = 0;
        for (int64_t d = 0; d < source.rank(); ++d) {
          int64_t i = indexValue(op, operandTensor(op, v, d + 1));
          if (i < 0 || i >= source.shape()[d]) {
            throw RuntimeError(op.name + ": index " + std::to_string(i) + " is outside dimension " + std::to_string(d) + " of " +
                               source.type().str());
          }
          flat = flat * source.shape()[d] + i;
        }
        Tensor out(resultOr(op, ir::Type::scalar(source.type().element())), {});
        size_t es = storageSize(out.kind());
        if (out.kind() != source.kind()) throw RuntimeError(op.name + ": result element type differs from the tensor's");
        std::memcpy(out.bytes(), source.bytes() + flat * es, es);
        return one(out);
      });
  add({"tensor.cast", "std.tensor_cast", "tensor_cast"}, [](Interpreter &, const ir::Operation &op, const Operands &v, Env &) {
    const Tensor &source = operandTensor(op, v, 0);
    const ir::Type &type = knownResult(op);
    if (type.ranked()) {
      bool fits = type.rank() == source.rank();
      for (int64_t d = 0; fits && d < type.rank(); ++d) fits = type.dim(d) < 0 || type.dim(d) == source.shape()[d];
      if (!fits) throw RuntimeError(op.name + ": a value of shape " + source.type().str() + " does not fit " + type.str());
    }
    return one(evalReshape(source, type.withShape(source.shape())));
  });
  add({"shape.shape_of", "std.shape_of"}, [](Interpreter &, const ir::Operation &op, const Operands &v, Env &) {
    const Tensor &source = operandTensor(op, v, 0);
    ir::Type type = resultOr(op, ir::Type::tensor({source.rank()}, ir::ElementType::index()));
    if (!type.isTensor()) type = ir::Type::tensor({source.rank()}, ir::ElementType::index());  // !shape.shape
    Tensor out(type, {source.rank()});
    for (int64_t d = 0; d < source.rank(); ++d) storeInt(out, d, static_cast<uint64_t>(source.shape()[d]));
    return one(out);
  });
  add({"shape.num_elements"}, [](Interpreter &, const ir::Operation &op, const Operands &v, Env &) {
    const Tensor &shape = operandTensor(op, v, 0);
    int64_t n = 1;
    for (int64_t i = 0; i < shape.numElements(); ++i) n *= shape.intAt(i);
    ir::Type type = resultOr(op, ir::Type::scalar(ir::ElementType::index()));
    if (type.kind() != ir::Type::Kind::Scalar && !type.isTensor()) type = ir::Type::scalar(ir::ElementType::index());
    Tensor out(type);
    storeInt(out, 0, static_cast<uint64_t>(n));
    return one(out);
  });
}

}  // namespace shlo::interpreter
