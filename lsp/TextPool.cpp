#include "lsp/TextPool.h"

#include <algorithm>
#include <mutex>
#include <vector>

namespace shlo::lsp {

namespace {

class TextPool {
 public:
  std::unique_ptr<std::string> take(size_t size) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto it = spares_.begin(); it != spares_.end(); ++it) {
      if ((*it)->capacity() >= size) {
        std::unique_ptr<std::string> buffer = std::move(*it);
        spares_.erase(it);
        return buffer;
      }
    }
    return std::make_unique<std::string>();
  }

  void giveBack(std::unique_ptr<std::string> buffer) {
    std::lock_guard<std::mutex> lock(mutex_);
    // Keep the largest: they fit every smaller text.
    spares_.push_back(std::move(buffer));
    if (spares_.size() > kSpareTexts) {
      auto smallest = spares_.begin();
      for (auto it = spares_.begin(); it != spares_.end(); ++it) {
        if ((*it)->capacity() < (*smallest)->capacity()) smallest = it;
      }
      spares_.erase(smallest);
    }
  }

 private:
  std::mutex mutex_;
  std::vector<std::unique_ptr<std::string>> spares_;
};

TextPool &pool() {
  // Never destroyed: a snapshot released during exit still gives its
  // buffer back.
  static TextPool *instance = new TextPool;
  return *instance;
}

}  // namespace

namespace {

/// A buffer of at least `size` bytes, filled by `fill`, shared: from the
/// pool and given back to it when large.
template <typename Fill>
std::shared_ptr<const std::string> pooled(size_t size, Fill fill) {
  if (size < kPooledTextSize) {
    auto small = std::make_shared<std::string>();
    small->reserve(size);
    fill(*small);
    return small;
  }
  std::unique_ptr<std::string> buffer = pool().take(size);
  buffer->clear();
  fill(*buffer);  // Within its capacity: no new pages.
  return std::shared_ptr<const std::string>(buffer.release(), [](const std::string *released) {
    pool().giveBack(std::unique_ptr<std::string>(const_cast<std::string *>(released)));
  });
}

}  // namespace

std::shared_ptr<const std::string> copyText(std::string_view text) {
  return pooled(text.size(), [&](std::string &out) { out.assign(text.data(), text.size()); });
}

std::shared_ptr<const std::string> splicedText(std::string_view text, size_t begin, size_t end,
                                               std::string_view insert) {
  end = std::min(end, text.size());
  begin = std::min(begin, end);
  return pooled(text.size() - (end - begin) + insert.size(), [&](std::string &out) {
    out.append(text.data(), begin);
    out.append(insert);
    out.append(text.data() + end, text.size() - end);
  });
}

}  // namespace shlo::lsp
