// The .npy / .npz reader and writer: round trips for every dtype, the header
// forms NumPy writes (versions 1.0-3.0, big-endian data), and clear errors
// for malformed headers, truncated data, Fortran order and wrong dtypes.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>

#include "interpreter/DenseLiteral.h"
#include "interpreter/io/Npy.h"
#include "interpreter/io/Npz.h"

using namespace shlo;
using namespace shlo::interpreter;

namespace {

ir::Type tensorType(std::vector<int64_t> shape, ir::ElementType e) { return ir::Type::tensor(std::move(shape), e); }
ir::ElementType f32() { return ir::ElementType::floating(ir::FloatFormat::F32); }

/// A hand-written .npy image: format 1.0 unless told, header as given.
std::string image(const std::string &dict, const std::string &data, int major = 1) {
  std::string out = "\x93NUMPY";
  out += static_cast<char>(major);
  out += '\0';
  std::string header = dict + "\n";
  size_t n = header.size();
  int lengthBytes = major == 1 ? 2 : 4;
  for (int i = 0; i < lengthBytes; ++i) out += static_cast<char>((n >> (8 * i)) & 0xff);
  return out + header + data;
}

std::string errorOf(const std::function<void()> &f) {
  try {
    f();
  } catch (const npy::NpyError &e) {
    return e.what();
  }
  return "(no error)";
}

std::string tempDir() {
  std::string dir = std::filesystem::temp_directory_path() / ("shlo-npy-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  return dir;
}

struct Case {
  const char *literal;
  ir::Type type;
  const char *dtype;
};

}  // namespace

TEST(Npy, RoundTripsEveryDtype) {
  using ir::ElementType;
  using ir::FloatFormat;
  std::vector<Case> cases = {
      {"[true, false, true]", tensorType({3}, ElementType::integer(1)), "|b1"},
      {"[-128, 0, 127]", tensorType({3}, ElementType::integer(8)), "|i1"},
      {"[[-32768, 1], [2, 32767]]", tensorType({2, 2}, ElementType::integer(16)), "<i2"},
      {"[-2147483648, 2147483647]", tensorType({2}, ElementType::integer(32)), "<i4"},
      {"[-9223372036854775808, 9223372036854775807]", tensorType({2}, ElementType::integer(64)), "<i8"},
      {"[0, 255]", tensorType({2}, ElementType::integer(8, ir::Signedness::Unsigned)), "|u1"},
      {"[0, 65535]", tensorType({2}, ElementType::integer(16, ir::Signedness::Unsigned)), "<u2"},
      {"[0, 4294967295]", tensorType({2}, ElementType::integer(32, ir::Signedness::Unsigned)), "<u4"},
      {"[0, 18446744073709551615]", tensorType({2}, ElementType::integer(64, ir::Signedness::Unsigned)), "<u8"},
      {"[1.5, -65504.0, 0.0]", tensorType({3}, ElementType::floating(FloatFormat::F16)), "<f2"},
      {"[1.5, -3.0e38, 0.0]", tensorType({3}, ElementType::floating(FloatFormat::BF16)), "<u2"},
      {"[[1.5, -2.25e-38], [3.4e38, 0.0]]", tensorType({2, 2}, f32()), "<f4"},
      {"[1.0e308, -5.0e-324]", tensorType({2}, ElementType::floating(FloatFormat::F64)), "<f8"},
      {"[(1.5, -2.0), (0.0, 3.0)]", tensorType({2}, ElementType::complex(FloatFormat::F32)), "<c8"},
      {"[(1.5, -2.0)]", tensorType({1}, ElementType::complex(FloatFormat::F64)), "<c16"},
      {"7", tensorType({}, ElementType::integer(32)), "<i4"},
      {"[]", tensorType({0, 3}, f32()), "<f4"},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(c.type.str());
    Tensor t = decodeDenseLiteral(c.literal, c.type);
    std::string bytes = npy::serialize(t);
    // The data starts at a multiple of 64 bytes, as NumPy writes it.
    npy::Array a = npy::parse(bytes, "mem");
    EXPECT_EQ(a.descr(), c.dtype);
    EXPECT_EQ(a.shape, c.type.shape());
    EXPECT_EQ((bytes.size() - a.data.size()) % 64, 0u);
    Tensor back = npy::toTensor(a, c.type, "mem");
    EXPECT_EQ(back.str(), t.str());
    ASSERT_EQ(back.numElements(), t.numElements());
    if (t.numElements() > 0) {
      EXPECT_EQ(std::memcmp(back.bytes(), t.bytes(), static_cast<size_t>(t.numElements()) * storageSize(t.kind())), 0);
    }
  }
}

TEST(Npy, WritesTheHeaderNumPyWrites) {
  Tensor t = decodeDenseLiteral("[[1, 2, 3], [4, 5, 6]]", tensorType({2, 3}, ir::ElementType::integer(32)));
  std::string bytes = npy::serialize(t);
  EXPECT_EQ(bytes.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
  EXPECT_NE(bytes.find("{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), }"), std::string::npos);
  Tensor v = decodeDenseLiteral("[1]", tensorType({1}, f32()));
  EXPECT_NE(npy::serialize(v).find("'shape': (1,)"), std::string::npos);
  Tensor s = decodeDenseLiteral("1.0", tensorType({}, f32()));
  EXPECT_NE(npy::serialize(s).find("'shape': ()"), std::string::npos);
}

TEST(Npy, ReadsVersionsTwoAndThreeAndBigEndian) {
  std::string le("\x01\x00\x02\x00", 4), be("\x00\x01\x00\x02", 4);
  ir::Type t = tensorType({2}, ir::ElementType::integer(16));
  for (int major : {1, 2, 3}) {
    Tensor x = npy::toTensor(npy::parse(image("{'descr': '<i2', 'fortran_order': False, 'shape': (2,)}", le, major), "m"), t, "m");
    EXPECT_EQ(x.intAt(0), 1);
    EXPECT_EQ(x.intAt(1), 2);
  }
  Tensor y = npy::toTensor(npy::parse(image("{\"shape\": (2L,), \"fortran_order\": False, \"descr\": \">i2\"}", be), "m"), t, "m");
  EXPECT_EQ(y.intAt(0), 1);
  EXPECT_EQ(y.intAt(1), 2);
  // Big-endian complex: each part swapped on its own.
  std::string c("\x3f\xc0\x00\x00\xc0\x00\x00\x00", 8);  // (1.5, -2.0)
  Tensor z = npy::toTensor(npy::parse(image("{'descr': '>c8', 'fortran_order': False, 'shape': (1,)}", c), "m"),
                           tensorType({1}, ir::ElementType::complex(ir::FloatFormat::F32)), "m");
  EXPECT_EQ(z.data<std::complex<float>>()[0], std::complex<float>(1.5f, -2.0f));
  // bf16 reads NumPy's void form of ml_dtypes' bfloat16 as bit patterns.
  Tensor b = npy::toTensor(npy::parse(image("{'descr': '<V2', 'fortran_order': False, 'shape': (1,)}", std::string("\xc0\x3f", 2)), "m"),
                           tensorType({1}, ir::ElementType::floating(ir::FloatFormat::BF16)), "m");
  EXPECT_EQ(b.data<float>()[0], 1.5f);
}

TEST(Npy, MalformedFilesGetClearErrors) {
  std::string four(16, '\0');
  auto parseError = [](const std::string &bytes) { return errorOf([&] { npy::parse(bytes, "x.npy"); }); };
  EXPECT_NE(parseError("PK\x03\x04 not numpy").find("x.npy: not a .npy file"), std::string::npos);
  EXPECT_NE(parseError(std::string("\x93NUMPY\x04\x00", 8)).find("unsupported .npy format version 4.0"), std::string::npos);
  EXPECT_NE(parseError(std::string("\x93NUMPY\x01\x00\xff\x00{'descr'", 18)).find("truncated .npy file (the header says 255 bytes"),
            std::string::npos);
  EXPECT_NE(parseError(image("{'descr': '<f4', 'fortran_order': False, 'shape': (2,", four)).find("malformed .npy header"),
            std::string::npos);
  EXPECT_NE(parseError(image("{'descr': '<f4', 'shape': (2,)}", four)).find("lacks 'fortran_order'"), std::string::npos);
  EXPECT_NE(parseError(image("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 2)}", four)).find("Fortran order"),
            std::string::npos);
  EXPECT_NE(parseError(image("{'descr': '<U3', 'fortran_order': False, 'shape': (1,)}", four)).find("unsupported dtype '<U3'"),
            std::string::npos);
  EXPECT_NE(parseError(image("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (1,)}", four)).find("malformed"),
            std::string::npos);
  EXPECT_NE(parseError(image("{'descr': '<f4', 'fortran_order': False, 'shape': (2, -1)}", four)).find("non-negative integer"),
            std::string::npos);
  EXPECT_NE(parseError(image("{'descr': '<f4', 'fortran_order': False, 'shape': (4000000000, 4000000000, 4000000000)}", four))
                .find("too large"),
            std::string::npos);
  std::string truncated = parseError(image("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3)}", four));
  EXPECT_NE(truncated.find("truncated .npy data: shape (2, 3) of '<f4' needs 24 bytes, the file has 16"), std::string::npos)
      << truncated;
  EXPECT_NE(parseError(image("{'descr': '<f4', 'fortran_order': False, 'shape': (3,)}", four)).find("4 unexpected bytes"),
            std::string::npos);
}

TEST(Npy, WrongDtypeOrShapeIsAClearError) {
  Tensor t = decodeDenseLiteral("[1, 2]", tensorType({2}, ir::ElementType::integer(32)));
  std::string bytes = npy::serialize(t);
  npy::Array a = npy::parse(bytes, "in.npy");
  std::string dtype = errorOf([&] { npy::toTensor(a, tensorType({2}, f32()), "in.npy"); });
  EXPECT_EQ(dtype, "in.npy: dtype '<i4' does not match the element type f32 (expected '<f4')");
  std::string shape = errorOf([&] { npy::toTensor(a, tensorType({1, 2}, ir::ElementType::integer(32)), "in.npy"); });
  EXPECT_EQ(shape, "in.npy: shape (2,) does not match tensor<1x2xi32> (expected shape (1, 2))");
  std::string missing = errorOf([] { npy::readFile("/nonexistent/in.npy"); });
  EXPECT_NE(missing.find("/nonexistent/in.npy: cannot open file"), std::string::npos);
}

TEST(Npy, WritesFilesAtomicallyAndNpzRoundTrips) {
  std::string dir = tempDir();
  Tensor a = decodeDenseLiteral("[[1.5, 2.5]]", tensorType({1, 2}, f32()));
  Tensor b = decodeDenseLiteral("[true, false]", tensorType({2}, ir::ElementType::integer(1)));
  npy::writeTensor(dir + "/a.npy", a);
  EXPECT_EQ(npy::readTensor(dir + "/a.npy", a.type()).str(), a.str());
  // No temporary file is left behind.
  size_t files = 0;
  for (auto &entry : std::filesystem::directory_iterator(dir)) files += entry.is_regular_file();
  EXPECT_EQ(files, 1u);
  EXPECT_NE(errorOf([&] { npy::writeTensor(dir + "/no/such/dir/a.npy", a); }).find("cannot write file"), std::string::npos);

  npz::write(dir + "/both.npz", {{"weights", a}, {"mask", b}});
  std::vector<npz::Member> members = npz::read(dir + "/both.npz");
  ASSERT_EQ(members.size(), 2u);
  EXPECT_EQ(members[0].key, "weights");
  EXPECT_EQ(members[1].key, "mask");
  EXPECT_EQ(npy::toTensor(npy::parse(members[0].bytes, "w"), a.type(), "w").str(), a.str());
  EXPECT_EQ(npy::toTensor(npy::parse(members[1].bytes, "m"), b.type(), "m").str(), b.str());
  EXPECT_NE(errorOf([&] { npz::read(dir + "/missing.npz"); }).find("missing.npz: cannot open .npz archive"), std::string::npos);
  npy::writeFileAtomically(dir + "/bad.npz", "not a zip archive at all");
  EXPECT_NE(errorOf([&] { npz::read(dir + "/bad.npz"); }).find("bad.npz: cannot open .npz archive"), std::string::npos);
  std::filesystem::remove_all(dir);
}
