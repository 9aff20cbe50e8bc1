// Implements `__torch_load` (stdlib/torch.ts: torch.load): a checkpoint in
// torch.save's zip format (semantics/torch_pickle.h: tensors, state_dicts,
// dicts, lists, tuples, numbers, strings) or a .npy file.
#include <cstring>
#include <fstream>

#include "interp/interpreter.h"
#include "interp/tensor_value.h"
#include "semantics/builtins.h"
#include "semantics/torch_pickle.h"
#include "tensor/io.h"

namespace tcc::interp {

namespace {

// A tensor's elements (sizes, strides and offset over its storage), copied
// into a new contiguous tensor.
rt::Tensor PtTensor(const sem::PtFile& f, const sem::PtValue& v, const std::string& path) {
  if (v.sizes.size() > size_t(rt::kMaxDims)) ThrowError(DiagKind::RtValueError, "`" + path + "`: a tensor of too many dims");
  rt::Dims dims{std::span<const int64_t>(v.sizes)};
  rt::Tensor t = rt::Tensor::empty(dims, rt::from_sem(v.dtype));
  int64_t numel = t.numel(), extent = v.offset + 1;
  for (size_t d = 0; d < v.sizes.size(); ++d) {
    if (v.sizes[d] == 0) extent = 0;
    if (v.strides[d] < 0) ThrowError(DiagKind::RtValueError, "`" + path + "`: a tensor with a negative stride");
    extent += (v.sizes[d] - 1) * v.strides[d];
  }
  if (numel == 0) return t;
  const char* src = sem::PtStorage(f, v, extent);
  if (!src) ThrowError(DiagKind::RtValueError, "`" + path + "`: storage `" + v.storage + "` is missing or too short");
  const size_t w = static_cast<size_t>(sem::DTypeBytes(v.dtype));
  char* dst = t.data<char>();
  bool contiguous = true;
  for (int64_t d = static_cast<int64_t>(v.sizes.size()) - 1, expect = 1; d >= 0; expect *= v.sizes[d], --d)
    contiguous &= v.sizes[d] == 1 || v.strides[d] == expect;
  if (contiguous) {
    std::memcpy(dst, src + v.offset * w, static_cast<size_t>(numel) * w);
    return t;
  }
  std::vector<int64_t> idx(v.sizes.size(), 0);
  for (int64_t n = 0; n < numel; ++n) {
    int64_t at = v.offset;
    for (size_t d = 0; d < idx.size(); ++d) at += idx[d] * v.strides[d];
    std::memcpy(dst + n * w, src + at * w, w);
    for (size_t d = idx.size(); d-- > 0;) {
      if (++idx[d] < v.sizes[d]) break;
      idx[d] = 0;
    }
  }
  return t;
}

Value PtToValue(const sem::PtFile& f, const sem::PtPtr& v, const std::string& path) {
  using K = sem::PtValue::Kind;
  switch (v->kind) {
    case K::None: return Value::None();
    case K::Bool: return Value::Bool(v->b);
    case K::Int: return Value::Int(v->i);
    case K::Float: return Value::Float(v->f);
    case K::Str: return MakeStr(v->s);
    case K::List: case K::Tuple: {
      std::vector<Value> items;
      for (const auto& x : v->items) items.push_back(PtToValue(f, x, path));
      if (v->kind == K::List) return Value::Obj(new ListObj(std::move(items)));
      return Value::Obj(new TupleObj(std::move(items)));
    }
    case K::Dict: {
      Ref<DictObj> d(new DictObj());
      for (size_t i = 0; i < v->keys.size(); ++i) d->Set(PtToValue(f, v->keys[i], path), PtToValue(f, v->items[i], path));
      return d.value();
    }
    case K::Tensor: return MakeTensor(PtTensor(f, *v, path));
    case K::Global: case K::Storage: break;
  }
  ThrowError(DiagKind::RtValueError, "`" + path + "`: a bare `" + v->s + "` in the checkpoint");
}

Value TorchLoad(Interp&, Args& a) {
  a.Check(4, {"f", "map_location", "pickle_module", "weights_only"});
  const Value& loc = a.Get(1, "map_location");
  if (!loc.is_undef() && !loc.is_none() && !(loc.is(OType::Str) && sem::IsCpuDevice(loc.as<StrObj>()->s)))
    ThrowError(DiagKind::RtKernelError, sem::kDeviceError);
  const Value& p = a.Need(0, "f");
  if (!p.is(OType::Str)) TypeErr("`torch.load()` takes a file path string, not `" + TypeName(p) + "`");
  const std::string& path = p.as<StrObj>()->s;
  {
    std::ifstream in(path, std::ios::binary);
    char magic[6] = {};
    if (!in || (in.read(magic, 6), std::memcmp(magic, "\x93NUMPY", 6) == 0))
      return MakeTensor(rt::load_npy(path));  // a .npy file, or the missing-file error of `load`
  }
  sem::PtFile f;
  if (std::string e = sem::ReadPtFile(path, &f); !e.empty())
    ThrowError(DiagKind::RtValueError, "torch.load(\"" + path + "\"): " + e);
  return PtToValue(f, f.root, path);
}

}  // namespace

void RegisterTorchIoBuiltins(BuiltinTable& t) { t.AddFn("__torch_load", TorchLoad); }

}  // namespace tcc::interp
