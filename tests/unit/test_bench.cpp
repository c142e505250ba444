// Unit tests of `loom bench` (driver/Bench.h) on the interpreter: the JSON it prints, the
// results it writes, and its usage errors.  benchmarks/run.py relies on this interface.
#include "core/Files.h"
#include "core/ValueIO.h"
#include "driver/Bench.h"
#include "driver/Driver.h"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

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
    Run r = bench({"bench", prog.string(), "--runs", "4", "--warmup", "1"}, "[1, 2, 3] [4, 5, 6]");
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
    Run missing = bench({"bench", prog.string(), "--entry", "nope"}, "");
    CHECK(missing.status == 2);
    CHECK(missing.err.find("no entry point `nope`") != std::string::npos);
    Run few = bench({"bench", prog.string()}, "[1f32]");
    CHECK(few.status == 1);  // bad input, as for `loom run`
    CHECK(bench({"bench", prog.string()}, "[1f32] [").status == 1);
    Run sizes = bench({"bench", prog.string()}, "[1f32] [1f32, 2f32]");
    CHECK(sizes.status == 1);  // a run-time size error from the call
    fs::remove(prog);
}
