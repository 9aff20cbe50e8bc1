// Implements ReadNpyType: the dtype and rank of a .npy file found at compile
// time, so tensors that `load` reads at run time get a known rank and dtype
// (their sizes stay symbolic: the data may differ at run time; guards check).
#include <fstream>

#include "semantics/npy_header.h"
#include "semantics/torch_pickle.h"
#include "trace/tracer.h"

namespace tcc::trace {

std::optional<graph::TensorType> ReadNpyType(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  sem::NpyHeader h;  // the runtime's parser (lang/semantics/npy_header.h)
  if (!sem::ReadNpyHeader(in, &h).empty()) return std::nullopt;
  graph::TensorType t;
  t.dtype = h.dtype;
  for (int64_t d : h.shape) t.shape.push_back(graph::Dim::Static(d));
  return t;
}

namespace {
ValuePtr PtValueOf(const sem::PtPtr& v) {
  using K = sem::PtValue::Kind;
  switch (v->kind) {
    case K::None: return MakeNone();
    case K::Bool: return MakeBool(v->b);
    case K::Int: return MakeInt(v->i);
    case K::Float: return MakeFloat(v->f);
    case K::Str: return MakeStr(v->s);
    case K::List: case K::Tuple: case K::Dict: {
      auto r = MakeSeq(v->kind == K::List ? VK::List : v->kind == K::Tuple ? VK::Tuple : VK::Dict, {});
      for (const auto& k : v->keys) r->keys.push_back(PtValueOf(k));
      for (const auto& x : v->items) r->items.push_back(PtValueOf(x));
      return r;
    }
    case K::Tensor: {  // the file's dtype and sizes (a model's shapes; guards check them at run time)
      graph::TensorType t;
      t.dtype = v->dtype;
      for (int64_t d : v->sizes) t.shape.push_back(graph::Dim::Static(d));
      return MakeTensor(t);
    }
    case K::Global: case K::Storage: break;
  }
  return MakeUnknown();
}
}  // namespace

// torch.load(path) at compile time: the checkpoint's structure (dict keys,
// numbers, strings, each tensor's dtype and rank); nullptr and `error` when
// it cannot be read.
ValuePtr Tracer::TorchLoadValue(const std::string& path, std::string* error) {
  {
    std::ifstream in(path, std::ios::binary);
    char magic[6] = {};
    if (in && (in.read(magic, 6), std::string(magic, 6) == "\x93NUMPY")) {
      std::optional<graph::TensorType> t = ReadNpyType(path);
      if (!t) return nullptr;
      for (auto& d : t->shape) d = syms.Fresh();
      return MakeTensor(*t);
    }
  }
  sem::PtFile f;
  std::string e = sem::ReadPtFile(path, &f);
  if (!e.empty()) {
    *error = e == "cannot open" ? "no readable file" : e;
    return nullptr;
  }
  return PtValueOf(f.root);
}

}  // namespace tcc::trace
