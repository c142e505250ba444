// Unit tests of bounds-check elimination (compiler/passes/BoundsCheck.h): which accesses
// are proven and become unchecked, which checks move before their loop, and that the
// first run-time error stays the interpreter's (message and location).  The corpus test
// of both passes is in test_simplify.cpp.
#include "PassTestUtil.h"

using namespace loom;
using namespace loom::passtest;

namespace {

/** The checked accesses left in main after simplify + bounds. */
int checks_left(const std::string &src) {
    compiler::Optimised o = optimised(src);
    return passes::count_bounds_checks(o.module.functions.at(0));
}

} // namespace

TEST_CASE("bounds: a map over the indices of the array it reads needs no check") {
    const char *src = "def main (xs: []i32) = map (\\i -> xs[i]) (indices xs)";
    CHECK(checks_left(src) == 0);
    CHECK(contains(ir_text(src), "[unchecked "));
    CHECK(agree(src, {i32_array({4, 5, 6})}));
    CHECK(checks_left("def main (n: i64) (xs: [n]i32) = tabulate n (\\i -> xs[i] * 2)") == 0);
    CHECK(checks_left("def main [n] (xss: [n][n]f32) = tabulate_2d n n (\\i j -> xss[i, j])") == 0);
}

TEST_CASE("bounds: for-loop indices are in range of the loop bound") {
    const char *src = "def main (xs: []i32) = loop s = 0 for i < length xs do s + xs[i]";
    CHECK(checks_left(src) == 0);
    CHECK(agree(src, {i32_array({4, 5, 6})}));
    const char *upd = "def main (n: i64) = loop a = replicate n 0i64 for i < n do a with [i] = i";
    CHECK(checks_left(upd) == 0);
    CHECK(agree(upd, {i64v(4)}));
    // i + 1 < n when i < n - 1; i - 1 >= 0 when i > 0.
    const char *next = "def main (xs: []i32) = loop s = 0 for i < length xs - 1 do s + xs[i + 1]";
    CHECK(checks_left(next) == 0);
    CHECK(agree(next, {i32_array({4, 5, 6})}));
    CHECK(agree(next, {i32_array({})}));
    const char *prev =
        "def main (xs: []i32) = loop s = 0 for i < length xs do if i > 0 then s + xs[i - 1] else s";
    CHECK(checks_left(prev) == 0);
    CHECK(agree(prev, {i32_array({4, 5, 6})}));
    // A loop over a different bound keeps its check.
    const char *other = "def main (xs: []i32) (n: i64) = loop s = 0 for i < n do s + xs[i]";
    CHECK(checks_left(other) == 1);
    CHECK(agree(other, {i32_array({4, 5, 6}), i64v(4)}));
}

TEST_CASE("bounds: if conditions give facts to their branches") {
    const char *both =
        "def main (xs: []i32) (i: i64) = if i >= 0 && i < length xs then xs[i] else 0";
    CHECK(checks_left(both) == 0);
    for (int64_t i : {-1, 0, 2, 3})
        CHECK(agree(both, {i32_array({4, 5, 6}), i64v(i)}));
    const char *neg =
        "def main (xs: []i32) (i: i64) = if i < 0 || i >= length xs then 0 else xs[i]";
    CHECK(checks_left(neg) == 0);
    for (int64_t i : {-1, 0, 2, 3})
        CHECK(agree(neg, {i32_array({4, 5, 6}), i64v(i)}));
    // Only the upper bound is known: the check stays.
    const char *upper = "def main (xs: []i32) (i: i64) = if i < length xs then xs[i] else 0";
    CHECK(checks_left(upper) == 1);
    CHECK(agree(upper, {i32_array({4, 5, 6}), i64v(-1)}));
}

TEST_CASE("bounds: constant indices into constant sizes") {
    const char *src = "def main (xs: [3]i32) = xs[0] + xs[2]";
    CHECK(checks_left(src) == 0);
    CHECK(agree(src, {i32_array({4, 5, 6})}));
    const char *bad = "def main (xs: [3]i32) = xs[3]";
    CHECK(checks_left(bad) == 1);
    CHECK(agree(bad, {i32_array({4, 5, 6})}));
}

TEST_CASE("bounds: invariant checks move before the loop, guarded by its running") {
    const char *src = "def main (xs: []i32) (k: i64) (n: i64) = loop s = 0 for _i < n do s + xs[k]";
    std::string t = ir_text(src);
    CHECK(contains(t, "[unchecked p_2]"));
    CHECK(t.find("p_1[p_2]") < t.find("loop ("));
    for (int64_t k : {1, 3})
        for (int64_t n : {0, 2})
            CHECK(agree(src, {i32_array({4, 5, 6}), i64v(k), i64v(n)}));
    compiler::Optimised o = optimised(src);
    CHECK(o.report.bounds.hoisted == 1);
    CHECK(o.report.bounds.kept == 1); // the hoisted check itself
    // A later simplify must leave the now unchecked access in the loop: out of it, it
    // would run (out of bounds) when the loop does not.
    passes::simplify(o.module);
    ir::verify(o.module);
    t = ir::to_string(o.module);
    CHECK(t.find("[unchecked p_2]") > t.find("loop ("));
    CHECK(run_ir(o.module, "main", {i32_array({4, 5, 6}), i64v(3), i64v(0)}).ok);

    const char *map = "def main (xs: []i32) (ys: []i32) (k: i64) = map (\\x -> x + ys[k]) xs";
    for (int64_t k : {0, 5}) {
        CHECK(agree(map, {i32_array({1, 2}), i32_array({7}), i64v(k)}));
        CHECK(agree(map, {i32_array({}), i32_array({7}), i64v(k)}));
    }
    // After a statement that can fail, the check must stay where it is.
    const char *after = "def main (xs: []i32) (k: i64) (n: i64) = loop s = 0 for i < n do "
                        "let q = 10 / (i32.i64 i) in s + q + xs[k]";
    CHECK(ir_text(after).find("p_1[p_2]") > ir_text(after).find("loop ("));
    CHECK(agree(after, {i32_array({4}), i64v(3), i64v(2)}));
}

TEST_CASE("bounds: out-of-bounds programs fail with the interpreter's message and location") {
    const char *srcs[] = {
        "def main (xs: []i32) = map (\\i -> xs[i + 1]) (indices xs)",
        "def main (xs: []i32) = loop s = 0 for i < length xs do s + xs[i + 1]",
        "def main (xs: []i32) = loop s = 0 for i < length xs + 1 do s + xs[i]",
        "def main (xs: []i32) = map (\\i -> xs[i - 1]) (indices xs)",
        "def main (xs: []i32) = loop a = copy xs for i < 5 do a with [i] = 0",
    };
    for (const char *s : srcs) {
        CAPTURE(s);
        CHECK(checks_left(s) >= 1);
        CHECK(agree(s, {i32_array({4, 5, 6})}));
    }
}

TEST_CASE("bounds: clamped, shifted and range-element indices") {
    const char *stencil = "def main [n] (xs: [n]i32) = map (\\i -> xs[i64.max 0 (i - 1)] + xs[i] + "
                          "xs[i64.min (n - 1) (i + 1)]) (iota n)";
    CHECK(checks_left(stencil) == 0);
    CHECK(agree(stencil, {i32_array({1, 2, 3, 4})}));
    CHECK(agree(stencil, {i32_array({})}));
    const char *exscan = "def main (xs: []i32) = let s = scan (+) 0 xs in "
                         "map (\\i -> if i == 0 then 0 else s[i - 1]) (indices xs)";
    CHECK(checks_left(exscan) == 0);
    CHECK(agree(exscan, {i32_array({1, 2, 3})}));
    const char *fib = "def main (n: i64) = let fs = tabulate n (\\i -> if i == 1 then 1i64 else 0) "
                      "in loop fs for i in 2..<n do fs with [i] = fs[i - 1] + fs[i - 2]";
    CHECK(checks_left(fib) == 0);
    CHECK(agree(fib, {i64v(10)}));
    CHECK(agree(fib, {i64v(1)}));
    const char *head = "def main (xs: []i32) = if length xs == 0 then 0 else xs[0]";
    CHECK(checks_left(head) == 0);
    CHECK(agree(head, {i32_array({})}));
    CHECK(agree(head, {i32_array({5})}));
    const char *half = "def main [n] (xs: *[n]i32) = loop xs for i < n / 2 do xs with [i] = xs[i]";
    CHECK(checks_left(half) == 0);
    CHECK(agree(half, {i32_array({1, 2, 3})}));
}

TEST_CASE("bounds: sizes known >= 0 need no check; a size check in rows moves before them") {
    // An array's size, a size parameter, max 0 x: iota and replicate of them cannot fail
    // (so an unused one goes), and lowering's `assert (0 <= n)` goes with them.
    const char *known = "def main [n] (xs: [n]i32) (w: i64) = "
                        "(map (\\x -> replicate n x) xs, iota (i64.max 0 w), iota (length xs))";
    std::string t = ir_text(known);
    CHECK(contains(t, "replicate(unchecked n_"));
    CHECK(contains(t, "iota(unchecked "));
    CHECK(!contains(t, "replicate(n_"));
    CHECK(!contains(t, "assert("));
    CHECK(agree(known, {i32_array({4, 5}), i64v(-2)}));
    // A user's number: checked, before the map under "it has rows" (the first row would
    // fail), and the iota in the rows, now unchecked, stays inside them.
    const char *rows = "def main (h: i64) (w: i64) = map (\\i -> i + i64.sum (iota w)) (iota h)";
    t = ir_text(rows);
    CHECK(contains(t, "assert("));
    CHECK(t.find("assert(") < t.find("map("));
    CHECK(t.find("iota(unchecked p_1)") > t.find("map("));
    for (int64_t h : {0, 2})
        for (int64_t w : {-3, 0, 3}) {
            CAPTURE(h);
            CAPTURE(w);
            CHECK(agree(rows, {i64v(h), i64v(w)}));
        }
    // Checked before the first map's rows, the size is known in a later map's rows of the
    // same width (they run only if the first's did).
    const char *again =
        "def main (h: i64) (w: i64) = let a = map (\\i -> i + i64.sum (iota w)) (iota h)\n"
        "in map (\\x -> x * 2 + i64.sum (iota w)) a";
    t = ir_text(again);
    CAPTURE(t);
    CHECK(t.find("size {p_1}") == t.rfind("size {p_1}")); // w checked once
    CHECK(!contains(t, "iota(p_1)"));                     // neither iota checks again
    for (int64_t h : {0, 2})
        for (int64_t w : {-3, 0, 3})
            CHECK(agree(again, {i64v(h), i64v(w)}));
    compiler::Optimised o = optimised(rows); // simplify again: the iota does not move out
    passes::simplify(o.module);
    t = ir::to_string(o.module);
    CHECK(t.find("iota(unchecked p_1)") > t.find("map("));
    CHECK(run_ir(o.module, "main", {i64v(0), i64v(-3)}).ok);
}
