// Implements DeserializeProgram (see serialize.h): a bounds-checked reader
// that mirrors serialize.cpp's Writer field for field.
#include <cstring>
#include <stdexcept>

#include "ast/serialize.h"

namespace tcc::ast {

namespace {

constexpr int kMaxDepth = 5000;

constexpr uint8_t kExprKinds = 0
#define TCC_EXPR(Name) +1
#include "ast/node_kinds.def"
    ;
constexpr uint8_t kStmtKinds = 0
#define TCC_STMT(Name) +1
#include "ast/node_kinds.def"
    ;

struct DecodeError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Reader {
 public:
  Reader(const uint8_t* p, size_t n) : p_(p), end_(p + n) {}

  uint64_t U() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      uint8_t b = Byte();
      v |= static_cast<uint64_t>(b & 0x7F) << shift;
      if (!(b & 0x80)) return v;
    }
    throw DecodeError("malformed varint");
  }
  int64_t I() {
    uint64_t u = U();
    return static_cast<int64_t>((u >> 1) ^ (~(u & 1) + 1));
  }
  uint8_t Byte() {
    if (p_ >= end_) throw DecodeError("truncated data");
    return *p_++;
  }
  bool Bool() { return Byte() != 0; }
  template <typename Enum> Enum Op(uint8_t count) {
    uint8_t b = Byte();
    if (b >= count) throw DecodeError("bad operator code");
    return static_cast<Enum>(b);
  }
  size_t Count() {
    uint64_t n = U();
    if (n > static_cast<uint64_t>(end_ - p_)) throw DecodeError("count exceeds data size");
    return static_cast<size_t>(n);
  }
  std::string S() {
    size_t n = Count();
    std::string s(reinterpret_cast<const char*>(p_), n);
    p_ += n;
    return s;
  }
  Loc L() {
    Loc l;
    l.line = static_cast<uint32_t>(U());
    l.col = static_cast<uint32_t>(U());
    return l;
  }
  Range R() {
    Range r;
    r.begin = L();
    r.end = L();
    return r;
  }
  std::vector<ExprPtr> Exprs() {
    std::vector<ExprPtr> v(Count());
    for (auto& e : v) e = Required();
    return v;
  }
  std::vector<ExprPtr> OptExprs() {  // entries may be null
    std::vector<ExprPtr> v(Count());
    for (auto& e : v) e = E();
    return v;
  }
  Block Stmts() {
    Block b(Count());
    for (auto& s : b) s = St();
    return b;
  }
  ExprPtr Required() {
    ExprPtr e = E();
    if (!e) throw DecodeError("missing expression");
    return e;
  }
  bool AtEnd() const { return p_ == end_; }
  const uint8_t* p() const { return p_; }

  ExprPtr E();
  StmtPtr St();

 private:
  struct Depth {
    explicit Depth(int& d) : d_(d) {
      if (++d_ > kMaxDepth) throw DecodeError("nesting too deep");
    }
    ~Depth() { --d_; }
    int& d_;
  };
  template <typename T> std::unique_ptr<T> New(Range r) {
    auto n = std::make_unique<T>();
    n->range = r;
    return n;
  }

  const uint8_t* p_;
  const uint8_t* end_;
  int depth_ = 0;
};

ExprPtr Reader::E() {
  uint8_t k = Byte();
  if (k == kAstNull) return nullptr;
  if (k >= kExprKinds) throw DecodeError("bad expression kind");
  Depth guard(depth_);
  Range r = R();
  switch (static_cast<ExprKind>(k)) {
    case ExprKind::NameExpr: { auto n = New<NameExpr>(r); n->name = S(); return n; }
    case ExprKind::IntLit: { auto n = New<IntLit>(r); n->value = I(); n->big = S(); return n; }
    case ExprKind::FloatLit: {
      auto n = New<FloatLit>(r);
      uint64_t bits = U();
      std::memcpy(&n->value, &bits, sizeof bits);
      return n;
    }
    case ExprKind::BoolLit: { auto n = New<BoolLit>(r); n->value = Bool(); return n; }
    case ExprKind::NoneLit: return New<NoneLit>(r);
    case ExprKind::EllipsisLit: return New<EllipsisLit>(r);
    case ExprKind::StrLit: { auto n = New<StrLit>(r); n->value = S(); return n; }
    case ExprKind::ListExpr: { auto n = New<ListExpr>(r); n->elts = Exprs(); return n; }
    case ExprKind::TupleExpr: {
      auto n = New<TupleExpr>(r);
      n->parenthesized = Bool();
      n->elts = Exprs();
      return n;
    }
    case ExprKind::DictExpr: {
      auto n = New<DictExpr>(r);
      n->keys = OptExprs();
      n->values = Exprs();
      if (n->keys.size() != n->values.size()) throw DecodeError("dict keys and values differ");
      return n;
    }
    case ExprKind::SliceExpr: {
      auto n = New<SliceExpr>(r);
      n->lower = E(); n->upper = E(); n->step = E();
      return n;
    }
    case ExprKind::SubscriptExpr: {
      auto n = New<SubscriptExpr>(r);
      n->value = Required(); n->index = Required();
      return n;
    }
    case ExprKind::AttributeExpr: {
      auto n = New<AttributeExpr>(r);
      n->value = Required(); n->attr = S(); n->attr_loc = L();
      return n;
    }
    case ExprKind::CallExpr: {
      auto n = New<CallExpr>(r);
      n->func = Required();
      n->args = Exprs();
      size_t nk = Count();
      for (size_t i = 0; i < nk; ++i) {
        Keyword k;
        k.name = S(); k.value = Required(); k.loc = L();
        n->keywords.push_back(std::move(k));
      }
      return n;
    }
    case ExprKind::UnaryExpr: {
      auto n = New<UnaryExpr>(r);
      n->op = Op<UnaryOp>(4);
      n->operand = Required();
      return n;
    }
    case ExprKind::BinaryExpr: {
      auto n = New<BinaryExpr>(r);
      n->op = Op<BinOp>(13);
      n->lhs = Required(); n->rhs = Required(); n->op_loc = L();
      return n;
    }
    case ExprKind::CompareExpr: {
      auto n = New<CompareExpr>(r);
      size_t nops = Count();
      for (size_t i = 0; i < nops; ++i) n->ops.push_back(Op<CmpOp>(10));
      n->operands = Exprs();
      if (n->operands.size() != n->ops.size() + 1) throw DecodeError("comparison operand count");
      return n;
    }
    case ExprKind::BoolOpExpr: {
      auto n = New<BoolOpExpr>(r);
      n->op = Op<BoolOp>(2);
      n->values = Exprs();
      return n;
    }
    case ExprKind::IfExpr: {
      auto n = New<IfExpr>(r);
      n->body = Required(); n->test = Required(); n->orelse = Required();
      return n;
    }
    case ExprKind::LambdaExpr: {
      auto n = New<LambdaExpr>(r);
      StmtPtr s = St();
      if (!s || s->kind != StmtKind::FunctionDef) throw DecodeError("lambda without its function");
      n->fn.reset(static_cast<FunctionDef*>(s.release()));
      return n;
    }
    case ExprKind::StarredExpr: {
      auto n = New<StarredExpr>(r);
      n->value = Required();
      return n;
    }
    case ExprKind::ListCompExpr: {
      auto n = New<ListCompExpr>(r);
      n->elt = Required();
      uint64_t count = Count();
      for (uint64_t i = 0; i < count; ++i) {
        Comprehension g;
        g.target = Required(); g.iter = Required(); g.ifs = Exprs();
        n->generators.push_back(std::move(g));
      }
      return n;
    }
  }
  throw DecodeError("bad expression kind");
}

StmtPtr Reader::St() {
  uint8_t k = Byte();
  if (k >= kStmtKinds) throw DecodeError("bad statement kind");
  Depth guard(depth_);
  Range r = R();
  switch (static_cast<StmtKind>(k)) {
    case StmtKind::ExprStmt: { auto n = New<ExprStmt>(r); n->value = Required(); return n; }
    case StmtKind::AssignStmt: {
      auto n = New<AssignStmt>(r);
      n->targets = Exprs(); n->value = Required();
      return n;
    }
    case StmtKind::AugAssignStmt: {
      auto n = New<AugAssignStmt>(r);
      n->target = Required(); n->op = Op<BinOp>(13); n->value = Required();
      return n;
    }
    case StmtKind::AnnAssignStmt: {
      auto n = New<AnnAssignStmt>(r);
      n->target = Required(); n->annotation = Required(); n->value = E();
      return n;
    }
    case StmtKind::FunctionDef: {
      auto n = New<FunctionDef>(r);
      n->name = S(); n->name_loc = L(); n->decorators = Exprs();
      size_t np = Count();
      for (size_t i = 0; i < np; ++i) {
        Param p;
        p.kind = Op<ParamKind>(4);
        p.name = S(); p.annotation = E(); p.default_value = E(); p.loc = L();
        n->params.push_back(std::move(p));
      }
      n->returns = E();
      n->body = Stmts();
      return n;
    }
    case StmtKind::ClassDef: {
      auto n = New<ClassDef>(r);
      n->name = S(); n->name_loc = L(); n->decorators = Exprs(); n->bases = Exprs(); n->body = Stmts();
      return n;
    }
    case StmtKind::ReturnStmt: { auto n = New<ReturnStmt>(r); n->value = E(); return n; }
    case StmtKind::IfStmt: {
      auto n = New<IfStmt>(r);
      n->test = Required(); n->body = Stmts(); n->orelse = Stmts(); n->orelse_is_elif = Bool();
      return n;
    }
    case StmtKind::ForStmt: {
      auto n = New<ForStmt>(r);
      n->target = Required(); n->iter = Required(); n->body = Stmts(); n->orelse = Stmts();
      return n;
    }
    case StmtKind::WhileStmt: {
      auto n = New<WhileStmt>(r);
      n->test = Required(); n->body = Stmts(); n->orelse = Stmts();
      return n;
    }
    case StmtKind::BreakStmt: return New<BreakStmt>(r);
    case StmtKind::ContinueStmt: return New<ContinueStmt>(r);
    case StmtKind::PassStmt: return New<PassStmt>(r);
    case StmtKind::WithStmt: {
      auto n = New<WithStmt>(r);
      n->context = Required(); n->as_name = S(); n->body = Stmts();
      return n;
    }
    case StmtKind::ImportStmt: case StmtKind::ImportFromStmt: {
      std::vector<Alias>* names;
      StmtPtr out;
      if (static_cast<StmtKind>(k) == StmtKind::ImportStmt) {
        auto n = New<ImportStmt>(r);
        names = &n->names;
        out = std::move(n);
      } else {
        auto n = New<ImportFromStmt>(r);
        n->module = S();
        names = &n->names;
        out = std::move(n);
      }
      size_t na = Count();
      for (size_t i = 0; i < na; ++i) {
        Alias a;
        a.name = S(); a.asname = S(); a.loc = L();
        names->push_back(std::move(a));
      }
      return out;
    }
    case StmtKind::AssertStmt: {
      auto n = New<AssertStmt>(r);
      n->test = Required(); n->msg = E();
      return n;
    }
    case StmtKind::TryStmt: {
      auto n = New<TryStmt>(r);
      n->body = Stmts();
      size_t nh = Count();
      for (size_t i = 0; i < nh; ++i) {
        ExceptHandler h;
        h.type = E(); h.name = S(); h.range = R(); h.body = Stmts();
        n->handlers.push_back(std::move(h));
      }
      n->orelse = Stmts();
      n->finalbody = Stmts();
      return n;
    }
    case StmtKind::RaiseStmt: {
      auto n = New<RaiseStmt>(r);
      n->exc = E(); n->cause = E();
      return n;
    }
    case StmtKind::GlobalStmt: case StmtKind::NonlocalStmt: {
      std::vector<std::string> names;
      size_t nn = Count();
      for (size_t i = 0; i < nn; ++i) names.push_back(S());
      if (static_cast<StmtKind>(k) == StmtKind::GlobalStmt) {
        auto n = New<GlobalStmt>(r);
        n->names = std::move(names);
        return n;
      }
      auto n = New<NonlocalStmt>(r);
      n->names = std::move(names);
      return n;
    }
    case StmtKind::DelStmt: { auto n = New<DelStmt>(r); n->targets = Exprs(); return n; }
  }
  throw DecodeError("bad statement kind");
}

}  // namespace

std::unique_ptr<Program> DeserializeProgram(const uint8_t* data, size_t size, std::string* error) {
  try {
    if (!data || size < kAstMagicSize || std::memcmp(data, kAstMagic, kAstMagicSize) != 0) {
      throw DecodeError("not a serialized TensorScript program (bad magic)");
    }
    Reader in(data + kAstMagicSize, size - kAstMagicSize);
    auto program = std::make_unique<Program>();
    size_t n = in.Count();
    for (size_t i = 0; i < n; ++i) {
      ProgramModule m;
      m.name = in.S();
      m.stdlib = in.Bool();
      std::string path = in.S();
      std::string text = in.S();
      m.module = std::make_unique<Module>();
      m.module->source = std::make_shared<const SourceFile>(std::move(path), std::move(text));
      m.module->body = in.Stmts();
      program->modules.push_back(std::move(m));
    }
    if (!in.AtEnd()) throw DecodeError("trailing bytes after the program");
    if (program->modules.empty()) throw DecodeError("the program has no modules");
    return program;
  } catch (const std::exception& e) {
    if (error) *error = std::string("cannot read embedded program: ") + e.what();
    return nullptr;
  }
}

}  // namespace tcc::ast
