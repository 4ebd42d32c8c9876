#include "interpreter/io/Npz.h"

#include <unistd.h>
#include <zip.h>

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

struct ArchiveCloser {
  void operator()(zip_t *z) const { zip_discard(z); }
};

}  // namespace

std::vector<Member> read(const std::string &path) {
  int code = 0;
  std::unique_ptr<zip_t, ArchiveCloser> archive(zip_open(path.c_str(), ZIP_RDONLY, &code));
  if (!archive) throw npy::NpyError(path + ": cannot open .npz archive: " + zipMessage(code));
  std::vector<Member> out;
  zip_int64_t count = zip_get_num_entries(archive.get(), 0);
  for (zip_int64_t i = 0; i < count; ++i) {
    zip_stat_t st;
    zip_stat_init(&st);
    if (zip_stat_index(archive.get(), static_cast<zip_uint64_t>(i), 0, &st) != 0 || !(st.valid & ZIP_STAT_NAME) ||
        !(st.valid & ZIP_STAT_SIZE)) {
      throw npy::NpyError(path + ": cannot read member #" + std::to_string(i) + ": " + zip_strerror(archive.get()));
    }
    std::string name = st.name;
    if (!name.empty() && name.back() == '/') continue;  // a folder entry
    Member m;
    m.key = name.size() > 4 && name.compare(name.size() - 4, 4, ".npy") == 0 ? name.substr(0, name.size() - 4) : name;
    zip_file_t *file = zip_fopen_index(archive.get(), static_cast<zip_uint64_t>(i), 0);
    if (!file) throw npy::NpyError(path + ": cannot read member " + name + ": " + zip_strerror(archive.get()));
    m.bytes.resize(st.size);
    zip_int64_t got = st.size ? zip_fread(file, m.bytes.data(), st.size) : 0;
    zip_fclose(file);
    if (got < 0 || static_cast<zip_uint64_t>(got) != st.size) {
      throw npy::NpyError(path + ": member " + name + " is truncated or corrupt");
    }
    out.push_back(std::move(m));
  }
  return out;
}

void write(const std::string &path, const std::vector<std::pair<std::string, Tensor>> &tensors) {
  std::string temp = path + ".tmp" + std::to_string(::getpid());
  std::remove(temp.c_str());
  int code = 0;
  zip_t *archive = zip_open(temp.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &code);
  if (!archive) throw npy::NpyError(path + ": cannot write .npz archive: " + zipMessage(code));
  // libzip reads the sources when the archive is closed: keep the bytes alive.
  std::vector<std::string> images;
  images.reserve(tensors.size());
  auto fail = [&](const std::string &message) {
    zip_discard(archive);
    std::remove(temp.c_str());
    throw npy::NpyError(path + ": cannot write .npz archive: " + message);
  };
  for (const auto &[key, tensor] : tensors) {
    images.push_back(npy::serialize(tensor));
    zip_source_t *source = zip_source_buffer(archive, images.back().data(), images.back().size(), 0);
    if (!source) fail(zip_strerror(archive));
    zip_int64_t index = zip_file_add(archive, (key + ".npy").c_str(), source, ZIP_FL_ENC_UTF_8);
    if (index < 0) {
      zip_source_free(source);
      fail(zip_strerror(archive));
    }
    zip_set_file_compression(archive, static_cast<zip_uint64_t>(index), ZIP_CM_STORE, 0);
  }
  if (zip_close(archive) != 0) fail(zip_strerror(archive));
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    std::remove(temp.c_str());
    throw npy::NpyError(path + ": cannot write .npz archive: rename failed");
  }
}

}  // namespace shlo::interpreter::npz
