// print.cpp: implements format_tensor, a transcription of torch's
// _tensor_str.py (torch 1.13/2.x defaults: precision 4, linewidth 80,
// threshold 1000, edgeitems 3) with TensorScript dtype names.
#include <cmath>
#include <cstdio>

#include "tensor/internal.h"
#include "tensor/io.h"

namespace tcc::rt {
using namespace detail;

namespace {

constexpr int kPrecision = 4;
constexpr int kLineWidth = 80;
constexpr int64_t kThreshold = 1000;
constexpr int64_t kEdge = 3;

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  std::string s = buf;
  if (s == "-nan") s = "nan";
  return s;
}

std::string fmt_w(const char* f, int w, double v) {
  char buf[96];
  std::snprintf(buf, sizeof buf, f, w, v);
  std::string s = buf;
  size_t p = s.find("-nan");
  if (p != std::string::npos) s = std::string(s.substr(0, p)) + " nan";
  return s;
}

struct Printer {
  const Tensor& t;
  bool summarize = false;
  // formatter state (torch's _Formatter)
  bool floating = false;
  bool int_mode = true;
  bool sci = false;
  size_t max_width = 1;

  Scalar value_at(int64_t off) const {  // element at storage offset
    const char* p = static_cast<const char*>(t.storage()->data()) + off * int64_t(dtype_size(t.dtype()));
    return dispatch(t.dtype(), [&](auto tag) -> Scalar {
      using T = typename decltype(tag)::type;
      T v;
      std::memcpy(&v, p, sizeof(T));
      if constexpr (std::is_floating_point_v<T>) return Scalar::from_float(double(v));
      else if constexpr (std::is_same_v<T, bool>) return Scalar::from_bool(v);
      else return Scalar::from_int(int64_t(v));
    });
  }

  // The elements torch's get_summarized_data keeps.
  void collect(int d, int64_t off, std::vector<Scalar>& out) const {
    if (d >= t.dim() || d >= kMaxDims) { out.push_back(value_at(off)); return; }
    int64_t n = t.sizes()[d], st = t.strides()[d];
    if (summarize && n > 2 * kEdge) {
      for (int64_t i = 0; i < kEdge; ++i) collect(d + 1, off + i * st, out);
      for (int64_t i = n - kEdge; i < n; ++i) collect(d + 1, off + i * st, out);
    } else {
      for (int64_t i = 0; i < n; ++i) collect(d + 1, off + i * st, out);
    }
  }

  std::string plain(Scalar v) const {
    if (v.is_bool()) return v.b ? "True" : "False";
    if (v.is_int()) return std::to_string(v.i);
    return fmt("%.4f", v.f);
  }

  void build_formatter() {
    std::vector<Scalar> vals;
    collect(0, t.offset(), vals);
    floating = is_floating(t.dtype());
    if (!floating) {
      for (Scalar v : vals) max_width = std::max(max_width, plain(v).size());
      return;
    }
    std::vector<double> nz;
    for (Scalar v : vals)
      if (std::isfinite(v.f) && v.f != 0) nz.push_back(v.f);
    if (nz.empty()) return;
    double mn = INFINITY, mx = 0;
    for (double v : nz) {
      mn = std::min(mn, std::fabs(v));
      mx = std::max(mx, std::fabs(v));
      if (v != std::ceil(v)) int_mode = false;
    }
    if (int_mode) {
      if (mx / mn > 1000. || mx > 1.e8) {
        sci = true;
        for (double v : nz) max_width = std::max(max_width, fmt("%.4e", v).size());
      } else {
        for (double v : nz) max_width = std::max(max_width, fmt("%.0f", v).size() + 1);
      }
    } else {
      if (mx / mn > 1000. || mx > 1.e8 || mn < 1.e-4) {
        sci = true;
        for (double v : nz) max_width = std::max(max_width, fmt("%.4e", v).size());
      } else {
        for (double v : nz) max_width = std::max(max_width, fmt("%.4f", v).size());
      }
    }
  }

  std::string format(Scalar v) const {
    std::string r;
    if (floating) {
      double x = v.f;
      if (sci) r = fmt_w("%*.4e", int(max_width), x);
      else if (int_mode) {
        r = fmt("%.0f", x);
        if (std::isfinite(x)) r += ".";
      } else {
        r = fmt("%.4f", x);
      }
    } else {
      r = plain(v);
    }
    if (r.size() < max_width) r = std::string(max_width - r.size(), ' ') + r;
    return r;
  }

  std::string vector_str(int64_t off, int indent) const {
    size_t elem_len = max_width + 2;
    int64_t per_line = std::max<int64_t>(1, int64_t(std::floor(double(kLineWidth - indent) / double(elem_len))));
    int d = t.dim() - 1;
    int64_t n = t.sizes()[d], st = t.strides()[d];
    std::vector<std::string> data;
    if (summarize && n > 2 * kEdge) {
      for (int64_t i = 0; i < kEdge; ++i) data.push_back(format(value_at(off + i * st)));
      data.push_back(" ...");
      for (int64_t i = n - kEdge; i < n; ++i) data.push_back(format(value_at(off + i * st)));
    } else {
      for (int64_t i = 0; i < n; ++i) data.push_back(format(value_at(off + i * st)));
    }
    std::string s = "[";
    for (size_t i = 0; i < data.size(); ++i) {
      if (i > 0 && int64_t(i) % per_line == 0) {
        s += ",\n";
        s.append(size_t(indent + 1), ' ');
      } else if (i > 0) {
        s += ", ";
      }
      s += data[i];
    }
    return s + "]";
  }

  std::string tensor_str(int d, int64_t off, int indent) const {
    int nd = t.dim() - d;
    if (nd == 0) return format(value_at(off));
    if (nd == 1) return vector_str(off, indent);
    int64_t n = t.sizes()[d], st = t.strides()[d];
    std::vector<std::string> slices;
    if (summarize && n > 2 * kEdge) {
      for (int64_t i = 0; i < kEdge; ++i) slices.push_back(tensor_str(d + 1, off + i * st, indent + 1));
      slices.push_back("...");
      for (int64_t i = n - kEdge; i < n; ++i) slices.push_back(tensor_str(d + 1, off + i * st, indent + 1));
    } else {
      for (int64_t i = 0; i < n; ++i) slices.push_back(tensor_str(d + 1, off + i * st, indent + 1));
    }
    std::string sep(",");
    sep.append(size_t(nd - 1), '\n');
    sep.append(size_t(indent + 1), ' ');
    std::string s = "[";
    for (size_t i = 0; i < slices.size(); ++i) {
      if (i) s += sep;
      s += slices[i];
    }
    return s + "]";
  }
};

// A 1-D int tuple as Python prints it: (0, 3) or (5,).
std::string py_tuple(const Dims& d) {
  std::string s = "(";
  for (int i = 0; i < d.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(d[i]);
  }
  if (d.size() == 1) s += ",";
  return s + ")";
}

}  // namespace

std::string format_tensor(const Tensor& t, const std::string& extra) {
  if (!t.defined()) return "tensor(<undefined>)";
  const std::string prefix = "tensor(";
  const int indent = int(prefix.size());
  std::vector<std::string> suffixes;
  std::string body;
  DType dt = t.dtype();
  bool default_dtype = dt == DType::F32 || dt == DType::I64 || dt == DType::Bool;
  if (t.numel() == 0) {
    if (t.dim() != 1) suffixes.push_back("size=" + py_tuple(t.sizes()));
    if (dt != DType::F32) suffixes.push_back(std::string("dtype=torch.") + dtype_name(dt));
    body = "[]";
  } else {
    if (!default_dtype) suffixes.push_back(std::string("dtype=torch.") + dtype_name(dt));
    Printer p{t};
    p.summarize = t.numel() > kThreshold;
    p.build_formatter();
    body = p.tensor_str(0, t.offset(), indent);
  }
  if (!extra.empty()) suffixes.push_back(extra);
  std::string s = prefix + body;
  size_t nl = s.rfind('\n');
  // torch: last_line_len = len(tensor_str) - tensor_str.rfind('\n') + 1
  int64_t last_line_len = int64_t(s.size()) - (nl == std::string::npos ? -1 : int64_t(nl)) + 1;
  for (const std::string& suf : suffixes) {
    int64_t sl = int64_t(suf.size());
    if (last_line_len + sl + 2 > kLineWidth) {
      s += ",\n" + std::string(size_t(indent), ' ') + suf;
      last_line_len = indent + sl;
    } else {
      s += ", " + suf;
      last_line_len += sl + 2;
    }
  }
  return s + ")";
}

}  // namespace tcc::rt
