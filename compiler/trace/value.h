// Defines the tracer's abstract values.
//
// A Value is what an expression evaluates to at compile time: a Python value
// that may be known (an int 3) or only typed (an int known at run time), a
// tensor (dtype + shape with static or symbolic dims; never data), or a
// program object (function, class, instance, module, builtin, wrapper).
// Values are immutable except containers and instances, which are mutated in
// place as Python would. Identity (the pointer) names a tensor or run-time
// scalar for segment inputs.
#pragma once

#include <map>
#include <unordered_map>
#include <optional>
#include <memory>
#include <string>
#include <vector>

#include "ast/ast.h"
#include "graph/graph.h"

namespace tcc::rt {
class Tensor;
}  // namespace tcc::rt

namespace tcc::trace {

struct Value;
using ValuePtr = std::shared_ptr<Value>;
struct ModuleState;
struct Env;
using EnvPtr = std::shared_ptr<Env>;

enum class VK : uint8_t {
  Unknown,     // nothing known (result of something unsupported)
  None, Bool, Int, Float, Str, Ellipsis,
  Slice,       // items = {lower, upper, step} (None values for absent)
  List, Tuple, Dict,
  Set,         // items (insertion order); `known` false: which items, and how many, only at run time
  Tensor,
  DType,       // dtype value (float32, ...): `dtype`
  Function,    // user function (def) with its defining module and closure
  Builtin,     // builtin function; `self_value` set for bound tensor/list methods
  BoundMethod, // `self_value` + `inner` (a Function)
  Class,
  Object,      // instance of a user class: attrs
  Module,      // an imported module: `module`
  Wrapper,     // error_on_graph_break(b)(f), nonstrict_trace(f), fullgraph(f): `inner`
  Marker,      // error_on_graph_break(b) / fullgraph(b) before application: decorator + context manager
};

// GradMode: torch.no_grad() / inference_mode() / enable_grad() /
// set_grad_enabled(b): a decorator and context manager that changes nothing
// (TensorScript has no autograd: no tensor records a graph for backward).
// Disable: torch.compiler.disable / torch._dynamo.disable: the function runs
// in the interpreter (not traced, not linted); a call from compiled code is a
// graph break.
enum class WrapKind : uint8_t { Eogb, Fullgraph, Nonstrict, GradMode, Disable };

struct ClassInfo {
  std::string name;
  const ast::ClassDef* def = nullptr;
  ModuleState* module = nullptr;
  std::vector<std::string> fields;               // typed fields, in order
  std::map<std::string, ValuePtr> members;       // methods and class attributes (inherited ones too)
  std::vector<std::shared_ptr<ClassInfo>> bases; // in the order written
  bool pytree = false;
  bool exception = false;                        // a builtin exception class or a subclass of one
};

struct Value {
  VK kind = VK::Unknown;
  bool known = true;            // Bool/Int/Float/Str: value known at compile time
  bool diagnosed = false;       // Unknown: what an error already reported made (`torch.relux`), so
                                // its uses report nothing more
  int64_t born = 0;             // creation order (NextBorn): which values a call made
  bool b = false;
  int64_t i = 0;
  double f = 0;
  std::string s;                // Str (when !known: a likely value, or empty); Builtin name; Function qualified name
  std::vector<ValuePtr> items;  // List/Tuple/Slice; Dict values
  std::vector<ValuePtr> keys;   // Dict keys
  // Unknown: one of these, chosen at run time among values known at compile
  // time (`models[sys.argv[1]]` over a known dict, choices.cpp), each named
  // by its label (the key, "'mlp'").
  std::vector<ValuePtr> choices;
  std::vector<std::string> choice_labels;
  // Tensor
  graph::TensorType type;
  bool rank_known = true;
  std::vector<double> data;     // small constant tensors created from literals
  int64_t tape_pos = -1;        // index of the tape op that made it (-1: not made by a traced op)
  // Module scope: the values of a tensor made from constants (known_data.cpp)
  std::shared_ptr<const rt::Tensor> values;
  int64_t values_epoch = 0;     // the root's `mutations` when `values` were computed
  int64_t mutations = 0;        // in-place updates of this tensor (a root): stale `values` of it and its views
  ValuePtr view_of;             // made by a view op (slice, transpose, ...) of this tensor (its root)
  bool parameter = false;       // marked by nn.Parameter (__parameter), as the interpreter's TensorObj
  bool requires_grad = false;   // a leaf that requires grad (nn.Parameter's requires_grad); results never do when traced
  // Function
  const ast::FunctionDef* fn = nullptr;
  ModuleState* module = nullptr;        // Function/Class: defining module; Module: the module
  EnvPtr closure;                       // enclosing function's locals (nested defs)
  bool defined_in_function = false;
  std::string class_name;               // methods: owning class ("Model")
  const ClassInfo* owner = nullptr;     // methods: the class whose body defines them (`super()`)
  // BoundMethod / Builtin method / Wrapper
  ValuePtr self_value;
  ValuePtr inner;
  // Wrapper / Marker
  WrapKind wrap = WrapKind::Eogb;
  bool flag = false;
  // Class / Object
  std::shared_ptr<ClassInfo> cls;
  std::map<std::string, ValuePtr> attrs;
  std::vector<std::string> attr_order;  // Object: attrs' names in the order first set (vars(), __dict__)
  void SetAttr(const std::string& name, ValuePtr v) {
    auto [it, fresh] = attrs.try_emplace(name, v);
    if (fresh) attr_order.push_back(name);
    else it->second = std::move(v);
  }
  // Int/Float known only at run time that Python arithmetic made from others
  // (`i + 1`, `1.0 - t / steps`): the graph op and its operands, so a segment
  // that reads it and has no path for it computes it (segments.cpp).
  std::optional<graph::OpKind> num_op;
  // An int known only at run time used as a size (`zeros(n)`): the symbolic
  // size it is, the same for every use (Tracer::DimsFromArgs).
  int32_t size_sym = -1;
  std::vector<ValuePtr> num_args;
  int num_depth = 0;

  bool is_number() const { return kind == VK::Int || kind == VK::Float || kind == VK::Bool; }
  bool is_known_number() const { return is_number() && known; }
  double as_double() const { return kind == VK::Float ? f : kind == VK::Int ? double(i) : double(b); }
};

// A double converted to int64 when finite and in range.
inline std::optional<int64_t> ToInt64(double d) {
  if (!(d > -9.2e18 && d < 9.2e18)) return std::nullopt;
  return static_cast<int64_t>(d);
}
// An int value, or an int known only at run time when `d` does not fit.
ValuePtr MakeIntFrom(double d);

ValuePtr MakeUnknown();
ValuePtr MakeDiagnosed();  // an Unknown with `diagnosed` set
ValuePtr MakeNone();
ValuePtr MakeBool(bool b);
ValuePtr MakeInt(int64_t i);
ValuePtr MakeFloat(double f);
ValuePtr MakeStr(std::string s);
ValuePtr MakeUnknownOf(VK kind);  // an int/float/bool/str known only at run time
// A tensor's size as Python sees it (`x.size(0)`, `x.shape`): the int when
// `d` (resolved) is static, else a run-time int that is the dim's symbol, so
// a shape made from it (`zeros(x.size(0))`, `expand_as`) is that same size.
ValuePtr MakeDimInt(graph::Dim d);
ValuePtr MakeTensor(graph::TensorType type);
// A function wrapped by a compile control (`fullgraph(fn)`, `nonstrict_trace(fn)`, ...).
ValuePtr MakeWrapper(WrapKind k, bool flag, const ValuePtr& inner);
inline bool IsTensor(const ValuePtr& v) { return v && v->kind == VK::Tensor; }
ValuePtr MakeSeq(VK kind, std::vector<ValuePtr> items);
// torch.Size (a tuple of ints; slicing it, `+ tuple` and `* n` stay Sizes):
// class_name kTorchSize, as the interpreter's TupleObj name.
inline constexpr const char* kTorchSize = "torch.Size";
ValuePtr MakeSize(std::vector<ValuePtr> dims);
inline bool IsSize(const Value& v) { return v.kind == VK::Tuple && v.class_name == kTorchSize; }
ValuePtr MakeBuiltin(std::string name, ValuePtr self = nullptr);
ValuePtr MakeDType(graph::DType t);
// The creation counter behind Value::born: every value made after a call
// to BornNow() has born >= its result.
int64_t BornNow();
int64_t NextBorn();  // a new creation number

// Maps values of one call of a specialisation to the values they stand for in
// another call with the same signature (see FreshCopy).
using ValueMap = std::unordered_map<const Value*, ValuePtr>;

// Records in `map` that `old` (and what it holds) stands for `now`, for two
// argument values with the same signature.
void MatchValues(const ValuePtr& old, const ValuePtr& now, ValueMap& map);

// The value a cached specialisation returns to another call: what `map` names
// (the first call's arguments and what they hold) becomes this call's value;
// what the first call made (born >= made_since: tensors, containers, objects)
// is copied with new identities, keeping how the parts share one another;
// anything older (globals, functions, classes, modules) is the same object, as
// at run time. Two calls of a factory never return one object.
ValuePtr FreshCopy(const ValuePtr& v, int64_t made_since, ValueMap& map);

// The identity (lang/semantics/identity.h) of a user function or class value, or
// of an instance's class; empty for builtins and for exception classes the
// program does not define. fullgraph(f) and the like are f's.
std::string DefinitionOf(const Value& v);
// What a compiled specialisation assumed of a global it read: the
// definition of a function, class or instance's class; else SignatureOf.
std::string GlobalFingerprint(const Value& v);

// Python truthiness when known at compile time.
std::optional<bool> KnownTruth(const Value& v);
// Python `==` when decidable at compile time.
std::optional<bool> KnownEqual(const Value& a, const Value& b);

// Short description for messages: "int", "float32[3, s0]", "function `f`".
std::string Describe(const Value& v);
// A canonical text of the abstract value for specialisation keys: tensors
// by dtype and shape, Python scalars by value, objects by identity.
std::string SignatureOf(const Value& v, std::map<int32_t, int>& sym_names, bool display = false);
// "float32[3, s0]"
std::string TypeString(const graph::TensorType& t, bool rank_known = true);
const char* DTypeSpelling(graph::DType t);
// JSON text of a known scalar ("3", "true", "\"s\"", "null").
std::string ScalarJson(const Value& v);

}  // namespace tcc::trace
