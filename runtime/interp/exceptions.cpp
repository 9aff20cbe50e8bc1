// Implements Python exceptions in the interpreter: the builtin exception
// classes (lang/semantics/builtins.h kPyExceptions), the mapping of run-time error
// kinds to them, and the `try`, `raise` and `del` statements.
#include "interp/dunder.h"
#include "interp/interpreter.h"
#include "interp/tensor_value.h"
#include "semantics/builtins.h"
#include "tensor/tensor.h"

namespace tcc::interp {

const char* PythonExceptionName(DiagKind kind) {
  static const std::pair<DiagKind, const char*> table[] = {
      {DiagKind::RtTypeError, "TypeError"},         {DiagKind::RtNameError, "NameError"},
      {DiagKind::RtAttributeError, "AttributeError"}, {DiagKind::RtIndexError, "IndexError"},
      {DiagKind::RtKeyError, "KeyError"},           {DiagKind::RtZeroDivision, "ZeroDivisionError"},
      {DiagKind::RtArgumentError, "TypeError"},     {DiagKind::RtShapeError, "RuntimeError"},
      {DiagKind::RtDTypeError, "RuntimeError"},     {DiagKind::RtValueError, "ValueError"},
      {DiagKind::RtFileError, "FileNotFoundError"}, {DiagKind::RtRecursionError, "RecursionError"},
      {DiagKind::RtAssertionError, "AssertionError"}, {DiagKind::RtNotCallable, "TypeError"},
      {DiagKind::RtImportError, "ImportError"},     {DiagKind::RtKernelError, "RuntimeError"},     {DiagKind::RtAutogradError, "RuntimeError"},
      {DiagKind::RtOverflowError, "OverflowError"},
  };
  for (const auto& [k, name] : table)
    if (k == kind) return name;
  return "RuntimeError";
}

namespace {

const int32_t kArgsSym = Intern("args");

// BaseException.__init__(self, *args): records the arguments.
Value ExcInit(Interp&, Args& a) {
  if (a.npos < 1 || !a.pos[0].is(OType::Instance)) TypeErr("`__init__` of an exception needs the exception");
  if (a.nkw) TypeErr("exceptions take no keyword arguments");
  a.pos[0].as<InstanceObj>()->Set(kArgsSym, MakeTuple(std::vector<Value>(a.pos + 1, a.pos + a.npos)));
  return Value::None();
}

struct ExcClasses {
  std::vector<std::pair<std::string, Ref<ClassObj>>> classes;
  ExcClasses() {
    for (const sem::PyExceptionInfo& e : sem::kPyExceptions) {
      Ref<ClassObj> c(new ClassObj());
      c->name = e.name;
      c->exception = true;
      if (e.base) c->base = Find(e.base);
      else {
        auto* init = new BuiltinObj("__init__", ExcInit);
        init->method = true;
        c->attrs.emplace_back(Intern("__init__"), Value::Obj(init));
      }
      classes.emplace_back(e.name, c);
    }
  }
  Ref<ClassObj> Find(std::string_view name) const {
    for (const auto& [n, c] : classes)
      if (n == name) return c;
    return Ref<ClassObj>();
  }
};
const ExcClasses& Classes() {
  static const ExcClasses c;
  return c;
}

Value NewException(const Ref<ClassObj>& cls, std::vector<Value> args) {
  Ref<InstanceObj> inst(new InstanceObj(cls));
  inst->Set(kArgsSym, MakeTuple(std::move(args)));
  return inst.value();
}

bool IsExceptionClass(const Value& v) { return v.is(OType::Class) && v.as<ClassObj>()->exception; }

// The exception object an `except` clause sees for error `e`.
const Value& ExceptionOf(TsError& e) {
  if (e.exc.is_undef()) e.exc = NewException(Classes().Find(PythonExceptionName(e.kind)), {MakeStr(e.message)});
  return e.exc;
}

bool Matches(const Value& exc, const Value& type) {
  if (type.is(OType::Tuple)) {
    for (const Value& t : type.as<TupleObj>()->items)
      if (Matches(exc, t)) return true;
    return false;
  }
  if (!IsExceptionClass(type))
    TypeErr("catching classes that do not inherit from BaseException is not allowed (got `" + TypeName(type) + "`)");
  return exc.as<InstanceObj>()->cls->IsSubclassOf(type.as<ClassObj>());
}

}  // namespace

void RegisterExceptionBuiltins(BuiltinTable& t) {
  for (const auto& [name, cls] : Classes().classes) t.Add(name, cls.value());
}

bool ClassObj::IsSubclassOf(const ClassObj* other) const {
  for (const ClassObj* c = this; c; c = c->base.get())
    if (c == other) return true;
  return false;
}

[[noreturn]] void ThrowKeyError(const Value& key, std::string message, std::string hint) {
  TsError e(DiagKind::RtKeyError, std::move(message), std::move(hint));
  e.exc = NewException(Classes().Find("KeyError"), {key});
  throw e;
}

std::optional<int> SystemExitStatus(const TsError& e, std::ostream& err) {
  static const ClassObj* system_exit = Classes().Find("SystemExit").get();
  if (!e.exc.is(OType::Instance) || !e.exc.as<InstanceObj>()->cls->IsSubclassOf(system_exit)) return std::nullopt;
  auto* inst = const_cast<InstanceObj*>(e.exc.as<InstanceObj>());
  static const int32_t code_sym = Intern("code");
  Value code = Value::None();
  if (Value* c = inst->Find(code_sym)) {
    code = *c;
  } else if (Value* args = inst->Find(kArgsSym); args && args->is(OType::Tuple)) {
    const auto& items = args->as<TupleObj>()->items;
    if (items.size() == 1) code = items[0];
    else if (!items.empty()) code = *args;
  }
  if (code.is_none()) return 0;
  if (code.is_int() || code.is_bool()) return static_cast<int>(code.to_int() & 0xff);
  err << Str(code) << '\n';
  return 1;
}

std::string ExceptionMessage(const Value& exc) {
  const auto* inst = exc.as<InstanceObj>();
  Value* args = const_cast<InstanceObj*>(inst)->Find(kArgsSym);
  if (!args || !args->is(OType::Tuple)) return "";
  const auto& items = args->as<TupleObj>()->items;
  if (items.empty()) return "";
  static const ClassObj* key_error = Classes().Find("KeyError").get();
  if (items.size() == 1 && inst->cls->IsSubclassOf(key_error)) return Repr(items[0]);  // Python's KeyError.__str__
  if (items.size() == 1) return Str(items[0]);
  return Repr(*args);
}

Interp::Flow Interp::ExecTry(const SNode* s, Frame& f) {
  const size_t unwound_at = unwound_.size();
  const int depth = depth_;
  Flow fl = Flow::Normal;
  auto run_finally = [&] {
    if (s->finalbody.empty()) return;
    Flow ff = ExecBlock(s->finalbody, f);
    if (ff != Flow::Normal) fl = ff;  // `return`/`break` in `finally` wins
  };
  bool raised = false;
  const Range* raised_at = nullptr;  // where in this frame it was raised (the traceback line)
  TsError caught(DiagKind::RtValueError, "");
  try {
    fl = ExecBlock(s->body, f);
  } catch (TsError& e) {
    raised = true;
    raised_at = f.at;
    caught = e;
  } catch (const rt::TensorError& e) {
    raised = true;
    raised_at = f.at;
    try {
      RethrowTensorError(e);
    } catch (TsError& te) {
      caught = te;
    }
  }
  if (!raised) {
    try {
      if (fl == Flow::Normal) fl = ExecBlock(s->orelse, f);
    } catch (...) {
      run_finally();
      throw;
    }
    run_finally();
    return fl;
  }
  // An exception: the frames it unwound are no longer a traceback.
  top_ = &f;
  depth_ = depth;
  f.at = &s->range;
  const Value exc = ExceptionOf(caught);
  try {
    for (const auto& h : s->handlers) {
      if (h.type) {
        Value type = Eval(h.type.get(), f);
        f.at = &h.range;
        if (!Matches(exc, type)) continue;
      }
      unwound_.resize(unwound_at);
      if (h.target) Store(h.target.get(), exc, f);
      handling_.push_back(caught);
      struct Pop {
        std::vector<TsError>& v;
        ~Pop() { v.pop_back(); }
      } pop{handling_};
      fl = ExecBlock(h.body, f);
      run_finally();
      return fl;
    }
  } catch (...) {
    run_finally();
    throw;
  }
  run_finally();
  f.at = raised_at;
  throw caught;
}

void Interp::ExecRaise(const SNode* s, Frame& f) {
  if (!s->value) {
    if (handling_.empty()) ThrowError(DiagKind::RtUncaughtException, "RuntimeError: no active exception to re-raise");
    throw handling_.back();
  }
  Value v = Eval(s->value.get(), f);
  if (s->test) Eval(s->test.get(), f);  // `from cause`: evaluated, not recorded
  f.at = &s->range;
  if (IsExceptionClass(v)) v = Call0(v);
  if (!v.is(OType::Instance) || !v.as<InstanceObj>()->cls->exception)
    TypeErr("exceptions must derive from BaseException (got `" + TypeName(v) + "`)");
  std::string msg = ExceptionMessage(v);
  TsError e(DiagKind::RtUncaughtException, v.as<InstanceObj>()->cls->name + (msg.empty() ? "" : ": " + msg));
  e.exc = v;
  throw e;
}

// Raises builtin exception class `cls` (kPyExceptions) with `message`, for
// errors no DiagKind names (OverflowError from the math module).
[[noreturn]] void ThrowPythonException(const char* cls, const std::string& message) {
  TsError e(DiagKind::RtUncaughtException, std::string(cls) + ": " + message);
  e.exc = NewException(Classes().Find(cls), {MakeStr(message)});
  throw e;
}

void DelAttr(const Value& obj, int32_t sym) {
  if (!obj.is(OType::Instance)) TypeErr("cannot delete an attribute of a `" + TypeName(obj) + "`");
  auto& attrs = obj.as<InstanceObj>()->attrs;
  size_t before = attrs.size();
  std::erase_if(attrs, [&](const auto& kv) { return kv.first == sym; });
  if (attrs.size() == before)
    ThrowError(DiagKind::RtAttributeError, "`" + TypeName(obj) + "` object has no attribute `" + SymName(sym) + "`");
}

void Interp::ExecDel(const SNode* s, Frame& f) {
  for (const auto& tp : s->targets) {
    const XNode* t = tp.get();
    f.at = &t->range;
    switch (t->k) {
      case XK::Local: case XK::Cell: case XK::Free: case XK::Global: {
        Value& slot = t->k == XK::Local ? f.slots[t->slot]
                      : t->k == XK::Cell ? f.slots[t->slot].as<CellObj>()->v
                      : t->k == XK::Free ? f.fn->closure[t->slot]->v
                                         : f.module->globals[t->slot];
        if (slot.is_undef()) ThrowError(DiagKind::RtNameError, "name `" + t->name + "` is not defined");
        slot = Value();
        break;
      }
      case XK::Subscript: {
        Value obj = Eval(t->kids[0].get(), f);
        Value idx = Eval(t->kids[1].get(), f);
        f.at = &t->range;
        DelItem(obj, idx);
        break;
      }
      case XK::Attr: {
        Value obj = Eval(t->kids[0].get(), f);
        f.at = &t->range;
        DelAttr(obj, t->slot);
        break;
      }
      case XK::Const: case XK::List: case XK::Tuple: case XK::Dict: case XK::Slice: case XK::Call:
      case XK::Unary: case XK::Binary: case XK::Compare: case XK::And: case XK::Or: case XK::IfExp:
      case XK::ListComp: case XK::Lambda: case XK::Starred:
        TypeErr("cannot delete this expression");
    }
  }
}

void DelItem(const Value& obj, const Value& index) {
  if (obj.is(OType::Instance)) { InstanceDelItem(obj, index); return; }
  if (obj.is(OType::List)) {
    auto& items = obj.as<ListObj>()->items;
    if (!index.is_int() && !index.is_bool()) TypeErr("list indices must be integers, not `" + TypeName(index) + "`");
    int64_t n = static_cast<int64_t>(items.size());
    int64_t i = index.to_int();
    if (i < 0) i += n;
    if (i < 0 || i >= n) ThrowError(DiagKind::RtIndexError, "list assignment index out of range");
    items.erase(items.begin() + i);
    return;
  }
  if (obj.is(OType::Dict)) {
    auto* d = obj.as<DictObj>();
    int64_t i = d->Find(index);
    if (i < 0) ThrowKeyError(index, "key " + Repr(index) + " is not in the dict");
    d->items.erase(d->items.begin() + i);
    return;
  }
  TypeErr("a `" + TypeName(obj) + "` does not support item deletion");
}

}  // namespace tcc::interp
