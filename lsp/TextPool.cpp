#include "lsp/TextPool.h"

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

std::shared_ptr<const std::string> copyText(std::string_view text) {
  if (text.size() < kPooledTextSize) return std::make_shared<const std::string>(text);
  std::unique_ptr<std::string> buffer = pool().take(text.size());
  buffer->assign(text.data(), text.size());  // Within its capacity: no new pages.
  return std::shared_ptr<const std::string>(buffer.release(), [](const std::string *released) {
    pool().giveBack(std::unique_ptr<std::string>(const_cast<std::string *>(released)));
  });
}

}  // namespace shlo::lsp
