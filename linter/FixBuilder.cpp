#include "linter/FixBuilder.h"

#include <algorithm>

#include "formatter/Formatter.h"
#include "linter/Patterns.h"

namespace shlo::linter {

namespace {

uint32_t lineStart(std::string_view text, uint32_t at) {
  size_t newline = at == 0 ? std::string_view::npos : text.rfind('\n', at - 1);
  return newline == std::string_view::npos ? 0 : static_cast<uint32_t>(newline + 1);
}

/// Just past the line break ending the line `end` is on (`end` itself when
/// it already follows one).
uint32_t lineEnd(std::string_view text, uint32_t end) {
  if (end > 0 && text[end - 1] == '\n') return end;
  size_t newline = text.find('\n', end);
  return newline == std::string_view::npos ? static_cast<uint32_t>(text.size()) : static_cast<uint32_t>(newline + 1);
}

bool indexes(const ir::Operation &op, std::string_view text) {
  return op.range.size() > 0 && op.range.end <= text.size();
}

}  // namespace

std::string FixBuilder::print(const ir::Operation &op, std::string_view text, unsigned indent) {
  return formatter::formatOperation(op, text, indent);
}

bool FixBuilder::replace(const ir::Operation &original, const ir::Operation &replacement) {
  if (!indexes(original, text_) || deletionRange(original.range, text_) == original.range) {
    refused_ = true;
    return false;
  }
  std::string_view written = text_.substr(original.range.begin, original.range.size());
  if (!original.regions.empty() && written.find("//") != std::string_view::npos) {
    refused_ = true;
    return false;
  }
  uint32_t start = lineStart(text_, original.range.begin);
  changes_.push_back({{start, original.range.end}, print(replacement, text_, original.range.begin - start)});
  return true;
}

bool FixBuilder::remove(const ir::Operation &op) {
  if (!indexes(op, text_)) {
    refused_ = true;
    return false;
  }
  changes_.push_back({deletionRange(op.range, text_), ""});
  return true;
}

bool FixBuilder::replaceUses(const ir::Value &value, const ir::Value &replacement) {
  std::vector<const ir::Operation *> users;
  for (const ir::Use &use : value.uses) {
    if (std::find(users.begin(), users.end(), use.user) == users.end()) users.push_back(use.user);
  }
  for (const ir::Operation *user : users) {
    bool reprint = user && user->regions.empty() && indexes(*user, text_) &&
                   deletionRange(user->range, text_) != user->range;
    if (reprint) {
      ir::Operation copy = *user;
      for (const ir::Use &use : value.uses) {
        if (use.user == user && use.operandIndex < copy.operands.size()) {
          copy.operands[use.operandIndex] = const_cast<ir::Value *>(&replacement);
        }
      }
      replace(*user, copy);
      continue;
    }
    for (const ir::Use &use : value.uses) {
      if (use.user != user) continue;
      if (use.range.size() == 0 || use.range.end > text_.size() ||
          text_.substr(use.range.begin, use.range.size()) != value.name) {
        refused_ = true;
        return false;
      }
      replaceName(use.range, replacement.name);
    }
  }
  return !refused_;
}

bool FixBuilder::replaceName(syntax::TextRange range, std::string name) {
  if (range.size() == 0 || range.end > text_.size()) {
    refused_ = true;
    return false;
  }
  changes_.push_back({range, std::move(name)});
  return true;
}

std::optional<Fix> FixBuilder::build(std::string title, FixSafety safety) const {
  if (refused_ || changes_.empty()) return std::nullopt;
  std::vector<Change> changes = changes_;
  std::sort(changes.begin(), changes.end(),
            [](const Change &a, const Change &b) { return a.range.begin < b.range.begin; });
  for (size_t i = 1; i < changes.size(); ++i) {
    if (changes[i].range.begin < changes[i - 1].range.end) return std::nullopt;
  }
  Fix fix;
  fix.title = std::move(title);
  fix.safety = safety;
  // Changes that share a line are diffed together: one span of whole lines
  // each, so the edits are the formatter's line edits (a deleted op stays a
  // deletion of its own lines even next to a reprinted user).
  for (size_t i = 0; i < changes.size();) {
    uint32_t begin = lineStart(text_, changes[i].range.begin);
    uint32_t end = lineEnd(text_, changes[i].range.end);
    size_t j = i + 1;
    while (j < changes.size() && lineStart(text_, changes[j].range.begin) < end) {
      end = std::max(end, lineEnd(text_, changes[j].range.end));
      ++j;
    }
    std::string after;
    uint32_t at = begin;
    for (size_t k = i; k < j; ++k) {
      after.append(text_.substr(at, changes[k].range.begin - at));
      after += changes[k].newText;
      at = changes[k].range.end;
    }
    after.append(text_.substr(at, end - at));
    if (after.empty() && begin < end) {
      // Whole lines deleted: what the line diff gives, without splitting
      // the lines (an unused 40 MB constant's function was diffed per lint).
      fix.edits.push_back({{begin, end}, ""});
      i = j;
      continue;
    }
    for (TextEdit &edit : formatter::lineEdits(text_.substr(begin, end - begin), after)) {
      edit.range.begin += begin;
      edit.range.end += begin;
      fix.edits.push_back(std::move(edit));
    }
    i = j;
  }
  if (fix.edits.empty()) return std::nullopt;
  return fix;
}

}  // namespace shlo::linter
