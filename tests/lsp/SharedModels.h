// The shared models the language server tests edit (../shared/models).
#pragma once

#include <fstream>
#include <sstream>
#include <string>

namespace shlo::lsp::test {

/// pt_bert.mlir's text; empty when the shared folder is missing.
inline std::string readBert() {
  std::ifstream in(std::string(SHLO_SHARED_DIR) + "/models/pt_bert.mlir", std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

}  // namespace shlo::lsp::test
