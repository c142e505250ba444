// Unit tests of the reference interpreter: parse, check, load, call.
#include "frontend/Frontend.h"
#include "interpreter/Interpreter.h"

#include <doctest/doctest.h>

using namespace loom;

namespace {
Value run_main(const std::string &src, const std::vector<Value> &args = {}) {
    Program p = parse_program(make_source("test.fut", src));
    CheckedEnvPtr env = prelude_env();
    check_program(p, env);
    Interpreter in;
    in.load(p);
    return in.call("main", args);
}
int64_t i64_of(const Value &v) { return v.prim().as_i64(); }
}  // namespace

TEST_CASE("interpreter: arithmetic follows Futhark") {
    CHECK(i64_of(run_main("def main = -7 / 2i32")) == -4);
    CHECK(i64_of(run_main("def main = -7 % 2i32")) == 1);
    CHECK(i64_of(run_main("def main = -7 // 2i32")) == -3);
    CHECK(i64_of(run_main("def main = -7 %% 2i32")) == -1);
    CHECK(i64_of(run_main("def main = 255u8 + 1")) == 0);
    CHECK(i64_of(run_main("def main = 127i8 + 1")) == -128);
}

TEST_CASE("interpreter: SOACs, loops and in-place updates") {
    CHECK(i64_of(run_main("def main = i64.sum (map (+1) (iota 10))")) == 55);
    CHECK(i64_of(run_main("def main = let xs = loop acc = replicate 4 0i64 for i < 4 do acc with [i] = i in i64.sum xs")) == 6);
    CHECK(i64_of(run_main("def main = length (filter (>2) [1,2,3,4i32])")) == 2);
    CHECK(i64_of(run_main("def main = reduce (*) 1 (scan (+) 0 [1,2,3i32])")) == 18);
}

TEST_CASE("interpreter: run-time errors carry their location") {
    CHECK_THROWS_AS(run_main("def main = [1,2,3i32][5]"), RuntimeError);
    CHECK_THROWS_AS(run_main("def main = 1 / 0i32"), RuntimeError);
    CHECK_THROWS_AS(run_main("def main = assert false 1i32"), RuntimeError);
    try {
        run_main("def main = [1,2,3i32][5]");
    } catch (const RuntimeError &e) {
        CHECK(e.message() == "Index [5] out of bounds for array of shape [3].");
        CHECK(e.loc().line == 1);
    }
}

TEST_CASE("interpreter: large maps and reductions are fast paths") {
    CHECK(i64_of(run_main("def main = i64.sum (map (+1) (iota 10000000))")) == 50000005000000LL);
}

TEST_CASE("interpreter: record update copies; filter keeps tuple elements") {
    CHECK(i64_of(run_main("def main = let r = {a = 1i32, b = 2i32} let r2 = r with b = 10 in r.a + r2.b")) == 11);
    CHECK(i64_of(run_main("def main = length (filter (.1) (zip [1,2,3i32] [true,false,true]))")) == 2);
    CHECK(i64_of(run_main("def main = let (a, b, c) = partition2 (<2) (<3) [1,2,3,1i32] in length a * 100 + length b * 10 + length c")) == 211);
}

TEST_CASE("interpreter: split and unflatten take sizes from a coercion") {
    CHECK(i64_of(run_main("def main (n: i64) (m: i64) = let (a, _) = split (iota 5 :> [n + m]i64) in length a",
                          {Value(PrimValue::integer(PrimType::I64, 2)), Value(PrimValue::integer(PrimType::I64, 3))})) == 2);
    CHECK(i64_of(run_main("def main (n: i64) = length (unflatten (iota 6 :> [n * 3]i64))",
                          {Value(PrimValue::integer(PrimType::I64, 2))})) == 2);
}

TEST_CASE("interpreter: compiled scalar lambdas keep the general path's semantics") {
    CHECK(i64_of(run_main("def main = i32.sum (map (\\x -> let y = x * 2 in if y > 4 then y + 1 else i32.max y 3) [1,2,3,4i32])")) == 23);
    CHECK(i64_of(run_main("def main = let a = [10,20,30i64] in i64.sum (map (\\i -> a[i] |> (+1)) [0,2i64])")) == 42);
    CHECK(i64_of(run_main("def main = reduce (\\a b -> if a > b then a else b) 0 [3,9,2i32]")) == 9);
    try {
        run_main("def main = map (\\x ->\n 10 / x) [1,0,2i32]");
        CHECK(false);
    } catch (const RuntimeError &e) {
        CHECK(e.message() == "division by zero");
        CHECK(e.loc().line == 2);
    }
    try {
        run_main("def main = let a = [1,2i32] in map (\\i -> a[i]) [0,5i64]");
        CHECK(false);
    } catch (const RuntimeError &e) {
        CHECK(e.message() == "Index [5] out of bounds for array of shape [2].");
    }
}

TEST_CASE("interpreter: reduce and scan over rows of no columns keep the rows' element type") {
    // The operator `map2 (+)` cannot tell its empty results' type; the neutral row does.
    const std::string src =
        "def main (k: i64) = let a = replicate 3 (replicate k 1f32)\n"
        "  in (reduce (map2 (+)) (replicate k 0) a, scan (map2 (+)) (replicate k 0) a)";
    Value r = run_main(src, {Value(PrimValue::integer(PrimType::I64, 0))});
    REQUIRE(r.elems().size() == 2);
    CHECK(r.elems()[0].elem_prim() == PrimType::F32);
    CHECK(r.elems()[0].shape() == std::vector<int64_t>{0});
    CHECK(r.elems()[1].elem_prim() == PrimType::F32);
    CHECK(r.elems()[1].shape() == std::vector<int64_t>{3, 0});
    r = run_main(src, {Value(PrimValue::integer(PrimType::I64, 2))});
    CHECK(r.elems()[0].flat_prim(1).f == 3.0);
}
