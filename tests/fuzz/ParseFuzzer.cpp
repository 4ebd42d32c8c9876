// libFuzzer target: any bytes through the parser, the syntax diagnostics, the
// tree printer and the operation walk. Must never crash, hang or leak; ASan
// and UBSan check memory and undefined behaviour.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string_view>

#include "semantic/syntax/SourceFile.h"
#include "semantic/diagnostics/SyntaxDiagnostics.h"
#include "semantic/syntax/SyntaxTree.h"
#include "semantic/syntax/TreePrinter.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view text(reinterpret_cast<const char *>(data), size);
  static shlo::syntax::Parser parser;
  shlo::syntax::SyntaxTree tree = parser.parse(text);
  auto diagnostics = shlo::syntax::collectSyntaxDiagnostics(tree, text);
  shlo::syntax::SourceFile file("fuzz.mlir", std::string(text));
  for (const auto &d : diagnostics) {
    // Every range converts to positions and back without leaving the text.
    auto start = file.position(d.range.begin, shlo::syntax::PositionEncoding::UTF16);
    if (file.offset(start, shlo::syntax::PositionEncoding::UTF16) > size) __builtin_trap();
    if (d.range.end > size || d.range.begin > d.range.end) __builtin_trap();
  }
  std::ostringstream sink;
  shlo::syntax::printTree(tree, sink);
  size_t operations = 0;
  shlo::syntax::forEachOperation(tree, [&](shlo::syntax::Node) { ++operations; });
  return 0;
}
