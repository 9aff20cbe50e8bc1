// Tests Values and Python semantics of the non-tensor operators: refcounts,
// float formatting, int/float arithmetic, comparisons, containers.
#include <catch2/catch.hpp>

#include "interp/interpreter.h"

using namespace tcc::interp;
using tcc::ast::BinOp;
using tcc::ast::CmpOp;

TEST_CASE("values are small and refcount their objects", "[values]") {
  STATIC_REQUIRE(sizeof(Value) == 16);
  auto* s = new StrObj("hi");
  {
    Value a = Value::Obj(s);
    REQUIRE(s->rc == 1);
    Value b = a;
    REQUIRE(s->rc == 2);
    Value c = std::move(b);
    REQUIRE(s->rc == 2);
    REQUIRE(b.is_undef());
    c = Value::Int(3);
    REQUIRE(s->rc == 1);
  }
}

TEST_CASE("floats print as Python's repr", "[values]") {
  CHECK(FormatFloat(0.1) == "0.1");
  CHECK(FormatFloat(1.0) == "1.0");
  CHECK(FormatFloat(-2.5) == "-2.5");
  CHECK(FormatFloat(0.1 + 0.2) == "0.30000000000000004");
  CHECK(FormatFloat(1e-5) == "1e-05");
  CHECK(FormatFloat(0.0001) == "0.0001");
  CHECK(FormatFloat(1e16) == "1e+16");
  CHECK(FormatFloat(123456789012345.0) == "123456789012345.0");
  CHECK(FormatFloat(1.5e300) == "1.5e+300");
  CHECK(FormatFloat(1.0 / 3.0) == "0.3333333333333333");
}

TEST_CASE("int arithmetic follows Python", "[values]") {
  auto I = [](int64_t v) { return Value::Int(v); };
  CHECK(BinaryOp(BinOp::FloorDiv, I(7), I(2)).as_int() == 3);
  CHECK(BinaryOp(BinOp::FloorDiv, I(-7), I(2)).as_int() == -4);
  CHECK(BinaryOp(BinOp::Mod, I(-7), I(3)).as_int() == 2);
  CHECK(BinaryOp(BinOp::Mod, I(7), I(-3)).as_int() == -2);
  CHECK(BinaryOp(BinOp::Pow, I(2), I(10)).as_int() == 1024);
  CHECK(BinaryOp(BinOp::Pow, I(2), I(-1)).as_float() == 0.5);
  Value d = BinaryOp(BinOp::Div, I(1), I(2));
  REQUIRE(d.is_float());
  CHECK(d.as_float() == 0.5);
  CHECK_THROWS_AS(BinaryOp(BinOp::FloorDiv, I(1), I(0)), TsError);
  CHECK(BinaryOp(BinOp::Mod, Value::Float(-1.0), Value::Float(3.0)).as_float() == 2.0);
  CHECK(BinaryOp(BinOp::Add, Value::Bool(true), I(2)).as_int() == 3);
}

TEST_CASE("comparisons and equality", "[values]") {
  CHECK(ValuesEqual(Value::Int(1), Value::Float(1.0)));
  CHECK(ValuesEqual(Value::Bool(true), Value::Int(1)));
  CHECK_FALSE(ValuesEqual(Value::None(), Value::Int(0)));
  CHECK(ValuesEqual(MakeList({Value::Int(1), MakeStr("a")}), MakeList({Value::Int(1), MakeStr("a")})));
  CHECK(CompareOp(CmpOp::Lt, MakeStr("abc"), MakeStr("abd")).as_bool());
  CHECK(CompareOp(CmpOp::Lt, MakeTuple({Value::Int(1), Value::Int(2)}), MakeTuple({Value::Int(1), Value::Int(3)})).as_bool());
  CHECK(CompareOp(CmpOp::In, Value::Int(2), MakeList({Value::Int(1), Value::Int(2)})).as_bool());
  CHECK_THROWS_AS(CompareOp(CmpOp::Lt, MakeStr("a"), Value::Int(1)), TsError);
}

TEST_CASE("containers print as Python does", "[values]") {
  CHECK(Repr(MakeTuple({Value::Int(1)})) == "(1,)");
  CHECK(Repr(MakeList({Value::Float(1.5), Value::None(), MakeStr("it's")})) == "[1.5, None, \"it's\"]");
  Ref<DictObj> d(new DictObj());
  d->Set(MakeStr("b"), Value::Int(2));
  d->Set(MakeStr("a"), Value::Int(1));
  d->Set(MakeStr("b"), Value::Int(3));
  CHECK(Repr(d.value()) == "{'b': 3, 'a': 1}");
  CHECK(Str(MakeStr("x")) == "x");
  CHECK(Repr(MakeStr("x")) == "'x'");
}

TEST_CASE("truthiness", "[values]") {
  CHECK_FALSE(Truthy(Value::None()));
  CHECK_FALSE(Truthy(Value::Int(0)));
  CHECK_FALSE(Truthy(Value::Float(0.0)));
  CHECK_FALSE(Truthy(MakeList({})));
  CHECK_FALSE(Truthy(MakeStr("")));
  CHECK(Truthy(MakeTuple({Value::None()})));
  CHECK(Truthy(Value::Float(-0.5)));
}

TEST_CASE("slicing and indexing sequences", "[values]") {
  Value l = MakeList({Value::Int(0), Value::Int(1), Value::Int(2), Value::Int(3)});
  Ref<SliceObj> s(new SliceObj());
  s->lo = Value::Int(1);
  s->hi = Value::None();
  s->step = Value::Int(2);
  CHECK(Repr(GetItem(l, s.value())) == "[1, 3]");
  s->lo = Value::None();
  s->step = Value::Int(-1);
  CHECK(Repr(GetItem(l, s.value())) == "[3, 2, 1, 0]");
  CHECK(GetItem(l, Value::Int(-1)).as_int() == 3);
  CHECK_THROWS_AS(GetItem(l, Value::Int(4)), TsError);
}
