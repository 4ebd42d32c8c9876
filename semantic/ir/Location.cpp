#include "semantic/ir/Location.h"

namespace shlo::ir {

namespace {

std::string quoted(const std::string &text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

}  // namespace

std::vector<const Location *> Location::fileLocations(size_t limit) const {
  // Iterative: a location is as deep as the text nests it.
  std::vector<const Location *> out;
  std::vector<const Location *> stack{this};
  while (!stack.empty() && out.size() < limit) {
    const Location *at = stack.back();
    stack.pop_back();
    if (at->kind == Kind::FileLineCol) {
      out.push_back(at);
      continue;
    }
    for (auto it = at->children.rbegin(); it != at->children.rend(); ++it) {
      if (*it) stack.push_back(it->get());
    }
  }
  return out;
}

const Location *Location::firstFileLocation() const {
  std::vector<const Location *> first = fileLocations(1);
  return first.empty() ? nullptr : first.front();
}

std::string Location::str() const {
  switch (kind) {
    case Kind::Unknown: return "unknown";
    case Kind::FileLineCol: return quoted(name) + ":" + std::to_string(line) + ":" + std::to_string(column);
    case Kind::Name: return quoted(name) + (children.empty() ? "" : "(" + children[0]->str() + ")");
    case Kind::CallSite:
      return "callsite(" + (children.size() > 0 ? children[0]->str() : "unknown") + " at " +
             (children.size() > 1 ? children[1]->str() : "unknown") + ")";
    case Kind::Fused: {
      std::string out = "fused[";
      for (size_t i = 0; i < children.size(); ++i) out += (i ? ", " : "") + children[i]->str();
      return out + "]";
    }
  }
  return "unknown";
}

}  // namespace shlo::ir
