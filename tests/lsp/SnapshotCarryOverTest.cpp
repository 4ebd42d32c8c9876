// What a snapshot carries over from the previous one instead of computing
// it from the whole text (line index, whether a chunk separator or a lint
// suppression marker is written, the text's buffer) must equal what a fresh
// snapshot of the same text computes; and the publishDiagnostics text,
// written directly, must be the message json::dump would write.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "lsp/DiagnosticsToProtocol.h"
#include "lsp/Snapshot.h"
#include "lsp/TextPool.h"
#include "tests/semantic/AnalysisDump.h"
#include "tests/lsp/SharedModels.h"

namespace shlo::lsp {
namespace {

const char *kUri = "file:///tmp/shlo-carry-over.mlir";

using test::readBert;

void expectSameAsFresh(const Snapshot &carried, const std::string &text, const std::string &context) {
  auto fresh = buildSnapshot(kUri, carried.version, text);
  EXPECT_EQ(carried.separatorWritten, fresh->separatorWritten) << context;
  EXPECT_EQ(carried.suppressionWritten, fresh->suppressionWritten) << context;
  ASSERT_EQ(carried.file.lineCount(), fresh->file.lineCount()) << context;
  for (uint32_t line = 0; line < fresh->file.lineCount(); ++line) {
    ASSERT_EQ(carried.file.lineStart(line), fresh->file.lineStart(line)) << context << ", line " << line;
  }
  ClientCapabilities client;
  client.unnecessaryTag = client.deprecatedTag = true;
  EXPECT_EQ(publishDiagnosticsText(carried, syntax::PositionEncoding::UTF16, client),
            publishDiagnosticsText(*fresh, syntax::PositionEncoding::UTF16, client))
      << context;
}

TEST(SnapshotCarryOver, EditsOfPtBertEqualAFreshSnapshot) {
  std::string text = readBert();
  ASSERT_FALSE(text.empty());
  auto snapshot = buildSnapshot(kUri, 1, copyText(text));
  uint32_t middle = static_cast<uint32_t>(text.find(" = ", text.size() / 2));
  uint32_t lineStart = static_cast<uint32_t>(text.rfind('\n', middle) + 1);
  struct Step {
    const char *what;
    uint32_t start, oldEnd;
    std::string inserted;
  };
  // Each step is made on the text the step before left.
  std::vector<Step> steps = {
      {"a digit after a result name", middle, middle, "1"},
      {"the digit removed", middle, middle + 1, ""},
      {"a line break", middle, middle, "\n"},
      {"the line break removed", middle, middle + 1, ""},
      {"a suppression marker", lineStart, lineStart, "    // shlo-lint: disable-next-line\n"},
      {"the marker removed",
       lineStart, lineStart + static_cast<uint32_t>(std::string("    // shlo-lint: disable-next-line\n").size()), ""},
      {"half a separator", lineStart, lineStart, "// --"},
      {"the separator completed", lineStart + 5, lineStart + 5, "---\n"},
      {"the separator removed", lineStart, lineStart + 9, ""},
      {"a CRLF line break", middle, middle, "\r\n"},
      {"the CRLF removed", middle, middle + 2, ""},
  };
  int version = 1;
  for (const Step &step : steps) {
    syntax::SyntaxTree edited = snapshot->tree.copy();
    syntax::InputEdit e = shlo::test::replaceText(text, step.start, step.oldEnd, step.inserted);
    edited.edit(e);
    snapshot = buildSnapshot(kUri, ++version, copyText(text), snapshot.get(), &edited, {e});
    ASSERT_EQ(snapshot->file.text(), text);
    expectSameAsFresh(*snapshot, text, step.what);
  }
  // The steps did write a marker and a separator at some point.
  EXPECT_EQ(version, 12);
}

TEST(SnapshotCarryOver, LargeTextBuffersAreReused) {
  std::string text(kPooledTextSize + 10, 'x');
  const void *first = nullptr;
  {
    std::shared_ptr<const std::string> copy = copyText(text);
    EXPECT_EQ(*copy, text);
    first = copy->data();
  }
  text[5] = 'y';
  std::shared_ptr<const std::string> again = copyText(text);
  EXPECT_EQ(*again, text);
  EXPECT_EQ(again->data(), first);  // The released buffer, filled again.
  std::shared_ptr<const std::string> small = copyText("abc");
  EXPECT_EQ(*small, "abc");
}

// A document's edit writes the new text once (splicedText), into a released
// buffer when the text is large (the splices above release theirs to the
// next ones): it must equal the edit made in place.
TEST(SnapshotCarryOver, SplicedTextIsTheEditedText) {
  for (size_t size : {size_t{12}, kPooledTextSize + 10}) {
    std::string text(size, 'x');
    text.replace(3, 1, "\r\nabc\n");
    struct Splice {
      size_t begin, end;
      std::string insert;
    };
    for (const Splice &splice : {Splice{0, 0, "lead"}, Splice{4, 9, ""}, Splice{2, 3, "\n\n"},
                                 Splice{text.size(), text.size(), "tail"}, Splice{0, text.size(), "all"},
                                 Splice{text.size() - 1, text.size() + 5, "past the end"}}) {
      std::string expected = text;
      expected.replace(splice.begin, std::min(splice.end, text.size()) - splice.begin, splice.insert);
      std::shared_ptr<const std::string> spliced = splicedText(text, splice.begin, splice.end, splice.insert);
      EXPECT_EQ(*spliced, expected) << size << " " << splice.begin << " " << splice.insert;
    }
  }
}

TEST(SnapshotCarryOver, DiagnosticsTextIsWhatJsonDumpWrites) {
  // Every field: codes with documentation, notes, related information,
  // fixes (lint), tags, text that needs escaping and non-ASCII text.
  std::string text = readBert();
  text.insert(text.find("func.func private @_take("), "// \"é\"\n");
  auto snapshot = buildSnapshot(kUri, 3, text);
  ClientCapabilities client;
  client.unnecessaryTag = client.deprecatedTag = true;
  std::string written = publishDiagnosticsText(*snapshot, syntax::PositionEncoding::UTF16, client);
  json parsed = json::parse(written);
  EXPECT_EQ(parsed.dump(-1, ' ', false, json::error_handler_t::replace), written);
  const json &diagnostics = parsed["params"]["diagnostics"];
  ASSERT_GT(diagnostics.size(), 100u);
  bool fixes = false, related = false, tags = false;
  for (const json &d : diagnostics) {
    fixes |= d.contains("data");
    related |= d.contains("relatedInformation");
    tags |= d.contains("tags");
  }
  EXPECT_TRUE(fixes);
  EXPECT_TRUE(tags);
  EXPECT_EQ(diagnosticsToJson(*snapshot, syntax::PositionEncoding::UTF16, client), diagnostics);
  // Related information and escapes: a redefinition whose message quotes.
  auto small = buildSnapshot(kUri, 1, std::string("func.func @f() {\n  %0 = stablehlo.constant dense<1> : tensor<i32>\n"
                                                  "  %0 = stablehlo.constant dense<\"\\u00e9\"> : tensor<i32>\n"
                                                  "  return\n}\n"));
  std::string smallText = publishDiagnosticsText(*small, syntax::PositionEncoding::UTF16, client);
  json smallParsed = json::parse(smallText);
  EXPECT_EQ(smallParsed.dump(-1, ' ', false, json::error_handler_t::replace), smallText);
  for (const json &d : smallParsed["params"]["diagnostics"]) related |= d.contains("relatedInformation");
  EXPECT_TRUE(related);
}

}  // namespace
}  // namespace shlo::lsp
