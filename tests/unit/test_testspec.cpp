#include "driver/Property.h"
#include "driver/RandomInput.h"
#include "frontend/Frontend.h"
#include "driver/TestSpec.h"
#include "compiler/passes/Structure.h"

#include <doctest/doctest.h>

using namespace loom;

namespace {
std::vector<TestBlock> blocks_of(const std::string &text) {
    auto f = std::make_shared<SourceFile>(SourceFile{"t.fut", text});
    return parse_test_blocks(f);
}
}  // namespace

TEST_CASE("test blocks: cases, entries, names, tags and expectations") {
    auto bs = blocks_of(
        "-- Indexing.\n"
        "-- ==\n"
        "-- tags { a b }\n"
        "-- entry: f g\n"
        "-- input { [4,3,2,1] 1i64 }\n"
        "-- output { 3 }\n"
        "-- \"big\" compiled input @ data/big.in\n"
        "-- output { 1 }\n"
        "-- input { [1] 5i64 }\n"
        "-- error: Error*\n"
        "-- input { 1 } \n"
        "-- random input { [10]i32 } auto output\n"
        "-- structure { Map 1 }\n"
        "def f (a: []i32) (i: i64) = a[i]\n"
        "-- not a test block\n"
        "-- ==\n"
        "-- error: type\n");
    REQUIRE(bs.size() == 2);
    const TestBlock &b = bs[0];
    CHECK(b.description == "Indexing.");
    CHECK(b.tags == std::vector<std::string>{"a", "b"});
    REQUIRE(b.cases.size() == 5);
    CHECK(b.cases[0].entries == std::vector<std::string>{"f", "g"});
    CHECK(b.cases[0].input == " [4,3,2,1] 1i64 ");
    CHECK(b.cases[0].input_loc.line == 5);
    CHECK(b.cases[0].input_loc.col == 11);
    CHECK(b.cases[0].expect == TestCase::Expect::Output);
    CHECK(b.cases[0].output == " 3 ");
    CHECK(b.cases[1].name == "big");
    CHECK(b.cases[1].has_tag("compiled"));
    CHECK(b.cases[1].input_kind == TestCase::InputKind::File);
    CHECK(b.cases[1].input == "data/big.in");
    CHECK(b.cases[2].expect == TestCase::Expect::RuntimeError);
    CHECK(b.cases[2].error_regex == "Error*");
    CHECK(b.cases[3].expect == TestCase::Expect::Success);
    CHECK(b.cases[4].input_kind == TestCase::InputKind::Random);
    CHECK(b.cases[4].expect == TestCase::Expect::AutoOutput);
    CHECK(!b.compile_error);
    CHECK(bs[1].compile_error == std::string("type"));
    CHECK(bs[1].cases.empty());
}

TEST_CASE("test blocks: files without blocks, and default entry") {
    CHECK(blocks_of("def main = 1\n-- just a comment\n").empty());
    auto bs = blocks_of("-- ==\n-- input { 1 } output { 2 }\n-- input {\n--   3\n-- }\n-- output { 4 }");
    REQUIRE(bs.size() == 1);
    REQUIRE(bs[0].cases.size() == 2);
    CHECK(bs[0].cases[0].entries == std::vector<std::string>{"main"});
    CHECK(bs[0].cases[1].output == " 4 ");
}

TEST_CASE("test blocks: structure counts, and the paths a key matches") {
    auto bs = blocks_of("-- ==\n-- structure { Screma 1 /Loop/Map 0\n--   Screma/BinOp 12 }\n"
                        "-- structure gpu { SegMap 2 }\n");
    REQUIRE(bs.size() == 1);
    REQUIRE(bs[0].structures.size() == 2);
    const StructureSpec &s = bs[0].structures[0];
    CHECK(s.backend.empty());
    CHECK(s.loc.line == 2);
    REQUIRE(s.counts.size() == 3);
    CHECK(s.counts[1] == std::pair<std::string, int>{"/Loop/Map", 0});
    CHECK(s.counts[2] == std::pair<std::string, int>{"Screma/BinOp", 12});
    CHECK(bs[0].structures[1].backend == "gpu");
    std::map<std::string, int> paths = {{"/Screma", 2}, {"/Screma/BinOp", 3}, {"/Loop/Screma", 1},
                                        {"/Loop/Screma/BinOp", 1}, {"/MyScrema", 5}};
    CHECK(passes::structure_count(paths, "Screma") == 3);  // not MyScrema
    CHECK(passes::structure_count(paths, "/Screma") == 2);
    CHECK(passes::structure_count(paths, "Screma/BinOp") == 4);
    CHECK(passes::structure_count(paths, "Loop/Screma/BinOp") == 1);
    CHECK(passes::structure_count(paths, "BinOp") == 4);
    CHECK(passes::structure_count(paths, "Map") == 0);
}

TEST_CASE("test blocks: malformed blocks are located errors") {
    const char *bad[] = {"-- ==\n-- input { 1 \n", "-- ==\n-- output { 1 }\n", "-- ==\n-- bogus: 3\n",
                         "-- ==\n-- \"unterminated\n", "-- ==\n-- input @\n", "-- ==\n-- entry:\n",
                         "-- ==\n-- input { 1 } auto foo\n", "-- ==\n-- }\n", "-- ==\n-- structure { Map }\n",
                         "-- ==\n-- structure { Map x }\n", "-- ==\n-- structure { Map -1 }\n",
                         "-- ==\n-- structure { Map 1\n"};
    for (const char *s : bad) {
        CAPTURE(s);
        CHECK_THROWS_AS(blocks_of(s), CompileError);
    }
}

TEST_CASE("random inputs: shapes, ranges, constants, the same values for the same seed") {
    SrcLoc at;
    at.line = 3;
    at.col = 19;
    auto vs = random_inputs("[4][3]i32  f32\n 7i64 [5]bool [0]u8 9", at, "t.fut", 42);
    REQUIRE(vs.size() == 6);
    CHECK(vs[0].value.shape() == std::vector<int64_t>{4, 3});
    CHECK(value_to_string(vs[0].value).find("i32") != std::string::npos);
    CHECK(vs[1].value.is_prim());
    CHECK(vs[1].value.prim().type == PrimType::F32);
    CHECK(vs[1].value.prim().f >= 0);
    CHECK(vs[1].value.prim().f < 1);
    CHECK(vs[2].value.prim().type == PrimType::I64);
    CHECK(vs[2].value.prim().i == 7);
    CHECK(vs[3].value.shape() == std::vector<int64_t>{5});
    CHECK(vs[4].value.shape() == std::vector<int64_t>{0});
    CHECK(!vs[5].typed);  // an unsuffixed constant takes its parameter's type
    // The same seed gives the same values; another seed others.
    auto again = random_inputs("[4][3]i32  f32\n 7i64 [5]bool [0]u8 9", at, "t.fut", 42);
    auto other = random_inputs("[4][3]i32  f32\n 7i64 [5]bool [0]u8 9", at, "t.fut", 43);
    CHECK(value_to_string(again[0].value) == value_to_string(vs[0].value));
    CHECK(value_to_string(again[1].value) == value_to_string(vs[1].value));
    CHECK(value_to_string(other[0].value) != value_to_string(vs[0].value));
    CHECK(random_input_seed("[4]i32", 3) == random_input_seed("[4]i32", 3));
    CHECK(random_input_seed("[4]i32", 3) != random_input_seed("[4]i32", 4));
    // Mistakes are located at the word.
    auto error_of = [&](const std::string &spec) {
        try {
            random_inputs(spec, at, "t.fut", 1);
        } catch (const CompileError &e) {
            return e.loc().str() + " " + e.message();
        }
        return std::string("no error");
    };
    CHECK(error_of("[4]i32 [3]i33") == "t.fut:3:26 random input: unknown element type `i33`");
    CHECK(error_of("[x]i32") == "t.fut:3:19 random input: expected a size in `[...]`, such as `[100]i32`");
    CHECK(error_of("\n  nope") == "t.fut:4:3 random input: expected a type such as `[100]i32` or a constant such as `10i64`, not `nope`");
    CHECK(error_of("[100000][100000]i8") == "t.fut:3:19 random input: `[100000][100000]i8` has more than 2^31 elements");
}

TEST_CASE("properties: #[prop] and its arguments") {
    auto spec_of = [](const std::string &attrs, std::string &problem) {
        Program prog = parse_program(make_source("p.fut", attrs + " entry p (xs: []i32) = true\n"));
        problem.clear();
        return property_spec(*prog.decls.back()->fun, problem);
    };
    std::string problem;
    CHECK(!spec_of("", problem));
    CHECK(!spec_of("#[inline]", problem));
    auto plain = spec_of("#[prop]", problem);
    REQUIRE(plain);
    CHECK(plain->gen.empty());
    CHECK(plain->size == 100);
    auto full = spec_of("#[prop(gen(g), shrink( s ), size(12))] #[inline]", problem);
    REQUIRE(full);
    CHECK(problem.empty());
    CHECK(full->gen == "g");
    CHECK(full->shrink == "s");
    CHECK(full->size == 12);
    spec_of("#[prop(size(x))]", problem);
    CHECK(problem == "in `#[prop(size(x))]`: `size(x)` is none of gen(f), shrink(f) and size(N) (N a number)");
    spec_of("#[prop(gen)]", problem);
    CHECK(problem == "malformed attribute `#[prop(gen)]`: expected gen(f), shrink(f) or size(N)");
}
