#include "ide/AnalyzedFile.h"

namespace shlo::ide {

std::unique_ptr<AnalyzedFile> AnalyzedFile::analyze(std::string path, std::string text) {
  // Parsers are not thread-safe and cheap to keep: one per thread.
  thread_local syntax::Parser parser;
  auto file = std::make_unique<AnalyzedFile>(std::move(path), std::move(text));
  file->analysis = analysis::analyze(parser, file->file.text());
  file->buildIndex();
  return file;
}

}  // namespace shlo::ide
