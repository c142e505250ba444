// Unit tests of fusion (compiler/passes/Fusion.h): the kernels fusion leaves (structure),
// results of fused IR against the unfused IR and the interpreter (semantics), and the
// whole program corpus through the pipeline with fusion on (errors included).
#include "CorpusUtil.h"

#include "compiler/Lower.h"
#include "compiler/Pipeline.h"
#include "compiler/ir/IREval.h"
#include "compiler/passes/Fusion.h"
#include "compiler/passes/Kernels.h"
#include "core/ValueIO.h"
#include "frontend/Frontend.h"
#include "interpreter/Interpreter.h"

#include <nlohmann/json.hpp>

#include <doctest/doctest.h>

#include <filesystem>
#include <map>

using namespace loom;
namespace fs = std::filesystem;

namespace {

Program checked(const std::string &src) {
    Program p = parse_program(make_source("fusion.fut", src));
    CheckedEnvPtr env = prelude_env();
    check_program(p, env);
    return p;
}

/** Fusion alone: the other passes off, the verifier after each pass. */
compiler::PipelineOptions fusion_only() {
    compiler::PipelineOptions o;
    o.verify_each_pass = true;
    o.simplify = false;
    o.eliminate_bounds_checks = false;
    return o;
}

struct Fused {
    ir::Module module;
    std::vector<passes::KernelInfo> kernels;
    std::string text;
};
Fused fused(const std::string &src, const std::string &entry = "main") {
    Program p = checked(src);
    Fused f;
    f.module = compiler::optimise(p, entry, fusion_only()).module;
    f.kernels = passes::find_kernels(f.module.functions.at(0));
    f.text = ir::to_string(f.module);
    return f;
}

size_t count(const std::string &hay, const std::string &needle) {
    size_t n = 0;
    for (size_t at = hay.find(needle); at != std::string::npos; at = hay.find(needle, at + 1))
        n++;
    return n;
}

std::string fused_list(const passes::KernelInfo &k) {
    std::string s;
    for (const std::string &x : k.fused)
        s += (s.empty() ? "" : ",") + x;
    return s;
}

Value i32_array(std::vector<int32_t> xs) {
    Value a = Value::prim_array(PrimType::I32, {(int64_t)xs.size()});
    for (size_t i = 0; i < xs.size(); i++)
        store_prim(PrimType::I32, a.mutable_data(), (int64_t)i,
                   PrimValue::integer(PrimType::I32, (uint64_t)(int64_t)xs[i]));
    return a;
}
Value i64_value(int64_t x) { return PrimValue::integer(PrimType::I64, (uint64_t)x); }
Value f64_array(std::vector<double> xs) {
    Value a = Value::prim_array(PrimType::F64, {(int64_t)xs.size()});
    for (size_t i = 0; i < xs.size(); i++)
        store_prim(PrimType::F64, a.mutable_data(), (int64_t)i,
                   PrimValue::floating(PrimType::F64, xs[i]));
    return a;
}

Value f32_array(std::vector<float> xs) {
    Value a = Value::prim_array(PrimType::F32, {(int64_t)xs.size()});
    for (size_t i = 0; i < xs.size(); i++)
        store_prim(PrimType::F32, a.mutable_data(), (int64_t)i,
                   PrimValue::floating(PrimType::F32, xs[i]));
    return a;
}
Value i64_array(std::vector<int64_t> xs) {
    Value a = Value::prim_array(PrimType::I64, {(int64_t)xs.size()});
    for (size_t i = 0; i < xs.size(); i++)
        store_prim(PrimType::I64, a.mutable_data(), (int64_t)i,
                   PrimValue::integer(PrimType::I64, (uint64_t)xs[i]));
    return a;
}

/** The outcome of one run: a value, or an error message with its location. */
struct Outcome {
    bool ok = true;
    Value v;
    std::string error;
    template <typename F> static Outcome of(F &&run) {
        Outcome o;
        try {
            o.v = run();
        } catch (const RuntimeError &e) {
            o.ok = false;
            o.error = std::string(e.what()) + " at " + e.loc().str();
        }
        return o;
    }
    bool same(const Outcome &b) const {
        return ok == b.ok && (ok ? values_close(v, b.v) : error == b.error);
    }
    std::string str() const { return ok ? value_to_string(v) : error; }
};

/** Runs the interpreter, the unfused IR and the fused IR on `args`; all must agree. */
bool agree(const std::string &src, const std::vector<Value> &args) {
    Program p = checked(src);
    Interpreter in;
    in.load(p);
    ir::Module plain = lower_program(p, "main");
    ir::Module f = compiler::optimise(p, "main", fusion_only()).module;
    Outcome a = Outcome::of([&] { return in.call("main", args); });
    Outcome b = Outcome::of([&] { return ir::eval_function(plain, "main", args); });
    Outcome c = Outcome::of([&] { return ir::eval_function(f, "main", args); });
    if (a.same(b) && a.same(c))
        return true;
    MESSAGE("interpreter: " << a.str() << "\nunfused IR: " << b.str() << "\nfused IR: " << c.str()
                            << "\n"
                            << ir::to_string(f));
    return false;
}

const char *black_scholes = R"(
def cnd (d: f64) =
  let k = 1.0 / (1.0 + 0.2316419 * f64.abs d)
  let w = k * (0.31938153 + k * (-0.356563782 + k * (1.781477937 + k * (-1.821255978 + k * 1.330274429))))
  let p = 1.0 - 0.3989422804 * f64.exp (-d * d / 2.0) * w
  in if d < 0.0 then 1.0 - p else p

def main [n] (s: [n]f64) (x: [n]f64) (t: [n]f64) =
  let r = 0.02
  let v = 0.3
  let d1 = map3 (\s x t -> (f64.log (s / x) + (r + v * v / 2.0) * t) / (v * f64.sqrt t)) s x t
  let d2 = map2 (\d1 t -> d1 - v * f64.sqrt t) d1 t
  let calls = map4 (\s x t (d1, d2) -> s * cnd d1 - x * f64.exp (-r * t) * cnd d2) s x t (zip d1 d2)
  let puts = map4 (\s x t (d1, d2) -> x * f64.exp (-r * t) * cnd (-d2) - s * cnd (-d1)) s x t (zip d1 d2)
  in zip calls puts |> unzip
)";

} // namespace

// ---------------------------------------------------------------- structure

TEST_CASE("fusion: map into map, map into reduce and chains give one kernel") {
    Fused a = fused("def main (xs: []i32) = map (* 2) (map (+ 1) xs)");
    REQUIRE(a.kernels.size() == 1);
    CHECK(a.kernels[0].kind == "map");
    CHECK(fused_list(a.kernels[0]) == "map,map");

    Fused b = fused("def main (xs: []i32) = reduce (+) 0 (map (\\x -> x * x) xs)");
    REQUIRE(b.kernels.size() == 1);
    CHECK(b.kernels[0].kind == "redomap");
    CHECK(fused_list(b.kernels[0]) == "map,reduce");

    Fused c = fused("def main (xs: []i32) = xs |> map (+ 1) |> map (* 3) |> reduce (+) 0");
    REQUIRE(c.kernels.size() == 1);
    CHECK(fused_list(c.kernels[0]) == "map,map,reduce");

    Fused d = fused("def main (xs: []i32) = scan (+) 0 (map (* 2) xs)");
    REQUIRE(d.kernels.size() == 1);
    CHECK(d.kernels[0].kind == "scanomap");
}

TEST_CASE("small rows as scalars: a scan of 2x2 matrices is a scan of four scalars") {
    const std::string mul = "def mul (a: [4]i32) (b: [4]i32) : [4]i32 =\n"
                            "  [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],\n"
                            "   a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3]]\n";
    // The rows made by a map, read by a map: after simplification no row is left.
    compiler::PipelineOptions all;
    all.verify_each_pass = true;
    const compiler::Optimised o = compiler::optimise(
        checked(mul + "def main (n: i64) = map (\\q -> q[1]) (scan mul [1, 0, 0, 1] "
                      "(replicate n [1, 1, 1, 0]))"),
        "main", all);
    const std::string text = ir::to_string(o.module);
    CHECK(text.find("[4i64]i32") == std::string::npos);
    CHECK(o.report.rows_scalarized == 1); // what `loom compile --emit stats` shows
    CHECK(compiler::report_json(o.report)["rows"]["chosen"] == 0);
    Fused a = fused(mul + "def main (n: i64) = scan mul [1, 0, 0, 1] (replicate n [1, 1, 1, 0])");
    REQUIRE(a.kernels.size() == 2); // the scan of scalars, the map making rows of them
    CHECK(a.kernels[0].kind == "scanomap");
    CHECK(a.kernels[1].kind == "map");
    // Rows of an input, and a reduction's result row put back together.
    Fused b = fused(mul + "def main [n] (ms: [n][4]i32) = reduce mul [1, 0, 0, 1] ms");
    REQUIRE(b.kernels.size() == 1);
    CHECK(b.kernels[0].kind == "redomap");
    CHECK(b.text.find("): ([4i64]i32) ->") == std::string::npos); // no operator on rows
    CHECK(b.text.find("= [r_") != std::string::npos);             // the result row
    // Rows of rows ([2][2] matrices): four scalars too.
    Fused d =
        fused("def main [n] (ms: [n][2][2]i32) = reduce (\\r s -> [[r[0][0] * s[0][0], r[0][1]],\n"
              "  [r[1][0], r[1][1] + s[1][1]]]) [[1, 0], [0, 0]] ms");
    REQUIRE(d.kernels.size() == 1);
    CHECK(d.text.find("): ([2i64][2i64]i32) ->") == std::string::npos);
    // An operator choosing one of its rows whole: an `if` over their elements.
    Fused e = fused("def main [n] (ms: [n][2]i32) = reduce (\\a b -> if a[0] < b[0] then b else a) "
                    "[0, 0] ms");
    REQUIRE(e.kernels.size() == 1);
    CHECK(e.text.find("): ([2i64]i32) ->") == std::string::npos);
    // Of rows of a size known only at run time: a choice of indices (ChooseRows).
    const compiler::Optimised any = compiler::optimise(
        checked("def main [n][m] (ms: [n][m]i32) = reduce (\\a b -> if a[0] < b[0] then b "
                "else a) (replicate m 0) ms"),
        "main", all);
    CHECK(any.report.rows_chosen == 1);
    CHECK(any.report.rows_scalarized == 0);
    CHECK(ir::to_string(any.module).find("reduce(n_0, \\(x_") != std::string::npos);
    CHECK(e.text.find("(if_") != std::string::npos);
    // An operator using a row whole otherwise (here in a map) is left alone.
    Fused c = fused("def main [n] (ms: [n][2]i32) = reduce (\\a b -> map2 (+) a b) [0, 0] ms");
    CHECK(c.text.find("(x_") != std::string::npos);
    CHECK(c.text.find(": [2i64]i32, x_") != std::string::npos);
}

TEST_CASE("fusion: filter into reduce gives one kernel") {
    Fused a = fused("def main (xs: []i32) = xs |> filter (> 4) |> reduce (+) 0");
    REQUIRE(a.kernels.size() == 1);
    CHECK(a.kernels[0].kind == "redomap");
    CHECK(fused_list(a.kernels[0]) == "filter,reduce");
    Fused b = fused("def main (xs: []i32) = xs |> map (* 2) |> filter (> 4) |> map (+ 1) |> "
                    "reduce (+) 0");
    REQUIRE(b.kernels.size() == 1);
    CHECK(fused_list(b.kernels[0]) == "map,filter,map,reduce");
    // The filtered array is also returned: the filter must stay.
    Fused c = fused("def main (xs: []i32) = let ys = filter (> 4) xs in (ys, reduce (+) 0 ys)");
    CHECK(c.kernels.size() == 2);
}

TEST_CASE("fusion: a producer with two consumers is computed once in one kernel") {
    Fused a = fused(
        "def main (xs: []f32) = let ys = map f32.sin xs in (reduce (+) 0 ys, map (* 2) ys)");
    REQUIRE(a.kernels.size() == 1);
    CHECK(a.kernels[0].kind == "redomap");
    CHECK(count(a.text, "sin") == 1);
    // ys itself is returned too: an extra output of the same kernel.
    Fused b = fused("def main (xs: []f32) = let ys = map f32.sin xs in (ys, reduce (+) 0 ys, "
                    "map (* 2) ys)");
    REQUIRE(b.kernels.size() == 1);
    CHECK(count(b.text, "sin") == 1);
}

TEST_CASE("fusion: Black-Scholes over arrays is one kernel") {
    Fused a = fused(black_scholes);
    REQUIRE(a.kernels.size() == 1);
    CHECK(a.kernels[0].kind == "map");
    CHECK(count(a.text, "f64.log") == 1);
    CHECK(agree(black_scholes, {f64_array({30, 40, 50}), f64_array({35, 40, 45}),
                                f64_array({0.5, 1, 2})}));
}

TEST_CASE("fusion: horizontal fusion of independent reductions and maps") {
    Fused a = fused("def main (xs: []i32) = (reduce (+) 0 xs, reduce i32.max i32.lowest xs, "
                    "reduce i32.min i32.highest xs)");
    REQUIRE(a.kernels.size() == 1);
    CHECK(fused_list(a.kernels[0]) == "reduce,reduce,reduce");
    Fused b = fused("def main (xs: []i32) = let a = map (+ 1) xs let b = map (\\x -> x * x) xs "
                    "in map2 (+) a b");
    CHECK(b.kernels.size() == 1);
    // Different sizes: nothing to fuse.
    Fused c = fused("def main (xs: []i32) (ys: []i32) = (reduce (+) 0 xs, reduce (+) 0 ys)");
    CHECK(c.kernels.size() == 2);
}

TEST_CASE("fusion: what must not fuse") {
    // A producer outside a loop is not fused into a consumer inside it.
    Fused a = fused("def main (xs: []i32) (n: i32) = let ys = map (+ 1) xs in loop s = 0 for i < "
                    "n do s + reduce (+) 0 ys");
    CHECK(a.kernels.size() == 2);
    // A scan's result is not available row by row.
    Fused b = fused("def main (xs: []i32) = map (* 2) (scan (+) 0 xs)");
    CHECK(b.kernels.size() == 2);
    // Both can fail (division by a variable): fusing would change which error comes first.
    Fused c = fused("def main (xs: []i32) (d: i32) = map (\\x -> 10 / x) (map (\\x -> x / d) xs)");
    CHECK(c.kernels.size() == 2);
    // The consumer reads the producer's array at other rows.
    Fused d = fused("def main [n] (xs: [n]i32) = let ys = map (+ 1) xs in map (\\i -> ys[n - 1 - "
                    "i]) (iota n)");
    CHECK(d.kernels.size() == 2);
}

TEST_CASE("fusion: fusion inside lambdas, branches and loops") {
    Fused a = fused("def main (a: [][]i32) (v: []i32) = map (\\row -> reduce (+) 0 (map2 (*) row "
                    "v)) a");
    REQUIRE(a.kernels.size() == 1);
    CHECK(a.kernels[0].kind == "segmented reduce");
    CHECK(count(a.text, "screma(") == 1);
    Fused b = fused("def main (xs: []i32) (c: bool) = if c then reduce (+) 0 (map (+ 1) xs) "
                    "else 0");
    CHECK(b.kernels.size() == 1);
    Fused l = fused("def main (xs: []i32) (n: i32) = loop s = 0 for i < n do s + reduce (+) 0 "
                    "(map (+ i) xs)");
    CHECK(l.kernels.size() == 1);
}

TEST_CASE("fusion: stats count vertical and horizontal fusions") {
    Program p = checked("def main (xs: []i32) = (reduce (+) 0 (map (+ 1) xs), reduce (*) 1 xs)");
    ir::Module m = lower_program(p, "main");
    passes::FusionStats s = passes::fuse(m);
    ir::verify(m);
    CHECK(s.vertical == 1);
    CHECK(s.horizontal == 1);
    CHECK(passes::find_kernels(m.functions[0]).size() == 1);
}

// ---------------------------------------------------------------- semantics

TEST_CASE("fusion: fused programs give the unfused results") {
    std::vector<Value> xs{i32_array({3, -1, 4, 1, -5, 9, 2, 6})};
    const char *srcs[] = {
        "def main (xs: []i32) = xs |> map (* 2) |> filter (> 4) |> reduce (+) 0",
        "def main (xs: []i32) = let ys = map (+ 1) xs in (reduce (+) 0 ys, map (* 2) ys, ys)",
        "def main (xs: []i32) = let ys = map (\\x -> (x, x * x)) xs in (reduce (\\(a, b) (c, d) "
        "-> (a + c, b + d)) (0, 0) ys, scan (+) 0 (map (.1) ys))",
        "def main (xs: []i32) = let ys = map (+ 1) xs let s = reduce (+) 0 ys let zs = copy ys "
        "with [0] = s in (zs, reduce (*) 1 ys)",
        "def main (xs: []i32) = let ys = scan (+) 0 xs in (map (* 2) ys, reduce i32.max 0 ys)",
        "def main (xs: []i32) = let (a, b) = unzip (map (\\x -> (x + 1, x - 1)) xs) in map2 (*) a "
        "(reverse b)",
        "def main (xs: []i32) = let c = filter (< 0) xs in (reduce (+) 0 c, length c)",
        "def main (xs: []i32) = map (\\x -> 100 / x) (map (\\x -> x + 1) xs)",
        "def main [n] (xs: [n]i32) = let ys = map (+ 1) xs in map (\\i -> ys[i] + xs[n - 1 - i]) "
        "(iota n)",
    };
    for (const char *s : srcs)
        CHECK_MESSAGE(agree(s, xs), s);
    // Errors: the first one reported stays the interpreter's.
    CHECK(agree("def main (xs: []i32) = map (\\x -> 100 / x) (map (\\x -> x + 1) xs)",
                {i32_array({3, -1, 4})}));
    CHECK(agree("def main (xs: []i32) (i: i64) = let ys = map (+ 1) xs let a = xs[i] in "
                "(reduce (+) a ys)",
                {i32_array({3, -1, 4}), Value(PrimValue::integer(PrimType::I64, 7))}));
}

// ---------------------------------------------------------------- the corpus

namespace {

struct CorpusCounts {
    int programs = 0, cases = 0, errors = 0, limited = 0, skipped = 0, kernels_before = 0,
        kernels_after = 0, lowering_differs = 0;
    std::vector<std::string> failures;
};

/** Every `-- ==` case with values of one program through the pipeline (options `o`),
 * IREval against the interpreter. */
void run_cases(const fs::path &path, const compiler::PipelineOptions &o, CorpusCounts &n) {
    std::optional<corpus::CorpusProgram> cp = corpus::load_checked(path);
    if (!cp) {
        n.skipped++;
        return;
    }
    const Program &prog = cp->prog;
    Interpreter interp;
    try {
        interp.load(prog);
    } catch (const RuntimeError &) { // a constant that fails: no values to compare
        n.skipped++;
        return;
    }
    std::map<std::string, std::optional<std::pair<ir::Module, ir::Module>>> built;
    bool any = false;
    corpus::for_each_value_case(cp->blocks, [&](const std::string &entry, const TestCase &c) {
        if (!built.count(entry)) {
            built[entry] = std::nullopt;
            try {
                ir::Module m = compiler::optimise(prog, entry, o).module;
                ir::Module plain = lower_program(prog, entry);
                n.kernels_before += (int)passes::find_kernels(plain.functions[0]).size();
                n.kernels_after += (int)passes::find_kernels(m.functions[0]).size();
                built[entry] = std::make_pair(std::move(plain), std::move(m));
            } catch (const CompilerLimitation &) {
                n.limited++;
            } catch (const std::exception &e) {
                n.failures.push_back(path.string() + " (" + entry +
                                     "): optimising failed: " + e.what());
            }
        }
        if (!built[entry])
            return;
        const auto &[plain, opt] = *built[entry];
        std::optional<std::vector<Value>> read =
            corpus::read_args(c, opt.find(entry)->source_params);
        if (!read)
            return;
        const std::vector<Value> &args = *read;
        auto ir_run = [&](const ir::Module &m) {
            try {
                return Outcome::of([&] { return ir::eval_function(m, entry, args); });
            } catch (const std::exception &e) {
                Outcome o;
                o.ok = false;
                o.error = e.what();
                return o;
            }
        };
        Outcome want = Outcome::of([&] { return interp.call(entry, args); });
        Outcome before = ir_run(plain), got = ir_run(opt);
        n.cases++;
        n.errors += want.ok ? 0 : 1;
        any = true;
        // A difference the lowering alone makes is not fusion's: then the fused IR
        // must give what the unfused IR gives.
        if (!want.same(before))
            n.lowering_differs++;
        const Outcome &ref = want.same(before) ? want : before;
        if (!ref.same(got))
            n.failures.push_back(path.string() + " (" + entry + "): expected " + ref.str() +
                                 ", fused IR " + got.str());
    });
    n.programs += any ? 1 : 0;
}

CorpusCounts run_corpus(const compiler::PipelineOptions &o) {
    CorpusCounts n;
    for (const fs::path &p : corpus::files({"programs", "errors/runtime"}))
        run_cases(p, o, n);
    return n;
}

} // namespace

TEST_CASE("fusion: the program corpus gives the interpreter's results after fusion") {
    compiler::PipelineOptions o = fusion_only();
    if (std::getenv("LOOM_FUSION_FULL_PIPELINE")) // the other passes on too
        o.simplify = o.eliminate_bounds_checks = true;
    CorpusCounts n = run_corpus(o);
    MESSAGE("fused and compared " << n.programs << " programs, " << n.cases << " cases ("
                                  << n.errors << " run-time errors, " << n.lowering_differs
                                  << " where the lowering alone differs); kernels "
                                  << n.kernels_before
                                  << " -> " << n.kernels_after << "; " << n.limited
                                  << " entries outside the subset; " << n.skipped
                                  << " files skipped");
    for (const std::string &f : n.failures)
        MESSAGE(f);
    CHECK(n.failures.empty());
    CHECK(n.programs >= 30);
    CHECK(n.kernels_after < n.kernels_before);
}

TEST_CASE("fusion: kernels left in the fusion test programs") {
    // What each program of tests/programs/fusion should fuse to (the kernel count).
    const std::map<std::string, size_t> want{
        {"black_scholes.fut", 1},     {"error_index_between.fut", 1},
        {"error_order.fut", 2},       {"filter_count_used.fut", 2},
        {"filter_max_neutral.fut", 1}, {"filter_reduce.fut", 1},
        {"horizontal_stats.fut", 1},  {"if_branch_fusion.fut", 2},
        {"loop_consumer.fut", 2},     {"map_after_scan.fut", 2},
        {"map_filter_map_reduce.fut", 1}, {"map_of_tuples.fut", 1},
        {"nested_inner_reduce.fut", 1}, {"scan_after_map.fut", 1},
        {"three_consumers_and_result.fut", 1}, {"two_consumers.fut", 1},
        {"update_after_fusion.fut", 1}, {"update_input_between.fut", 1},
        {"wrong_fusion_reverse.fut", 2}, {"wrong_fusion_scan.fut", 2},
        {"transpose_map.fut", 1},     {"transpose_index_error.fut", 1},
        {"strided_slices.fut", 4},    {"slice_rows.fut", 2},
        {"replicate_input.fut", 1},   {"map_hist.fut", 1},
        {"map_hist_rows.fut", 1},     {"map_hist_reads_dest.fut", 2},
        {"zip_producers.fut", 1},     {"hist_siblings.fut", 1},
        {"hist_siblings_large.fut", 1}, {"hist_siblings_dependent.fut", 2}};
    fs::path dir = fs::path(__FILE__).parent_path().parent_path() / "programs" / "fusion";
    size_t seen = 0;
    for (const auto &e : fs::directory_iterator(dir)) {
        std::string name = e.path().filename().string();
        if (!want.count(name))
            continue;
        seen++;
        Fused f = fused(corpus::read_text(e.path()));
        std::string ks;
        for (const auto &k : f.kernels)
            ks += " " + k.kind + "(" + fused_list(k) + ")";
        CHECK_MESSAGE(f.kernels.size() == want.at(name), name << ":" << ks);
    }
    CHECK(seen == want.size());
}

TEST_CASE("fusion: a map giving a hist's indices fuses into the hist") {
    // The index array is never materialised: the hist reads xs through the map's lambda.
    const char *src = "def main [n] (k: i64) (xs: [n]i32) = "
                      "hist (+) 0 k (map (\\x -> i64.i32 x % 3) xs) (replicate n 1i32)";
    Fused a = fused(src);
    REQUIRE(a.kernels.size() == 1);
    CHECK(a.kernels[0].kind == "hist");
    CHECK(agree(src, {i64_value(3), i32_array({0, 1, 5, 7, 8, 3, -2})}));
    CHECK(agree(src, {i64_value(2), i32_array({4, 5, 6})}));
    // `x % k` fails only for k == 0, replicate k only for k < 0: fusing keeps the error.
    const char *div = "def main [n] (k: i64) (xs: [n]i32) = "
                      "hist (+) 0 k (map (\\x -> i64.i32 x % k) xs) (replicate n 1i32)";
    CHECK(fused(div).kernels.size() == 1);
    CHECK(agree(div, {i64_value(0), i32_array({1, 2})}));
    CHECK(agree(div, {i64_value(4), i32_array({1, 2, 9})}));
    // The indices are used elsewhere too: the map stays.
    CHECK(fused("def main (xs: []i32) = let is = map (\\x -> i64.i32 x % 3) xs "
                "in (is, hist (+) 0 3 is xs)")
              .kernels.size() == 2);
}

TEST_CASE("fusion: maps giving a scatter's indices and values fuse into the scatter") {
    // Neither array is materialised: one kernel, and the IR's scatter has a lambda.
    const char *src = "def main [n] (xs: [n]i32) = "
                      "scatter (replicate n 0) (map (\\i -> n - 1 - i) (iota n)) (map (* 2) xs)";
    Fused a = fused(src);
    REQUIRE(a.kernels.size() == 1);
    CHECK(a.kernels[0].kind == "scatter");
    const size_t at = a.text.find("scatter(");
    REQUIRE(at != std::string::npos);
    CHECK(a.text.substr(at, a.text.find('\n', at) - at).find("\\(") != std::string::npos); // a lambda
    CHECK(a.text.find(" = map(") == std::string::npos);
    CHECK(agree(src, {i32_array({1, 2, 3, 4, 5})}));
    CHECK(agree(src, {i32_array({})}));
    // An index that fails to compute keeps its error; one out of range is dropped.
    const char *checked = "def main [n] (is: [n]i64) (vs: [n]i32) = "
                          "scatter (replicate 3 0) (map (\\i -> [0i64, 1, 2][i]) is) vs";
    CHECK(fused(checked).kernels.size() == 1);
    CHECK(agree(checked, {i64_array({2, 0}), i32_array({7, 8})}));
    CHECK(agree(checked, {i64_array({0, 9}), i32_array({7, 8})}));
    // The indices are used elsewhere too: the map stays.
    CHECK(fused("def main [n] (xs: [n]i32) = let is = map (\\i -> n - 1 - i) (iota n) "
                "in (is, scatter (copy xs) is xs)")
              .kernels.size() == 2);
    // A destination of rows (a 2-D scatter of rows): not fused, the rows are arrays.
    CHECK(fused("def main [n] (m: [n][2]i32) = "
                "scatter (copy m) (map (\\i -> n - 1 - i) (iota n)) m")
              .kernels.size() == 2);
}

TEST_CASE("fusion: sibling hists over the same rows become one hist") {
    // kmeans: three hists over `nearest`; together they take its map (used only by them).
    const char *src = "def main [n] (k: i64) (xs: [n]f32) = "
                      "let c = map (\\x -> i64.f32 x % k) xs "
                      "in (hist (+) 0 k c xs, hist f32.max 0 k c xs, hist (+) 0 k c (replicate n 1i32))";
    Fused a = fused(src);
    REQUIRE(a.kernels.size() == 1);
    CHECK(a.kernels[0].kind == "hist");
    CHECK(fused_list(a.kernels[0]) == "map,hist,hist,hist");
    CHECK(agree(src, {i64_value(3), f32_array({0.5f, 4.5f, 2, 1, 7})}));
    CHECK(agree(src, {i64_value(0), f32_array({1})})); // `% k` fails, as unfused
    CHECK(agree(src, {i64_value(-1), f32_array({1})})); // hist's negative bins first
    // Plain hists with different index arrays stay plain, in one pass.
    const char *plain = "def main [n] (is: [n]i64) (js: [n]i64) (vs: [n]i32) = "
                        "(hist (+) 0 3 is vs, hist i32.max 0 4 js vs)";
    Fused b = fused(plain);
    REQUIRE(b.kernels.size() == 1);
    CHECK(fused_list(b.kernels[0]) == "hist,hist");
    CHECK(agree(plain, {i64_array({0, 2, 5, 2}), i64_array({3, -1, 3, 0}), i32_array({1, 2, 3, 4})}));
    // A hist into the other's result depends on it.
    CHECK(fused("def main (is: []i64) (vs: []i32) = "
                "let a = hist (+) 0 3 is vs in reduce_by_index (copy a) (+) 0 is vs")
              .kernels.size() == 2);
    // Both index maps can fail (a division): they are not interleaved.
    CHECK(fused("def main (d: i64) (e: i64) (xs: []i64) = "
                "(hist (+) 0 3 (map (/ d) xs) xs, hist (+) 0 3 (map (/ e) xs) xs)")
              .kernels.size() == 2);
}

TEST_CASE("fusion: a map over a reversed array reads the source through w-1-i") {
    const char *src = "def main (xs: []i32) = (map (* 2) (reverse xs), reduce (+) 0 (reverse xs))";
    Fused a = fused(src);
    CHECK(a.kernels.size() == 1);
    CHECK(a.text.find("::-1") == std::string::npos); // no reversed copy is made
    CHECK(agree(src, {i32_array({1, 2, 3})}));
    CHECK(agree(src, {i32_array({})}));
}

TEST_CASE("fusion: maps over transposes, slices and replicates read the source in place") {
    const char *tr = "def main [n][m] (a: [n][m]i32) = map (\\c -> reduce (+) 0 c) (transpose a)";
    Fused t = fused(tr);
    CHECK(t.kernels.size() == 1);
    CHECK(t.text.find("transpose") == std::string::npos);
    Value a = Value::prim_array(PrimType::I32, {2, 3});
    for (int64_t k = 0; k < 6; k++)
        store_prim(PrimType::I32, a.mutable_data(), k,
                   PrimValue::integer(PrimType::I32, (uint64_t)(k * 3 - 4)));
    CHECK(agree(tr, {a}));
    // A checked index into a column keeps its message.
    const char *ix = "def main [n][m] (a: [n][m]i32) (k: i64) = map (\\c -> c[k]) (transpose a)";
    CHECK(fused(ix).text.find("transpose") == std::string::npos);
    for (int64_t k : {1, 2, -1})
        CHECK(agree(ix, {a, Value(PrimValue::integer(PrimType::I64, (uint64_t)k))}));

    const char *sh = "def main [n] (xs: [n]i32) = map2 (+) xs[1:] (xs[:n - 1] :> [n - 1]i32)";
    Fused s = fused(sh);
    CHECK(s.kernels.size() == 1);
    CHECK(count(s.text, "screma(") + count(s.text, "map(") == 1);
    CHECK(count(s.text, "unchecked") == 2); // the map reads xs itself, twice
    for (auto v : {std::vector<int32_t>{1, 2, 3, 4}, {5}, {}})
        CHECK(agree(sh, {i32_array(v)}));
    const char *st = "def main (xs: []i32) = (map (* 2) xs[1::2], reduce (+) 0 xs[::3])";
    for (auto v : {std::vector<int32_t>{1, 2, 3, 4, 5, 6, 7}, {5}, {}})
        CHECK(agree(st, {i32_array(v)}));

    const char *rp = "def main [n] (xs: [n]i32) = map2 (*) xs (replicate n 2)";
    Fused r = fused(rp);
    CHECK(r.kernels.size() == 1);
    CHECK(r.text.find("replicate") == std::string::npos);
    CHECK(agree(rp, {i32_array({1, 2, 3})}));
}
