// PyTorch's checkpoint format (torch.save since 1.6): a zip archive of
// `<name>/data.pkl` (a pickle) and one `<name>/data/<key>` entry per storage.
// Parsed once here for the interpreter's torch.load (it reads the storages)
// and for the tracer, which reads the structure at compile time (the keys
// of a state_dict, each tensor's dtype and rank), as npy_header.h is for .npy.
//
// The pickle subset is what torch.save writes for tensors, state_dicts and
// checkpoints of them: dicts (OrderedDict), lists, tuples, str, int, float,
// bool, None, torch._utils._rebuild_tensor_v2 / _rebuild_parameter and
// persistent storage ids. Anything else is an error naming the global.
#pragma once

#include <cstdint>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "semantics/dtype.h"

namespace tcc::sem {

// ---- zip (stored entries, as torch.save writes them)

struct ZipEntry {
  uint64_t offset = 0;  // of the data in the file
  uint64_t size = 0;
};

namespace pt_detail {
inline uint32_t U32(const unsigned char* p) { return p[0] | p[1] << 8 | p[2] << 16 | uint32_t(p[3]) << 24; }
inline uint16_t U16(const unsigned char* p) { return uint16_t(p[0] | p[1] << 8); }
inline uint64_t U64(const unsigned char* p) { return U32(p) | uint64_t(U32(p + 4)) << 32; }
}  // namespace pt_detail

// The entries of the zip file `bytes`; "" or what is wrong.
inline std::string ReadZipDirectory(const std::string& bytes, std::map<std::string, ZipEntry>* out) {
  using namespace pt_detail;
  const auto* b = reinterpret_cast<const unsigned char*>(bytes.data());
  size_t n = bytes.size();
  if (n < 22) return "not a zip archive";
  size_t eocd = std::string::npos;
  for (size_t i = n - 22 + 1; i-- > 0 && n - i < 22 + 65536;) {
    if (U32(b + i) == 0x06054b50) { eocd = i; break; }
  }
  if (eocd == std::string::npos) return "not a zip archive (no end of central directory)";
  uint64_t count = U16(b + eocd + 10), dir = U32(b + eocd + 16);
  if (count == 0xFFFF || dir == 0xFFFFFFFF) {  // zip64: its end record, located just before
    if (eocd < 20 || U32(b + eocd - 20) != 0x07064b50) return "a zip64 archive without its locator";
    uint64_t rec = U64(b + eocd - 20 + 8);
    if (rec + 56 > n || U32(b + rec) != 0x06064b50) return "a damaged zip64 archive";
    count = U64(b + rec + 32);
    dir = U64(b + rec + 48);
  }
  size_t p = dir;
  for (uint64_t e = 0; e < count; ++e) {
    if (p + 46 > n || U32(b + p) != 0x02014b50) return "a damaged zip central directory";
    uint16_t method = U16(b + p + 10);
    uint64_t csize = U32(b + p + 20), usize = U32(b + p + 24), local = U32(b + p + 42);
    uint16_t nlen = U16(b + p + 28), xlen = U16(b + p + 30), clen = U16(b + p + 32);
    if (p + 46 + nlen + xlen > n) return "a damaged zip central directory";
    std::string name(bytes.data() + p + 46, nlen);
    for (size_t x = p + 46 + nlen; x + 4 <= p + 46 + nlen + xlen;) {  // zip64 extra: the 0xFFFFFFFF fields
      uint16_t id = U16(b + x), len = U16(b + x + 2);
      if (id == 1) {
        size_t f = x + 4;
        if (usize == 0xFFFFFFFF) { usize = U64(b + f); f += 8; }
        if (csize == 0xFFFFFFFF) { csize = U64(b + f); f += 8; }
        if (local == 0xFFFFFFFF) local = U64(b + f);
      }
      x += 4 + len;
    }
    if (method != 0) return "entry `" + name + "` is compressed (torch.save stores entries uncompressed)";
    if (local + 30 > n || U32(b + local) != 0x04034b50) return "a damaged zip entry `" + name + "`";
    uint64_t data = local + 30 + U16(b + local + 26) + U16(b + local + 28);
    if (data + usize > n) return "a truncated zip entry `" + name + "`";
    (*out)[name] = ZipEntry{data, usize};
    p += 46 + nlen + xlen + clen;
  }
  return "";
}

// ---- the pickle

struct PtValue;
using PtPtr = std::shared_ptr<PtValue>;
struct PtValue {
  enum Kind { None, Bool, Int, Float, Str, List, Tuple, Dict, Tensor, Global, Storage } kind = None;
  bool b = false;
  int64_t i = 0;
  double f = 0;
  std::string s;                    // Str; Global: "module.name"; Storage: its key
  std::vector<PtPtr> items;         // List, Tuple; Dict: values
  std::vector<PtPtr> keys;          // Dict
  // Tensor (and Storage: dtype, numel in sizes[0])
  DType dtype = DType::F32;
  std::string storage;              // the storage's key: entry `<archive>/data/<key>`
  int64_t offset = 0;               // in elements
  std::vector<int64_t> sizes, strides;
};

namespace pt_detail {
inline PtPtr Make(PtValue::Kind k) {
  auto v = std::make_shared<PtValue>();
  v->kind = k;
  return v;
}
// torch.<X>Storage -> dtype; nullopt for storages TensorScript has no dtype for
inline std::optional<DType> StorageDType(const std::string& global) {
  if (global == "torch.FloatStorage") return DType::F32;
  if (global == "torch.DoubleStorage") return DType::F64;
  if (global == "torch.LongStorage") return DType::I64;
  if (global == "torch.IntStorage") return DType::I32;
  if (global == "torch.BoolStorage") return DType::Bool;
  return std::nullopt;
}
inline bool IntList(const PtPtr& v, std::vector<int64_t>* out) {
  if (!v || (v->kind != PtValue::Tuple && v->kind != PtValue::List)) return false;
  for (const auto& x : v->items) {
    if (x->kind != PtValue::Int) return false;
    out->push_back(x->i);
  }
  return true;
}

// The pickle machine: its stack, marks and memo, and the opcodes torch.save
// writes, in groups. Each group returns "" when it ran `op`, what is wrong,
// or kNotMine.
struct PickleVm {
  static constexpr const char* kNotMine = "\x01";
  explicit PickleVm(const std::string& pickle)
      : p(pickle), u(reinterpret_cast<const unsigned char*>(pickle.data())) {}
  const std::string& p;
  const unsigned char* u;
  size_t i = 0;
  std::vector<PtPtr> stack;
  std::vector<size_t> marks;
  std::map<uint64_t, PtPtr> memo;

  bool need(size_t k) const { return i + k <= p.size(); }
  PtPtr pop() {
    if (stack.empty()) return nullptr;
    PtPtr v = stack.back();
    stack.pop_back();
    return v;
  }
  bool pop_mark(std::vector<PtPtr>* items) {
    if (marks.empty()) return false;
    size_t m = marks.back();
    marks.pop_back();
    if (m > stack.size()) return false;
    items->assign(stack.begin() + static_cast<std::ptrdiff_t>(m), stack.end());
    stack.resize(m);
    return true;
  }
  std::string line() {
    size_t e = p.find('\n', i);
    if (e == std::string::npos) e = p.size();
    std::string s = p.substr(i, e - i);
    i = e + 1;
    return s;
  }
  static bool setitems(const PtPtr& d, const std::vector<PtPtr>& kv) {
    if (!d || d->kind != PtValue::Kind::Dict || kv.size() % 2) return false;
    for (size_t k = 0; k + 1 < kv.size(); k += 2) {
      d->keys.push_back(kv[k]);
      d->items.push_back(kv[k + 1]);
    }
    return true;
  }

  // PROTO, FRAME, MARK, the empty containers, None, bools, ints, floats, strs
  std::string Literal(unsigned char op) {
    using K = PtValue::Kind;
    switch (op) {
      case 0x80: if (!need(1)) return "truncated"; ++i; break;                // PROTO
      case 0x95: if (!need(8)) return "truncated"; i += 8; break;             // FRAME
      case '(': marks.push_back(stack.size()); break;                          // MARK
      case '}': stack.push_back(Make(K::Dict)); break;                         // EMPTY_DICT
      case ']': stack.push_back(Make(K::List)); break;                         // EMPTY_LIST
      case ')': stack.push_back(Make(K::Tuple)); break;                        // EMPTY_TUPLE
      case 'N': stack.push_back(Make(K::None)); break;
      case 0x88: case 0x89: {                                                  // NEWTRUE / NEWFALSE
        auto v = Make(K::Bool);
        v->b = op == 0x88;
        stack.push_back(v);
        break;
      }
      case 'K': case 'M': case 'J': {                                          // BININT1/2/BININT
        size_t w = op == 'K' ? 1 : op == 'M' ? 2 : 4;
        if (!need(w)) return "truncated";
        auto v = Make(K::Int);
        v->i = w == 1 ? u[i] : w == 2 ? U16(u + i) : int32_t(U32(u + i));
        i += w;
        stack.push_back(v);
        break;
      }
      case 0x8a: {                                                             // LONG1
        if (!need(1) || !need(1 + u[i]) || u[i] > 8) return "an integer too large";
        size_t len = u[i++];
        uint64_t x = 0;
        for (size_t k = 0; k < len; ++k) x |= uint64_t(u[i + k]) << (8 * k);
        if (len > 0 && len < 8 && (u[i + len - 1] & 0x80)) x |= ~uint64_t(0) << (8 * len);
        i += len;
        auto v = Make(K::Int);
        v->i = static_cast<int64_t>(x);
        stack.push_back(v);
        break;
      }
      case 'G': {                                                              // BINFLOAT (big-endian)
        if (!need(8)) return "truncated";
        uint64_t x = 0;
        for (int k = 0; k < 8; ++k) x = x << 8 | u[i + k];
        i += 8;
        auto v = Make(K::Float);
        std::memcpy(&v->f, &x, 8);
        stack.push_back(v);
        break;
      }
      case 'X': case 0x8c: case 'T': case 'U': case 'B': case 'C': {           // str / bytes
        size_t w = (op == 'X' || op == 'T' || op == 'B') ? 4 : 1;
        if (!need(w)) return "truncated";
        size_t len = w == 4 ? U32(u + i) : u[i];
        i += w;
        if (!need(len)) return "truncated";
        auto v = Make(K::Str);
        v->s = p.substr(i, len);
        i += len;
        stack.push_back(v);
        break;
      }
      default: return kNotMine;
    }
    return "";
  }

  // the memo: BINPUT, LONG_BINPUT, MEMOIZE, BINGET, LONG_BINGET
  std::string Memo(unsigned char op) {
    switch (op) {
      case 'q': case 'r': case 0x94: {                                         // BINPUT / LONG_BINPUT / MEMOIZE
        uint64_t k = memo.size();
        if (op != 0x94) {
          size_t w = op == 'q' ? 1 : 4;
          if (!need(w)) return "truncated";
          k = w == 1 ? u[i] : U32(u + i);
          i += w;
        }
        if (stack.empty()) return "a memo of nothing";
        memo[k] = stack.back();
        break;
      }
      case 'h': case 'j': {                                                    // BINGET / LONG_BINGET
        size_t w = op == 'h' ? 1 : 4;
        if (!need(w)) return "truncated";
        uint64_t k = w == 1 ? u[i] : U32(u + i);
        i += w;
        auto it = memo.find(k);
        if (it == memo.end()) return "a memo key that was never set";
        stack.push_back(it->second);
        break;
      }
      default: return kNotMine;
    }
    return "";
  }

  // tuples, lists, globals, appends, setitems, BUILD
  std::string Build(unsigned char op) {
    using K = PtValue::Kind;
    switch (op) {
      case 't': case 'l': {                                                    // TUPLE / LIST (from the mark)
        auto v = Make(op == 't' ? K::Tuple : K::List);
        if (!pop_mark(&v->items)) return "a tuple without its mark";
        stack.push_back(v);
        break;
      }
      case 0x85: case 0x86: case 0x87: {                                       // TUPLE1/2/3
        size_t k = op - 0x84;
        if (stack.size() < k) return "a short stack";
        auto v = Make(K::Tuple);
        v->items.assign(stack.end() - static_cast<std::ptrdiff_t>(k), stack.end());
        stack.resize(stack.size() - k);
        stack.push_back(v);
        break;
      }
      case 'c': {                                                              // GLOBAL
        auto v = Make(K::Global);
        std::string mod = line();
        v->s = mod + "." + line();
        stack.push_back(v);
        break;
      }
      case 0x93: {                                                             // STACK_GLOBAL
        PtPtr name = pop(), mod = pop();
        if (!name || !mod) return "a short stack";
        auto v = Make(K::Global);
        v->s = mod->s + "." + name->s;
        stack.push_back(v);
        break;
      }
      case 'a': {                                                              // APPEND
        PtPtr x = pop();
        if (stack.empty() || stack.back()->kind != K::List || !x) return "an append to a non-list";
        stack.back()->items.push_back(x);
        break;
      }
      case 'e': {                                                              // APPENDS
        std::vector<PtPtr> xs;
        if (!pop_mark(&xs) || stack.empty() || stack.back()->kind != K::List) return "an append to a non-list";
        for (auto& x : xs) stack.back()->items.push_back(x);
        break;
      }
      case 's': {                                                              // SETITEM
        PtPtr v = pop(), k = pop();
        if (stack.empty() || !setitems(stack.back(), {k, v})) return "a setitem on a non-dict";
        break;
      }
      case 'u': {                                                              // SETITEMS
        std::vector<PtPtr> kv;
        if (!pop_mark(&kv) || stack.empty() || !setitems(stack.back(), kv)) return "a setitem on a non-dict";
        break;
      }
      case 'b': pop(); break;                            // BUILD: a state_dict's _metadata; dropped
      default: return kNotMine;
    }
    return "";
  }

  // storages (BINPERSID) and the calls torch.save writes (REDUCE, NEWOBJ)
  std::string Torch(unsigned char op) {
    using K = PtValue::Kind;
    switch (op) {
      case 'Q': {                                        // BINPERSID: ('storage', torch.XStorage, key, location, numel)
        PtPtr pid = pop();
        if (!pid || pid->kind != K::Tuple || pid->items.size() < 5 || pid->items[0]->s != "storage")
          return "a persistent id that is not a storage";
        auto dt = StorageDType(pid->items[1]->s);
        if (!dt) return "a `" + pid->items[1]->s + "` (TensorScript has float32, float64, int64, int32 and bool)";
        auto v = Make(K::Storage);
        v->dtype = *dt;
        v->s = pid->items[2]->s;
        v->sizes = {pid->items[4]->i};
        stack.push_back(v);
        break;
      }
      case 'R': case 0x81: {                             // REDUCE / NEWOBJ: f(*args)
        PtPtr args = pop(), f = pop();
        if (!args || !f || f->kind != K::Global || args->kind != K::Tuple) return "a call that is not a global's";
        const auto& a = args->items;
        if (f->s == "collections.OrderedDict" || f->s == "builtins.dict") {
          stack.push_back(Make(K::Dict));
        } else if (f->s == "torch._utils._rebuild_tensor_v2" || f->s == "torch._utils._rebuild_tensor") {
          if (a.size() < 4 || a[0]->kind != K::Storage || a[1]->kind != K::Int) return "a malformed tensor";
          auto t = Make(K::Tensor);
          t->dtype = a[0]->dtype;
          t->storage = a[0]->s;
          t->offset = a[1]->i;
          if (!IntList(a[2], &t->sizes) || !IntList(a[3], &t->strides) || t->sizes.size() != t->strides.size())
            return "a malformed tensor";
          stack.push_back(t);
        } else if (f->s == "torch._utils._rebuild_parameter" || f->s == "torch.nn.parameter.Parameter") {
          if (a.empty() || a[0]->kind != K::Tensor) return "a malformed parameter";
          stack.push_back(a[0]);
        } else {
          return "a `" + f->s + "` object (torch.load here reads tensors, dicts, lists, tuples, numbers and strings)";
        }
        break;
      }
      default: return kNotMine;
    }
    return "";
  }
};
}  // namespace pt_detail

// Runs the pickle `p`; "" or what is wrong.
inline std::string ReadPickle(const std::string& p, PtPtr* out) {
  pt_detail::PickleVm vm(p);
  while (vm.i < p.size()) {
    unsigned char op = vm.u[vm.i++];
    if (op == '.') {  // STOP
      *out = vm.pop();
      return *out ? "" : "an empty pickle";
    }
    std::string r = pt_detail::PickleVm::kNotMine;
    for (auto group : {&pt_detail::PickleVm::Literal, &pt_detail::PickleVm::Memo, &pt_detail::PickleVm::Build,
                       &pt_detail::PickleVm::Torch}) {
      r = (vm.*group)(op);
      if (r != pt_detail::PickleVm::kNotMine) break;
    }
    if (r == pt_detail::PickleVm::kNotMine) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "0x%02x", op);
      return std::string("pickle opcode ") + hex + " (not one torch.save writes for tensors and state_dicts)";
    }
    if (!r.empty()) return r;
  }
  return "a pickle without its STOP";
}

// A checkpoint: its pickle's value and the zip entries of its storages.
struct PtFile {
  PtPtr root;
  std::string prefix;                      // "archive/" (entries are prefix + "data/<key>")
  std::map<std::string, ZipEntry> entries;
  std::string bytes;                       // the whole file
};

// Reads checkpoint `path`; "" or what is wrong (a missing file: "cannot open").
inline std::string ReadPtFile(const std::string& path, PtFile* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "cannot open";
  out->bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  if (out->bytes.rfind("PK\x03\x04", 0) != 0)
    return "not a checkpoint in torch.save's zip format (torch.save(..., _use_new_zipfile_serialization=False) files are not read)";
  if (std::string e = ReadZipDirectory(out->bytes, &out->entries); !e.empty()) return e;
  for (const auto& [name, entry] : out->entries) {
    if (name.size() >= 8 && name.compare(name.size() - 8, 8, "data.pkl") == 0 &&
        (name.size() == 8 || name[name.size() - 9] == '/')) {
      out->prefix = name.substr(0, name.size() - 8);
      std::string e = ReadPickle(out->bytes.substr(entry.offset, entry.size), &out->root);
      return e.empty() ? "" : "its pickle has " + e;
    }
  }
  return "no data.pkl in the archive";
}

// The bytes of a tensor's storage in `f`, or nullptr when missing or short.
inline const char* PtStorage(const PtFile& f, const PtValue& t, int64_t needed_elems) {
  auto it = f.entries.find(f.prefix + "data/" + t.storage);
  if (it == f.entries.end()) return nullptr;
  if (it->second.size < static_cast<uint64_t>(needed_elems) * DTypeBytes(t.dtype)) return nullptr;
  return f.bytes.data() + it->second.offset;
}

}  // namespace tcc::sem
