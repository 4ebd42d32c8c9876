#include "interpreter/session/Trace.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <sstream>

#include "interpreter/Errors.h"
#include "interpreter/OpTraits.h"
#include "interpreter/Printing.h"
#include "interpreter/Tensor.h"
#include "interpreter/io/Npy.h"
#include "semantic/ir/IR.h"

namespace shlo::interpreter {

namespace {

std::string csvField(const std::string &text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

/// The fields of one CSV line (RFC 4180 quoting).
std::vector<std::string> csvFields(const std::string &line) {
  std::vector<std::string> out(1);
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        out.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        out.back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      out.emplace_back();
    } else if (c != '\r') {
      out.back() += c;
    }
  }
  return out;
}

std::string functionOf(const FrameStack &frames) {
  for (size_t i = frames.size(); i-- > 0;) {
    if (frames[i].kind == Frame::Kind::Function) return frames[i].functionName();
  }
  return "";
}

/// An `.npy` image's elements as double (complex: the real part), little-endian data.
std::vector<double> elementsOf(const npy::Array &array, const std::string &what) {
  if (array.byteOrder == '>') throw RuntimeError(what + ": big-endian data is not compared");
  std::vector<double> out(static_cast<size_t>(array.numElements));
  const char *data = array.data.data();
  for (int64_t i = 0; i < array.numElements; ++i) {
    const char *p = data + i * array.itemSize;
    double v = 0;
    auto load = [&](auto zero) {
      decltype(zero) x;
      std::memcpy(&x, p, sizeof x);
      return x;
    };
    switch (array.kind) {
      case 'b': v = *p != 0; break;
      case 'i':
        v = array.itemSize == 1   ? load(int8_t{})
            : array.itemSize == 2 ? load(int16_t{})
            : array.itemSize == 4 ? load(int32_t{})
                                  : static_cast<double>(load(int64_t{}));
        break;
      case 'u':
      case 'V':
        v = array.itemSize == 1   ? load(uint8_t{})
            : array.itemSize == 2 ? load(uint16_t{})
            : array.itemSize == 4 ? load(uint32_t{})
                                  : static_cast<double>(load(uint64_t{}));
        break;
      case 'f':
        v = array.itemSize == 2 ? halfBitsToFloat(load(uint16_t{})) : array.itemSize == 4 ? load(float{}) : load(double{});
        break;
      case 'c': v = array.itemSize == 8 ? load(float{}) : load(double{}); break;
      default: throw RuntimeError(what + ": dtype " + array.descr() + " is not compared");
    }
    out[static_cast<size_t>(i)] = v;
  }
  return out;
}

struct IndexRow {
  std::string step, op, value, function, line, location, file, shape, summary;
};

std::vector<IndexRow> readIndex(const std::string &folder) {
  std::string path = (std::filesystem::path(folder) / "index.csv").string();
  std::ifstream in(path);
  if (!in) throw RuntimeError(path + ": cannot open the trace's index");
  std::vector<IndexRow> rows;
  std::string line;
  std::getline(in, line);  // The header.
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    std::vector<std::string> f = csvFields(line);
    if (f.size() != 9) throw RuntimeError(path + ": a row without 9 fields: " + line);
    rows.push_back(IndexRow{f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8]});
  }
  return rows;
}

}  // namespace

TraceWriter::TraceWriter(std::string folder, std::vector<std::string> filter, std::function<int(uint32_t)> lineOf)
    : folder_(std::move(folder)), filter_(std::move(filter)), lineOf_(std::move(lineOf)) {
  std::error_code error;
  std::filesystem::create_directories(folder_, error);
  if (error || !std::filesystem::is_directory(folder_)) {
    throw RuntimeError("--trace " + folder_ + ": cannot create the folder" + (error ? ": " + error.message() : ""));
  }
  index_.open((std::filesystem::path(folder_) / "index.csv").string(), std::ios::trunc);
  if (!index_) throw RuntimeError("--trace " + folder_ + ": cannot write index.csv");
  index_ << "step,op,value,function,line,location,file,shape,summary\n";
}

bool TraceWriter::selected(const FrameStack &frames) const {
  if (filter_.empty()) return true;
  const ir::Operation *op = frames.back().op;
  std::string function = "@" + functionOf(frames);
  std::string shortName = op->name.substr(op->name.find('.') + 1);
  for (const std::string &f : filter_) {
    if (f == op->name || f == shortName || f == function) return true;
  }
  return false;
}

ObserverCommand TraceWriter::afterOp(const FrameStack &frames) {
  const Frame &top = frames.back();
  if (!top.op || !top.env || top.op->results.empty() || isTerminator(top.op->name)) return ObserverCommand::Continue;
  int64_t step = step_++;
  if (!selected(frames)) return ObserverCommand::Continue;
  const ir::Operation &op = *top.op;
  std::string location;
  if (const ir::Location *loc = op.sourceLocation()) {
    location = loc->name + ":" + std::to_string(loc->line) + ":" + std::to_string(loc->column);
  }
  for (size_t i = 0; i < op.results.size(); ++i) {
    auto it = top.env->find(op.results[i]);
    if (it == top.env->end() || it->second.kind != Value::Kind::Tensor) continue;
    const Tensor &t = it->second.tensor;
    std::string file = std::to_string(step) + "." + std::to_string(i) + ".npy";
    npy::writeTensor((std::filesystem::path(folder_) / file).string(), t);
    ++written_;
    index_ << step << "," << csvField(op.name) << "," << csvField(op.results[i]->name) << ","
           << csvField(functionOf(frames)) << "," << lineOf_(op.range.begin) << "," << csvField(location) << ","
           << file << "," << csvField(t.type().str()) << "," << csvField(summarizeTensor(t)) << "\n";
  }
  index_.flush();
  if (!index_) throw RuntimeError("--trace " + folder_ + ": cannot write index.csv");
  return ObserverCommand::Continue;
}

TraceComparison compareTraces(const std::string &a, const std::string &b, double rtol, double atol) {
  std::vector<IndexRow> rowsA = readIndex(a), rowsB = readIndex(b);
  TraceComparison out;
  out.rowsA = rowsA.size();
  out.rowsB = rowsB.size();
  size_t n = std::min(rowsA.size(), rowsB.size());
  for (size_t r = 0; r < n; ++r) {
    const IndexRow &x = rowsA[r], &y = rowsB[r];
    TraceDifference d;
    d.row = static_cast<int64_t>(r);
    d.step = x.step;
    d.op = x.op;
    d.value = x.value;
    d.function = x.function;
    d.line = x.line;
    if (x.op != y.op || x.value != y.value) {
      d.exceeds = true;
      d.note = "the runs took different paths: " + x.op + " " + x.value + " against " + y.op + " " + y.value;
    } else {
      std::string fileA = (std::filesystem::path(a) / x.file).string(), fileB = (std::filesystem::path(b) / y.file).string();
      std::string bytesA = npy::readFile(fileA), bytesB = npy::readFile(fileB);
      npy::Array arrayA = npy::parse(bytesA, fileA), arrayB = npy::parse(bytesB, fileB);
      if (arrayA.shape != arrayB.shape) {
        d.exceeds = true;
        d.note = "shapes differ: " + x.shape + " against " + y.shape;
      } else {
        std::vector<double> va = elementsOf(arrayA, fileA), vb = elementsOf(arrayB, fileB);
        for (size_t i = 0; i < va.size(); ++i) {
          double p = va[i], q = vb[i];
          if (std::isnan(p) && std::isnan(q)) continue;
          if (std::isnan(p) != std::isnan(q) || (std::isinf(p) || std::isinf(q))) {
            if (p != q) {
              d.exceeds = true;
              d.maxAbsError = INFINITY;
              d.maxRelError = INFINITY;
            }
            continue;
          }
          double error = std::fabs(p - q);
          d.maxAbsError = std::max(d.maxAbsError, error);
          if (q != 0) d.maxRelError = std::max(d.maxRelError, error / std::fabs(q));
          if (error > atol + rtol * std::fabs(q)) d.exceeds = true;
        }
      }
    }
    if (d.exceeds && out.firstDivergence < 0) out.firstDivergence = static_cast<int64_t>(out.rows.size());
    out.rows.push_back(std::move(d));
    if (!out.rows.back().note.empty() && out.rows.back().note.rfind("the runs took", 0) == 0) break;
  }
  return out;
}

}  // namespace shlo::interpreter
