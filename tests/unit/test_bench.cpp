// Unit tests of `loom bench` (driver/Bench.h) on the interpreter and the cpu backend: with
// --input, the JSON it prints and the results it writes (benchmarks/run.py relies on this
// interface); on test blocks' datasets, what it times, checks, leaves out and compares;
// and its usage errors.
#include "core/Files.h"
#include "core/ValueIO.h"
#include "driver/Bench.h"
#include "driver/Driver.h"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace loom;
namespace fs = std::filesystem;

namespace {

struct Run {
    int status;
    std::string out, err;
};

Run bench(const std::vector<std::string> &args, const std::string &stdin_text = "") {
    std::istringstream in(stdin_text);
    std::ostringstream out, err;
    int status = driver_main(args, in, out, err);
    return {status, out.str(), err.str()};
}

fs::path write_temp(const std::string &name, const std::string &text) {
    fs::path p = fs::temp_directory_path() / ("loom-test-bench-" + std::to_string(::getpid()) + "-" + name);
    std::ofstream(p, std::ios::binary) << text;
    return p;
}

const char *const dot_program = "entry main [n] (xs: [n]f32) (ys: [n]f32) : f32 = f32.sum (map2 (*) xs ys)\n"
                                "entry twice (x: i64) : (i64, [2]i64) = (2 * x, [x, x])\n";

} // namespace

TEST_CASE("loom bench: times the calls and prints JSON") {
    fs::path prog = write_temp("dot.fut", dot_program);
    Run r = bench({"bench", prog.string(), "--backend", "interp", "--runs", "4", "--warmup", "1", "--input", "-"},
                  "[1, 2, 3] [4, 5, 6]");
    REQUIRE(r.status == 0);
    nlohmann::json j = nlohmann::json::parse(r.out);
    CHECK(j["backend"] == "interp");
    CHECK(j["runs"] == 4);
    REQUIRE(j["times_ms"].size() == 4);
    double lo = j["min_ms"], mid = j["median_ms"], hi = j["max_ms"];
    CHECK(lo <= mid);
    CHECK(mid <= hi);
    CHECK(j["compile_ms"].get<double>() >= 0);
    fs::remove(prog);
}

TEST_CASE("loom bench: --input and --output in the binary format") {
    fs::path prog = write_temp("twice.fut", dot_program);
    fs::path input = write_temp("twice.in", "21i64");
    fs::path output = fs::temp_directory_path() / ("loom-test-bench-out-" + std::to_string(::getpid()));
    Run r = bench({"bench", prog.string(), "--entry", "twice", "--runs=2", "--input", input.string(),
                   "--output", output.string()});
    REQUIRE(r.status == 0);
    std::string bytes;
    REQUIRE(read_file(output.string(), bytes));
    std::vector<ReadValue> vals = read_values(bytes);
    REQUIRE(vals.size() == 2);
    CHECK(value_to_string(vals[0].value) == "42i64");
    CHECK(value_to_string(vals[1].value) == "[21i64, 21i64]");
    for (const fs::path &p : {prog, input, output}) fs::remove(p);
}

TEST_CASE("loom bench: usage and program errors") {
    fs::path prog = write_temp("err.fut", dot_program);
    CHECK(bench({"bench"}).status == 2);
    CHECK(bench({"bench", prog.string(), "--runs", "0"}).status == 2);
    CHECK(bench({"bench", prog.string(), "--backend", "gpu"}).status == 2);
    CHECK(bench({"bench", prog.string(), "--output", "x"}).status == 2);  // --output needs --input
    CHECK(bench({"bench", prog.string(), "--input", "-", "--backend", "interp,cpu"}).status == 2);
    CHECK(bench({"bench", prog.string(), "--min-time", "soon"}).status == 2);
    Run missing = bench({"bench", prog.string(), "--entry", "nope", "--input", "-"}, "");
    CHECK(missing.status == 2);
    CHECK(missing.err.find("no entry point `nope`") != std::string::npos);
    Run few = bench({"bench", prog.string(), "--input", "-"}, "[1f32]");
    CHECK(few.status == 1);  // bad input, as for `loom run`
    CHECK(few.err.find("takes 2 argument(s)") != std::string::npos);
    CHECK(bench({"bench", prog.string(), "--input", "-"}, "[1f32] [").status == 1);
    Run sizes = bench({"bench", prog.string(), "--input", "-"}, "[1f32] [1f32, 2f32]");
    CHECK(sizes.status == 1);  // a run-time size error from the call
    fs::remove(prog);
}

namespace {

// Datasets of two entry points: one left out (nobench), one expecting an error (not
// timed), one only for compiled backends, one with random values and `auto output`.
const char *const sum_program = "-- ==\n"
                                "-- nobench input { 0i64 }\n"
                                "-- output { 0i64 }\n"
                                "-- input { 100i64 }\n"
                                "-- output { 4950i64 }\n"
                                "-- input { -1i64 }\n"
                                "-- error: negative\n"
                                "-- compiled input { 1000i64 }\n"
                                "-- output { 499500i64 }\n"
                                "-- \"tagged\" slow input { 10i64 }\n"
                                "-- output { 45i64 }\n"
                                "entry main (n: i64) : i64 = assert (n >= 0) (reduce (+) 0 (iota n))\n"
                                "-- ==\n"
                                "-- entry: twice\n"
                                "-- random input { [1000]i32 }\n"
                                "-- auto output\n"
                                "entry twice (xs: []i32) : []i32 = map (*2) xs\n";

nlohmann::json read_json(const fs::path &p) {
    std::string text;
    REQUIRE(read_file(p.string(), text));
    return nlohmann::json::parse(text);
}

}  // namespace

TEST_CASE("loom bench: the datasets of test blocks, on each backend, checked and compared") {
    fs::path prog = write_temp("sum.fut", sum_program);
    fs::path json = fs::temp_directory_path() / ("loom-test-bench-json-" + std::to_string(::getpid()));
    Run r = bench({"bench", prog.string(), "--backend", "interp,cpu", "--runs", "3", "--min-time", "0",
                   "--exclude-case", "slow", "--json", json.string()});
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    CHECK(r.out.find(":main\n") != std::string::npos);
    CHECK(r.out.find(":twice\n") != std::string::npos);
    CHECK(r.out.find("#1 (\"100i64\")") != std::string::npos);
    CHECK(r.out.find("(\"0i64\")") == std::string::npos);  // nobench
    CHECK(r.out.find("-1i64") == std::string::npos);  // expects an error
    CHECK(r.out.find("tagged") == std::string::npos); // --exclude-case
    CHECK(r.out.find(" than interp") != std::string::npos);
    nlohmann::json j = read_json(json);
    CHECK(j["loom_bench"] == 1);
    // main: 100 on both, 1000 on cpu only; twice: its random dataset on both.
    REQUIRE(j["results"].size() == 5);
    int compiled_only = 0;
    for (const nlohmann::json &res : j["results"]) {
        CHECK(res["runtimes_ms"].size() == 3);
        CHECK(res["min_ms"].get<double>() <= res["median_ms"].get<double>());
        if (res["dataset"] == "#3 (\"1000i64\")") {
            ++compiled_only;
            CHECK(res["backend"] == "cpu");
        }
    }
    CHECK(compiled_only == 1);

    // Against that run as a baseline: each dataset is compared with its earlier median.
    Run again = bench({"bench", prog.string(), "--backend", "cpu", "--runs", "2", "--min-time", "0",
                       "--entry", "main", "--baseline", json.string()});
    INFO(again.out << again.err);
    REQUIRE(again.status == 0);
    CHECK(again.out.find(":main on cpu\n") != std::string::npos);
    CHECK(again.out.find(":twice") == std::string::npos);  // --entry
    CHECK(again.out.find(" the baseline\n") != std::string::npos);
    CHECK(bench({"bench", prog.string(), "--baseline", prog.string()}).status == 2);  // not JSON
    fs::remove(prog);
    fs::remove(json);
}

TEST_CASE("loom bench: wrong results, run-time errors and programs without datasets") {
    fs::path prog = write_temp("wrong.fut", "-- ==\n"
                                            "-- input { [1, 2, 3] }\n"
                                            "-- output { 7 }\n"
                                            "-- input { empty([0]i32) }\n"
                                            "-- output { 0 }\n"
                                            "-- input { [4, 5] }\n"
                                            "-- output { 14 }\n"
                                            "entry main (xs: []i32) : i32 = reduce (+) 0 xs + xs[0]\n");
    Run r = bench({"bench", prog.string(), "--backend", "interp", "--runs", "1", "--min-time", "0"});
    INFO(r.out << r.err);
    CHECK(r.status == 1);
    CHECK(r.out.find("#0 (\"[1, 2, 3]\"):") != std::string::npos);  // 1+2+3+1 = 7: timed
    CHECK(r.out.find("FAIL " + prog.string() + ":main #1 (\"empty([0]i32)\") on interp\n    run-time error:") !=
          std::string::npos);
    CHECK(r.out.find("out of bounds") != std::string::npos);
    CHECK(r.out.find("FAIL " + prog.string() + ":main #2 (\"[4, 5]\") on interp\n    wrong result: value 1 differs\n"
                     "    expected: 14i32\n    actual:   13i32") != std::string::npos);
    CHECK(r.out.find("#2 (\"[4, 5]\"):") == std::string::npos);  // not timed
    fs::path none = write_temp("none.fut", "entry main (x: i32) : i32 = x\n");
    Run empty = bench({"bench", none.string()});
    CHECK(empty.status == 2);
    CHECK(empty.err.find("no datasets") != std::string::npos);
    // A path that does not exist, or a program that does not compile, stops the bench
    // before anything is timed (futhark bench aborts when a compilation fails).
    Run missing = bench({"bench", prog.string(), (fs::temp_directory_path() / "loom-no-such-program.fut").string()});
    CHECK(missing.status == 2);
    CHECK(missing.err.find("no such file or directory") != std::string::npos);
    CHECK(missing.out.empty());
    fs::path bad = write_temp("bad.fut", "-- ==\n-- input { 1 } output { 2 }\nentry main (x: i32) : i32 = x + 1.5\n");
    Run broken = bench({"bench", prog.string(), bad.string(), "--backend", "interp"});
    INFO(broken.out << broken.err);
    CHECK(broken.status == 2);
    CHECK(broken.out.empty());
    CHECK(broken.err.find(bad.string() + ":3:33: error: Cannot unify type `i32` with a floating-point type") !=
          std::string::npos);
    CHECK(broken.err.find("loom: bench stopped: `" + bad.string() + "` does not compile") != std::string::npos);
    fs::remove(prog);
    fs::remove(none);
    fs::remove(bad);
}

TEST_CASE("loom bench: --timeout stops a dataset's calls and the rest go on") {
    // The first dataset loops for minutes on any backend; the second is quick.  With
    // `auto output` the interpreter's reference call is the one stopped.  (`s ^ i`: the
    // simplifier makes `s + 1` a multiplication.)
    fs::path prog = write_temp("slow.fut", "-- ==\n"
                                           "-- input { 4000000000i64 }\n"
                                           "-- output { 3999999999i64 }\n"
                                           "-- input { 3i64 }\n"
                                           "-- output { 3i64 }\n"
                                           "entry main (n: i64) : i64 = loop s = 0 for i < n do s ^ i\n"
                                           "-- ==\n"
                                           "-- entry: spin\n"
                                           "-- input { 4000000000i64 }\n"
                                           "-- auto output\n"
                                           "entry spin (n: i64) : i64 = loop s = 0 for i < n do s ^ i\n");
    auto start = std::chrono::steady_clock::now();
    Run r = bench({"bench", prog.string(), "--backend", "interp,cpu", "--runs", "1", "--min-time", "0",
                   "--timeout", "0.3"});
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    INFO(r.out << r.err);
    CHECK(r.status == 1);
    CHECK(seconds < 30);  // minutes without the timeout
    const std::string at = "FAIL " + prog.string() + ":main #0 (\"4000000000i64\") on ";
    for (const char *b : {"interp", "cpu"})
        CHECK(r.out.find(at + b + "\n    timed out: the warmup and timed calls took more than 0.3 s (--timeout)") !=
              std::string::npos);
    CHECK(r.out.find("#1 (\"3i64\")") != std::string::npos);  // still timed on both
    bool compared = r.out.find("as fast as interp") != std::string::npos || r.out.find(" than interp") != std::string::npos;
    CHECK(compared);  // the quick dataset's cpu time against the interpreter's
    CHECK(r.out.find("FAIL " + prog.string() + ":spin #0 (\"4000000000i64\")\n    auto output: the interpreter's "
                     "call, whose results are the expected ones, took more than 0.3 s (--timeout)") != std::string::npos);
    CHECK(r.out.find(":spin #0 (\"4000000000i64\") on") == std::string::npos);  // nothing more for it

    Run one = bench({"bench", prog.string(), "--backend", "cpu", "--input", "-", "--timeout", "0.2"}, "4000000000i64");
    CHECK(one.status == 1);
    CHECK(one.err.find("timed out: the calls took more than 0.2 s (--timeout)") != std::string::npos);
    CHECK(bench({"bench", prog.string(), "--input", "-", "--timeout", "-1"}, "3i64").status == 0);  // no limit
    CHECK(bench({"bench", prog.string(), "--timeout", "soon"}).status == 2);
    fs::remove(prog);
}
