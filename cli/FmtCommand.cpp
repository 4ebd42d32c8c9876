// `shlo fmt`: formats files as stablehlo-opt prints them, keeping comments,
// blank lines and names (formatter/Formatter.h).
#include <atomic>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "cli/Commands.h"
#include "cli/HugePageHeap.h"
#include "formatter/FileUpdate.h"
#include "formatter/Formatter.h"
#include "formatter/UnifiedDiff.h"
#include "semantic/diagnostics/TextEdits.h"
#include "semantic/syntax/SourceFile.h"
#include "support/Sanitizers.h"

namespace shlo::cli {

namespace {

struct FmtOptions {
  std::vector<std::string> paths;
  bool inPlace = false;
  bool check = false;
  bool diff = false;
  bool generic = false;
  bool pretty = false;
  bool unchecked = false;
  std::string range;  // `FIRST:LAST`, 1-based lines, inclusive.
  int jobs = 1;
};

/// Whether the last files' syntax trees and IR are left to the process's
/// exit rather than freed one node at a time (4% of formatting pt_bert).
/// Not under AddressSanitizer, whose leak check should see them freed.
constexpr bool kSkipTeardown = !kAddressSanitizer;

/// The files `paths` name: files as given, folders searched for `*.mlir`
/// (sorted, so output order is stable).
std::vector<std::string> expand(const std::vector<std::string> &paths, int &status) {
  std::vector<std::string> files;
  for (const std::string &path : paths) {
    std::error_code ec;
    if (path != "-" && std::filesystem::is_directory(path, ec)) {
      std::vector<std::string> found;
      for (auto it = std::filesystem::recursive_directory_iterator(path, ec);
           !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
        if (it->is_regular_file(ec) && it->path().extension() == ".mlir") found.push_back(it->path().string());
      }
      if (ec) {
        std::cerr << path << ": error: cannot read folder: " << ec.message() << "\n";
        status = 2;
      }
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
    } else {
      files.push_back(path);
    }
  }
  return files;
}

int runFmt(const FmtOptions &options) {
  heapInHugePagesForInputs(options.paths);
  if (options.generic && options.pretty) {
    std::cerr << "shlo fmt: error: --generic and --pretty exclude each other\n";
    return 2;
  }
  if (options.inPlace && (options.check || options.diff)) {
    std::cerr << "shlo fmt: error: " << (options.check ? "--check" : "--diff") << " and -i exclude each other\n";
    return 2;
  }
  // A file-size limit (RLIMIT_FSIZE) must fail a write, not kill shlo with
  // the original half replaced (it never is: writes go to a temporary file).
  std::signal(SIGXFSZ, SIG_IGN);
  int status = 0;
  formatter::FormatOptions formatOptions;
  formatOptions.generic = options.generic;
  formatOptions.checkRoundTrip = !options.unchecked;
  unsigned first = 0, last = 0;
  if (!options.range.empty() &&
      (std::sscanf(options.range.c_str(), "%u:%u", &first, &last) != 2 || first == 0 || last < first)) {
    std::cerr << "shlo fmt: error: --range takes FIRST:LAST (1-based lines)\n";
    return 2;
  }
  if (options.jobs < 1 || options.jobs > 256) {
    std::cerr << "shlo fmt: error: --jobs takes 1..256\n";
    return 2;
  }
  struct Job {
    std::string path, text, readError;
    bool read = false;
    formatter::FormatResult result;
    // The last batch's trees and IR, left to the process's exit.
    std::vector<std::shared_ptr<void>> retained;
  };
  // Formats one file (read, format, range): what the worker threads run.
  auto work = [&](Job &job, bool lastBatch) {
    job.read = syntax::readFile(job.path, job.text, job.readError);
    if (!job.read) return;
    formatter::FormatResult &result = job.result;
    formatter::FormatOptions own = formatOptions;
    if (lastBatch && kSkipTeardown) own.retain = &job.retained;
    result = formatter::formatDocument(job.text, own);
    if (result.ok && !options.range.empty()) {
      // Only the changed lines that overlap the range, checked again as a
      // whole (a partial format must hold the same program too).
      std::vector<TextEdit> edits = formatter::formatRange(job.text, first - 1, last - 1, formatOptions);
      EditResult partial = applyEdits(job.text, edits);
      std::optional<std::string> difference =
          partial.ok() ? formatter::compareTexts(job.text, partial.text) : std::optional<std::string>(partial.error);
      if (difference) {
        result.ok = false;
        result.error = *difference;
      } else {
        result.text = partial.text;
        result.inputDiffers = partial.text != job.text;
      }
    }
  };
  std::vector<std::string> paths = expand(options.paths, status);
  size_t reformatted = 0, unchanged = 0;
  // Batches bound the memory held; reports keep the files' order.
  size_t batchSize = static_cast<size_t>(options.jobs) * 8;
  for (size_t batchStart = 0; batchStart < paths.size(); batchStart += batchSize) {
    std::vector<Job> jobs(std::min(batchSize, paths.size() - batchStart));
    for (size_t i = 0; i < jobs.size(); ++i) jobs[i].path = paths[batchStart + i];
    bool lastBatch = batchStart + jobs.size() == paths.size();
    if (options.jobs == 1 || jobs.size() == 1) {
      for (Job &job : jobs) work(job, lastBatch);
    } else {
      std::atomic<size_t> next{0};
      std::vector<std::thread> threads;
      for (int t = 0; t < options.jobs; ++t) {
        threads.emplace_back([&] {
          for (size_t i = next++; i < jobs.size(); i = next++) work(jobs[i], lastBatch);
        });
      }
      for (std::thread &t : threads) t.join();
    }
    for (Job &job : jobs) {
      const std::string &path = job.path;
      const std::string &text = job.text;
      std::string error;
      if (!job.read) {
        std::cerr << path << ": error: " << job.readError << "\n";
        status = 2;
        continue;
      }
      formatter::FormatResult &result = job.result;
      if (!result.ok) {
        // `line:col: message` -> `path:line:col: error: message`.
        size_t at = result.error.find(": ");
        std::cerr << path << ":"
                  << (at == std::string::npos ? result.error
                                              : result.error.substr(0, at) + ": error: " + result.error.substr(at + 2))
                  << "\n";
        status = std::max(status, 1);
        continue;
      }
      if (options.diff) {
        // As `ruff format --diff`: the diffs on stdout, exit 1 when any
        // file would change, a count on stderr.
        if (result.changed()) {
          std::string name = path == "-" ? "<stdin>" : path;
          std::cout << formatter::unifiedDiff(text, result.text, name, name);
          ++reformatted;
          status = std::max(status, 1);
        } else {
          ++unchanged;
        }
        continue;
      }
      if (options.check) {
        if (result.changed()) {
          std::cout << path << ": would be reformatted\n";
          status = std::max(status, 1);
        }
        continue;
      }
      if (!options.inPlace || path == "-") {
        std::cout << result.text;
        continue;
      }
      if (!result.changed()) continue;
      if (!formatter::replaceFile(path, text, result.text, error)) {
        std::cerr << path << ": error: " << error << "\n";
        status = 2;
      }
    }
    if (lastBatch && kSkipTeardown) {
      // Reachable from a static: still reachable, not lost, to a leak check.
      static auto *atExit = new std::vector<std::shared_ptr<void>>;
      for (Job &job : jobs) atExit->insert(atExit->end(), job.retained.begin(), job.retained.end());
    }
  }
  if (options.diff) {
    auto files = [](size_t n) { return std::to_string(n) + (n == 1 ? " file" : " files"); };
    if (reformatted > 0) std::cerr << files(reformatted) << " would be reformatted" << (unchanged > 0 ? ", " : "\n");
    if (unchanged > 0) std::cerr << files(unchanged) << " already formatted\n";
  }
  std::cout.flush();
  if (!std::cout) {
    std::cerr << "shlo fmt: error: cannot write the output\n";
    return 2;
  }
  return status;
}

}  // namespace

void registerFmtCommand(CLI::App &app, int &exitCode) {
  auto options = std::make_shared<FmtOptions>();
  CLI::App *fmt = app.add_subcommand(
      "fmt", "Format StableHLO files as stablehlo-opt prints them, keeping comments, blank lines and names");
  fmt->add_option("paths", options->paths, "Files or folders (searched for *.mlir); - reads stdin")->required();
  fmt->add_flag("-i,--in-place", options->inPlace, "Rewrite the files (atomically; the original kept on any error)");
  fmt->add_flag("--check", options->check, "Write nothing; exit 1 and name each file that would change");
  fmt->add_flag("--diff", options->diff,
                "Write nothing; print a unified diff of each file that would change and exit 1 if any would");
  fmt->add_flag("--generic", options->generic, "Print every op in MLIR's generic form");
  fmt->add_flag("--pretty", options->pretty, "Print each op in its pretty form where it has one (the default)");
  fmt->add_option("--jobs", options->jobs, "Format N files at a time (default 1)");
  fmt->add_option("--range", options->range, "Format only the lines FIRST:LAST (1-based, inclusive)");
  // For debugging the formatter: print without the round-trip check.
  fmt->add_flag("--unchecked", options->unchecked)->group("");
  fmt->callback([options, &exitCode] { exitCode = runFmt(*options); });
}

}  // namespace shlo::cli
