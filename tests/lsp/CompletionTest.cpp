// Completion, completionItem/resolve, signature help and inlay hints,
// through the real `shlo lsp` binary. Each test opens its own document with
// the text being typed, as an editor sends it.
#include <algorithm>

#include "tests/lsp/TestDocument.h"

namespace shlo::lsp::test {
namespace {

constexpr const char *kDoc = "file:///tmp/shlo-completion-test.mlir";

// Lines (0-based): 2 %0 (abs), 3 %1 (call), 4 %2 (compare), 5 the line
// each test rewrites, 6 return.
const std::string kBody =
    "module @m {\n"
    "  func.func @main(%x: tensor<4xf32>, %flag: tensor<i1>) -> tensor<4xf32> {\n"
    "    %0 = stablehlo.abs %x : tensor<4xf32>\n"
    "    %1 = call @helper(%0) : (tensor<4xf32>) -> tensor<4xf32>\n"
    "    %2 = stablehlo.compare  GT, %0, %1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>\n"
    "@LINE@\n"
    "    return %1 : tensor<4xf32>\n"
    "  }\n"
    "  func.func private @helper(%input: tensor<4xf32>) -> tensor<4xf32> {\n"
    "    return %input : tensor<4xf32>\n"
    "  }\n"
    "}\n";

std::string withLine(const std::string &line) {
  std::string text = kBody;
  text.replace(text.find("@LINE@"), 6, line);
  return text;
}

class LspCompletion : public ::testing::Test {
 protected:
  /// Initializes as a client with snippet support when `snippets`.
  void start(bool snippets) {
    json capabilities = json::object();
    if (snippets) capabilities["textDocument"]["completion"]["completionItem"]["snippetSupport"] = true;
    initializeResult = resultOf(client.call("initialize", {{"processId", nullptr}, {"rootUri", nullptr},
                                                           {"capabilities", capabilities}}));
    client.notify("initialized", json::object());
  }

  /// Opens the document with `line` as line 5 and returns its version.
  void open(const std::string &line) {
    ++version;
    client.notify("textDocument/didOpen", {{"textDocument",
                                            {{"uri", kDoc}, {"languageId", "mlir"}, {"version", version},
                                             {"text", withLine(line)}}}});
  }

  json at(const std::string &method, int line, int character) {
    return resultOf(client.call(method, {{"textDocument", {{"uri", kDoc}}}, {"position", position(line, character)}}));
  }

  /// Completion items at the end of line 5 after opening it as `line`.
  json completeAfter(const std::string &line) {
    open(line);
    json result = at("textDocument/completion", 5, static_cast<int>(line.size()));
    EXPECT_TRUE(result.is_object()) << result.dump();
    return result.is_object() ? result["items"] : json::array();
  }

  static const json *find(const json &items, const std::string &label) {
    for (const json &item : items) {
      if (item.value("label", "") == label) return &item;
    }
    return nullptr;
  }

  /// The active parameter's name, read from its label offsets.
  static std::string activeName(const json &help) {
    if (!help.is_object()) return "(no help)";
    std::string label = help["signatures"][0]["label"];
    size_t active = help["activeParameter"];
    const json &parameters = help["signatures"][0]["parameters"];
    if (active >= parameters.size()) return "(none)";
    std::vector<size_t> range = parameters[active]["label"];
    return label.substr(range[0], range[1] - range[0]);
  }

  static std::vector<std::string> labels(const json &items) {
    std::vector<std::string> out;
    for (const json &item : items) out.push_back(item.value("label", ""));
    return out;
  }

  LspClient client{SHLO_BINARY};
  json initializeResult;
  int version = 0;
};

TEST_F(LspCompletion, CapabilitiesNameTheTriggersAndProviders) {
  start(false);
  const json &capabilities = initializeResult["capabilities"];
  std::vector<std::string> triggers = capabilities["completionProvider"]["triggerCharacters"];
  EXPECT_EQ(triggers, (std::vector<std::string>{"%", "@", ".", "<", "#"}));
  EXPECT_EQ(capabilities["completionProvider"]["resolveProvider"], true);
  EXPECT_TRUE(capabilities["signatureHelpProvider"].is_object());
  EXPECT_EQ(capabilities["inlayHintProvider"], true);
}

TEST_F(LspCompletion, OpNamesComeWithSnippetsOfTheirPrettyForm) {
  start(true);
  json items = completeAfter("    %3 = stablehlo.ad");
  const json *add = find(items, "stablehlo.add");
  ASSERT_NE(add, nullptr) << items.dump();
  EXPECT_EQ((*add)["insertTextFormat"], 2);
  EXPECT_EQ((*add)["textEdit"]["newText"], "stablehlo.add ${1:%lhs}, ${2:%rhs} : ${3:tensor<f32>}$0");
  // The edit replaces what was typed, `stablehlo.ad`.
  EXPECT_EQ((*add)["textEdit"]["range"]["start"], position(5, 9));
  EXPECT_EQ((*add)["textEdit"]["range"]["end"], position(5, 21));
  EXPECT_EQ((*add)["kind"], 3);
  EXPECT_EQ((*add)["data"]["key"], "op:stablehlo.add");

  const json *compare = find(items, "stablehlo.compare");
  ASSERT_NE(compare, nullptr);
  EXPECT_EQ((*compare)["textEdit"]["newText"],
            "stablehlo.compare ${1|EQ,NE,GE,GT,LE,LT|}, ${2:%lhs}, ${3:%rhs} : (${4:tensor<f32>}, ${5:tensor<f32>}) -> "
            "${6:tensor<f32>}$0");
  const json *transpose = find(items, "stablehlo.transpose");
  ASSERT_NE(transpose, nullptr);
  EXPECT_EQ((*transpose)["textEdit"]["newText"],
            "stablehlo.transpose ${1:%operand}, dims = [${2:0}] : (${3:tensor<f32>}) -> ${4:tensor<f32>}$0");
  // Every op of the table is offered; deprecated ones are tagged.
  const json *dot = find(items, "stablehlo.dot");
  ASSERT_NE(dot, nullptr);
  EXPECT_EQ((*dot)["tags"], json::array({1}));
  EXPECT_NE(find(items, "chlo.erf"), nullptr);
}

TEST_F(LspCompletion, WithoutSnippetSupportTheSkeletonIsPlainText) {
  start(false);
  json items = completeAfter("    %3 = stablehlo.ad");
  const json *add = find(items, "stablehlo.add");
  ASSERT_NE(add, nullptr);
  EXPECT_EQ((*add)["insertTextFormat"], 1);
  EXPECT_EQ((*add)["textEdit"]["newText"], "stablehlo.add %lhs, %rhs : tensor<f32>");
}

TEST_F(LspCompletion, AGenericOpNameGetsTheGenericForm) {
  start(true);
  json items = completeAfter("    %3 = \"stablehlo.ab");
  const json *abs = find(items, "stablehlo.abs");
  ASSERT_NE(abs, nullptr) << items.dump();
  EXPECT_EQ((*abs)["textEdit"]["newText"], "\"stablehlo.abs\"(${1:%operand}) : (${2:tensor<f32>}) -> ${3:tensor<f32>}$0");
  EXPECT_EQ((*abs)["filterText"], "\"stablehlo.abs");
  EXPECT_EQ((*abs)["textEdit"]["range"]["start"], position(5, 9));
}

TEST_F(LspCompletion, ValuesInScopeWithTheirTypes) {
  start(false);
  json items = completeAfter("    %3 = stablehlo.add %");
  std::vector<std::string> names = labels(items);
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"%0", "%1", "%2", "%flag", "%x"}));
  EXPECT_EQ((*find(items, "%flag"))["detail"], "tensor<i1>");
  EXPECT_EQ((*find(items, "%2"))["detail"], "tensor<4xi1>");
  EXPECT_EQ((*find(items, "%2"))["kind"], 6);
  EXPECT_EQ((*find(items, "%0"))["textEdit"]["range"]["start"], position(5, 23));
}

TEST_F(LspCompletion, FunctionSymbolsForCall) {
  start(true);
  json items = completeAfter("    %3 = call @");
  const json *helper = find(items, "@helper");
  ASSERT_NE(helper, nullptr) << items.dump();
  EXPECT_EQ((*helper)["detail"], "(tensor<4xf32>) -> tensor<4xf32>");
  EXPECT_EQ((*helper)["textEdit"]["newText"], "@helper(${1:%input}) : (tensor<4xf32>) -> tensor<4xf32>$0");
  EXPECT_NE(find(items, "@main"), nullptr);
  EXPECT_EQ(items.size(), 2u);
}

TEST_F(LspCompletion, EnumValuesOfTheOp) {
  start(false);
  // The pretty form's bare comparison direction.
  std::vector<std::string> bare = labels(completeAfter("    %3 = stablehlo.compare "));
  EXPECT_EQ(bare, (std::vector<std::string>{"EQ", "NE", "GE", "GT", "LE", "LT"}));
  // A pretty keyword: rng_bit_generator's `algorithm =`.
  std::vector<std::string> algorithms = labels(completeAfter("    %3:2 = stablehlo.rng_bit_generator %x, algorithm = "));
  EXPECT_EQ(algorithms, (std::vector<std::string>{"DEFAULT", "THREE_FRY", "PHILOX"}));
  // The generic form's attribute dictionary.
  json generic = completeAfter("    %3 = \"stablehlo.compare\"(%0, %1) {comparison_direction = ");
  EXPECT_NE(find(generic, "#stablehlo<comparison_direction LT>"), nullptr) << generic.dump();
  json precision = completeAfter("    %3 = stablehlo.dot_general %0, %1, contracting_dims = [0] x [0], precision = [");
  EXPECT_EQ(labels(precision), (std::vector<std::string>{"DEFAULT", "HIGH", "HIGHEST"}));
}

TEST_F(LspCompletion, AttributeNamesInTheDictionary) {
  start(false);
  json items = completeAfter("    %3 = \"stablehlo.compare\"(%0, %1) {");
  const json *direction = find(items, "comparison_direction");
  ASSERT_NE(direction, nullptr) << items.dump();
  EXPECT_EQ((*direction)["textEdit"]["newText"], "comparison_direction = ");
  EXPECT_EQ((*direction)["data"]["key"], "attr:stablehlo.compare:comparison_direction");
  EXPECT_NE(find(items, "compare_type"), nullptr);
  EXPECT_EQ(items.size(), 2u);
}

TEST_F(LspCompletion, HashEnumsAndStructFields) {
  start(true);
  json hash = completeAfter("    %3 = \"stablehlo.compare\"(%0, %1) {comparison_direction = #");
  const json *direction = find(hash, "#stablehlo<comparison_direction>");
  ASSERT_NE(direction, nullptr) << hash.dump();
  EXPECT_EQ((*direction)["textEdit"]["newText"], "#stablehlo<comparison_direction ${1|EQ,NE,GE,GT,LE,LT|}>$0");
  EXPECT_NE(find(hash, "#stablehlo.gather"), nullptr);

  std::vector<std::string> kinds = labels(completeAfter("    %3 = \"stablehlo.fft\"(%0) {fft_type = #stablehlo<"));
  EXPECT_NE(std::find(kinds.begin(), kinds.end(), "fft_type"), kinds.end());
  EXPECT_NE(std::find(kinds.begin(), kinds.end(), "comparison_type"), kinds.end());
  std::vector<std::string> values = labels(completeAfter("    %3 = \"stablehlo.fft\"(%0) {fft_type = #stablehlo<fft_type "));
  EXPECT_EQ(values, (std::vector<std::string>{"FFT", "IFFT", "RFFT", "IRFFT"}));

  std::vector<std::string> fields =
      labels(completeAfter("    %3 = \"stablehlo.gather\"(%0, %1) {dimension_numbers = #stablehlo.gather<"));
  EXPECT_NE(std::find(fields.begin(), fields.end(), "offset_dims"), fields.end());
  EXPECT_NE(std::find(fields.begin(), fields.end(), "index_vector_dim"), fields.end());
}

TEST_F(LspCompletion, ElementTypesAndTensorSkeletons) {
  start(true);
  json element = completeAfter("    %3 = stablehlo.abs %x : tensor<4x");
  EXPECT_NE(find(element, "f32"), nullptr);
  EXPECT_NE(find(element, "bf16"), nullptr);
  EXPECT_NE(find(element, "i1"), nullptr);
  EXPECT_NE(find(element, "complex<f32>"), nullptr);
  EXPECT_EQ((*find(element, "f32"))["textEdit"]["range"]["start"], position(5, 37));
  json types = completeAfter("    %3 = stablehlo.abs %x : ");
  const json *tensor = find(types, "tensor<4xf32>");
  ASSERT_NE(tensor, nullptr) << types.dump();
  EXPECT_EQ((*tensor)["textEdit"]["newText"], "tensor<${1:4}x${2:f32}>");
}

TEST_F(LspCompletion, ResolveAddsTheSpecsDocumentation) {
  start(false);
  json item = resultOf(client.call("completionItem/resolve", {{"label", "stablehlo.add"}, {"data", {{"key", "op:stablehlo.add"}}}}));
  ASSERT_TRUE(item.is_object());
  EXPECT_EQ(item["label"], "stablehlo.add");
  EXPECT_EQ(item["documentation"]["kind"], "markdown");
  std::string text = item["documentation"]["value"];
  EXPECT_NE(text.find("Element-wise addition"), std::string::npos) << text;
  EXPECT_NE(text.find("(I1) `lhs`"), std::string::npos) << text;
  EXPECT_NE(text.find("spec.md#add"), std::string::npos) << text;

  json attribute = resultOf(client.call(
      "completionItem/resolve", {{"label", "comparison_direction"}, {"data", {{"key", "attr:stablehlo.compare:comparison_direction"}}}}));
  std::string attributeText = attribute["documentation"]["value"];
  EXPECT_NE(attributeText.find("enum of `EQ`"), std::string::npos) << attributeText;
  // An item without data comes back as it was.
  EXPECT_EQ(resultOf(client.call("completionItem/resolve", {{"label", "%x"}})), json({{"label", "%x"}}));
}

TEST_F(LspCompletion, SignatureHelpTracksTheActiveParameter) {
  start(false);
  open("    %3 = stablehlo.compare GT, %0, ");
  json help = at("textDocument/signatureHelp", 5, 35);
  ASSERT_TRUE(help.is_object()) << help.dump();
  EXPECT_EQ(help["signatures"][0]["label"], "stablehlo.compare(lhs, rhs, comparison_direction, compare_type)");
  EXPECT_EQ(activeName(help), "rhs");
  std::string documentation = help["signatures"][0]["parameters"][0]["documentation"]["value"];
  EXPECT_NE(documentation.find("(I1) tensor"), std::string::npos) << documentation;
  // On the bare direction: comparison_direction.
  EXPECT_EQ(activeName(at("textDocument/signatureHelp", 5, 28)), "comparison_direction");

  open("    %3 = stablehlo.transpose %x, dims = [1, ");
  EXPECT_EQ(activeName(at("textDocument/signatureHelp", 5, 44)), "permutation");
  // A generic op's attribute dictionary: the attribute named there.
  open("    %3 = \"stablehlo.compare\"(%0, %1) {compare_type = ");
  EXPECT_EQ(activeName(at("textDocument/signatureHelp", 5, 53)), "compare_type");

  // In the types: no parameter is active (an index past the list).
  open("    %3 = stablehlo.add %0, %1 : tensor<4xf32>");
  help = at("textDocument/signatureHelp", 5, 44);
  EXPECT_EQ(help["activeParameter"], help["signatures"][0]["parameters"].size());
  // Outside ops: null.
  EXPECT_TRUE(at("textDocument/signatureHelp", 0, 3).is_null());
}

TEST_F(LspCompletion, InlayHintsForTheRequestedRange) {
  start(false);
  open("    %3 = \"stablehlo.abs\"(%x) : (tensor<4xf32>) -> tensor<5xf32>");
  json all = resultOf(client.call("textDocument/inlayHint", {{"textDocument", {{"uri", kDoc}}},
                                                             {"range", {{"start", position(0, 0)}, {"end", position(12, 0)}}}}));
  ASSERT_TRUE(all.is_array());
  std::vector<std::pair<json, std::string>> seen;
  for (const json &hint : all) seen.emplace_back(hint["position"], hint["label"]);
  std::vector<std::pair<json, std::string>> expected = {
      {position(2, 6), ": tensor<4xf32>"},   // %0 = stablehlo.abs: one type for operand and result
      {position(3, 22), "input:"},           // the argument of @helper
      {position(5, 63), "inferred: tensor<4xf32>"},
  };
  EXPECT_EQ(seen, expected) << all.dump();
  EXPECT_EQ(all[0]["kind"], 1);
  EXPECT_EQ(all[1]["kind"], 2);
  EXPECT_EQ(all[1]["paddingRight"], true);

  json line3 = resultOf(client.call("textDocument/inlayHint", {{"textDocument", {{"uri", kDoc}}},
                                                               {"range", {{"start", position(3, 0)}, {"end", position(4, 0)}}}}));
  ASSERT_EQ(line3.size(), 1u) << line3.dump();
  EXPECT_EQ(line3[0]["label"], "input:");
}

TEST_F(LspCompletion, BadPositionsAndUnknownDocumentsAreInvalidParams) {
  start(false);
  open("");
  for (const char *method : {"textDocument/completion", "textDocument/signatureHelp"}) {
    EXPECT_EQ(errorCodeOf(client.call(method, {{"textDocument", {{"uri", kDoc}}}, {"position", position(400, 0)}})),
              -32602)
        << method;
    EXPECT_EQ(errorCodeOf(client.call(method, {{"textDocument", {{"uri", "file:///nowhere.mlir"}}},
                                               {"position", position(0, 0)}})),
              -32602)
        << method;
    EXPECT_EQ(errorCodeOf(client.call(method, {{"textDocument", {{"uri", kDoc}}}})), -32602) << method;
  }
  EXPECT_EQ(errorCodeOf(client.call("textDocument/inlayHint", {{"textDocument", {{"uri", kDoc}}},
                                                               {"range", {{"start", position(400, 0)}, {"end", position(401, 0)}}}})),
            -32602);
  EXPECT_EQ(errorCodeOf(client.call("textDocument/inlayHint", {{"textDocument", {{"uri", kDoc}}},
                                                               {"range", {{"start", position(3, 0)}, {"end", position(1, 0)}}}})),
            -32602);
  EXPECT_EQ(errorCodeOf(client.call("textDocument/inlayHint", {{"textDocument", {{"uri", "file:///nowhere.mlir"}}},
                                                               {"range", {{"start", position(0, 0)}, {"end", position(1, 0)}}}})),
            -32602);
  EXPECT_EQ(errorCodeOf(client.call("completionItem/resolve", json::array({1}))), -32602);
  // Completion where nothing fits is an empty list, not an error.
  json nothing = at("textDocument/completion", 0, 0);
  EXPECT_TRUE(nothing.is_object());
}

}  // namespace
}  // namespace shlo::lsp::test
