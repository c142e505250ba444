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
