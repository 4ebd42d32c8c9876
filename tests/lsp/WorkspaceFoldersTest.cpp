// Several workspace folders: announced with change notifications,
// workspace/symbol over open documents and the `.mlir` files under the
// folders, didChangeWorkspaceFolders, and location files found in any
// folder.
#include <algorithm>
#include <map>

#include "tests/lsp/Scratch.h"

namespace shlo::lsp::test {
namespace {

std::string functionText(const std::string &name) {
  return "func.func @" + name + "(%a: tensor<f32>) -> tensor<f32> {\n  return %a : tensor<f32>\n}\n";
}

json folderEntry(const std::filesystem::path &path) { return {{"uri", fileUri(path)}, {"name", path.filename()}}; }

class LspWorkspaceFolders : public ::testing::Test {
 protected:
  void SetUp() override {
    one.write("a.mlir", functionText("alpha"));
    one.write("notes.txt", functionText("text_file"));
    two.write("sub/deeper/b.mlir", functionText("beta"));
    two.write(".hidden/h.mlir", functionText("hidden"));
    two.write("model.py", "x = 1\n");
    three.write("c.mlir", functionText("gamma"));
    capabilities = initializeWith(client, {{"workspaceFolders", json::array({folderEntry(one.path()),
                                                                             folderEntry(two.path())})}})["capabilities"];
  }

  /// name -> uri of every symbol workspace/symbol answers for `query`.
  std::map<std::string, std::string> symbols(const std::string &query = "") {
    json result = resultOf(client.call("workspace/symbol", {{"query", query}}));
    std::map<std::string, std::string> found;
    EXPECT_TRUE(result.is_array()) << result.dump();
    for (const json &symbol : result) {
      EXPECT_EQ(symbol["kind"], 12);
      std::string name = symbol["name"];
      EXPECT_FALSE(found.count(name)) << "listed twice: " << name;
      found[name] = symbol["location"]["uri"];
    }
    return found;
  }

  void changeFolders(json added, json removed) {
    client.notify("workspace/didChangeWorkspaceFolders", {{"event", {{"added", added}, {"removed", removed}}}});
  }

  ScratchFolder one, two, three;
  LspClient client{SHLO_BINARY};
  json capabilities;
};

TEST_F(LspWorkspaceFolders, CapabilityAnnouncesFoldersWithChangeNotifications) {
  EXPECT_EQ(capabilities["workspace"]["workspaceFolders"]["supported"], true) << capabilities.dump();
  EXPECT_EQ(capabilities["workspace"]["workspaceFolders"]["changeNotifications"], true) << capabilities.dump();
  EXPECT_EQ(capabilities["declarationProvider"], true);
}

TEST_F(LspWorkspaceFolders, SymbolsComeFromEveryFolderAndTheOpenDocuments) {
  openText(client, kUri, kText);
  ASSERT_TRUE(diagnosticsFor(client, kUri).has_value());
  std::map<std::string, std::string> found = symbols();
  EXPECT_EQ(found["alpha"], fileUri(one.path() / "a.mlir"));
  EXPECT_EQ(found["beta"], fileUri(two.path() / "sub/deeper/b.mlir"));
  EXPECT_EQ(found["main"], kUri);
  EXPECT_FALSE(found.count("hidden")) << "hidden folders are skipped";
  EXPECT_FALSE(found.count("text_file")) << "only .mlir files are read";
  EXPECT_FALSE(found.count("gamma"));
  // The query filters disk files as it does open documents.
  std::map<std::string, std::string> filtered = symbols("bta");
  EXPECT_EQ(filtered.size(), 1u);
  EXPECT_TRUE(filtered.count("beta"));
}

TEST_F(LspWorkspaceFolders, OpenDocumentsWinOverTheirFilesOnDisk) {
  std::string uri = fileUri(one.path() / "a.mlir");
  openText(client, uri, functionText("alpha_edited"));
  ASSERT_TRUE(diagnosticsFor(client, uri).has_value());
  std::map<std::string, std::string> found = symbols();
  EXPECT_FALSE(found.count("alpha")) << "the disk text of an open document is not read";
  EXPECT_EQ(found["alpha_edited"], uri);
  // Closed again: the disk text counts.
  client.notify("textDocument/didClose", {{"textDocument", {{"uri", uri}}}});
  found = symbols();
  EXPECT_TRUE(found.count("alpha"));
  EXPECT_FALSE(found.count("alpha_edited"));
}

TEST_F(LspWorkspaceFolders, ChangedFilesAreReadAgain) {
  EXPECT_TRUE(symbols().count("alpha"));
  one.write("a.mlir", functionText("alpha") + functionText("alpha_two"));
  std::map<std::string, std::string> found = symbols();
  EXPECT_TRUE(found.count("alpha"));
  EXPECT_TRUE(found.count("alpha_two"));
  std::filesystem::remove(one.path() / "a.mlir");
  EXPECT_FALSE(symbols().count("alpha"));
}

TEST_F(LspWorkspaceFolders, DidChangeWorkspaceFoldersAddsAndRemoves) {
  changeFolders(json::array({folderEntry(three.path())}), json::array({folderEntry(two.path())}));
  std::map<std::string, std::string> found = symbols();
  EXPECT_TRUE(found.count("alpha"));
  EXPECT_TRUE(found.count("gamma"));
  EXPECT_FALSE(found.count("beta"));
  // A malformed event changes nothing and the server goes on.
  client.notify("workspace/didChangeWorkspaceFolders", {{"event", {{"added", "nope"}}}});
  client.notify("workspace/didChangeWorkspaceFolders", json::object());
  found = symbols();
  EXPECT_TRUE(found.count("gamma"));
  EXPECT_FALSE(found.count("beta"));
}

TEST_F(LspWorkspaceFolders, LocationFilesAreFoundInAnyFolder) {
  // model.py lies in the second folder only; the document is elsewhere.
  const std::string uri = "file:///nonexistent-dir/m.mlir";
  openText(client, uri,
           "func.func @f(%a: tensor<f32>) -> tensor<f32> {\n"
           "  return %a : tensor<f32> loc(\"model.py\":1:3)\n"
           "}\n");
  ASSERT_TRUE(diagnosticsFor(client, uri).has_value());
  json result = resultOf(client.call("textDocument/definition", at(uri, 1, 32)));
  ASSERT_TRUE(result.is_object()) << result.dump();
  EXPECT_EQ(result["uri"], fileUri(two.path() / "model.py"));
  EXPECT_EQ(result["range"]["start"], position(0, 2));
  // Without that folder, nowhere.
  changeFolders(json::array(), json::array({folderEntry(two.path())}));
  EXPECT_TRUE(resultOf(client.call("textDocument/definition", at(uri, 1, 32))).is_null());
}

TEST(LspWorkspaceRoot, RootUriIsTheFolderWhenNoFoldersAreGiven) {
  ScratchFolder root;
  root.write("r.mlir", functionText("rooted"));
  LspClient client(SHLO_BINARY);
  initializeWith(client, {{"rootUri", fileUri(root.path())}});
  json result = resultOf(client.call("workspace/symbol", {{"query", "root"}}));
  ASSERT_EQ(result.size(), 1u) << result.dump();
  EXPECT_EQ(result[0]["location"]["uri"], fileUri(root.path() / "r.mlir"));
}

TEST(LspWorkspaceRoot, FolderUrisArePercentDecodedAndFileUrisEncoded) {
  ScratchFolder root;
  root.write("with space \xC3\xA9/e.mlir", functionText("escaped"));
  LspClient client(SHLO_BINARY);
  std::string folderUri = fileUri(root.path()) + "/with%20space%20%c3%a9";
  initializeWith(client, {{"workspaceFolders", json::array({{{"uri", folderUri}, {"name", "w"}}})}});
  json result = resultOf(client.call("workspace/symbol", {{"query", "escaped"}}));
  ASSERT_EQ(result.size(), 1u) << result.dump();
  EXPECT_EQ(result[0]["location"]["uri"], fileUri(root.path()) + "/with%20space%20%C3%A9/e.mlir");
}

}  // namespace
}  // namespace shlo::lsp::test
