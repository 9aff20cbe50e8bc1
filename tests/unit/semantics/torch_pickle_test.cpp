// lang/semantics/torch_pickle.h: the zip directory and the pickle subset of
// torch.save's checkpoints, on a real checkpoint (examples/data, written by
// PyTorch) and on damaged input, which must give an error, never a crash.
#include <catch2/catch.hpp>

#include "semantics/torch_pickle.h"

using namespace tcc::sem;

namespace {
PtPtr Pickle(const std::string& bytes, std::string* error) {
  PtPtr v;
  *error = ReadPickle(bytes, &v);
  return v;
}
}  // namespace

TEST_CASE("a pickled dict of numbers, strings and containers") {
  // pickle.dumps({'a': 1, 'b': [2.5, True, None], 'c': (-3, 'x')}, protocol=2)
  const unsigned char bytes[] = {128, 2, 125, 113, 0, 40, 88, 1, 0, 0, 0, 97, 113, 1, 75, 1, 88, 1, 0, 0, 0, 98, 113, 2, 93, 113, 3, 40, 71, 64, 4, 0, 0, 0, 0, 0, 0, 136, 78, 101, 88, 1, 0, 0, 0, 99, 113, 4, 74, 253, 255, 255, 255, 88, 1, 0, 0, 0, 120, 113, 5, 134, 113, 6, 117, 46};
  const std::string p(reinterpret_cast<const char*>(bytes), sizeof bytes);
  std::string e;
  PtPtr v = Pickle(p, &e);
  REQUIRE(e.empty());
  REQUIRE(v->kind == PtValue::Dict);
  REQUIRE(v->keys.size() == 3);
  CHECK(v->keys[0]->s == "a");
  CHECK(v->items[0]->i == 1);
  REQUIRE(v->items[1]->kind == PtValue::List);
  CHECK(v->items[1]->items[0]->f == 2.5);
  CHECK(v->items[1]->items[1]->b);
  CHECK(v->items[1]->items[2]->kind == PtValue::None);
  REQUIRE(v->items[2]->kind == PtValue::Tuple);
  CHECK(v->items[2]->items[0]->i == -3);
  CHECK(v->items[2]->items[1]->s == "x");
}

TEST_CASE("damaged pickles and archives are errors") {
  std::string e;
  CHECK(Pickle("", &e) == nullptr);
  CHECK(!e.empty());
  Pickle("\x80\x02K", &e);
  CHECK(e == "truncated");
  Pickle("\x80\x02(t", &e);  // a tuple, then no STOP
  CHECK(!e.empty());
  Pickle("\x80\x02h\x05.", &e);  // a memo key never set
  CHECK(!e.empty());
  Pickle("\x80\x02" "cos\nsystem\n)R.", &e);  // a global that is not torch's
  CHECK(e.find("os.system") != std::string::npos);
  std::map<std::string, ZipEntry> entries;
  CHECK(!ReadZipDirectory("PK\x03\x04 not really", &entries).empty());
  CHECK(!ReadZipDirectory(std::string(100, 'x'), &entries).empty());
}

TEST_CASE("a checkpoint written by torch.save") {
  PtFile f;
  REQUIRE(ReadPtFile(TCC_SOURCE_ROOT "/examples/data/tiny_ckpt.pt", &f) == "");
  REQUIRE(f.root->kind == PtValue::Dict);
  PtPtr model, extra;
  for (size_t i = 0; i < f.root->keys.size(); ++i) {
    if (f.root->keys[i]->s == "model") model = f.root->items[i];
    if (f.root->keys[i]->s == "extra") extra = f.root->items[i];
  }
  REQUIRE(model);
  REQUIRE(extra);
  PtPtr fc;
  for (size_t i = 0; i < model->keys.size(); ++i)
    if (model->keys[i]->s == "fc.weight") fc = model->items[i];
  REQUIRE(fc);
  CHECK(fc->kind == PtValue::Tensor);
  CHECK(fc->dtype == DType::F32);
  CHECK(fc->sizes == std::vector<int64_t>{4, 6});
  CHECK(PtStorage(f, *fc, 24) != nullptr);
  CHECK(PtStorage(f, *fc, 1 << 20) == nullptr);  // longer than its storage
  PtPtr t = extra->items[0];  // "transposed": arange(12).reshape(3, 4).t()
  CHECK(t->sizes == std::vector<int64_t>{4, 3});
  CHECK(t->strides == std::vector<int64_t>{1, 4});
  CHECK(ReadPtFile(TCC_SOURCE_ROOT "/no/such/file.pt", &f) == "cannot open");
}
