// Implements str()/repr() of values as Python prints them: floats in their
// shortest round-trip form (`0.1`, `1.0`, `1e-05`), strings quoted inside
// containers, `(1,)` tuples, `{'a': 1}` dicts, dataclass-style instances.
// Tensors print through the tensor library's torch-compatible formatter.
#include <charconv>
#include <cmath>
#include <cstdlib>

#include "interp/autograd.h"
#include "interp/dunder.h"
#include "interp/interpreter.h"
#include "interp/tensor_value.h"
#include "tensor/io.h"

namespace tcc::interp {

std::string FormatFloat(double d) {
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
  if (d == 0) return std::signbit(d) ? "-0.0" : "0.0";
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::scientific);
  std::string sci(buf, res.ptr);
  // sci = "-d.ddde+XX"
  bool neg = sci[0] == '-';
  if (neg) sci.erase(0, 1);
  size_t e = sci.find('e');
  std::string mant = sci.substr(0, e);
  int exp = std::atoi(sci.c_str() + e + 1);
  std::string digits;
  for (char c : mant) if (c != '.') digits += c;
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  std::string out;
  if (exp >= -4 && exp < 16) {
    if (exp < 0) {
      out = "0." + std::string(-exp - 1, '0') + digits;
    } else if (static_cast<size_t>(exp) + 1 >= digits.size()) {
      out = digits + std::string(exp + 1 - digits.size(), '0') + ".0";
    } else {
      out = digits.substr(0, exp + 1) + "." + digits.substr(exp + 1);
    }
  } else {
    out = digits.substr(0, 1);
    if (digits.size() > 1) out += "." + digits.substr(1);
    char eb[16];
    std::snprintf(eb, sizeof eb, "e%c%02d", exp < 0 ? '-' : '+', std::abs(exp));
    out += eb;
  }
  return neg ? "-" + out : out;
}

namespace {

std::string QuoteStr(const std::string& s) {
  char q = (s.find('\'') != std::string::npos && s.find('"') == std::string::npos) ? '"' : '\'';
  std::string out(1, q);
  for (char c : s) {
    if (c == q || c == '\\') { out += '\\'; out += c; }
    else if (c == '\n') out += "\\n";
    else if (c == '\t') out += "\\t";
    else out += c;
  }
  out += q;
  return out;
}

void ReprInto(const Value& v, std::string& out, int depth);

void SeqInto(const std::vector<Value>& items, const char* open, const char* close, bool tuple,
             std::string& out, int depth) {
  out += open;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out += ", ";
    ReprInto(items[i], out, depth + 1);
  }
  if (tuple && items.size() == 1) out += ",";
  out += close;
}

void ReprInto(const Value& v, std::string& out, int depth) {
  if (depth > 100) { out += "..."; return; }
  switch (v.tag()) {
    case Tag::Undef: out += "<undefined>"; return;
    case Tag::None: out += "None"; return;
    case Tag::Bool: out += v.as_bool() ? "True" : "False"; return;
    case Tag::Int: out += std::to_string(v.as_int()); return;
    case Tag::Float: out += FormatFloat(v.as_float()); return;
    case Tag::Obj: break;
  }
  switch (v.obj()->type) {
    case OType::Str: out += QuoteStr(v.as<StrObj>()->s); return;
    case OType::List: SeqInto(v.as<ListObj>()->items, "[", "]", false, out, depth); return;
    case OType::Tuple: {
      auto* t = v.as<TupleObj>();
      if (t->name == kTorchSize) {
        out += "torch.Size(";
        SeqInto(t->items, "[", "]", false, out, depth);
        out += ")";
        return;
      }
      if (t->fields.empty() || t->fields.size() != t->items.size()) {
        SeqInto(t->items, "(", ")", true, out, depth);
        return;
      }
      // torch's named tuples: torch.return_types.max(\nvalues=...,\nindices=...)
      out += "torch.return_types." + t->name + "(";
      for (size_t i = 0; i < t->items.size(); ++i) {
        out += (i ? ",\n" : "\n") + SymName(t->fields[i]) + "=";
        ReprInto(t->items[i], out, depth + 1);
      }
      out += ")";
      return;
    }
    case OType::Dict: {
      out += "{";
      bool first = true;
      for (auto& [k, val] : v.as<DictObj>()->items) {
        if (!first) out += ", ";
        first = false;
        ReprInto(k, out, depth + 1);
        out += ": ";
        ReprInto(val, out, depth + 1);
      }
      out += "}";
      return;
    }
    case OType::Set: {
      const auto& items = v.as<SetObj>()->items();
      if (items.empty()) { out += "set()"; return; }
      SeqInto(items, "{", "}", false, out, depth);
      return;
    }
    case OType::Function: out += "<function " + v.as<FunctionObj>()->code->qualname + ">"; return;
    case OType::Builtin: out += std::string("<built-in function ") + v.as<BuiltinObj>()->name + ">"; return;
    case OType::Class: out += "<class '" + v.as<ClassObj>()->name + "'>"; return;
    case OType::Instance: {
      auto* inst = v.as<InstanceObj>();
      static const int32_t repr_sym = Intern("__repr__");
      if (const Value* m = inst->cls->Lookup(repr_sym); m && m->is(OType::Function) && CurrentInterp()) {
        Value r = CurrentInterp()->CallFunction(m->as<FunctionObj>(), &v, nullptr, 0, nullptr, nullptr, 0);
        if (!r.is(OType::Str)) TypeErr("`__repr__` returned a `" + TypeName(r) + "`, not a str");
        out += r.as<StrObj>()->s;
        return;
      }
      if (inst->cls->exception) {
        static const int32_t args_sym = Intern("args");
        out += inst->cls->name + "(";
        if (Value* a = inst->Find(args_sym); a && a->is(OType::Tuple)) {
          const auto& items = a->as<TupleObj>()->items;
          for (size_t i = 0; i < items.size(); ++i) {
            if (i) out += ", ";
            ReprInto(items[i], out, depth + 1);
          }
        }
        out += ")";
        return;
      }
      std::vector<const ClassObj*> chain;
      for (const ClassObj* c = inst->cls.get(); c; c = c->base.get()) chain.insert(chain.begin(), c);
      bool any_field = false;
      for (auto* c : chain) any_field = any_field || !c->fields.empty();
      if (!any_field) { out += "<" + inst->cls->name + " object>"; return; }
      out += inst->cls->name + "(";
      bool first = true;
      for (auto* c : chain) {
        for (auto& fd : c->fields) {
          if (!first) out += ", ";
          first = false;
          out += SymName(fd.sym) + "=";
          if (Value* fv = inst->Find(fd.sym)) ReprInto(*fv, out, depth + 1);
          else out += "<unset>";
        }
      }
      out += ")";
      return;
    }
    case OType::BoundMethod: {
      auto* bm = v.as<BoundMethodObj>();
      out += "<bound method " + TypeName(bm->self) + ".";
      if (bm->func.is(OType::Function)) out += bm->func.as<FunctionObj>()->code->name;
      out += ">";
      return;
    }
    case OType::Module: out += "<module '" + v.as<ModuleObj>()->code->name + "'>"; return;
    case OType::Tensor: {
      std::string grad = GradSuffix(v);
      if (v.as<TensorObj>()->parameter && !grad.empty()) out += "Parameter containing:\n";
      out += rt::format_tensor(TensorOf(v), grad);
      return;
    }
    case OType::BigInt: out += v.as<BigIntObj>()->v.ToString(); return;
    case OType::Slice: {
      auto* s = v.as<SliceObj>();
      out += "slice(";
      ReprInto(s->lo, out, depth + 1); out += ", ";
      ReprInto(s->hi, out, depth + 1); out += ", ";
      ReprInto(s->step, out, depth + 1); out += ")";
      return;
    }
    case OType::Ellipsis: out += "Ellipsis"; return;
    case OType::DType:  // torch's spelling: torch.float32
      out += "torch.";
      out += rt::dtype_name(static_cast<rt::DType>(v.as<DTypeObj>()->dtype));
      return;
    case OType::Cell: out += "<cell>"; return;
    case OType::Native: out += "<" + v.as<NativeObj>()->name + ">"; return;
    case OType::Super: out += "<super>"; return;
    case OType::Special: out += SpecialRepr(v); return;
    case OType::Range: {
      auto* r = v.as<RangeObj>();
      out += "range(" + std::to_string(r->start) + ", " + std::to_string(r->stop);
      if (r->step != 1) out += ", " + std::to_string(r->step);
      out += ")";
      return;
    }
  }
}

}  // namespace

std::string Repr(const Value& v) {
  std::string out;
  ReprInto(v, out, 0);
  return out;
}

std::string Str(const Value& v) {
  if (v.is(OType::Str)) return v.as<StrObj>()->s;
  if (v.is(OType::Instance)) {
    static const int32_t str_sym = Intern("__str__");
    auto* inst = v.as<InstanceObj>();
    if (const Value* m = inst->cls->Lookup(str_sym); m && m->is(OType::Function) && CurrentInterp()) {
      Value r = CurrentInterp()->CallFunction(m->as<FunctionObj>(), &v, nullptr, 0, nullptr, nullptr, 0);
      if (!r.is(OType::Str)) TypeErr("`__str__` returned a `" + TypeName(r) + "`, not a str");
      return r.as<StrObj>()->s;
    }
    static const int32_t repr_sym = Intern("__repr__");
    if (inst->cls->exception && !inst->cls->Lookup(repr_sym)) return ExceptionMessage(v);
  }
  return Repr(v);
}

}  // namespace tcc::interp
