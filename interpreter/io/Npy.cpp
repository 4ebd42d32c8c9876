#include "interpreter/io/Npy.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <complex>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>

#include "support/CheckedArithmetic.h"

namespace shlo::interpreter::npy {

namespace {

constexpr std::string_view kMagic = "\x93NUMPY";

/// The header is a Python dict literal; this reads the subset NumPy writes:
/// strings, True/False, integers and tuples of integers.
class HeaderParser {
 public:
  HeaderParser(std::string_view text, const std::string &what) : text_(text), what_(what) {}

  struct Entry {
    std::string key;
    std::string string;          // a string value
    std::optional<bool> boolean; // True / False
    std::optional<std::vector<int64_t>> tuple;
  };

  std::vector<Entry> dict() {
    std::vector<Entry> out;
    expect('{');
    while (true) {
      skipSpace();
      if (peek() == '}') {
        ++pos_;
        break;
      }
      Entry e;
      e.key = string();
      expect(':');
      skipSpace();
      char c = peek();
      if (c == '\'' || c == '"') {
        e.string = string();
      } else if (c == '(') {
        e.tuple = tuple();
      } else if (text_.substr(pos_, 4) == "True") {
        e.boolean = true;
        pos_ += 4;
      } else if (text_.substr(pos_, 5) == "False") {
        e.boolean = false;
        pos_ += 5;
      } else {
        fail("unexpected value for key '" + e.key + "'");
      }
      out.push_back(std::move(e));
      skipSpace();
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      expect('}');
      break;
    }
    skipSpace();
    if (pos_ != text_.size()) fail("text after the header dictionary");
    return out;
  }

 private:
  [[noreturn]] void fail(const std::string &message) {
    throw NpyError(what_ + ": malformed .npy header (" + message + " at header offset " + std::to_string(pos_) + ")");
  }
  char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
  void skipSpace() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\n' || text_[pos_] == '\r')) ++pos_;
  }
  void expect(char c) {
    skipSpace();
    if (peek() != c) fail(std::string("expected `") + c + "`");
    ++pos_;
  }
  std::string string() {
    skipSpace();
    char quote = peek();
    if (quote != '\'' && quote != '"') fail("expected a quoted key");
    size_t end = text_.find(quote, pos_ + 1);
    if (end == std::string_view::npos) fail("unterminated string");
    std::string s(text_.substr(pos_ + 1, end - pos_ - 1));
    pos_ = end + 1;
    return s;
  }
  int64_t integer() {
    skipSpace();
    size_t start = pos_;
    int64_t v = 0;
    while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') {
      if (v > (std::numeric_limits<int64_t>::max() - 9) / 10) fail("dimension too large");
      v = v * 10 + (text_[pos_++] - '0');
    }
    if (pos_ == start) fail("expected a non-negative integer");
    // Python 2 era writers append L to long integers.
    if (peek() == 'L') ++pos_;
    return v;
  }
  std::vector<int64_t> tuple() {
    expect('(');
    std::vector<int64_t> out;
    while (true) {
      skipSpace();
      if (peek() == ')') {
        ++pos_;
        return out;
      }
      out.push_back(integer());
      skipSpace();
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      expect(')');
      return out;
    }
  }

  std::string_view text_;
  const std::string &what_;
  size_t pos_ = 0;
};

bool hostIsLittleEndian() {
  uint16_t one = 1;
  unsigned char first;
  std::memcpy(&first, &one, 1);
  return first == 1;
}

/// Copies `count` items of `width` bytes, reversing each item's bytes when
/// `swap`.
void copyItems(const char *from, unsigned char *to, int64_t count, int width, bool swap) {
  if (count == 0) return;  // empty tensors have no buffer to copy into
  if (!swap || width == 1) {
    std::memcpy(to, from, static_cast<size_t>(count) * width);
    return;
  }
  for (int64_t i = 0; i < count; ++i) {
    for (int b = 0; b < width; ++b) to[i * width + b] = static_cast<unsigned char>(from[i * width + width - 1 - b]);
  }
}

std::string shapeText(const std::vector<int64_t> &shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  if (shape.size() == 1) s += ",";
  return s + ")";
}

std::string typeShapeText(const std::vector<int64_t> &shape) {
  std::string s;
  for (int64_t d : shape) s += std::to_string(d) + "x";
  return s;
}

}  // namespace

std::string Array::descr() const { return std::string(1, byteOrder) + kind + std::to_string(itemSize); }

Array parse(std::string_view bytes, const std::string &what) {
  if (bytes.size() < kMagic.size() || bytes.substr(0, kMagic.size()) != kMagic) {
    throw NpyError(what + ": not a .npy file (no \\x93NUMPY magic string)");
  }
  if (bytes.size() < 8) throw NpyError(what + ": truncated .npy file (no format version)");
  int major = static_cast<unsigned char>(bytes[6]), minor = static_cast<unsigned char>(bytes[7]);
  size_t lengthBytes = major == 1 ? 2 : (major == 2 || major == 3) ? 4 : 0;
  if (lengthBytes == 0 || minor != 0) {
    throw NpyError(what + ": unsupported .npy format version " + std::to_string(major) + "." + std::to_string(minor) +
                   " (1.0, 2.0 and 3.0 are supported)");
  }
  if (bytes.size() < 8 + lengthBytes) throw NpyError(what + ": truncated .npy file (no header length)");
  uint64_t headerLength = 0;
  for (size_t i = 0; i < lengthBytes; ++i) headerLength |= static_cast<uint64_t>(static_cast<unsigned char>(bytes[8 + i])) << (8 * i);
  if (headerLength > kMaxHeaderBytes) {
    throw NpyError(what + ": .npy header of " + std::to_string(headerLength) + " bytes is longer than the " +
                   std::to_string(kMaxHeaderBytes) + " bytes read");
  }
  size_t headerStart = 8 + lengthBytes;
  if (bytes.size() - headerStart < headerLength) {
    throw NpyError(what + ": truncated .npy file (the header says " + std::to_string(headerLength) + " bytes, " +
                   std::to_string(bytes.size() - headerStart) + " are left)");
  }
  std::string_view header = bytes.substr(headerStart, headerLength);
  HeaderParser parser(header, what);
  std::vector<HeaderParser::Entry> entries = parser.dict();

  Array a;
  bool haveDescr = false, haveOrder = false, haveShape = false;
  for (const HeaderParser::Entry &e : entries) {
    if (e.key == "descr") {
      if (e.string.empty()) throw NpyError(what + ": .npy header's 'descr' must be a dtype string (structured dtypes are not supported)");
      const std::string &d = e.string;
      size_t at = 0;
      char order = '=';
      if (d[0] == '<' || d[0] == '>' || d[0] == '|' || d[0] == '=') order = d[at++];
      if (at >= d.size()) throw NpyError(what + ": bad dtype '" + d + "'");
      a.kind = d[at++];
      std::string digits = d.substr(at);
      if (digits.empty() || digits.size() > 3 || !std::all_of(digits.begin(), digits.end(), ::isdigit)) {
        throw NpyError(what + ": unsupported dtype '" + d + "'");
      }
      a.itemSize = std::stoi(digits);
      if (order == '=') order = hostIsLittleEndian() ? '<' : '>';
      a.byteOrder = order;
      bool ok = (a.kind == 'b' && a.itemSize == 1) ||
                ((a.kind == 'i' || a.kind == 'u') && (a.itemSize == 1 || a.itemSize == 2 || a.itemSize == 4 || a.itemSize == 8)) ||
                (a.kind == 'f' && (a.itemSize == 2 || a.itemSize == 4 || a.itemSize == 8)) ||
                (a.kind == 'c' && (a.itemSize == 8 || a.itemSize == 16)) || (a.kind == 'V' && a.itemSize == 2);
      if (!ok) throw NpyError(what + ": unsupported dtype '" + d + "'");
      haveDescr = true;
    } else if (e.key == "fortran_order") {
      if (!e.boolean) throw NpyError(what + ": .npy header's 'fortran_order' must be True or False");
      if (*e.boolean) {
        throw NpyError(what + ": the array is stored in Fortran order; only C order is supported "
                              "(save it with numpy.ascontiguousarray first)");
      }
      haveOrder = true;
    } else if (e.key == "shape") {
      if (!e.tuple) throw NpyError(what + ": .npy header's 'shape' must be a tuple of integers");
      a.shape = *e.tuple;
      haveShape = true;
    }
  }
  if (!haveDescr || !haveOrder || !haveShape) {
    throw NpyError(what + ": .npy header lacks '" + std::string(!haveDescr ? "descr" : !haveOrder ? "fortran_order" : "shape") + "'");
  }
  std::optional<int64_t> count = checked::product(a.shape);
  std::optional<int64_t> size = count ? checked::byteSize(*count, a.itemSize) : std::nullopt;
  if (!size) throw NpyError(what + ": shape " + shapeText(a.shape) + " is too large (its byte size overflows int64)");
  a.numElements = *count;
  uint64_t dataBytes = static_cast<uint64_t>(*size);
  size_t dataStart = headerStart + headerLength;
  uint64_t available = bytes.size() - dataStart;
  if (available < dataBytes) {
    throw NpyError(what + ": truncated .npy data: shape " + shapeText(a.shape) + " of '" + a.descr() + "' needs " +
                   std::to_string(dataBytes) + " bytes, the file has " + std::to_string(available));
  }
  if (available > dataBytes) {
    throw NpyError(what + ": " + std::to_string(available - dataBytes) + " unexpected bytes after the data of shape " +
                   shapeText(a.shape));
  }
  a.data = bytes.substr(dataStart, dataBytes);
  return a;
}

std::string dtypeOf(const ir::ElementType &element) {
  ElemKind kind;
  try {
    kind = elemKindOf(element);
  } catch (const RuntimeError &) {
    throw NpyError("element type " + element.str() + " has no NumPy dtype");
  }
  switch (kind) {
    case ElemKind::I1: return "|b1";
    case ElemKind::SI8: return "|i1";
    case ElemKind::SI16: return "<i2";
    case ElemKind::SI32: return "<i4";
    case ElemKind::SI64: return "<i8";
    case ElemKind::UI8: return "|u1";
    case ElemKind::UI16: return "<u2";
    case ElemKind::UI32: return "<u4";
    case ElemKind::UI64: return "<u8";
    case ElemKind::F16: return "<f2";
    case ElemKind::BF16: return "<u2";  // bit patterns: NumPy has no bfloat16
    case ElemKind::F32: return "<f4";
    case ElemKind::F64: return "<f8";
    case ElemKind::C64: return "<c8";
    case ElemKind::C128: return "<c16";
    default: break;
  }
  throw NpyError("element type " + element.str() + " has no NumPy dtype");
}

ir::ElementType elementTypeOf(const Array &a, const std::string &what) {
  using ir::ElementType;
  switch (a.kind) {
    case 'b': return ElementType::integer(1);
    case 'i': return ElementType::integer(static_cast<unsigned>(a.itemSize * 8));
    case 'u': return ElementType::integer(static_cast<unsigned>(a.itemSize * 8), ir::Signedness::Unsigned);
    case 'f':
      return ElementType::floating(a.itemSize == 2 ? ir::FloatFormat::F16 : a.itemSize == 4 ? ir::FloatFormat::F32 : ir::FloatFormat::F64);
    case 'c': return ElementType::complex(a.itemSize == 8 ? ir::FloatFormat::F32 : ir::FloatFormat::F64);
    default: break;
  }
  throw NpyError(what + ": dtype '" + a.descr() + "' has no StableHLO element type");
}

Tensor toTensor(const Array &a, const ir::Type &type, const std::string &what) {
  if (!type.isTensor() || !type.ranked() || !type.hasStaticShape()) {
    throw NpyError(what + ": cannot read into " + type.str() + " (a tensor type with a static shape is needed)");
  }
  const ir::ElementType &element = type.element();
  std::string expected = dtypeOf(element);
  bool bf16 = element.isFloat() && element.floatFormat() == ir::FloatFormat::BF16;
  // The dtype must be the element type's own; byte order may differ.
  bool dtypeOk = a.kind == expected[1] && a.itemSize == std::stoi(expected.substr(2));
  if (bf16) dtypeOk = (a.kind == 'u' || a.kind == 'V') && a.itemSize == 2;
  if (!dtypeOk) {
    throw NpyError(what + ": dtype '" + a.descr() + "' does not match the element type " + element.str() +
                   " (expected '" + expected + "'" + (bf16 ? " or '<V2': bf16 bit patterns" : "") + ")");
  }
  if (a.shape != type.shape()) {
    throw NpyError(what + ": shape " + shapeText(a.shape) + " does not match " + type.str() + " (expected shape " +
                   shapeText(type.shape()) + ")");
  }
  Tensor t(type);
  bool swap = a.itemSize > 1 && (a.byteOrder == '>') == hostIsLittleEndian();
  ElemKind kind = t.kind();
  if (kind == ElemKind::F16 || kind == ElemKind::BF16) {
    std::vector<uint16_t> bits(static_cast<size_t>(a.numElements));
    copyItems(a.data.data(), reinterpret_cast<unsigned char *>(bits.data()), a.numElements, 2, swap);
    float *out = t.data<float>();
    for (int64_t i = 0; i < a.numElements; ++i) {
      out[i] = kind == ElemKind::F16 ? halfBitsToFloat(bits[i]) : bfloat16BitsToFloat(bits[i]);
    }
  } else if (kind == ElemKind::C64 || kind == ElemKind::C128) {
    // Each part is swapped on its own.
    copyItems(a.data.data(), t.bytes(), a.numElements * 2, a.itemSize / 2, swap);
  } else if (kind == ElemKind::I1) {
    const unsigned char *in = reinterpret_cast<const unsigned char *>(a.data.data());
    bool *out = t.data<bool>();
    for (int64_t i = 0; i < a.numElements; ++i) out[i] = in[i] != 0;
  } else {
    copyItems(a.data.data(), t.bytes(), a.numElements, a.itemSize, swap);
  }
  t.finalize();
  return t;
}

std::string serialize(const Tensor &t) {
  std::string descr = dtypeOf(t.type().element());
  std::string dict = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shapeText(t.shape()) + ", }";
  // NumPy pads the header with spaces and a newline so that the data starts
  // at a multiple of 64 bytes.
  auto build = [&](int major, size_t lengthBytes) {
    size_t prefix = kMagic.size() + 2 + lengthBytes;
    size_t total = prefix + dict.size() + 1;
    size_t padded = (total + 63) / 64 * 64;
    std::string header = dict + std::string(padded - total, ' ') + "\n";
    std::string out(kMagic);
    out += static_cast<char>(major);
    out += '\0';
    uint64_t n = header.size();
    for (size_t i = 0; i < lengthBytes; ++i) out += static_cast<char>((n >> (8 * i)) & 0xff);
    return out + header;
  };
  std::string out = build(1, 2);
  if (out.size() - 10 > 0xffff) out = build(2, 4);
  size_t headerSize = out.size();
  int64_t n = t.numElements();
  ElemKind kind = t.kind();
  if (kind == ElemKind::F16 || kind == ElemKind::BF16) {
    out.resize(headerSize + static_cast<size_t>(n) * 2);
    const float *in = t.data<float>();
    for (int64_t i = 0; i < n; ++i) {
      uint16_t b = kind == ElemKind::F16 ? floatToHalfBits(in[i]) : floatToBFloat16Bits(in[i]);
      out[headerSize + 2 * i] = static_cast<char>(b & 0xff);
      out[headerSize + 2 * i + 1] = static_cast<char>(b >> 8);
    }
    return out;
  }
  size_t bytes = static_cast<size_t>(n) * storageSize(kind);
  out.resize(headerSize + bytes);
  bool swap = !hostIsLittleEndian();
  int width = kind == ElemKind::C64 ? 4 : kind == ElemKind::C128 ? 8 : static_cast<int>(storageSize(kind));
  copyItems(reinterpret_cast<const char *>(t.bytes()), reinterpret_cast<unsigned char *>(out.data() + headerSize),
            static_cast<int64_t>(bytes) / width, width, swap);
  return out;
}

uint64_t defaultMaxImageBytes() {
  // The image and the tensor made from it are held together: half each.
  return kMaxHeaderBytes + 16 + static_cast<uint64_t>(MemoryBudget::limit()) / 2;
}

std::optional<uint64_t> maxImageBytes(const ir::Type &type) {
  if (!type.isTensor() || !type.hasStaticShape()) return std::nullopt;
  std::string dtype;
  try {
    dtype = dtypeOf(type.element());
  } catch (const NpyError &) {
    return std::nullopt;
  }
  std::optional<int64_t> count = checked::product(type.shape());
  std::optional<int64_t> size = count ? checked::byteSize(*count, std::stoi(dtype.substr(2))) : std::nullopt;
  if (!size) return std::nullopt;
  // The magic string, the version and the longest length field come first.
  return kMaxHeaderBytes + 12 + static_cast<uint64_t>(*size);
}

namespace {

/// Closes a file descriptor when it goes out of scope.
struct FileDescriptor {
  int fd = -1;
  ~FileDescriptor() {
    if (fd >= 0) ::close(fd);
  }
};

std::string tooLong(const std::string &path, uint64_t maxBytes) {
  return path + ": file is larger than the " + std::to_string(maxBytes) + " bytes expected";
}

}  // namespace

std::string readFile(const std::string &path, uint64_t maxBytes) {
  FileDescriptor file{::open(path.c_str(), O_RDONLY | O_CLOEXEC)};
  if (file.fd < 0) throw NpyError(path + ": cannot open file: " + std::strerror(errno));
  struct stat info;
  if (::fstat(file.fd, &info) != 0) throw NpyError(path + ": cannot read file: " + std::strerror(errno));
  if (S_ISDIR(info.st_mode)) throw NpyError(path + ": cannot read file: " + std::strerror(EISDIR));
  std::string out;
  if (S_ISREG(info.st_mode)) {
    // Its size is known: refuse a file that is too long before reading it.
    if (static_cast<uint64_t>(info.st_size) > maxBytes) throw NpyError(tooLong(path, maxBytes));
    out.reserve(static_cast<size_t>(info.st_size));
  }
  // Pipes and devices (/dev/zero) have no size: read in chunks, up to one
  // byte past the limit.
  char chunk[1 << 16];
  while (true) {
    ssize_t got = ::read(file.fd, chunk, sizeof chunk);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw NpyError(path + ": cannot read file: " + std::strerror(errno));
    if (got == 0) break;
    if (out.size() + static_cast<uint64_t>(got) > maxBytes) throw NpyError(tooLong(path, maxBytes));
    try {
      out.append(chunk, static_cast<size_t>(got));
    } catch (const std::bad_alloc &) {
      throw NpyError(path + ": cannot read file: out of memory after " + std::to_string(out.size()) + " bytes");
    }
  }
  return out;
}

void writeFileAtomically(const std::string &path, std::string_view bytes) {
  // mkstemp creates the file with O_CREAT | O_EXCL: it never opens an
  // existing file or follows a symlink planted under the temporary name.
  std::string temp = path + ".tmpXXXXXX";
  FileDescriptor file{::mkostemp(temp.data(), O_CLOEXEC | O_NOFOLLOW)};
  if (file.fd < 0) throw NpyError(path + ": cannot write file: " + std::strerror(errno));
  auto fail = [&](int err) {
    ::unlink(temp.c_str());
    throw NpyError(path + ": cannot write file: " + std::strerror(err));
  };
  // mkstemp's 0600, widened to what a plain create would give (0666 & ~umask).
  static const mode_t umaskBits = [] {
    mode_t bits = ::umask(022);
    ::umask(bits);
    return bits;
  }();
  if (::fchmod(file.fd, 0666 & ~umaskBits) != 0) fail(errno);
  for (size_t done = 0; done < bytes.size();) {
    ssize_t wrote = ::write(file.fd, bytes.data() + done, bytes.size() - done);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote < 0) fail(errno);
    done += static_cast<size_t>(wrote);
  }
  int fd = file.fd;
  file.fd = -1;
  if (::close(fd) != 0) fail(errno);
  // rename replaces `path` itself, a symlink included, never its target.
  if (std::rename(temp.c_str(), path.c_str()) != 0) fail(errno);
}

Tensor readTensor(const std::string &path, const ir::Type &type) {
  std::string bytes = readFile(path, maxImageBytes(type).value_or(defaultMaxImageBytes()));
  return toTensor(parse(bytes, path), type, path);
}

void writeTensor(const std::string &path, const Tensor &tensor) { writeFileAtomically(path, serialize(tensor)); }

}  // namespace shlo::interpreter::npy
