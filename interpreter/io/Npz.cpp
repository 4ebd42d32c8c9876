#include "interpreter/io/Npz.h"

#include <zip.h>

#include <algorithm>
#include <cstdio>
#include <memory>

#include "interpreter/io/Npy.h"

namespace shlo::interpreter::npz {

namespace {

std::string zipMessage(int code) {
  zip_error_t error;
  zip_error_init_with_code(&error, code);
  std::string message = zip_error_strerror(&error);
  zip_error_fini(&error);
  return message;
}

struct FileCloser {
  void operator()(zip_file_t *f) const { zip_fclose(f); }
};

}  // namespace

struct Archive::Handle {
  zip_t *zip = nullptr;
  ~Handle() {
    if (zip) zip_discard(zip);
  }
};

Archive::Archive(const std::string &path) : path_(path), handle_(std::make_unique<Handle>()) {
  int code = 0;
  handle_->zip = zip_open(path.c_str(), ZIP_RDONLY, &code);
  if (!handle_->zip) throw npy::NpyError(path + ": cannot open .npz archive: " + zipMessage(code));
  readDirectory();
}

Archive::Archive(std::string_view bytes, const std::string &what) : path_(what), handle_(std::make_unique<Handle>()) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t *source = zip_source_buffer_create(bytes.data(), bytes.size(), 0, &error);
  if (source) {
    handle_->zip = zip_open_from_source(source, ZIP_RDONLY, &error);
    if (!handle_->zip) zip_source_free(source);
  }
  if (!handle_->zip) {
    std::string message = zip_error_strerror(&error);
    zip_error_fini(&error);
    throw npy::NpyError(what + ": cannot open .npz archive: " + message);
  }
  readDirectory();
}

void Archive::readDirectory() {
  const std::string &path = path_;
  zip_int64_t count = zip_get_num_entries(handle_->zip, 0);
  for (zip_int64_t i = 0; i < count; ++i) {
    zip_stat_t st;
    zip_stat_init(&st);
    if (zip_stat_index(handle_->zip, static_cast<zip_uint64_t>(i), 0, &st) != 0 || !(st.valid & ZIP_STAT_NAME) ||
        !(st.valid & ZIP_STAT_SIZE)) {
      throw npy::NpyError(path + ": cannot read member #" + std::to_string(i) + ": " + zip_strerror(handle_->zip));
    }
    std::string name = st.name;
    if (!name.empty() && name.back() == '/') continue;  // a folder entry
    Entry e;
    e.key = name.size() > 4 && name.compare(name.size() - 4, 4, ".npy") == 0 ? name.substr(0, name.size() - 4) : name;
    e.name = std::move(name);
    e.size = st.size;
    e.index = static_cast<uint64_t>(i);
    entries_.push_back(std::move(e));
  }
}

Archive::~Archive() = default;

std::string Archive::read(const Entry &entry, uint64_t maxBytes) const {
  std::string what = path_ + ": member " + entry.name;
  // The directory's claim is checked first: nothing is allocated or
  // inflated for a member larger than its reader expects.
  if (entry.size > maxBytes) {
    throw npy::NpyError(what + " is " + std::to_string(entry.size) + " bytes, more than the " + std::to_string(maxBytes) +
                        " bytes expected");
  }
  std::unique_ptr<zip_file_t, FileCloser> file(zip_fopen_index(handle_->zip, entry.index, 0));
  if (!file) throw npy::NpyError(what + ": cannot read it: " + zip_strerror(handle_->zip));
  std::string bytes(static_cast<size_t>(entry.size), '\0');
  zip_int64_t got = entry.size ? zip_fread(file.get(), bytes.data(), entry.size) : 0;
  if (got < 0 || static_cast<zip_uint64_t>(got) != entry.size) throw npy::NpyError(what + " is truncated or corrupt");
  // Reading past the end makes libzip check the CRC; data that goes on is
  // not the member the directory describes.
  char extra;
  if (zip_fread(file.get(), &extra, 1) != 0) {
    throw npy::NpyError(what + " is corrupt (its data does not match its directory entry)");
  }
  return bytes;
}

std::vector<Member> read(const std::string &path) {
  Archive archive(path);
  uint64_t perMember = npy::defaultMaxImageBytes();
  uint64_t total = 0, budget = static_cast<uint64_t>(MemoryBudget::limit());
  std::vector<Member> out;
  for (const Archive::Entry &e : archive.entries()) {
    total += std::min(e.size, perMember);
    if (total > budget + perMember) {
      throw npy::NpyError(path + ": members add up to more than the memory budget of " + std::to_string(budget) + " bytes");
    }
    out.push_back(Member{e.key, archive.read(e, perMember)});
  }
  return out;
}

void write(const std::string &path, const std::vector<std::pair<std::string, Tensor>> &tensors) {
  auto fail = [&](const std::string &message) { throw npy::NpyError(path + ": cannot write .npz archive: " + message); };
  // The archive is built in memory and written like any other output, so
  // that it gets the same protection against planted files and symlinks.
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t *buffer = zip_source_buffer_create(nullptr, 0, 0, &error);
  if (!buffer) fail(zip_error_strerror(&error));
  zip_t *archive = zip_open_from_source(buffer, ZIP_TRUNCATE, &error);
  if (!archive) {
    zip_source_free(buffer);
    fail(zip_error_strerror(&error));
  }
  zip_source_keep(buffer);  // the bytes are read back after zip_close
  std::unique_ptr<zip_source_t, void (*)(zip_source_t *)> keep(buffer, zip_source_free);
  // libzip reads the sources when the archive is closed: keep the bytes alive.
  std::vector<std::string> images;
  images.reserve(tensors.size());
  for (const auto &[key, tensor] : tensors) {
    images.push_back(npy::serialize(tensor));
    zip_source_t *source = zip_source_buffer(archive, images.back().data(), images.back().size(), 0);
    zip_int64_t index = source ? zip_file_add(archive, (key + ".npy").c_str(), source, ZIP_FL_ENC_UTF_8) : -1;
    if (index < 0) {
      if (source) zip_source_free(source);
      std::string message = zip_strerror(archive);
      zip_discard(archive);
      fail(message);
    }
    zip_set_file_compression(archive, static_cast<zip_uint64_t>(index), ZIP_CM_STORE, 0);
  }
  if (zip_close(archive) != 0) {
    std::string message = zip_strerror(archive);
    zip_discard(archive);
    fail(message);
  }
  zip_stat_t st;
  zip_stat_init(&st);
  if (zip_source_stat(buffer, &st) != 0 || !(st.valid & ZIP_STAT_SIZE) || zip_source_open(buffer) != 0) {
    fail("cannot read the archive back from memory");
  }
  std::string bytes(static_cast<size_t>(st.size), '\0');
  zip_int64_t got = st.size ? zip_source_read(buffer, bytes.data(), st.size) : 0;
  zip_source_close(buffer);
  if (got < 0 || static_cast<zip_uint64_t>(got) != st.size) fail("cannot read the archive back from memory");
  npy::writeFileAtomically(path, bytes);
}

}  // namespace shlo::interpreter::npz
