// libFuzzer target for incremental analysis: the input is the initial text;
// a generator seeded from it applies up to 16 random edits (see
// tests/semantic/RandomEdits.h), each re-analysed incrementally from the
// previous analysis and compared with a full parse and analysis of the same
// text. A difference in tree, IR or diagnostics aborts.
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <string_view>

#include "semantic/analysis/IncrementalAnalysis.h"
#include "tests/semantic/RandomEdits.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace shlo;
  std::string text(reinterpret_cast<const char *>(data), size);
  static syntax::Parser parser, fresh;
  test::RandomEditor editor(static_cast<uint32_t>(std::hash<std::string>()(text)));
  analysis::Analysis current = analysis::analyze(parser, text);
  for (uint32_t step = 0, steps = 1 + editor.pick(16); step < steps; ++step) {
    syntax::SyntaxTree edited = current.tree.copy();
    std::vector<syntax::InputEdit> edits;
    for (uint32_t n = 1 + editor.pick(2); n > 0; --n) {
      edits.push_back(editor.randomEdit(text));
      edited.edit(edits.back());
    }
    analysis::Analysis next = analysis::reanalyze(parser, text, current, edited, edits);
    std::string difference = test::differenceFromFull(next, analysis::analyze(fresh, text));
    if (!difference.empty()) {
      std::fprintf(stderr, "incremental %s differs from a full analysis of:\n%s\n", difference.c_str(), text.c_str());
      std::abort();
    }
    current = std::move(next);
  }
  return 0;
}
