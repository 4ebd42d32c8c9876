// Completion, signature help and inlay hints in process: every op's snippet
// parses, and the features hold their invariants at positions all over a
// real model (pt_bert), where the text is whatever is there.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "ide/Completion.h"
#include "ide/OpSyntax.h"

namespace shlo::ide {
namespace {

/// The ops' skeletons as a client without snippets inserts them, each in a
/// function of its own (function-defining ops at the top level).
std::string program(bool generic) {
  std::string text = "module {\n";
  for (const ops::OpDef &op : ops::all()) {
    std::string body = snippetPlainText(opSnippet(op, generic));
    if (op.has(ops::Trait::Function)) {
      text += "  " + body + "\n";
      continue;
    }
    size_t results = opResultCount(op);
    std::string define = results == 0 ? "" : results == 1 ? "%r = " : "%r:" + std::to_string(results) + " = ";
    text += "  func.func @f_" + std::string(op.shortName()) + "() {\n    " + define + body + "\n  }\n";
  }
  return text + "}\n";
}

TEST(IdeAssist, EveryOpSnippetParses) {
  for (bool generic : {false, true}) {
    std::string text = program(generic);
    auto file = AnalyzedFile::analyze("snippets.mlir", text);
    size_t syntaxErrors = 0;
    for (const Diagnostic &d : file->diagnostics) {
      if (d.code.rfind("syntax.", 0) != 0) continue;
      ++syntaxErrors;
      uint32_t line = file->file.position(d.range.begin, syntax::PositionEncoding::UTF8).line;
      ADD_FAILURE() << (generic ? "generic" : "pretty") << " snippet does not parse: " << d.message << "\n"
                    << file->file.lineText(line);
    }
    EXPECT_EQ(syntaxErrors, 0u);
  }
}

TEST(IdeAssist, SnippetPlainTextKeepsDefaultsAndFirstChoices) {
  EXPECT_EQ(snippetPlainText("a ${1:%lhs}, ${2|GT,LT|} \\$x \\} $0"), "a %lhs, GT $x } ");
}

std::string readModel() {
  std::ifstream in(std::string(SHLO_SHARED_DIR) + "/models/pt_bert.mlir", std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(IdeAssist, InvariantsAllOverAModel) {
  std::string text = readModel();
  if (text.empty()) GTEST_SKIP() << "pt_bert.mlir not found under " << SHLO_SHARED_DIR;
  auto file = AnalyzedFile::analyze("pt_bert.mlir", text);
  size_t withItems = 0, withHelp = 0, checked = 0;
  for (uint32_t offset = 0; offset <= text.size(); offset += 211) {
    ++checked;
    CompletionList list = complete(*file, offset);
    ASSERT_LE(list.replace.begin, list.replace.end);
    ASSERT_EQ(list.replace.end, offset);
    withItems += !list.items.empty();
    for (const CompletionItem &item : list.items) ASSERT_FALSE(item.label.empty()) << offset;
    if (std::optional<SignatureHelp> help = signatureHelp(*file, offset)) {
      ++withHelp;
      if (help->activeParameter) ASSERT_LT(*help->activeParameter, help->parameters.size()) << offset;
      for (const SignatureParameter &p : help->parameters) {
        ASSERT_EQ(help->label.substr(p.labelBegin, p.labelEnd - p.labelBegin), p.label);
      }
    }
  }
  // Most positions are inside ops: most get something.
  EXPECT_GT(withItems, checked / 4);
  EXPECT_GT(withHelp, checked / 2);

  // Hints of a range lie in it, in order; the whole file's hints hold every
  // range's.
  std::vector<InlayHint> all = inlayHints(*file, {0, static_cast<uint32_t>(text.size())});
  EXPECT_GT(all.size(), 1000u);
  syntax::TextRange middle{static_cast<uint32_t>(text.size() / 2), static_cast<uint32_t>(text.size() / 2 + 4000)};
  std::vector<InlayHint> some = inlayHints(*file, middle);
  ASSERT_FALSE(some.empty());
  for (size_t i = 0; i < some.size(); ++i) {
    EXPECT_GE(some[i].offset, middle.begin);
    EXPECT_LE(some[i].offset, middle.end);
    if (i) EXPECT_LE(some[i - 1].offset, some[i].offset);
  }
  size_t inMiddle = std::count_if(all.begin(), all.end(), [&](const InlayHint &h) {
    return h.offset >= middle.begin && h.offset <= middle.end;
  });
  EXPECT_EQ(inMiddle, some.size());
}

}  // namespace
}  // namespace shlo::ide
