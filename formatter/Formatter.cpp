#include "formatter/Formatter.h"

#include <algorithm>

#include "formatter/Equality.h"
#include "formatter/Printer.h"
#include "formatter/PrinterImpl.h"
#include "semantic/analysis/SplitInput.h"
#include "semantic/diagnostics/SyntaxDiagnostics.h"
#include "semantic/lower/Lowering.h"
#include "semantic/syntax/SyntaxTree.h"

namespace shlo::formatter {

namespace {

/// `line:col` (1-based) of byte `offset` in `text`.
std::string position(std::string_view text, size_t offset) {
  offset = std::min(offset, text.size());
  size_t line = 1 + static_cast<size_t>(std::count(text.begin(), text.begin() + static_cast<long>(offset), '\n'));
  size_t lineStart = text.rfind('\n', offset == 0 ? 0 : offset - 1);
  size_t column = offset == 0 || lineStart == std::string_view::npos ? offset + 1 : offset - lineStart;
  if (offset > 0 && text[offset - 1] == '\n') column = 1;
  return std::to_string(line) + ":" + std::to_string(column);
}

struct Lowered {
  syntax::SyntaxTree tree;
  lower::LoweredModule module;
};

/// Parses and lowers one chunk; false with `error` set on any syntax or
/// lowering error.
bool lowerChunk(syntax::Parser &parser, std::string_view chunk, Lowered &out, std::string &error, size_t &errorAt) {
  out.tree = parser.parse(chunk);
  if (!out.tree.valid()) {
    error = "cannot parse";
    errorAt = 0;
    return false;
  }
  if (out.tree.hasErrors()) {
    std::vector<Diagnostic> errors = syntax::collectSyntaxDiagnostics(out.tree, chunk);
    error = errors.empty() ? "syntax error" : errors.front().message;
    errorAt = errors.empty() ? 0 : errors.front().range.begin;
    return false;
  }
  out.module = lower::lowerModule(out.tree, chunk);
  for (const Diagnostic &d : out.module.diagnostics) {
    if (d.severity == Severity::Error) {
      error = d.message + " [" + d.code + "]";
      errorAt = d.range.begin;
      return false;
    }
  }
  return true;
}

}  // namespace

bool FormatResult::changed() const { return ok && inputDiffers; }

FormatResult formatDocument(std::string_view text, const FormatOptions &options) {
  FormatResult result;
  syntax::Parser parser;
  std::vector<analysis::Chunk> chunks = analysis::splitInput(text);
  PrintOptions printOptions;
  printOptions.generic = options.generic;
  std::string out;
  for (size_t c = 0; c < chunks.size(); ++c) {
    const analysis::Chunk &chunk = chunks[c];
    if (c > 0) {
      // The marker line as written (it precedes the chunk).
      size_t markerEnd = chunk.offset == 0 ? 0 : chunk.offset - 1;
      size_t markerStart = text.rfind('\n', markerEnd == 0 ? 0 : markerEnd - 1);
      markerStart = markerStart == std::string_view::npos ? 0 : markerStart + 1;
      std::string_view marker = text.substr(markerStart, markerEnd - markerStart);
      while (!marker.empty() && (marker.back() == ' ' || marker.back() == '\r')) marker.remove_suffix(1);
      out += marker;
      out += "\n";
    }
    auto inputHolder = std::make_shared<Lowered>();
    Lowered &input = *inputHolder;
    if (options.retain) options.retain->push_back(inputHolder);
    std::string error;
    size_t errorAt = 0;
    if (!lowerChunk(parser, chunk.text, input, error, errorAt)) {
      result.error = position(text, chunk.offset + errorAt) + ": " + error;
      return result;
    }
    std::string printed;
    {
      Printer printer(chunk.text, printOptions);
      if (c > 0) {
        // Keep one blank line after a chunk marker when there was one.
        std::string_view rest = chunk.text;
        size_t firstText = rest.find_first_not_of(" \t\r\n");
        if (firstText != std::string_view::npos && rest.substr(0, firstText).find('\n') != std::string_view::npos) {
          printed += "\n";
        }
      }
      printer.topLevel(input.module.module->topLevel);
      printed += printer.take();
    }
    // Text printed exactly as it was read has the input's IR by definition
    // (the common case of `--check` in CI): no second parse needed.
    bool same = printed == chunk.text;
    if (options.checkRoundTrip && !same) {
      auto againHolder = std::make_shared<Lowered>();
      Lowered &again = *againHolder;
      if (options.retain) options.retain->push_back(againHolder);
      if (!lowerChunk(parser, printed, again, error, errorAt)) {
        result.error = position(text, chunk.offset) + ": internal error: the formatted text does not read back (" +
                       position(printed, errorAt) + " of the output: " + error + ")";
        return result;
      }
      if (auto difference = compareModules(*input.module.module, *again.module.module)) {
        size_t at = difference->op ? difference->op->range.begin : 0;
        result.error = position(text, chunk.offset + at) + ": internal error: formatting would change the IR: " +
                       difference->message;
        return result;
      }
    }
    out += printed;
  }
  result.ok = true;
  result.inputDiffers = out != text;
  result.text = std::move(out);
  return result;
}

std::vector<TextEdit> lineEdits(std::string_view before, std::string_view after) {
  auto split = [](std::string_view s) {
    std::vector<std::string_view> lines;
    size_t at = 0;
    while (at < s.size()) {
      size_t nl = s.find('\n', at);
      size_t end = nl == std::string_view::npos ? s.size() : nl + 1;
      lines.push_back(s.substr(at, end - at));
      at = end;
    }
    return lines;
  };
  std::vector<std::string_view> a = split(before), b = split(after);
  std::vector<TextEdit> edits;
  size_t prefix = 0;
  while (prefix < a.size() && prefix < b.size() && a[prefix] == b[prefix]) ++prefix;
  size_t suffix = 0;
  while (suffix < a.size() - prefix && suffix < b.size() - prefix &&
         a[a.size() - 1 - suffix] == b[b.size() - 1 - suffix]) {
    ++suffix;
  }
  size_t n = a.size() - prefix - suffix, m = b.size() - prefix - suffix;
  if (n == 0 && m == 0) return edits;
  std::vector<size_t> offsets(a.size() + 1, 0);
  for (size_t i = 0; i < a.size(); ++i) offsets[i + 1] = offsets[i] + a[i].size();
  auto edit = [&](size_t aBegin, size_t aEnd, size_t bBegin, size_t bEnd) {
    // A run that replaces as many lines as it removes is one edit per line,
    // so a range format can take some of them.
    if (aEnd - aBegin == bEnd - bBegin && aEnd - aBegin > 1) {
      for (size_t k = 0; k < aEnd - aBegin; ++k) {
        if (a[aBegin + k] == b[bBegin + k]) continue;
        TextEdit e;
        e.range = {static_cast<uint32_t>(offsets[aBegin + k]), static_cast<uint32_t>(offsets[aBegin + k + 1])};
        e.newText = std::string(b[bBegin + k]);
        edits.push_back(std::move(e));
      }
      return;
    }
    TextEdit e;
    e.range = {static_cast<uint32_t>(offsets[aBegin]), static_cast<uint32_t>(offsets[aEnd])};
    for (size_t j = bBegin; j < bEnd; ++j) e.newText += b[j];
    edits.push_back(std::move(e));
  };
  // Longest common subsequence of the changed middle (bounded: a larger
  // middle is one edit).
  if (n * m > 4'000'000) {
    edit(prefix, prefix + n, prefix, prefix + m);
    return edits;
  }
  std::vector<std::vector<uint32_t>> lcs(n + 1, std::vector<uint32_t>(m + 1, 0));
  for (size_t i = n; i-- > 0;) {
    for (size_t j = m; j-- > 0;) {
      lcs[i][j] = a[prefix + i] == b[prefix + j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  size_t i = 0, j = 0, runA = 0, runB = 0;
  bool inRun = false;
  while (i < n || j < m) {
    if (i < n && j < m && a[prefix + i] == b[prefix + j]) {
      if (inRun) edit(prefix + runA, prefix + i, prefix + runB, prefix + j);
      inRun = false;
      ++i;
      ++j;
      continue;
    }
    if (!inRun) {
      inRun = true;
      runA = i;
      runB = j;
    }
    if (j < m && (i == n || lcs[i][j + 1] >= lcs[i + 1][j])) {
      ++j;
    } else {
      ++i;
    }
  }
  if (inRun) edit(prefix + runA, prefix + i, prefix + runB, prefix + j);
  return edits;
}

std::vector<TextEdit> formatRange(std::string_view text, uint32_t firstLine, uint32_t lastLine,
                                  const FormatOptions &options, std::string *error) {
  FormatResult formatted = formatDocument(text, options);
  if (!formatted.ok) {
    if (error) *error = formatted.error;
    return {};
  }
  std::vector<TextEdit> all = lineEdits(text, formatted.text), kept;
  for (TextEdit &e : all) {
    uint32_t begin = static_cast<uint32_t>(std::count(text.begin(), text.begin() + e.range.begin, '\n'));
    uint32_t end = static_cast<uint32_t>(std::count(text.begin(), text.begin() + e.range.end, '\n'));
    // An insertion (empty range) sits at line `begin`.
    if (end > begin) --end;
    if (begin <= lastLine && end >= firstLine) kept.push_back(std::move(e));
  }
  return kept;
}

std::optional<std::string> compareTexts(std::string_view before, std::string_view after) {
  syntax::Parser parser;
  std::vector<analysis::Chunk> a = analysis::splitInput(before), b = analysis::splitInput(after);
  if (a.size() != b.size()) return "1:1: the number of `// -----` chunks differs";
  for (size_t c = 0; c < a.size(); ++c) {
    Lowered x, y;
    std::string error;
    size_t errorAt = 0;
    if (!lowerChunk(parser, a[c].text, x, error, errorAt)) return position(before, a[c].offset + errorAt) + ": " + error;
    if (!lowerChunk(parser, b[c].text, y, error, errorAt)) {
      return position(after, b[c].offset + errorAt) + ": " + error;
    }
    if (auto difference = compareModules(*x.module.module, *y.module.module)) {
      size_t at = difference->op ? difference->op->range.begin : 0;
      return position(before, a[c].offset + at) + ": " + difference->message;
    }
  }
  return std::nullopt;
}

std::string formatOperation(const ir::Operation &op, std::string_view source, unsigned indent,
                            const FormatOptions &options) {
  PrintOptions printOptions;
  printOptions.generic = options.generic;
  return printOperation(op, source, indent, printOptions);
}

}  // namespace shlo::formatter
