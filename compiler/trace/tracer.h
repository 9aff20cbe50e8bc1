// Defines the Tracer: the state of one static trace of a program, shared by
// the files that implement it (trace_expr.cpp, trace_stmt.cpp,
// trace_call.cpp, builtins*.cpp, breaks.cpp, segments.cpp, nonstrict.cpp).
//
// Internal to compiler/trace; the public interface is trace.h.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "ast/ast.h"
#include "diagnostics/diagnostics.h"
#include "semantics/builtins.h"
#include "semantics/containers.h"
#include "semantics/pynum.h"
#include "trace/shape_rules.h"
#include "trace/trace_state.h"
#include "trace/trace.h"
#include "trace/value.h"

namespace tcc::interp {
class Interp;
}

namespace tcc::trace {

class Tracer : public ProbedState {
 public:
  Tracer(DiagnosticEngine& diags, const TraceOptions& opts);
  ModuleState* AddModule(const std::string& name, const ast::Module& mod);
  TraceResult Run(ModuleState* main);
  // The statement being traced runs whenever the program runs: every frame,
  // from the main module's scope in, is outside any `if`, loop, `try`, `with`
  // or conditional expression (a problem proven there fails `tcc build`).
  bool CertainToRun() const;
  // Inside a torch.compiler.disable function (Frame::disabled).
  bool InDisabled() const;
  ModuleState* main_module = nullptr;  // `__name__` is "__main__" there

  // ---- module loading (imports): name -> module state
  std::map<std::string, ModuleState*> modules;

  // ---- expressions (trace_expr.cpp)
  ValuePtr Eval(const ast::Expr& e);
  ValuePtr EvalName(const ast::NameExpr& e);
  ValuePtr EvalAttribute(const ast::AttributeExpr& e);
  ValuePtr GetAttr(const ValuePtr& base, const std::string& attr, Range where);
  ValuePtr EvalSubscript(const ast::SubscriptExpr& e);
  ValuePtr StrItem(const ValuePtr& s, const ValuePtr& idx);  // s[i], s[a:b] (trace_index.cpp)
  bool SymbolicPrefix(ValuePtr& cur, int64_t dim, const ValuePtr& sl, Range where);  // x[:, :T], T a run-time size
  ValuePtr IndexValue(const ValuePtr& base, const ast::Expr& index_expr, Range where);
  // index tensors (trace_gather.cpp)
  ValuePtr AdvancedIndex(const ValuePtr& base, const std::vector<const ast::Expr*>& parts,
                         std::vector<ValuePtr> vals, Range where);
  ValuePtr IndexListTensor(const ValuePtr& list, Range where);
  // The handlers of builtin_handlers.def (builtins_controls.cpp, builtins_pyvalues.cpp).
#define TCC_TRACE_BUILTIN(Group, Handler, ...) ValuePtr Handler(const std::string& name, CallArgs& args);
#include "trace/builtin_handlers.def"
  // issue 11's tensor builtins (tensor_builtin_handlers.def; builtins_ops*.cpp)
#define TCC_TENSOR_BUILTIN(Handler, ...) ValuePtr Handler(TensorCall& c);
#include "trace/tensor_builtin_handlers.def"
  ValuePtr TensorTypeError(const Range& where, const std::string& msg);
  ValuePtr GatherOp(const std::string& name, const ValuePtr& self, CallArgs& args);
  // The Index, Shape and Sort rows and max/min with a dim (trace_shape_ops.cpp);
  // null when `name` is none of them. `self`: the receiver of the method form.
  // narrow, chunk/split, unbind, flip, roll, repeat*, tril/triu/masked_fill, outer/dot (trace_shape_ops.cpp)
  ValuePtr NarrowBuiltin(struct ShapeCall& c);
  ValuePtr SplitBuiltin(struct ShapeCall& c);
  ValuePtr UnbindBuiltin(struct ShapeCall& c);
  ValuePtr FlipBuiltin(struct ShapeCall& c);
  ValuePtr RollBuiltin(struct ShapeCall& c);
  ValuePtr RepeatBuiltin(struct ShapeCall& c);
  ValuePtr TrilMaskBuiltin(struct ShapeCall& c);
  ValuePtr OuterDotBuiltin(struct ShapeCall& c);
  ValuePtr IndexShapeBuiltin(const std::string& name, const ValuePtr& self, CallArgs& args);
  // sort, argsort, topk, scatter & co., diag, multinomial, nonzero (trace_sort.cpp)
  // and einsum (trace_einsum.cpp); null when `name` is none of them.
  // sort/argsort/topk, scatter*/index_*, diag, multinomial (trace_sort.cpp)
  ValuePtr SortOp(struct SortCall& c);
  ValuePtr ScatterOp(struct SortCall& c);
  ValuePtr DiagOp(struct SortCall& c);
  ValuePtr MultinomialOp(struct SortCall& c);
  ValuePtr SortScatterBuiltin(const std::string& name, const ValuePtr& self, CallArgs& args);
  ValuePtr EinsumOp(CallArgs& args);
  ValuePtr NarrowOp(const ValuePtr& x, int64_t dim, int64_t start, int64_t length, Range where);
  // torch.return_types.<type>(items...): a tuple whose keys name its items
  // (lang/semantics/return_types.def's row); null when there is no such row or the
  // item count is not its fields' (the interpreter raises the TypeError).
  ValuePtr NamedTuple(const std::string& type, std::vector<ValuePtr> items);
  ValuePtr NamedPair(const std::string& type, ValuePtr values, ValuePtr indices) {
    return NamedTuple(type, {std::move(values), std::move(indices)});
  }
  ValuePtr EvalBinary(const ast::BinaryExpr& e);
  ValuePtr BinaryOp(ast::BinOp op, const ValuePtr& a, const ValuePtr& b, Range where);
  ValuePtr EvalUnary(const ast::UnaryExpr& e);
  ValuePtr EvalCompare(const ast::CompareExpr& e);
  ValuePtr CompareOp(ast::CmpOp op, const ValuePtr& a, const ValuePtr& b, Range where);
  ValuePtr EvalBoolOp(const ast::BoolOpExpr& e);
  ValuePtr EvalIfExpr(const ast::IfExpr& e);
  // [elt for ...]: unrolled like a `for` loop (trace_stmt.cpp)
  ValuePtr EvalListComp(const ast::ListCompExpr& e);
  // Truth of a condition: known, or nullopt after reporting a break (tensor)
  // or when only known at run time.
  std::optional<bool> Condition(const ValuePtr& v, const ast::Expr& where, const char* construct);

  // ---- statements (trace_stmt.cpp)
  Flow ExecBlock(const ast::Block& block);
  Flow ExecStmt(const ast::Stmt& s);      // ExecStmtKind, then a pending raise becomes Flow::Raise
  Flow ExecStmtKind(const ast::Stmt& s);
  Flow ExecBody(const ast::Block& body);  // a function body: top-level statements with segments
  void Assign(const ast::Expr& target, const ValuePtr& v);
  void BindName(const std::string& name, const ValuePtr& v);
  // `target op= v` where the target holds a tensor (inplace.cpp): in place.
  void AugAssignTensor(const ast::AugAssignStmt& s, const ValuePtr& cur, const ValuePtr& v);
  // The in-place update of tensor `cur` to the value `r` (`x += y`, `x.add_(y)`;
  // `what` names it in messages): the new value, to which every reference
  // was redirected (or `cur` when the interpreter makes the update).
  ValuePtr InPlaceUpdate(const ValuePtr& cur, const ValuePtr& r, Range where, const std::string& what,
                         bool check_category, const std::string& fix = "");
  // `x[:, pos] = v` with a 1-d int tensor of positions (index_put.cpp): a
  // Scatter in the graph and the in-place update; false when the store is
  // another kind (it then runs in the interpreter).
  bool IndexPutStore(const ValuePtr& base, const ValuePtr& idx, const ValuePtr& v, Range where);
  // While a call with `generator=g` is traced: g's id, an operand of the
  // random ops it emits (Emit; the kernel draws from g).
  ValuePtr draw_generator;
  // Module scope (known_data.cpp): the values of a tensor made from constants
  // (linspace, arange, literals, rows of them), computed by the runtime's
  // tensor library; `.item()`/`.tolist()`/int()/float() of it are known.
  void FoldKnownData(graph::OpKind op, const std::vector<ValuePtr>& in, const graph::Attrs& a, const ValuePtr& out);
  bool KnownValues(const ValuePtr& t);      // t->values hold, here and now
  void MutatedTensor(const ValuePtr& t);    // an in-place update of t: its known values (and its views') are stale
  ValuePtr KnownScalar(const ValuePtr& t);  // null unless one known element
  ValuePtr KnownList(const ValuePtr& t);    // t.tolist(), null unless known
  // A warning for each live view of `base` (its root) that a kernel made: compiled
  // code does not show it an in-place update (StaleView).
  // `rederived`: views made from `base` by view ops are made again from the
  // new value (an `op=` update), so only other views of its root are stale.
  void WarnStaleViews(const ValuePtr& base, Range where, bool rederived = false);
  bool IsViewChainOf(const ValuePtr& view, const ValuePtr& base) const;
  // `view` made by view ops from `base`, made again from `now` (null: it is not).
  ValuePtr ReDerive(const ValuePtr& view, const ValuePtr& base, const ValuePtr& now, Range where);
  void ExecFunctionDef(const ast::FunctionDef& d);
  // The function value of a `def` or a lambda (a closure inside a function).
  ValuePtr FunctionValue(const ast::FunctionDef& d);
  void ExecClassDef(const ast::ClassDef& d);
  void ExecImport(const ast::Stmt& s);
  ModuleState* LoadModule(const std::string& name);
  ValuePtr AttributeDict(const ValuePtr& obj);  // vars(obj), when the attributes' order is known
  ValuePtr TorchLoadValue(const std::string& path, std::string* error);  // npy_header.cpp
  ValuePtr CopyValue(const ValuePtr& v, bool deep, std::map<const Value*, ValuePtr>& memo, Range where);
  // Runs `then_fn` and `else_fn` on copies of the locals and joins them
  // (a branch whose direction is unknown at compile time).
  Flow ExecBothWays(const std::function<Flow()>& a, const std::function<Flow()>& b);
  // A `for` loop (loops.cpp): rolled when its iterations look alike, else unrolled.
  Flow ExecFor(const ast::ForStmt& fs);
  // A `for` the interpreter runs whose body statements form segments of their
  // own, `item` standing for every item (loops.cpp). `trip`: the iteration
  // count when known at compile time (-1: at run time). With `probe`, a body
  // whose iterations differ (or that traces worse than unrolled would) is
  // Roll::Differs and the caller restores its snapshot and unrolls.
  // Grows: a container from before the loop (known length) changes length
  // in the body; the caller traces it again from a snapshot with
  // `grown_values` of a length known only at run time.
  enum class Roll { NotHere, Rolled, Differs, Grows };
  Roll RolledLoop(const ast::ForStmt& fs, const ValuePtr& item, const std::string& why, int64_t trip, bool probe);
  Roll RollAttempts(const ast::ForStmt& fs, const ValuePtr& item, const std::string& why, int64_t trip, bool probe,
                    std::shared_ptr<ProbeState>& snap);
  // The undo log of Python-side writes (lists, objects, classes, in-place
  // redirects; loop_probe.cpp). A level opens where a
  // rolled-loop probe or body starts; before the first write into a value
  // (container, object, class, environment) made before the level opened,
  // JournalWrite/JournalEnv save it. UndoJournal puts back what the
  // innermost level saved (an undone probe); CloseJournal keeps it for the
  // enclosing level (an accepted one). JournalSince lists the values written
  // since a level opened, each with its state before the first write.
  struct HeapSave {
    ValuePtr value;                              // a container or object: `before` is its state
    std::shared_ptr<Value> before;
    std::shared_ptr<ClassInfo> cls;              // a class: its members before
    std::map<std::string, ValuePtr> members;
    EnvPtr env;                                  // an environment (module globals, a closure): its names before
    std::unordered_map<std::string, ValuePtr> vars;
  };
  struct JournalLevel {
    size_t begin = 0;
    int64_t born = 0;
    std::set<const void*> saved;
  };
  std::vector<HeapSave> heap_journal;
  std::vector<JournalLevel> journal_levels;
  void JournalWrite(const ValuePtr& target);
  void JournalEnv(const EnvPtr& env);
  void OpenJournal();
  void UndoJournal();
  void CloseJournal();
  std::vector<const HeapSave*> JournalSince(size_t begin) const;
  // Runs `fn` with the values written since entry `begin` as they were
  // before those writes, then as they are now again (a segment that ends
  // before a statement is described as the statement found it).
  void WithWritesUndone(size_t begin, const std::function<void()>& fn);
  void CloseStmtJournal(Frame& f);  // closes the level SegStmtBegin opened
  // One side of a run-time branch (ExecBothWays): RewindWrites puts back
  // the values written since entry `begin` (keeping the entries) and returns
  // their states after that side; JoinWrites then joins them with the other
  // side's (a list of two lengths: a length known only at run time).
  std::vector<HeapSave> RewindWrites(size_t begin);
  void JoinWrites(size_t begin, const std::vector<HeapSave>& side_a);
  // After a rolled loop body (loops.cpp): each value from before the loop
  // that the body changed in place now holds the join of its state before and
  // after one iteration; a container whose length changed is left as it is
  // and named in `grown` (`grown_tensors`: it gained tensors) and
  // `grown_values`.
  void JoinWrittenValues(size_t journal_begin, std::string& grown, bool& grown_tensors);
  std::vector<ValuePtr> grown_values;
  // Differs only by Python numbers that changed: the names to retry unknown.
  std::vector<std::string> widen_names;
  // Tape ranges of rolled loop bodies, for explain's "graph 2 runs 1000 times".
  struct RolledRange {
    size_t begin = 0, end = 0;
    int64_t trip = -1;                 // -1: known at run time
    const SourceFile* file = nullptr;
    Loc loc;
  };
  std::vector<RolledRange> rolled_ranges;

  // ---- calls (trace_call.cpp)
  ValuePtr EvalCall(const ast::CallExpr& e);
  ValuePtr Call(const ValuePtr& fn, CallArgs& args);
  ValuePtr CallFunction(const ValuePtr& fn, const ValuePtr& self, CallArgs& args, bool from_entry_wrapper);
  ValuePtr Entry(const ValuePtr& callable, CallArgs& args);
  // A call from compiled code to a torch.compiler.disable function: a graph
  // break, an unknown result, and what its arguments hold forgotten.
  ValuePtr CallDisabled(const ValuePtr& fn, CallArgs& args);
  ValuePtr Construct(const ValuePtr& cls, CallArgs& args);
  // The positional and keyword arguments of a call, `*xs` / `**d` spliced
  // in; false when a spliced value's length is known only at run time.
  bool EvalArgs(const std::vector<ast::ExprPtr>& pos, const std::vector<ast::Keyword>& kw, CallArgs& out);
  // The items of a list/tuple display, `*xs` spliced (null: not known).
  std::optional<std::vector<ValuePtr>> EvalItems(const std::vector<ast::ExprPtr>& elts);

  // ---- exceptions (trace_try.cpp)
  // The builtin exception class `name` (lang/semantics/builtins.h) as a class value.
  ValuePtr ExceptionClass(const std::string& name);
  Flow ExecTry(const ast::TryStmt& s);
  Flow ExecRaise(const ast::RaiseStmt& s);
  void ExecDel(const ast::DelStmt& s);
  void DelAttr(const ValuePtr& base, const std::string& attr, Range where);  // del base.attr
  // Whether exception object `exc` is caught by `type` (a class or a tuple),
  // when known at compile time.
  std::optional<bool> ExceptionMatches(const ValuePtr& exc, const ValuePtr& type);
  int try_depth = 0;                 // traced `try` bodies being executed
  std::vector<ValuePtr> handling;    // exceptions being handled (bare `raise`)
  std::map<std::string, ValuePtr> exception_classes;
  // `super()` / `super(C, obj)`: a Builtin "#super" whose self_value is the
  // instance and whose items are the classes to look attributes up in.
  ValuePtr Super(CallArgs& args);
  ValuePtr ApplyDecorator(const ValuePtr& deco, const ValuePtr& target, const ast::Expr& where);
  bool BindParams(const ast::FunctionDef& def, const ValuePtr& self, CallArgs& args, Env& env,
                  const SourceFile* file);

  // ---- the object model of user classes (trace_dunder.cpp, trace_iter.cpp)
  ValuePtr MemberOf(const ValuePtr& obj, const std::string& name);  // a class member of an object, or null
  ValuePtr ClassValueOf(const ValuePtr& obj);
  ValuePtr CallMember(const ValuePtr& self, const ValuePtr& m, std::vector<ValuePtr> args, Range where);
  // A property / staticmethod / classmethod member read through `self` (null: not one).
  ValuePtr BindMember(const ValuePtr& m, const ValuePtr& self, bool on_class, Range where);
  ValuePtr SpecialAttr(const ValuePtr& base, const std::string& attr);  // __class__, __name__; null: neither
  ValuePtr TensorAttr(const ValuePtr& base, const std::string& attr, Range where);  // trace_expr.cpp
  // `obj.attr = v` on an object: through a property's setter when it has one.
  bool StoreObjectAttr(const ValuePtr& obj, const std::string& attr, const ValuePtr& v, Range where);
  ValuePtr TryDunder(const ValuePtr& self, const char* name, const ValuePtr& arg, Range where);
  ValuePtr ObjectBinary(ast::BinOp op, const ValuePtr& a, const ValuePtr& b, Range where);
  ValuePtr ObjectAugmented(ast::BinOp op, const ValuePtr& a, const ValuePtr& b, Range where);
  ValuePtr ObjectUnary(ast::UnaryOp op, const ValuePtr& v, Range where);
  // Comparisons of objects, classes and builtins; null: not one of them.
  ValuePtr ObjectCompare(ast::CmpOp op, const ValuePtr& a, const ValuePtr& b, Range where);
  ValuePtr ObjectTruth(const ValuePtr& v, Range where);  // `__bool__` / `__len__` != 0; null: neither
  ValuePtr ObjectLen(const ValuePtr& v, Range where);
  ValuePtr ObjectGetItem(const ValuePtr& obj, const ValuePtr& idx, Range where);
  void ObjectSetItem(const ValuePtr& obj, const ValuePtr& idx, const ValuePtr& v, Range where);
  void ObjectDelItem(const ValuePtr& obj, const ValuePtr& idx, Range where);
  // What a loop over `v` visits: an object's or iterator's items as a list
  // (not known when they are not); any other value as it is.
  ValuePtr IterableOf(const ValuePtr& v, Range where);
  ValuePtr NextOf(const ValuePtr& it, Range where, bool* unknown);
  ValuePtr SequenceItems(const ValuePtr& v, Range where);  // `__getitem__` with indices 0, 1, ...
  // The object-model builtins; null: not one of them (iterable arguments
  // of list(), sum(), ... are replaced by their items).
  // the object builtins of ObjectBuiltin's table (trace_iter.cpp)
  ValuePtr ObjectLenBuiltin(const std::string& name, const ValuePtr& self, CallArgs& args);
  ValuePtr ObjectBoolBuiltin(const std::string& name, const ValuePtr& self, CallArgs& args);
  ValuePtr ObjectAbsBuiltin(const std::string& name, const ValuePtr& self, CallArgs& args);
  ValuePtr DescriptorBuiltin(const std::string& name, const ValuePtr& self, CallArgs& args);
  ValuePtr PropertySetterBuiltin(const std::string& name, const ValuePtr& self, CallArgs& args);
  ValuePtr CopyBuiltin(const std::string& name, const ValuePtr& self, CallArgs& args);
  ValuePtr DeepCopyBuiltin(const std::string& name, const ValuePtr& self, CallArgs& args);
  ValuePtr CopyArg(CallArgs& args, bool deep);
  ValuePtr TensorMethodsBuiltin(const std::string& name, const ValuePtr& self, CallArgs& args);
  ValuePtr TensorClassBuiltin(const std::string& name, const ValuePtr& self, CallArgs& args);
  ValuePtr ReturnTypesBuiltin(const std::string& name, const ValuePtr& self, CallArgs& args);
  ValuePtr VarsBuiltin(const std::string& name, const ValuePtr& self, CallArgs& args);
  ValuePtr IterBuiltin(const std::string& name, const ValuePtr& self, CallArgs& args);
  ValuePtr NextBuiltin(const std::string& name, const ValuePtr& self, CallArgs& args);
  ValuePtr AttrBuiltin(const std::string& name, const ValuePtr& self, CallArgs& args);
  ValuePtr IsInstanceBuiltin(const std::string& name, const ValuePtr& self, CallArgs& args);
  ValuePtr TypeBuiltin(const std::string& name, const ValuePtr& self, CallArgs& args);
  ValuePtr ObjectBuiltin(const std::string& name, const ValuePtr& self, CallArgs& args);
  ValuePtr IsInstance(const ValuePtr& v, const ValuePtr& cls);
  // An expression of a class body: a name of a member defined before, or an
  // attribute of one (`__rmul__ = __mul__`, `@x.setter`), reads the member.
  ValuePtr EvalInClassBody(const ast::Expr& e, const ClassInfo& cls);

  // ---- builtins (builtins*.cpp)
  // Tensor methods written in TensorScript (`x.log10()`): name -> function,
  // registered by stdlib/torch.ts's __tensor_methods(name=fn, ...).
  std::map<std::string, ValuePtr> script_tensor_methods;
  ValuePtr CallBuiltin(const std::string& name, const ValuePtr& self, CallArgs& args);
  ValuePtr TensorMethod(const std::string& name, const ValuePtr& t, CallArgs& args);
  ValuePtr ConvertMethod(const std::string& name, const ValuePtr& t, CallArgs& args);  // builtins_view.cpp
  ValuePtr ViewAsMethod(const std::string& name, const ValuePtr& t, CallArgs& args);
  ValuePtr UnaryMethod(graph::OpKind op, const ValuePtr& t, Range where);
  ValuePtr ListMethod(const std::string& name, const ValuePtr& l, CallArgs& args);
  ValuePtr DictMethod(const sem::ContainerMethodInfo& row, const ValuePtr& d, CallArgs& args);
  // ---- sets (trace_set.cpp)
  // A set of `items` (deduplicated; its length unknown when whether two are
  // equal is, or when `known` is false).
  ValuePtr MakeSetOf(const std::vector<ValuePtr>& items, bool known, Range where);
  ValuePtr SetBuiltin(CallArgs& args);  // set(), set(iterable), #set([...]) of a display
  ValuePtr SetMethod(const std::string& name, const ValuePtr& s, CallArgs& args);
  ValuePtr CombineSetValues(sem::SetOp op, const ValuePtr& a, const ValuePtr& b, Range where);
  ValuePtr SetCompare(ast::CmpOp op, const ValuePtr& a, const ValuePtr& b);  // <=, <, >=, >, ==, !=
  // map, filter, divmod, min/max key=/default=, sorted/list.sort key=, math, str.format
  // (builtins_python.cpp); nullptr when the call is not one of them.
  ValuePtr PythonBuiltin(const std::string& name, const ValuePtr& self, CallArgs& args);
  ValuePtr MathBuiltin(const std::string& name, CallArgs& args);
  // str.split, join, ... on a known str with known arguments: folded by
  // lang/semantics/strings.h, the interpreter's functions; else a value of the
  // result's kind known only at run time.
  ValuePtr StrMethod(sem::ContainerMethodId m, const ValuePtr& s, CallArgs& args);
  std::optional<std::vector<ValuePtr>> KnownKeys(const std::vector<ValuePtr>& items, const ValuePtr& key, Range where);
  // issue 11's builtins (builtins_ops.cpp); null: not one of them, take the generic path
  ValuePtr OpsBuiltin(const std::string& name, const ValuePtr& self, CallArgs& args);
  ValuePtr Scan(const std::string& name, const ValuePtr& x, CallArgs& rest);  // cumsum, cumprod
  bool IsBuiltinName(const std::string& name) const;
  bool IsTensorMethod(const std::string& name) const;
  // "; did you mean `x`?" for a name not in scope / an attribute `base` lacks
  // (lang/semantics/suggest.h), or "".
  std::string DidYouMeanName(const std::string& name) const;
  std::string DidYouMeanAttr(const ValuePtr& base, const std::string& attr) const;
  ValuePtr Creation(const std::string& name, CallArgs& args);
  ValuePtr Elementwise(const std::string& name, CallArgs& args, const ValuePtr& self);
  ValuePtr Reduction(const std::string& name, const ValuePtr& t, CallArgs& args, size_t first);
  ValuePtr ViewOp(const std::string& name, const ValuePtr& t, CallArgs& args, size_t first);
  ValuePtr JoinOp(const std::string& name, CallArgs& args);
  ValuePtr WindowBuiltin(const std::string& name, CallArgs& args);  // conv, pooling, pad (builtins_conv.cpp)
  ValuePtr ToTensorOperand(const ValuePtr& v, Range where);  // Python number -> itself; else tensor
  std::optional<graph::DType> DTypeArg(const ValuePtr& v);

  // ---- tensor op emission
  ValuePtr Emit(graph::OpKind op, std::vector<ValuePtr> inputs, graph::Attrs attrs, graph::TensorType out,
                Range where);
  ValuePtr EmitBinary(graph::OpKind op, const ValuePtr& a, const ValuePtr& b, Range where, bool compare);
  ValuePtr EmitUnary(graph::OpKind op, const ValuePtr& a, Range where, bool float_result);
  // An int or float known only at run time that Python arithmetic makes of
  // `a` and `b`, with how to compute it (Value::num_op; trace_operators.cpp).
  ValuePtr RuntimeNumber(sem::PyOp op, const ValuePtr& a, const ValuePtr& b, VK rk);
  // min(a, b) / max(a, b) of two numbers of one kind, one known only at run
  // time: Python's `b if b < a else a` (`>` for max) as graph ops, so NaN and
  // ties pick what Python picks.
  ValuePtr RuntimeMinMax(bool is_max, const ValuePtr& a, const ValuePtr& b);
  ValuePtr PyNumbersBuiltin(sem::PyBuiltinId id, CallArgs& args);  // builtins.cpp
  // A pure builtin's value from the interpreter's implementation (fold_interp.cpp), or null.
  ValuePtr FoldPureCall(const std::string& name, const ValuePtr& self, CallArgs& args);
  std::shared_ptr<interp::Interp> folding_interp;  // made by the first FoldPureCall
  std::shared_ptr<std::ostream> folding_output;
  ValuePtr EmitCast(const ValuePtr& a, graph::DType to, Range where);
  // A shape-rule error: a warning (it fails at run time) and an unknown result.
  ValuePtr ShapeError(const std::string& msg, Range where);
  std::vector<graph::Dim> DimsFromArgs(const std::vector<ValuePtr>& vals, std::vector<bool>* infer,
                                       Range where, bool* ok);

  // ---- breaks and issues (breaks.cpp)
  // Reports a graph break at `where`; returns true when tracing continues
  // normally (inside nonstrict_trace graph_break() is a no-op).
  void Break(BreakKind kind, Range where, const std::string& reason);
  // Reports a break site with everything given (Break fills it from the current frame).
  void ReportBreak(BreakKind kind, const SourceFile* file, Range where, const std::string& function,
                   const std::string& reason, const std::vector<StackFrame>& stack, const Mode& m);
  void Issue(DiagKind kind, Range where, const std::string& message, const std::string& hint = "");
  std::vector<StackFrame> UserStack(Loc here) const;
  void CloseRegion();
  const SourceFile* CurFile() const;
  std::string CurFunction() const;

  // ---- nonstrict_trace (nonstrict.cpp)
  ValuePtr CallNonstrict(const ValuePtr& fn, CallArgs& args, Range where);
  bool NonstrictValueOk(const ValuePtr& v, int depth) const;

  // ---- what runs in kernels (coverage.cpp)
  // Notes a statement or segment of frame `f` that runs in the interpreter.
  void NoteUncompiled(Frame& f, size_t tape_begin, size_t tape_end, Range range, const std::string& reason,
                      bool explained);
  // At the end of an entry: marks what its segments compile, reports every
  // other tape op as a graph break (an error under fullgraph), and builds the
  // graphs `tcc explain` shows from the compiled ops only.
  void FinishEntryCoverage(size_t notes_begin, size_t regions_begin, size_t errors_begin);
  void MarkCovered(const Segment& s);

  // ---- segments (segments.cpp)
  void SegStmtBegin(Frame& f, int index);
  void SegStmtEnd(Frame& f, int index, Flow flow);
  void SegClose(Frame& f);
  // The statement at `index` runs in the interpreter in this specialisation
  // (a break in it or in a callee): an `interpret` segment with its guards,
  // so a call this specialisation covers is no guard failure of another's
  // kernel at the same statement.
  void SegInterpretStmt(Frame& f, int index);
  // A data-dependent `if` test of the current statement: its ops join the
  // open segment, which outputs the test's tensor (segment_cond.cpp).
  bool SegJoinCondition(Frame& f, const ValuePtr& v, const ast::Expr& where);
  void SegFinishFrame(Frame& f, Frame* caller);
  // Whether a segment of `f` can hand `v` back (segments.cpp ToOutValue).
  bool Expressible(const ValuePtr& v, const Frame& f, int depth = 0) const;
  // A Python-side mutation of `target` (a list, dict or object): the current
  // statement runs in the interpreter in every traced frame whose segment
  // began before `target` was made, since its outputs could not describe the
  // change. A container made inside the segment is handed back whole, with
  // the tensors in it computed by the kernel, as torch.compile replays list
  // mutations after the graph.
  void MarkMutation(const ValuePtr& target, const std::string& what, Range where);
  bool LiveAfter(Frame& f, int index, const std::string& name);
  // The access path of `v` from what frame `f`'s open segment started with
  // (its locals, then its module's globals); empty when unreachable.
  std::string PathAtSegmentStart(Frame& f, const ValuePtr& v);
  void NoteLocalRead(const std::string& name, bool global);

  // ---- state
  DiagnosticEngine& diags;
  TraceOptions opts;
  SymTable syms;
  // The run-time ints symbolic sizes were made from (DimsFromArgs): a graph
  // binds such a size to its scalar input (Graph::size_scalars).
  std::unordered_map<int32_t, ValuePtr> size_values;
  std::vector<Frame*> frames;        // frames.back() executes; frames[0] is module scope
  std::vector<TapeOp> tape;
  TraceResult result;
  int spec = -1;                     // index of the specialisation being traced
  std::map<std::string, int> spec_by_key;
  // the keys without their object state (entry_state.cpp) -> how many states were traced
  std::map<std::string, int> spec_base_keys;
  static constexpr int kMaxStateSpecs = 8;
  // An attribute of an object: (the object, the attribute's name).
  using AttrRef = std::pair<const Value*, std::string>;
  // The attributes an entry reads before it writes them (its state) and the
  // ones it writes first (`self.last_shape = x.shape`): stores replayed on a
  // later call, as torch.compile replays side effects, not state it
  // specialises on. Per key without object state, over all its traces.
  // An attribute "" stands for all of the object's (vars(), copy()).
  struct AttrAccess {
    std::set<AttrRef> read;
    std::map<AttrRef, ValuePtr> written_first;  // -> the object
    bool ReadFirst(const AttrRef& a) const { return read.count(a) || read.count({a.first, ""}); }
    bool StoredOnly(const AttrRef& a) const { return written_first.count(a) && !ReadFirst(a); }
  };
  AttrAccess* attr_access = nullptr;  // the entry being traced records here
  std::map<int, std::set<std::string>> spec_guard_keys;  // per specialisation: its guards' keys (SegFinishFrame)
  std::map<std::string, AttrAccess> attr_access_by_base;
  void NoteAttrRead(const ValuePtr& obj, const std::string& attr);
  void NoteAttrWrite(const ValuePtr& obj, const std::string& attr);
  // What a cached specialisation returned, for later calls with its signature:
  // a snapshot taken when the first call returned (module scope may mutate the
  // original), the first call's arguments, and the creation number at its start.
  // The globals a specialisation read while it was traced, with what it
  // assumed of each (GlobalFingerprint): a later call after module scope
  // rebound one (a function redefined, another object, another number) is
  // traced anew, as torch.compile recompiles when a guard on a global fails.
  struct GlobalRead {
    ModuleState* module;
    std::string name;
    std::string fingerprint;
  };
  struct SpecReturn {
    ValuePtr value;
    std::vector<ValuePtr> args;       // callable, positional, keyword values
    int64_t made_since = 0;
    std::vector<GlobalRead> globals;
    // the attributes it wrote first and what they held when it returned
    std::vector<std::tuple<ValuePtr, std::string, ValuePtr>> stores;
  };
  std::map<std::string, SpecReturn> spec_returns;
  // One piece of an entry's object state (entry_state.cpp): text, and for an
  // attribute its object and name; `end` is the index after what it covers.
  struct StateToken {
    const Value* obj;
    std::string attr;
    std::string text;
    size_t end;
  };
  static std::vector<StateToken> ObjectState(const std::vector<ValuePtr>& values);
  // The state as a key, without the attributes the key's entries only stored.
  std::string RenderState(const std::vector<StateToken>& tokens, const std::string& base_key) const;
  void RecordStores(const std::string& base_key, const AttrAccess& mine, SpecReturn& cached);
  void ReplayStores(const SpecReturn& cached, ValueMap& map);
  // Drops the guards of an entry's segment on attributes the entry only
  // stores: a later call with another value there runs the same code.
  void DropStoreGuards(Segment& seg) const;
  // choices.cpp: a value chosen at run time among known ones
  static constexpr size_t kMaxChoices = 8;
  ValuePtr MakeChoice(std::vector<ValuePtr> cands, std::vector<std::string> labels);
  ValuePtr ChoiceOfItems(const ValuePtr& dict, const ValuePtr& key);  // nullptr: not a choice
  ValuePtr EachChoice(const ValuePtr& choice, const std::function<ValuePtr(const ValuePtr&)>& f);
  ValuePtr CallChoice(const ValuePtr& fn, CallArgs& args);
  // An entry called with a choice among its arguments (`generate(model, x)`):
  // one entry per candidate. nullptr when no argument is a choice.
  ValuePtr CallWithChoiceArgs(const ValuePtr& fn, CallArgs& args);
  // The value of a name after an `if` decided at run time: at module scope,
  // objects, functions and classes stay a choice of both sides.
  ValuePtr JoinBranches(const ValuePtr& a, const ValuePtr& b);
  std::string choice_note;  // the candidate the next entry is traced for (CallChoice)
  std::vector<GlobalRead>* reading_globals = nullptr;  // the entry being traced records here
  static constexpr int kMaxRetraces = 8;               // per call signature, as torch's cache_size_limit
  // Whether a global that `cached` read now holds something else; `why` says which.
  bool GlobalsChanged(const SpecReturn& cached, std::string* why) const;
  std::string main_dir;              // folder of the main script (for `load` at compile time)
  int inline_depth = 0;
  bool entering = false;
  size_t entry_tape_begin = 0;       // tape size when the current entry started
  std::vector<uint8_t> tape_covered;           // per tape op: an emitted segment compiles it (1) or drops it as dead (2)
  std::vector<UncompiledNote> uncompiled;      // of the entries being traced
  std::vector<RegionBounds> regions;           // of the entries being traced

  // ast::LocalNames of a function, computed once.
  const std::set<std::string>& LocalNamesOf(const ast::FunctionDef& def);
  std::unordered_map<const ast::FunctionDef*, std::set<std::string>> local_names;

  Frame& Cur() { return *frames.back(); }
  // The current statement of every traced frame must run eagerly (a side
  // effect or a decision the plan cannot describe); no break is reported.
  // `reported`: a diagnostic already says why (the statement fails at run
  // time, say), so the interpreted ops need no break of their own.
  void MarkEager(const std::string& reason = "", Range where = {}, bool reported = false) {
    for (Frame* f : frames) {
      if (f->eager) continue;
      f->stmt_eager = true;
      if (f->stmt_eager_reason.empty() && !reason.empty()) {
        f->stmt_eager_reason = reason;
        f->stmt_eager_range = f == frames.back() ? where : Range{};
        f->stmt_listed |= reported;
      }
    }
  }
  // MarkEager for a statement `tcc explain` should list (Specialisation::interpreted).
  void MarkInterpreted(Range where, const std::string& reason);
  // Adds an `interp` line to the current specialisation, or counts it again.
  void ListInterpreted(const SourceFile* file, Loc at, const std::string& reason, const std::vector<StackFrame>& stack);
  bool Traced() const { return !frames.empty() && !frames.back()->eager; }
  ModuleState* CurModule() const { return frames.back()->module; }
};

// The items a for-loop (or comprehension) visits, when known at compile time
// (trace_stmt.cpp), and an element standing for every item of a sequence not
// known at compile time.
bool LoopItems(Tracer& t, const ValuePtr& it, std::vector<ValuePtr>& out, Range where);
ValuePtr SomeItem(const ValuePtr& it);

// The tracer state a rolled-loop probe may change (loop_probe.cpp): taken
// before tracing a body rolled, restored when it must be unrolled instead.
std::shared_ptr<ProbeState> SaveProbeState(Tracer& t);
void RestoreProbeState(Tracer& t, ProbeState& s);
void DropProbeState(Tracer& t, ProbeState& s);  // an accepted probe: its saves stay for an enclosing one

// Joins the values of one name from two branches.
ValuePtr JoinForBranches(SymTable& syms, const ValuePtr& a, const ValuePtr& b);

// The graph of tape[begin, end) with inputs named by value ("t0", ...); with
// `keep`, only the ops i with (*keep)[i] (the others' results become inputs).
graph::Graph BuildRegionGraph(Tracer& t, size_t begin, size_t end, const std::string& name,
                              const std::vector<uint8_t>* keep = nullptr);

// Names a statement loads (reads), including nested blocks.
std::set<std::string> NamesLoaded(const ast::Stmt& s);

// dtype and shape of a .npy file (nullopt when unreadable).
std::optional<graph::TensorType> ReadNpyType(const std::string& path);

}  // namespace tcc::trace
