// Replaced as the language server's sources land.
namespace shlo::lsp {}
