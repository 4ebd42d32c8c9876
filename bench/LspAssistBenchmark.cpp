// Figures for completion, inlay hints and semantic tokens on pt_bert
// (issue 14: completion p95 <= 10 ms, inlay hints for a visible range
// <= 5 ms, semantic tokens (full) <= 10 ms), as a client sees them: each
// request's round trip through the real `shlo lsp`.
#include "bench/LspAssistBenchmark.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace shlo::lsp::bench {

namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kTimeout = std::chrono::seconds(60);

double msSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

double percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  size_t index = static_cast<size_t>(p / 100.0 * static_cast<double>(values.size() - 1) + 0.5);
  return values[std::min(index, values.size() - 1)];
}

json position(size_t line, size_t character) { return {{"line", line}, {"character", character}}; }

struct Cursor {
  size_t line = 0;
  size_t character = 0;
};

/// Cursors of three kinds, spread over the file: right after the `%` of an
/// operand (values in scope), three letters into an op name (op names),
/// right after ` : ` (types).
void cursors(const std::string &text, std::vector<Cursor> &values, std::vector<Cursor> &names,
             std::vector<Cursor> &types) {
  size_t line = 0, begin = 0;
  while (begin < text.size()) {
    size_t end = text.find('\n', begin);
    if (end == std::string::npos) end = text.size();
    std::string_view l(text.data() + begin, end - begin);
    size_t equals = l.find(" = ");
    if (equals != std::string_view::npos && l.find("stablehlo.", equals) == equals + 3) {
      names.push_back({line, equals + 6});
      size_t use = l.find('%', equals);
      if (use != std::string_view::npos) values.push_back({line, use + 1});
      size_t colon = l.rfind(" : ");
      if (colon != std::string_view::npos) types.push_back({line, colon + 3});
    }
    begin = end + 1;
    ++line;
  }
}

std::vector<Cursor> spread(const std::vector<Cursor> &all, size_t count) {
  std::vector<Cursor> out;
  size_t step = std::max<size_t>(all.size() / count, 1);
  for (size_t i = 0; i < all.size() && out.size() < count; i += step) out.push_back(all[i]);
  return out;
}

}  // namespace

bool benchAssist(test::LspClient &client, const std::string &uri, const std::string &text) {
  std::vector<Cursor> values, names, types;
  cursors(text, values, names, types);
  if (values.size() < 100 || names.size() < 100 || types.size() < 100) {
    std::fprintf(stderr, "bench_lsp: too few cursors in the file\n");
    return false;
  }
  json document = {{"uri", uri}};
  auto timeCompletion = [&](const std::vector<Cursor> &at, size_t &items) {
    std::vector<double> times;
    items = 0;
    for (const Cursor &cursor : spread(at, 100)) {
      auto start = Clock::now();
      std::optional<json> response = client.call(
          "textDocument/completion", {{"textDocument", document}, {"position", position(cursor.line, cursor.character)}},
          kTimeout);
      times.push_back(msSince(start));
      if (!response || !(*response)["result"].is_object()) return std::vector<double>();
      items = std::max(items, (*response)["result"]["items"].size());
    }
    return times;
  };
  size_t valueItems = 0, nameItems = 0, typeItems = 0;
  std::vector<double> valueTimes = timeCompletion(values, valueItems);
  std::vector<double> nameTimes = timeCompletion(names, nameItems);
  std::vector<double> typeTimes = timeCompletion(types, typeItems);
  if (valueTimes.empty() || nameTimes.empty() || typeTimes.empty()) {
    std::fprintf(stderr, "bench_lsp: a completion failed\n");
    return false;
  }
  std::vector<double> all = valueTimes;
  all.insert(all.end(), nameTimes.begin(), nameTimes.end());
  all.insert(all.end(), typeTimes.begin(), typeTimes.end());
  std::printf("completion: p50 %.2f ms, p95 %.2f ms (%zu requests); values after %% p95 %.2f ms (up to %zu items), "
              "op names p95 %.2f ms (%zu items), types p95 %.2f ms (%zu items)\n",
              percentile(all, 50), percentile(all, 95), all.size(), percentile(valueTimes, 95), valueItems,
              percentile(nameTimes, 95), nameItems, percentile(typeTimes, 95), typeItems);

  // Inlay hints for a screenful (60 lines) at 100 places.
  size_t lines = static_cast<size_t>(std::count(text.begin(), text.end(), '\n'));
  std::vector<double> hintTimes;
  size_t hints = 0;
  for (size_t i = 0; i < 100; ++i) {
    size_t first = i * (lines - 60) / 100;
    auto start = Clock::now();
    std::optional<json> response =
        client.call("textDocument/inlayHint",
                    {{"textDocument", document}, {"range", {{"start", position(first, 0)}, {"end", position(first + 60, 0)}}}},
                    kTimeout);
    hintTimes.push_back(msSince(start));
    if (!response || !(*response)["result"].is_array()) {
      std::fprintf(stderr, "bench_lsp: inlayHint failed\n");
      return false;
    }
    hints += (*response)["result"].size();
  }
  std::printf("inlay hints for 60 lines: p50 %.2f ms, p95 %.2f ms (100 requests, %.1f hints each)\n",
              percentile(hintTimes, 50), percentile(hintTimes, 95), static_cast<double>(hints) / 100.0);

  std::vector<double> tokenTimes, tokenArrivals;
  for (int i = 0; i < 20; ++i) {
    auto start = Clock::now();
    std::optional<json> response = client.call("textDocument/semanticTokens/full", {{"textDocument", document}}, kTimeout);
    tokenTimes.push_back(msSince(start));
    tokenArrivals.push_back(std::chrono::duration<double, std::milli>(client.lastArrival() - start).count());
    if (!response || !(*response)["result"].is_object()) {
      std::fprintf(stderr, "bench_lsp: semanticTokens/full failed\n");
      return false;
    }
  }
  std::printf("semanticTokens/full: p50 %.2f ms, p95 %.2f ms (20 requests of one snapshot); to the response's last byte, "
              "before this client's JSON parse: p50 %.2f ms, p95 %.2f ms\n",
              percentile(tokenTimes, 50), percentile(tokenTimes, 95), percentile(tokenArrivals, 50),
              percentile(tokenArrivals, 95));
  return true;
}

}  // namespace shlo::lsp::bench
