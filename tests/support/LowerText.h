// Test helper: a text through the parser and lowering only (no verifier),
// kept alive together so the IR's ranges and the tree stay valid.
#pragma once

#include <memory>
#include <string>

#include "semantic/lower/Lowering.h"
#include "semantic/syntax/SyntaxTree.h"

namespace shlo::test {

struct Lowered {
  std::string text;
  syntax::SyntaxTree tree;
  lower::LoweredModule module;
};

inline std::unique_ptr<Lowered> lowerText(const std::string &text) {
  auto out = std::make_unique<Lowered>();
  out->text = text;
  syntax::Parser parser;
  out->tree = parser.parse(out->text);
  out->module = lower::lowerModule(out->tree, out->text);
  return out;
}

}  // namespace shlo::test
