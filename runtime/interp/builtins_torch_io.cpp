// Implements `__torch_load` and `__torch_save` (stdlib/torch.ts: torch.load,
// torch.save) and the `__generator_*` builtins behind torch.Generator: checkpoints in torch.save's zip format (lang/semantics/torch_pickle.h:
// tensors, state_dicts, dicts, lists, tuples, numbers, strings); torch.load
// also reads a .npy file.
#include <unistd.h>

#include <climits>
#include <cstdio>
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
  rt::Tensor t = rt::Tensor::empty(dims, v.dtype);
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


// ---- torch.save: the zip format torch.load reads (pickle protocol 2 of
// dicts, lists, tuples, str, int, float, bool, None and tensors, each tensor
// its own storage entry `archive/data/<n>`).

uint32_t Crc32(const std::string& s) {
  static const std::vector<uint32_t> table = [] {
    std::vector<uint32_t> t(256);
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  uint32_t c = 0xFFFFFFFFu;
  for (unsigned char ch : s) c = table[(c ^ ch) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

struct PickleWriter {
  std::string out;
  std::vector<std::string> storages;  // entry data, in key order
  const std::string& path;

  void U32(uint32_t v) { for (int k = 0; k < 4; ++k) out += char(v >> (8 * k)); }
  void Str(const std::string& s) { out += 'X'; U32(static_cast<uint32_t>(s.size())); out += s; }
  void Int(int64_t v) {
    if (v >= INT32_MIN && v <= INT32_MAX) { out += 'J'; U32(static_cast<uint32_t>(v)); return; }
    out += '\x8a';
    out += char(8);
    for (int k = 0; k < 8; ++k) out += char(static_cast<uint64_t>(v) >> (8 * k));
  }
  void Global(const char* module, const char* name) { out += 'c'; out += module; out += '\n'; out += name; out += '\n'; }
  void IntTuple(const std::vector<int64_t>& xs) {
    out += '(';
    for (int64_t x : xs) Int(x);
    out += 't';
  }

  void Tensor(const rt::Tensor& src) {
    rt::Tensor t = rt::clone(src);  // contiguous
    const char* storage = nullptr;
    switch (t.dtype()) {
      case rt::DType::F32: storage = "FloatStorage"; break;
      case rt::DType::F64: storage = "DoubleStorage"; break;
      case rt::DType::I64: storage = "LongStorage"; break;
      case rt::DType::I32: storage = "IntStorage"; break;
      case rt::DType::Bool: storage = "BoolStorage"; break;
    }
    std::string key = std::to_string(storages.size());
    storages.emplace_back(t.data<char>(), static_cast<size_t>(t.numel()) * sem::DTypeBytes(t.dtype()));
    std::vector<int64_t> sizes, strides;
    int64_t stride = 1;
    for (int d = t.dim() - 1; d >= 0; --d) {
      sizes.insert(sizes.begin(), t.size(d));
      strides.insert(strides.begin(), stride);
      stride *= t.size(d);
    }
    Global("torch._utils", "_rebuild_tensor_v2");
    out += '(';
    out += '(';
    Str("storage");
    Global("torch", storage);
    Str(key);
    Str("cpu");
    Int(t.numel());
    out += 't';
    out += 'Q';
    Int(0);
    IntTuple(sizes);
    IntTuple(strides);
    out += '\x89';                          // requires_grad=False
    Global("collections", "OrderedDict");   // backward_hooks
    out += ')';
    out += 'R';
    out += 't';
    out += 'R';
  }

  void Write(const Value& v, int depth) {
    if (depth > 100) ThrowError(DiagKind::RtValueError, "torch.save(..., \"" + path + "\"): nested too deeply");
    if (v.is_none()) { out += 'N'; return; }
    if (v.is_bool()) { out += v.as_bool() ? '\x88' : '\x89'; return; }
    if (v.is_int()) { Int(v.as_int()); return; }
    if (v.is_float()) {
      uint64_t bits;
      double d = v.as_float();
      std::memcpy(&bits, &d, 8);
      out += 'G';
      for (int k = 7; k >= 0; --k) out += char(bits >> (8 * k));
      return;
    }
    if (v.is(OType::Str)) { Str(v.as<StrObj>()->s); return; }
    if (v.is(OType::Tensor)) { Tensor(TensorOf(v)); return; }
    if (v.is(OType::List) || v.is(OType::Tuple)) {
      bool list = v.is(OType::List);
      const auto& items = list ? v.as<ListObj>()->items : v.as<TupleObj>()->items;
      out += list ? "](" : "(";
      for (const auto& x : items) Write(x, depth + 1);
      out += list ? 'e' : 't';
      return;
    }
    if (v.is(OType::Dict)) {
      out += "}(";
      for (const auto& [k, x] : v.as<DictObj>()->items) {
        Write(k, depth + 1);
        Write(x, depth + 1);
      }
      out += 'u';
      return;
    }
    ThrowError(DiagKind::RtTypeError, "torch.save(..., \"" + path + "\"): cannot save a `" + TypeName(v) +
                                          "` (it saves tensors, dicts, lists, tuples, numbers, strings and None)");
  }
};

// The zip archive of `entries` (name, data), stored, no zip64.
std::string ZipArchive(const std::vector<std::pair<std::string, std::string>>& entries) {
  std::string zip, dir;
  auto u16 = [](std::string& s, uint32_t v) { s += char(v & 0xFF); s += char((v >> 8) & 0xFF); };
  auto u32 = [](std::string& s, uint32_t v) { for (int k = 0; k < 4; ++k) s += char((v >> (8 * k)) & 0xFF); };
  for (const auto& [name, data] : entries) {
    if (data.size() >= 0xFFFFFFFFu || zip.size() >= 0xFFFFFFFFu)
      ThrowError(DiagKind::RtValueError, "torch.save: checkpoints of 4 GiB or more are not written");
    uint32_t crc = Crc32(data), offset = static_cast<uint32_t>(zip.size()), size = static_cast<uint32_t>(data.size());
    u32(zip, 0x04034b50); u16(zip, 20); u16(zip, 0); u16(zip, 0); u16(zip, 0); u16(zip, 0x21);
    u32(zip, crc); u32(zip, size); u32(zip, size); u16(zip, static_cast<uint32_t>(name.size())); u16(zip, 0);
    zip += name;
    zip += data;
    u32(dir, 0x02014b50); u16(dir, 20); u16(dir, 20); u16(dir, 0); u16(dir, 0); u16(dir, 0); u16(dir, 0x21);
    u32(dir, crc); u32(dir, size); u32(dir, size); u16(dir, static_cast<uint32_t>(name.size())); u16(dir, 0);
    u16(dir, 0); u16(dir, 0); u16(dir, 0); u32(dir, 0); u32(dir, offset);
    dir += name;
  }
  uint32_t dir_offset = static_cast<uint32_t>(zip.size());
  zip += dir;
  u32(zip, 0x06054b50); u16(zip, 0); u16(zip, 0);
  u16(zip, static_cast<uint32_t>(entries.size())); u16(zip, static_cast<uint32_t>(entries.size()));
  u32(zip, static_cast<uint32_t>(dir.size())); u32(zip, dir_offset); u16(zip, 0);
  return zip;
}

Value TorchSave(Interp&, Args& a) {
  a.Check(2, {"obj", "f"});
  const Value& p = a.Need(1, "f");
  if (!p.is(OType::Str)) TypeErr("`torch.save()` takes a file path string, not `" + TypeName(p) + "`");
  const std::string& path = p.as<StrObj>()->s;
  PickleWriter w{"\x80\x02", {}, path};
  w.Write(a.Need(0, "obj"), 0);
  w.out += '.';
  std::vector<std::pair<std::string, std::string>> entries = {{"archive/data.pkl", w.out}};
  for (size_t i = 0; i < w.storages.size(); ++i) entries.emplace_back("archive/data/" + std::to_string(i), w.storages[i]);
  entries.emplace_back("archive/version", "3\n");
  // written beside it, then renamed: a reader never sees half a checkpoint
  std::string zip = ZipArchive(entries);
  std::string tmp = path + "." + std::to_string(::getpid()) + ".tmp";
  {
    std::ofstream f(tmp, std::ios::binary);
    if (!f || !f.write(zip.data(), static_cast<std::streamsize>(zip.size())))
      ThrowError(DiagKind::RtFileError, "torch.save: cannot write '" + path + "'");
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    ThrowError(DiagKind::RtFileError, "torch.save: cannot write '" + path + "'");
  }
  return Value::None();
}

// torch.allclose / torch.equal: Python bools (a tensor_to_scalar break in
// compiled code, as `.item()`).
Value AllClose(Interp&, Args& a) {
  a.Check(5, {"input", "other", "rtol", "atol", "equal_nan"});
  const rt::Tensor& x = TensorOf(a.Need(0, "input"));
  rt::Tensor y = ToTensor(a.Need(1, "other"), "other");
  const Value& rv = a.Get(2, "rtol");
  const Value& av = a.Get(3, "atol");
  const Value& nv = a.Get(4, "equal_nan");
  double rtol = rv.is_undef() ? 1e-05 : ToScalar(rv, "rtol").to_double();
  double atol = av.is_undef() ? 1e-08 : ToScalar(av, "atol").to_double();
  bool equal_nan = !nv.is_undef() && ToScalar(nv, "equal_nan").to_bool();
  using B = rt::BinaryOp;
  rt::Tensor xd = rt::to_dtype(x, rt::DType::F64), yd = rt::to_dtype(y, rt::DType::F64);
  rt::Tensor diff = rt::unary(rt::UnaryOp::Abs, rt::binary(B::Sub, xd, yd));
  rt::Tensor bound = rt::binary(B::Add, rt::binary(B::Mul, rt::unary(rt::UnaryOp::Abs, yd), rt::Scalar::from_float(rtol)),
                                rt::Scalar::from_float(atol));
  rt::Tensor close = rt::binary(B::Le, diff, bound);
  close = rt::binary(B::Or, close, rt::binary(B::Eq, xd, yd));  // equal infinities
  if (equal_nan) close = rt::binary(B::Or, close, rt::binary(B::And, rt::is_nan(xd), rt::is_nan(yd)));
  return Value::Bool(rt::reduce(rt::ReduceOp::All, close).item().to_bool());
}

Value Equal(Interp&, Args& a) {
  a.Check(2, {"input", "other"});
  const rt::Tensor& x = TensorOf(a.Need(0, "input"));
  const rt::Tensor& y = ToTensor(a.Need(1, "other"), "other");
  if (!(x.sizes() == y.sizes())) return Value::Bool(false);
  return Value::Bool(rt::reduce(rt::ReduceOp::All, rt::binary(rt::BinaryOp::Eq, x, y)).item().to_bool());
}

Value GeneratorNew(Interp&, Args& a) {
  a.Check(0, {});
  return Value::Int(rt::generator_new());
}
Value GeneratorManualSeed(Interp&, Args& a) {
  a.Check(2, {});
  rt::generator_manual_seed(IntArg(a.Need(0, "id"), "id"), static_cast<uint64_t>(IntArg(a.Need(1, "seed"), "seed")));
  return Value::None();
}
Value GeneratorInitialSeed(Interp&, Args& a) {
  a.Check(1, {});
  return Value::Int(static_cast<int64_t>(rt::generator_initial_seed(IntArg(a.Need(0, "id"), "id"))));
}

}  // namespace

void RegisterTorchIoBuiltins(BuiltinTable& t) {
  t.AddFn("allclose", AllClose);
  t.AddFn("equal", Equal);
  t.AddFn("__generator_new", GeneratorNew);  // stdlib/torch.ts: torch.Generator
  t.AddFn("__generator_manual_seed", GeneratorManualSeed);
  t.AddFn("__generator_initial_seed", GeneratorInitialSeed);
  t.AddFn("__torch_load", TorchLoad);
  t.AddFn("__torch_save", TorchSave);
}

}  // namespace tcc::interp
