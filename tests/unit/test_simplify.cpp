// Unit tests of the simplifier (compiler/passes/Simplify.h): the printed IR changes as
// expected, results and run-time errors stay the interpreter's; and the corpus test that
// runs every test program through simplification and bounds-check elimination.
#include "PassTestUtil.h"

#include "compiler/passes/Rewrite.h"

#include <algorithm>
#include <filesystem>
#include <map>

using namespace loom;
using namespace loom::passtest;
namespace fs = std::filesystem;

TEST_CASE("simplify: constants fold, identities apply, dead code goes, failing code stays") {
    const char *src = "def main (x: i32) = let a = 2 + 3 in let b = x * 1 + 0 in let c = a * b in "
                      "let _d = x / 0 in let _e = x - x in c";
    std::string t = ir_text(src);
    CHECK(!contains(t, "2i32 + 3i32"));
    CHECK(!contains(t, "* 1i32"));
    CHECK(!contains(t, "+ 0i32"));
    CHECK(!contains(t, "p_0 - p_0")); // dead
    CHECK(contains(t, "5i32 * p_0"));
    CHECK(contains(t, "p_0 / 0i32")); // unused, but the interpreter reports it
    CHECK(agree(src, {i32v(7)}));
    // Division by a non-zero constant cannot fail: dead, it goes.
    CHECK(!contains(ir_text("def main (x: i32) = let _d = x / 3 in x"), "/"));
    CHECK(
        agree("def main (x: i32) = (x / 1, x % 1, 0 * x, x - 0, -(-x), !(!x), 7 // -2, i8.i32 300)",
              {i32v(-9)}));
}

TEST_CASE("simplify: float identities that IEEE forbids are not applied") {
    const char *src = "def main (x: f32) = (x * 0, x + 0, x - x, x * 1, x - 0, x / 1, x == x)";
    std::string t = ir_text(src);
    CHECK(contains(t, "p_0 * 0.0f32"));
    CHECK(contains(t, "p_0 + 0.0f32"));
    CHECK(contains(t, "p_0 - p_0"));
    CHECK(contains(t, "p_0 == p_0"));
    CHECK(!contains(t, "* 1.0f32"));
    CHECK(!contains(t, "- 0.0f32"));
    for (double v : {-0.0, 2.5, (double)NAN, (double)INFINITY})
        CHECK(agree(src, {Value(PrimValue::floating(PrimType::F32, v))}));
}

TEST_CASE("simplify: chains of constant offsets on integers fold, wrapping as the language does") {
    const char *src = "def main (n: i64) (k: i8) (u: u8) =\n"
                      "  (n - 1 - -1 + 1 - 1, n + 2 - 5, k + 100 + 100, u - 3 + 1, k - 1 + 1 + 1)";
    std::string t = ir_text(src);
    CHECK(contains(t, "p_0 - 3i64"));   // n + 2 - 5
    CHECK(contains(t, "p_1 - 56i8"));   // k + 200, wrapped into i8
    CHECK(contains(t, "p_2 + 254u8"));  // u - 2, wrapped into u8
    CHECK(contains(t, "p_1 + 1i8"));
    CHECK(!contains(t, "- -1i64"));     // the first chain is n itself
    CHECK(agree(src, {i64v(9), Value(PrimValue::integer(PrimType::I8, 100)),
                      Value(PrimValue::integer(PrimType::U8, 1))}));
    CHECK(agree(src, {i64v(INT64_MIN), Value(PrimValue::integer(PrimType::I8, (uint64_t)-128)),
                      Value(PrimValue::integer(PrimType::U8, 255))}));
    // Floats are not reassociated (rounding).
    CHECK(contains(ir_text("def main (x: f32) = x + 1 + 1"), "+ 1.0f32"));
}

TEST_CASE("simplify: common subexpressions and copies are shared") {
    const char *src = "def main (x: i32) (y: i32) = let (a, b) = (x + y, x + y) in a * b + (x + y)";
    std::string t = ir_text(src);
    CHECK(count_of(t, "p_0 + p_1") == 1);
    CHECK(agree(src, {i32v(3), i32v(4)}));
    // A failing statement is shared only with an identical earlier one, which dominates it.
    const char *idx = "def main (xs: []i32) (i: i64) = xs[i] + xs[i]";
    CHECK(count_of(ir_text(idx, true, false), "p_1[p_2]") == 1);
    CHECK(agree(idx, {i32_array({1, 2}), i64v(1)}));
    CHECK(agree(idx, {i32_array({1, 2}), i64v(2)}));
}

TEST_CASE("simplify: constant and trivial ifs disappear") {
    const char *src = "def main (x: i32) (c: bool) = (if 1 < 2 then x else x + 1, "
                      "if c then x else x, if c then true else false, if false then x / 0 else 3)";
    std::string t = ir_text(src);
    CHECK(!contains(t, "if "));
    CHECK(agree(src, {i32v(3), Value(PrimValue::boolean(false))}));
    // Equal branches that can fail keep the if.
    const char *fail = "def main (xs: []i32) (c: bool) = if c then (let _ = xs[3] in 1i32) else 1";
    CHECK(contains(ir_text(fail, true, false), "if "));
    CHECK(agree(fail, {i32_array({1}), Value(PrimValue::boolean(true))}));
}

TEST_CASE("simplify: invariant code leaves loops and lambdas, failing code does not") {
    const char *map = "def main (xs: []i32) (a: i32) (b: i32) = map (\\x -> x + a * b) xs";
    std::string t = ir_text(map);
    REQUIRE(contains(t, "p_2 * p_3"));
    CHECK(t.find("p_2 * p_3") < t.find("map("));
    CHECK(agree(map, {i32_array({1, 2}), i32v(3), i32v(4)}));

    const char *loop = "def main (n: i64) (a: i32) (b: i32) = loop s = 0 for i < n do s + a * b "
                       "+ i32.i64 i";
    t = ir_text(loop);
    CHECK(t.find("p_1 * p_2") < t.find("loop ("));
    CHECK(agree(loop, {i64v(4), i32v(3), i32v(5)}));

    // a / b can fail: it stays in the loop, which does not run when n = 0.
    const char *div = "def main (n: i64) (a: i32) (b: i32) = loop s = 0 for _i < n do s + a / b";
    t = ir_text(div);
    CHECK(t.find("p_1 / p_2") > t.find("loop ("));
    CHECK(agree(div, {i64v(0), i32v(3), i32v(0)}));
    CHECK(agree(div, {i64v(2), i32v(3), i32v(0)}));
}

TEST_CASE("simplify: loop values that every iteration gives back unchanged are their initial values") {
    // (a, b) with b carried along: b leaves the loop, which keeps a alone.
    const char *src = "def main (n: i64) (k: i32) = loop (a, b) = (0, k) for i < n do (a + b + "
                      "i32.i64 i, b)";
    std::string t = ir_text(src);
    CHECK(contains(t, "loop (acc_3: i32 = 0i32) for"));
    CHECK(contains(t, "+ p_1"));
    CHECK(agree(src, {i64v(4), i32v(3)}));
    CHECK(agree(src, {i64v(0), i32v(3)}));
    // A while loop's condition reads it too; the loop of that value alone, which cannot
    // fail, goes.
    const char *w = "def main (n: i64) (k: i32) = let (a, b) = loop (a, b) = (0, k) while a < n "
                    "do (a + 1, b) in (loop c = k for _i < n do c, a, b)";
    t = ir_text(w);
    CHECK(contains(t, "while"));
    CHECK(t.find("for") == std::string::npos);
    CHECK(agree(w, {i64v(3), i32v(7)}));
    // One that can fail keeps its loop (which divides by zero only where it runs).
    const char *f = "def main (n: i64) (k: i32) = loop c = k for i < n do let _ = k / i32.i64 i in c";
    CHECK(contains(ir_text(f), "loop ("));
    CHECK(agree(f, {i64v(0), i32v(7)}));
    CHECK(agree(f, {i64v(2), i32v(7)}));
}

TEST_CASE("simplify: a loop adding the same integer in every iteration is a multiplication") {
    // Futhark's loops/loop18, with a wider accumulator, a subtraction, the step on the
    // left, and a value that stays a loop.
    const char *src = "def main (n: i32) (c: i64) (k: u8) =\n"
                      "  let (a, b, s, m, w) = loop (a, b, s, m, w) = (7i64, 0i32, 100u8, 1i32, 0u8)\n"
                      "    for i < n do (a + c, 3 + b, s - k, m * 2, w + k)\n"
                      "  in (a, b, s, m, w)";
    std::string t = ir_text(src);
    CHECK(contains(t, "i32.max(p_0, 0i32)"));
    REQUIRE(contains(t, "loop ("));
    std::string header = t.substr(t.find("loop ("), t.find(" do") - t.find("loop ("));
    CHECK(!contains(header, ",")); // m's alone
    CHECK(contains(header, "= 1i32"));
    for (int32_t n : {0, 5, -3, 1000})
        for (int64_t c : {INT64_MAX, (int64_t)-2})
            CHECK(agree(src, {i32v(n), i64v(c), Value(PrimValue::integer(PrimType::U8, 200))}));
    // An index-typed bound that is unsigned counts up to 255 (`u8.max` with 0 is itself).
    const char *u = "def main (n: u8) = loop acc = 1i32 for _i < n do acc + 5";
    CHECK(!contains(ir_text(u), "loop ("));
    CHECK(agree(u, {Value(PrimValue::integer(PrimType::U8, 250))}));
    // Not where the step changes (the index), the value is read elsewhere, or floats
    // (whose rounding repeated additions have).
    for (const char *kept : {"def main (n: i64) = loop acc = 0 for i < n do acc + i",
                             "def main (n: i64) = loop (acc, x) = (0, 0) for _i < n do (acc + 2, acc)",
                             "def main (n: i64) = loop acc = 0f32 for _i < n do acc + 0.1"}) {
        CHECK(contains(ir_text(kept), "loop ("));
        CHECK(agree(kept, {i64v(7)}));
    }
}

TEST_CASE("simplify: dead failing statements keep their errors") {
    const char *src = "def main (xs: []i32) (i: i64) = let _ = xs[i] let _ = assert (i > 0) 1i32 "
                      "let _ = 1..<i in 0i32";
    for (int64_t i : {0, 1, 5})
        CHECK(agree(src, {i32_array({1, 2}), i64v(i)}));
}

TEST_CASE("simplify: elements of literals and replicates fold where the index is within them") {
    const char *src = "def main (x: i32) = let r = replicate 3 x let m = [[x, 2], [3, x + 1]]\n"
                      "  in (r[1], m[1][0], m[1, 1])";
    std::string t = ir_text(src);
    CHECK(!contains(t, "[1i64"));
    CHECK(contains(t, "in (p_0, 3i32, b_"));
    CHECK(agree(src, {i32v(5)}));
    // An index that may be outside stays, and fails as the interpreter does.
    const char *out = "def main (n: i64) (x: i32) (i: i64) = (replicate n x)[i]";
    CHECK(contains(ir_text(out), "[p_"));
    CHECK(agree(out, {i64v(3), i32v(7), i64v(2)}));
    CHECK(agree(out, {i64v(3), i32v(7), i64v(3)}));
}

TEST_CASE("simplify: maps lose the results nobody uses and the inputs they never read") {
    // A map of pairs of which only the first part is used, reading only xs: one result,
    // one input.
    const char *src = "def main (xs: []i32) (ys: []i32) =\n"
                      "  let (a, _) = unzip (map2 (\\x y -> (x + 1, x * y)) xs ys) in a";
    std::string t = ir_text(src);
    CHECK(!contains(t, " * "));
    CHECK(contains(t, "map("));
    CHECK(!contains(t, "i32, x_")); // one param: ys no longer an input
    CHECK(agree(src, {i32_array({1, 2}), i32_array({3, 4})}));
    // A map reading none of its inputs keeps one (its rows' count).
    const char *none = "def main (xs: []i32) (ys: []i32) = map2 (\\_ _ -> 7i32) xs ys";
    CHECK(agree(none, {i32_array({1, 2}), i32_array({3, 4})}));
    CHECK(contains(ir_text(none), "map("));
}

TEST_CASE(
    "simplify: a histogram's operator of tuples splits where it works component by component") {
    // A sum and a maximum: one op each (printed without the parentheses of a tuple's
    // destinations), so that each gets its own atomics on a GPU.
    const char *split =
        "def main (is: []i64) (xs: []i32) =\n"
        "  unzip (hist (\\(a, b) (c, d) -> (a + c, i32.max b d)) (0, i32.lowest) 3 is (zip xs xs))";
    std::string t = ir_text(split);
    CHECK(contains(t, "hist("));
    CHECK(!contains(t, "{("));
    CHECK(agree(split, {i64_array({0, 2, 2, 5, -1}), i32_array({1, 2, 3, 4, 5})}));
    // An argmin's components depend on each other: one op of two destinations.
    const char *kept = "def main (is: []i64) (xs: []i32) =\n"
                       "  unzip (hist (\\(a, i) (b, j) -> if a <= b then (a, i) else (b, j)) "
                       "(i32.highest, -1i64) 3 is\n"
                       "    (zip xs (indices xs)))";
    CHECK(contains(ir_text(kept), "{("));
    CHECK(agree(kept, {i64_array({0, 2, 2, 5, -1}), i32_array({4, 2, 1, 4, 5})}));
}

namespace loom::ir {
namespace {
Param prm(int id, Type t, const char *base = "v") {
    return Param{Var{id, base}, std::move(t)};
}
SubExp v(int id) {
    return SubExp::of(Var{id, "v"});
}
} // namespace

TEST_CASE("simplify: a Screma's lambdas are simplified and their invariants hoisted") {
    // screma over xs: map lambda (x) -> (x * (a + 0), x) with `a + 0` invariant, a
    // (+) reduce on the first result; gives (sum, mapped array).
    Type i32t = Type::scalar(PrimType::I32), arr{PrimType::I32, {v(0)}};
    Function f;
    f.name = "main";
    f.size_params = {prm(0, Type::scalar(PrimType::I64), "n")};
    f.params = {prm(1, arr, "xs"), prm(2, i32t, "a")};
    Lambda ml;
    ml.params = {prm(3, i32t, "x")};
    ml.body.stms.push_back(
        {{prm(4, i32t)},
         BinOpExp::make(BinOpKind::Add, v(2),
                        SubExp::constant(PrimValue::integer(PrimType::I32, 0)), {})});
    ml.body.stms.push_back({{prm(5, i32t)}, BinOpExp::make(BinOpKind::Mul, v(3), v(4), {})});
    ml.body.stms.push_back({{prm(6, i32t)}, AtomExp::make(v(3))});
    ml.body.result = {v(5), v(6)};
    ml.ret = {i32t, i32t};
    Lambda op;
    op.params = {prm(7, i32t), prm(8, i32t)};
    op.body.stms.push_back({{prm(9, i32t)}, BinOpExp::make(BinOpKind::Add, v(7), v(8), {})});
    op.body.result = {v(9)};
    op.ret = {i32t};
    std::vector<ScremaOp> reduces{{op, {SubExp::constant(PrimValue::integer(PrimType::I32, 0))}}};
    f.body.stms.push_back(
        {{prm(10, i32t), prm(11, arr)},
         ScremaExp::make(v(0), {Var{1, "xs"}}, {}, reduces, ml, {"map", "reduce"})});
    f.body.result = {v(10), v(11)};
    f.ret = {i32t, arr};
    auto pair = std::make_shared<loom::Type>();
    pair->kind = loom::Type::Kind::Tuple;
    pair->elems = {nullptr, nullptr};
    f.source_ret = pair;
    Module m;
    m.functions.push_back(f);
    m.next_var_id = 20;
    verify(m);
    std::vector<Value> args{i32_array({1, 2, 3}), i32v(5)};
    Value before = eval_function(m, "main", args);
    passes::SimplifyStats st = passes::simplify(m);
    verify(m);
    CHECK(values_equal(before, eval_function(m, "main", args)));
    const Body &b = m.functions[0].body;
    REQUIRE(b.stms.size() == 1);
    auto *s = b.stms[0].exp->as<ScremaExp>();
    REQUIRE(s);
    CHECK(s->map_lam.body.stms.size() == 1); // x * a; `a + 0` folded, the copy propagated
    CHECK(st.folded >= 1);
}
} // namespace loom::ir

// ---------------------------------------------------------------- the test corpus

namespace {

struct CorpusCounts {
    int programs = 0, cases = 0, errors = 0, limited = 0, skipped = 0, lowering_differs = 0;
    int removed = 0, kept = 0, hoisted = 0, folded = 0, dead = 0, cse = 0, simp_hoisted = 0;
    std::vector<std::string> failures;
};

void run_file(const fs::path &path, CorpusCounts &n) {
    std::optional<corpus::CorpusProgram> cp = corpus::load_checked(path);
    if (!cp) {
        n.skipped++; // programs the frontend rejects
        return;
    }
    const Program &prog = cp->prog;
    struct Entry {
        std::optional<ir::Module> plain, opt;
    };
    std::map<std::string, Entry> entries;
    auto get = [&](const std::string &entry) -> Entry & {
        auto [it, fresh] = entries.try_emplace(entry);
        if (!fresh)
            return it->second;
        try {
            compiler::Optimised o = compiler::optimise(prog, entry, options(true, true));
            it->second.plain = compiler::optimise(prog, entry, options(false, false)).module;
            it->second.opt = std::move(o.module);
            n.removed += o.report.bounds.removed;
            n.hoisted += o.report.bounds.hoisted;
            n.kept += o.report.bounds.kept;
            n.folded += o.report.simplify.folded;
            n.dead += o.report.simplify.dead;
            n.cse += o.report.simplify.cse;
            n.simp_hoisted += o.report.simplify.hoisted;
        } catch (const CompilerLimitation &) {
            n.limited++;
        } catch (const std::exception &e) {
            n.failures.push_back(path.string() + " (" + entry + "): passes failed: " + e.what());
        }
        return it->second;
    };
    Interpreter interp;
    try {
        interp.load(prog);
    } catch (const RuntimeError &) { // a constant that fails: no values to compare
        n.skipped++;
        return;
    }
    bool any = false;
    corpus::for_each_value_case(cp->blocks, [&](const std::string &entry, const TestCase &c) {
        Entry &e = get(entry);
        if (!e.opt)
            return;
        std::optional<std::vector<Value>> read =
            corpus::read_args(c, e.opt->find(entry)->source_params);
        if (!read)
            return;
        const std::vector<Value> &args = *read;
        Outcome want;
        try {
            want.value = interp.call(entry, args);
        } catch (const RuntimeError &err) {
            want.ok = false;
            want.error = error_text(err);
        }
        Outcome got;
        try {
            got = run_ir(*e.opt, entry, args);
        } catch (const std::exception &err) {
            got.ok = false;
            got.error = std::string("crash: ") + err.what();
        }
        n.cases++;
        n.errors += want.ok ? 0 : 1;
        any = true;
        if (same_outcome(want, got))
            return;
        Outcome plain;
        try {
            plain = run_ir(*e.plain, entry, args);
        } catch (const std::exception &err) {
            plain.ok = false;
            plain.error = std::string("crash: ") + err.what();
        }
        if (!same_outcome(want, plain) && same_outcome(plain, got)) {
            n.lowering_differs++; // not the passes' doing
            return;
        }
        n.failures.push_back(path.string() + " (" + entry + "): interpreter " + describe(want) +
                             ", optimised IR " + describe(got) + ", lowered IR " + describe(plain));
    });
    n.programs += any ? 1 : 0;
}

} // namespace

TEST_CASE("simplify and bounds: the test corpus gives the interpreter's results and errors") {
    CorpusCounts n;
    for (const fs::path &p : corpus::files({"programs", "errors/runtime"}))
        run_file(p, n);
    MESSAGE("simplified and bounds-checked " << n.programs << " programs, " << n.cases << " cases ("
                                             << n.errors << " run-time errors); " << n.limited
                                             << " entries outside the subset; " << n.skipped
                                             << " files skipped; " << n.lowering_differs
                                             << " cases where the lowering alone already differs");
    MESSAGE("bounds checks: " << n.removed << " removed, " << n.hoisted << " hoisted, " << n.kept
                              << " kept; simplify: " << n.folded << " folded, " << n.cse << " cse, "
                              << n.dead << " dead, " << n.simp_hoisted << " hoisted");
    for (const std::string &f : n.failures)
        MESSAGE(f);
    CHECK(n.failures.empty());
    CHECK(n.programs >= 30);
}
