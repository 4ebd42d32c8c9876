#include "cli/LintReport.h"

#include <map>

#include "linter/RuleDocs.h"
#include "linter/RuleRegistry.h"
#include "semantic/diagnostics/Codes.h"

namespace shlo::cli {

namespace {

const char *sarifLevel(Severity severity) {
  switch (severity) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note:
    case Severity::Hint: return "note";
  }
  return "warning";
}

/// A URI for a path (RFC 3986): relative paths stay relative references
/// (code scanning resolves them against the checkout), absolute ones become
/// `file://` URIs; `/` separators, and characters that would end or break a
/// URI escaped.
std::string uriOf(const std::string &path) {
  std::string out = !path.empty() && path[0] == '/' ? "file://" : "";
  for (unsigned char c : path) {
    if (std::isalnum(c) || std::string_view("/-._~").find(static_cast<char>(c)) != std::string_view::npos) {
      out += static_cast<char>(c);
    } else if (c == '\\') {
      out += '/';
    } else {
      static const char *hex = "0123456789ABCDEF";
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

nlohmann::json region(const syntax::SourceFile &file, syntax::TextRange range) {
  syntax::Position start = file.position(range.begin, syntax::PositionEncoding::UTF16);
  syntax::Position end = file.position(range.end, syntax::PositionEncoding::UTF16);
  return {{"startLine", start.line + 1},
          {"startColumn", start.character + 1},
          {"endLine", end.line + 1},
          {"endColumn", end.character + 1}};
}

nlohmann::json ruleDescriptor(const linter::RuleInfo &rule) {
  std::string help = linter::ruleMarkdown(rule);
  return {{"id", std::string(rule.code)},
          {"name", std::string(rule.name)},
          {"shortDescription", {{"text", std::string(rule.summary)}}},
          {"fullDescription", {{"text", std::string(rule.summary) + ". " + std::string(rule.documentation)}}},
          {"help", {{"text", help}, {"markdown", help}}},
          {"defaultConfiguration", {{"level", sarifLevel(rule.severity)}, {"enabled", rule.enabledByDefault}}},
          {"properties", {{"tags", {linter::ruleCategoryName(rule.category)}}}}};
}

nlohmann::json codeDescriptor(const std::string &code) {
  const CodeInfo *info = findCode(code);
  std::string title = info ? info->title : code;
  std::string documentation = info ? info->documentation : title;
  return {{"id", code},
          {"shortDescription", {{"text", title}}},
          {"fullDescription", {{"text", documentation}}},
          {"help", {{"text", documentation}}},
          {"defaultConfiguration", {{"level", sarifLevel(info ? info->severity : Severity::Error)}}},
          {"properties", {{"tags", {info ? categoryName(info->category) : "check"}}}}};
}

}  // namespace

nlohmann::json sarifLog(const std::vector<LintedFile> &files, const std::string &version) {
  nlohmann::json rules = nlohmann::json::array();
  std::map<std::string, size_t> ruleIndex;
  for (const linter::Rule &rule : linter::allRules()) {
    ruleIndex[std::string(rule.info.code)] = rules.size();
    rules.push_back(ruleDescriptor(rule.info));
  }
  nlohmann::json results = nlohmann::json::array();
  nlohmann::json artifacts = nlohmann::json::array();
  for (const LintedFile &linted : files) {
    const syntax::SourceFile &file = *linted.file;
    std::string uri = uriOf(file.path());
    artifacts.push_back({{"location", {{"uri", uri}}}});
    for (const Diagnostic &d : *linted.diagnostics) {
      if (!ruleIndex.count(d.code)) {
        ruleIndex[d.code] = rules.size();
        rules.push_back(codeDescriptor(d.code));
      }
      nlohmann::json result = {
          {"ruleId", d.code},
          {"ruleIndex", ruleIndex[d.code]},
          {"level", sarifLevel(d.severity)},
          {"message", {{"text", d.message}}},
          {"locations",
           {{{"physicalLocation", {{"artifactLocation", {{"uri", uri}}}, {"region", region(file, d.range)}}}}}},
      };
      nlohmann::json fixes = nlohmann::json::array();
      for (const Fix &fix : d.fixes) {
        nlohmann::json replacements = nlohmann::json::array();
        for (const TextEdit &edit : fix.edits) {
          replacements.push_back(
              {{"deletedRegion", region(file, edit.range)}, {"insertedContent", {{"text", edit.newText}}}});
        }
        fixes.push_back({{"description", {{"text", fix.title + " (" + fixSafetyName(fix.safety) + ")"}}},
                         {"artifactChanges", {{{"artifactLocation", {{"uri", uri}}}, {"replacements", replacements}}}}});
      }
      if (!fixes.empty()) result["fixes"] = std::move(fixes);
      results.push_back(std::move(result));
    }
  }
  nlohmann::json driver = {{"name", "shlo"},
                           {"semanticVersion", version},
                           {"informationUri", "https://github.com/openxla/stablehlo"},
                           {"rules", std::move(rules)}};
  return {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
          {"version", "2.1.0"},
          {"runs",
           {{{"tool", {{"driver", std::move(driver)}}},
             {"columnKind", "utf16CodeUnits"},
             {"artifacts", std::move(artifacts)},
             {"results", std::move(results)}}}}};
}

std::string escapeGithubData(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '%') out += "%25";
    else if (c == '\r') out += "%0D";
    else if (c == '\n') out += "%0A";
    else out += c;
  }
  return out;
}

std::string escapeGithubProperty(std::string_view text) {
  std::string out;
  for (char c : escapeGithubData(text)) {
    if (c == ':') out += "%3A";
    else if (c == ',') out += "%2C";
    else out += c;
  }
  return out;
}

std::string githubAnnotations(const std::vector<LintedFile> &files) {
  std::string out;
  for (const LintedFile &linted : files) {
    const syntax::SourceFile &file = *linted.file;
    for (const Diagnostic &d : *linted.diagnostics) {
      syntax::Position start = file.position(d.range.begin, syntax::PositionEncoding::UTF16);
      syntax::Position end = file.position(d.range.end, syntax::PositionEncoding::UTF16);
      const char *command = d.severity == Severity::Error ? "error" : d.severity == Severity::Warning ? "warning"
                                                                                                     : "notice";
      out += std::string("::") + command + " file=" + escapeGithubProperty(file.path()) +
             ",line=" + std::to_string(start.line + 1) + ",col=" + std::to_string(start.character + 1) +
             ",endLine=" + std::to_string(end.line + 1) + ",endColumn=" + std::to_string(end.character + 1) +
             ",title=" + escapeGithubProperty(d.code) + "::" + escapeGithubData(d.message + " [" + d.code + "]") +
             "\n";
    }
  }
  return out;
}

}  // namespace shlo::cli
