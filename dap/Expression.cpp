#include "dap/Expression.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <optional>

namespace shlo::dap {

namespace {

using interpreter::Tensor;

bool isFloatType(const std::string &type) {
  return type.rfind("f", 0) == 0 || type.rfind("bf", 0) == 0 || type.rfind("complex", 0) == 0;
}

int64_t elementCount(const std::vector<int64_t> &shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

/// A value during evaluation: materialised elements, or a tensor in scope
/// not read yet (so that `%x[0]` reads one row, not all of `%x`).
struct Operand {
  ExpressionValue value;
  std::optional<Tensor> source;

  ExpressionValue &materialize() {
    if (source) {
      value.elements.resize(static_cast<size_t>(source->numElements()));
      for (int64_t i = 0; i < source->numElements(); ++i) value.elements[static_cast<size_t>(i)] = source->realAt(i);
      source.reset();
    }
    return value;
  }
  double at(int64_t i) const { return source ? source->realAt(i) : value.elements[static_cast<size_t>(i)]; }
};

/// One dimension of a subscript: an index (the dimension goes) or a range.
struct Subscript {
  bool isIndex = false;
  std::optional<int64_t> start, stop;
  int64_t step = 1;
};

class Parser {
 public:
  Parser(std::string_view text, const NameLookup &lookup) : text_(text), lookup_(lookup) {}

  ExpressionValue parse() {
    skipSpace();
    if (pos_ == text_.size()) fail("empty expression");
    Operand result = parseOr();
    skipSpace();
    if (pos_ != text_.size()) fail("unexpected `" + std::string(text_.substr(pos_, 1)) + "`");
    return std::move(result.materialize());
  }

 private:
  [[noreturn]] void fail(const std::string &message) const {
    throw ExpressionError("column " + std::to_string(pos_ + 1) + ": " + message);
  }
  void skipSpace() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool accept(std::string_view token) {
    skipSpace();
    if (text_.substr(pos_, token.size()) != token) return false;
    // A word operator (`and`) must not be the start of a longer name.
    if (std::isalpha(static_cast<unsigned char>(token[0])) && pos_ + token.size() < text_.size() &&
        (std::isalnum(static_cast<unsigned char>(text_[pos_ + token.size()])) || text_[pos_ + token.size()] == '_')) {
      return false;
    }
    pos_ += token.size();
    return true;
  }
  void expect(std::string_view token) {
    if (!accept(token)) fail("expected `" + std::string(token) + "`");
  }

  /// Counts nesting (parentheses, calls, unary operators) so that a hostile
  /// expression cannot exhaust the stack.
  struct Nesting {
    explicit Nesting(Parser &p) : parser(p) {
      if (++parser.depth_ > kMaxDepth) parser.fail("the expression is nested too deeply");
    }
    ~Nesting() { --parser.depth_; }
    Parser &parser;
  };
  static constexpr int kMaxDepth = 200;

  Operand parseOr() {
    Nesting nesting(*this);
    Operand left = parseAnd();
    while (accept("||") || accept("or")) left = binary(std::move(left), parseAnd(), "||");
    return left;
  }
  Operand parseAnd() {
    Operand left = parseComparison();
    while (accept("&&") || accept("and")) left = binary(std::move(left), parseComparison(), "&&");
    return left;
  }
  Operand parseComparison() {
    Operand left = parseSum();
    for (const char *op : {"<=", ">=", "==", "!=", "<", ">"}) {
      if (accept(op)) return binary(std::move(left), parseSum(), op);
    }
    return left;
  }
  Operand parseSum() {
    Operand left = parseProduct();
    for (;;) {
      if (accept("+")) {
        left = binary(std::move(left), parseProduct(), "+");
      } else if (accept("-")) {
        left = binary(std::move(left), parseProduct(), "-");
      } else {
        return left;
      }
    }
  }
  Operand parseProduct() {
    Operand left = parseUnary();
    for (;;) {
      if (accept("*")) {
        left = binary(std::move(left), parseUnary(), "*");
      } else if (accept("/")) {
        left = binary(std::move(left), parseUnary(), "/");
      } else {
        return left;
      }
    }
  }
  Operand parseUnary() {
    Nesting nesting(*this);
    if (accept("-")) return map(parseUnary(), [](double x) { return -x; }, std::nullopt);
    if (accept("!") || accept("not")) return map(parseUnary(), [](double x) { return x == 0 ? 1.0 : 0.0; }, "i1");
    return parsePostfix();
  }
  Operand parsePostfix() {
    Operand value = parsePrimary();
    while (accept("[")) {
      std::vector<Subscript> subscripts;
      do subscripts.push_back(parseSubscript());
      while (accept(","));
      expect("]");
      value = slice(std::move(value), subscripts);
    }
    return value;
  }

  std::optional<int64_t> parseInteger() {
    skipSpace();
    size_t start = pos_;
    if (pos_ < text_.size() && text_[pos_] == '-') ++pos_;
    while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    if (pos_ == start || (pos_ == start + 1 && text_[start] == '-')) {
      pos_ = start;
      return std::nullopt;
    }
    int64_t value = 0;
    auto [end, error] = std::from_chars(text_.data() + start, text_.data() + pos_, value);
    if (error != std::errc() || end != text_.data() + pos_) fail("index out of range");
    return value;
  }
  Subscript parseSubscript() {
    Subscript s;
    s.start = parseInteger();
    if (!accept(":")) {
      if (!s.start) fail("expected an index or a range");
      s.isIndex = true;
      return s;
    }
    s.stop = parseInteger();
    if (accept(":")) {
      std::optional<int64_t> step = parseInteger();
      if (step) s.step = *step;
      if (s.step <= 0) fail("a slice's step must be positive");
    }
    return s;
  }

  Operand parsePrimary() {
    skipSpace();
    if (pos_ == text_.size()) fail("unexpected end of expression");
    char c = text_[pos_];
    if (accept("(")) {
      Operand inner = parseOr();
      expect(")");
      return inner;
    }
    if (c == '%') return parseName();
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') return parseNumber();
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      size_t start = pos_;
      while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_')) ++pos_;
      std::string word(text_.substr(start, pos_ - start));
      if (word == "true" || word == "false") return scalar(word == "true" ? 1 : 0, "i1");
      if (word == "nan") return scalar(std::nan(""), "f64");
      if (word == "inf") return scalar(INFINITY, "f64");
      skipSpace();
      if (pos_ < text_.size() && text_[pos_] == '(') {
        ++pos_;
        Operand argument = parseOr();
        expect(")");
        return call(word, std::move(argument), start);
      }
      // A bare name is a value's name without its `%`.
      pos_ = start;
      return parseName();
    }
    fail("unexpected `" + std::string(1, c) + "`");
  }

  Operand parseName() {
    size_t start = pos_;
    if (text_[pos_] == '%') ++pos_;
    size_t nameStart = pos_;
    while (pos_ < text_.size() &&
           (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_' || text_[pos_] == '$' ||
            text_[pos_] == '.' || text_[pos_] == '-' || text_[pos_] == '#')) {
      ++pos_;
    }
    if (pos_ == nameStart) fail("expected a value name after `%`");
    std::string name = "%" + std::string(text_.substr(nameStart, pos_ - nameStart));
    const interpreter::Value *value = lookup_ ? lookup_(name) : nullptr;
    if (!value) {
      pos_ = start;
      fail(name + " is not in scope");
    }
    if (value->kind != interpreter::Value::Kind::Tensor) {
      pos_ = start;
      fail(name + " is a " + (value->kind == interpreter::Value::Kind::Tuple ? "tuple" : "token") + ", not a tensor");
    }
    Operand out;
    out.value.shape = value->tensor.shape();
    out.value.elementType = value->tensor.type().element().str();
    out.source = value->tensor;
    return out;
  }

  Operand parseNumber() {
    size_t start = pos_;
    while (pos_ < text_.size() &&
           (std::isdigit(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '.' || text_[pos_] == 'e' ||
            text_[pos_] == 'E' ||
            ((text_[pos_] == '-' || text_[pos_] == '+') && pos_ > start &&
             (text_[pos_ - 1] == 'e' || text_[pos_ - 1] == 'E')))) {
      ++pos_;
    }
    std::string_view digits = text_.substr(start, pos_ - start);
    double value = 0;
    auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (error != std::errc() || end != digits.data() + digits.size()) {
      pos_ = start;
      fail("malformed number");
    }
    bool integral = digits.find_first_of(".eE") == std::string_view::npos;
    return scalar(value, integral ? "i64" : "f64");
  }

  static Operand scalar(double value, const std::string &type) {
    Operand out;
    out.value.elements = {value};
    out.value.elementType = type;
    return out;
  }

  template <typename F>
  Operand map(Operand in, F f, const std::optional<std::string> &resultType) {
    ExpressionValue &v = in.materialize();
    for (double &x : v.elements) x = f(x);
    if (resultType) v.elementType = *resultType;
    return in;
  }

  /// The type of an arithmetic result: floats win over integers, a tensor's
  /// type over a literal's (so `%x * 2` keeps %x's f32).
  static std::string joinTypes(const ExpressionValue &a, const ExpressionValue &b) {
    bool aLiteral = a.isScalar() && (a.elementType == "f64" || a.elementType == "i64");
    bool bLiteral = b.isScalar() && (b.elementType == "f64" || b.elementType == "i64");
    if (isFloatType(a.elementType) && !isFloatType(b.elementType)) return a.elementType;
    if (isFloatType(b.elementType) && !isFloatType(a.elementType)) return b.elementType;
    if (aLiteral && !bLiteral) return b.elementType;
    return a.elementType;
  }

  Operand binary(Operand left, Operand right, const std::string &op) {
    ExpressionValue &a = left.materialize();
    ExpressionValue &b = right.materialize();
    if (!a.isScalar() && !b.isScalar() && a.shape != b.shape) {
      fail("shapes differ: " + a.typeString() + " " + op + " " + b.typeString());
    }
    Operand out;
    out.value.shape = a.isScalar() ? b.shape : a.shape;
    size_t n = static_cast<size_t>(elementCount(out.value.shape));
    bool logical = op == "<" || op == "<=" || op == ">" || op == ">=" || op == "==" || op == "!=" || op == "&&" ||
                   op == "||";
    out.value.elementType = logical ? "i1" : joinTypes(a, b);
    bool integral = !isFloatType(out.value.elementType);
    out.value.elements.resize(n);
    for (size_t i = 0; i < n; ++i) {
      double x = a.elements[a.isScalar() ? 0 : i], y = b.elements[b.isScalar() ? 0 : i], r = 0;
      if (op == "+") r = x + y;
      else if (op == "-") r = x - y;
      else if (op == "*") r = x * y;
      else if (op == "/") {
        if (integral && y == 0) fail("integer division by zero");
        r = integral ? std::trunc(x / y) : x / y;
      } else if (op == "<") r = x < y;
      else if (op == "<=") r = x <= y;
      else if (op == ">") r = x > y;
      else if (op == ">=") r = x >= y;
      else if (op == "==") r = x == y;
      else if (op == "!=") r = x != y;
      else if (op == "&&") r = x != 0 && y != 0;
      else if (op == "||") r = x != 0 || y != 0;
      out.value.elements[i] = r;
    }
    return out;
  }

  Operand call(const std::string &name, Operand argument, size_t at) {
    auto elementwise = [&](auto f, std::optional<std::string> type) { return map(std::move(argument), f, type); };
    if (name == "abs") return elementwise([](double x) { return std::fabs(x); }, std::nullopt);
    if (name == "sqrt") return elementwise([](double x) { return std::sqrt(x); }, std::nullopt);
    if (name == "exp") return elementwise([](double x) { return std::exp(x); }, std::nullopt);
    if (name == "log") return elementwise([](double x) { return std::log(x); }, std::nullopt);
    if (name == "isnan") return elementwise([](double x) { return std::isnan(x) ? 1.0 : 0.0; }, "i1");
    if (name == "isinf") return elementwise([](double x) { return std::isinf(x) ? 1.0 : 0.0; }, "i1");
    if (name == "isfinite") return elementwise([](double x) { return std::isfinite(x) ? 1.0 : 0.0; }, "i1");
    ExpressionValue &v = argument.materialize();
    const std::vector<double> &e = v.elements;
    if (name == "any") return scalar(std::any_of(e.begin(), e.end(), [](double x) { return x != 0; }), "i1");
    if (name == "all") return scalar(std::all_of(e.begin(), e.end(), [](double x) { return x != 0; }), "i1");
    if (name == "count") {
      return scalar(static_cast<double>(std::count_if(e.begin(), e.end(), [](double x) { return x != 0; })), "i64");
    }
    if (name == "sum" || name == "mean") {
      double total = 0;
      for (double x : e) total += x;
      if (name == "sum") return scalar(total, v.elementType == "i1" ? "i64" : v.elementType);
      if (e.empty()) fail("mean of an empty tensor");
      return scalar(total / static_cast<double>(e.size()), isFloatType(v.elementType) ? v.elementType : "f64");
    }
    if (name == "max" || name == "min") {
      if (e.empty()) fail(name + " of an empty tensor");
      // NaN propagates, as the spec's maximum and minimum do.
      double r = e[0];
      for (double x : e) {
        if (std::isnan(x) || std::isnan(r)) {
          r = std::nan("");
        } else {
          r = name == "max" ? std::max(r, x) : std::min(r, x);
        }
      }
      return scalar(r, v.elementType);
    }
    pos_ = at;
    fail("unknown function `" + name +
         "` (known: abs sqrt exp log isnan isinf isfinite any all count sum mean max min)");
  }

  Operand slice(Operand in, const std::vector<Subscript> &subscripts) {
    const std::vector<int64_t> shape = in.value.shape;
    if (subscripts.size() > shape.size()) {
      fail(std::to_string(subscripts.size()) + " subscripts for a tensor of rank " + std::to_string(shape.size()));
    }
    // Per dimension, the source indices kept.
    std::vector<std::vector<int64_t>> kept(shape.size());
    std::vector<int64_t> outShape;
    for (size_t d = 0; d < shape.size(); ++d) {
      int64_t size = shape[d];
      if (d >= subscripts.size()) {
        for (int64_t i = 0; i < size; ++i) kept[d].push_back(i);
        outShape.push_back(size);
        continue;
      }
      const Subscript &s = subscripts[d];
      auto normalise = [&](int64_t i) { return i < 0 ? i + size : i; };
      if (s.isIndex) {
        int64_t i = normalise(*s.start);
        if (i < 0 || i >= size) {
          fail("index " + std::to_string(*s.start) + " is out of bounds for dimension " + std::to_string(d) +
               " of size " + std::to_string(size));
        }
        kept[d].push_back(i);
        continue;
      }
      int64_t start = std::clamp<int64_t>(s.start ? normalise(*s.start) : 0, 0, size);
      int64_t stop = std::clamp<int64_t>(s.stop ? normalise(*s.stop) : size, 0, size);
      for (int64_t i = start; i < stop; i += s.step) kept[d].push_back(i);
      outShape.push_back(static_cast<int64_t>(kept[d].size()));
    }
    std::vector<int64_t> strides(shape.size(), 1);
    for (size_t d = shape.size(); d-- > 1;) strides[d - 1] = strides[d] * shape[d];
    Operand out;
    out.value.shape = outShape;
    out.value.elementType = in.value.elementType;
    int64_t n = 1;
    for (const auto &k : kept) n *= static_cast<int64_t>(k.size());
    out.value.elements.reserve(static_cast<size_t>(n));
    std::vector<size_t> counter(shape.size(), 0);
    for (int64_t i = 0; i < n; ++i) {
      int64_t offset = 0;
      for (size_t d = 0; d < shape.size(); ++d) offset += kept[d][counter[d]] * strides[d];
      out.value.elements.push_back(in.at(offset));
      for (size_t d = shape.size(); d-- > 0;) {
        if (++counter[d] < kept[d].size()) break;
        counter[d] = 0;
      }
    }
    return out;
  }

  std::string_view text_;
  const NameLookup &lookup_;
  size_t pos_ = 0;
  int depth_ = 0;
};

}  // namespace

bool ExpressionValue::truthy() const {
  return !elements.empty() && std::all_of(elements.begin(), elements.end(), [](double x) { return x != 0; });
}

std::string ExpressionValue::typeString() const {
  std::string out = "tensor<";
  for (int64_t d : shape) out += std::to_string(d) + "x";
  return out + elementType + ">";
}

std::string formatElement(double value, const std::string &elementType) {
  if (elementType == "i1") return value != 0 ? "true" : "false";
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buffer[64];
  if (!isFloatType(elementType)) {
    auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, static_cast<int64_t>(value));
    (void)error;
    return std::string(buffer, end);
  }
  // The shortest text that reads back as the element's own width.
  std::to_chars_result r = elementType == "f64" || elementType == "complex<f64>"
                               ? std::to_chars(buffer, buffer + sizeof buffer, value)
                               : std::to_chars(buffer, buffer + sizeof buffer, static_cast<float>(value));
  std::string text(buffer, r.ptr);
  if (text.find_first_of(".e") == std::string::npos) text += ".0";
  return text;
}

std::string ExpressionValue::str(int64_t maxElements) const {
  std::string out = "dense<";
  if (shape.empty()) {
    out += elements.empty() ? "" : formatElement(elements[0], elementType);
  } else {
    // Nested lists; `index` walks the elements in row-major order.
    int64_t index = 0;
    bool truncated = false;
    std::function<void(size_t)> emit = [&](size_t dim) {
      out += "[";
      for (int64_t i = 0; i < shape[dim] && !truncated; ++i) {
        if (i) out += ", ";
        if (dim + 1 < shape.size()) {
          emit(dim + 1);
        } else if (index >= maxElements) {
          out += "...";
          truncated = true;
        } else {
          out += formatElement(elements[static_cast<size_t>(index++)], elementType);
        }
      }
      out += "]";
    };
    emit(0);
  }
  return out + "> : " + typeString();
}

ExpressionValue evaluateExpression(std::string_view text, const NameLookup &lookup) {
  Parser parser(text, lookup);
  return parser.parse();
}

}  // namespace shlo::dap
