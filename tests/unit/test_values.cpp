#include "core/Files.h"
#include "core/Stack.h"
#include "core/Value.h"
#include "core/ValueIO.h"

#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <pthread.h>
#include <stdexcept>
#include <thread>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace loom;

namespace {

Value read1(const std::string &s) {
    auto vs = read_values(s);
    REQUIRE(vs.size() == 1);
    return vs[0].value;
}

std::string roundtrip(const std::string &s) { return value_to_string(read1(s)); }

}  // namespace

TEST_CASE("PrimValue::integer wraps to the type's width") {
    CHECK(PrimValue::integer(PrimType::I8, 200).i == -56);
    CHECK(PrimValue::integer(PrimType::U8, 300).u == 44);
    CHECK(PrimValue::integer(PrimType::I32, 0xffffffffull).i == -1);
    CHECK(PrimValue::integer(PrimType::U32, (uint64_t)-1).u == 0xffffffffull);
    CHECK(PrimValue::floating(PrimType::F32, 0.1).f == (double)0.1f);
    CHECK(PrimValue::floating(PrimType::F64, 1.5).as_i64() == 1);
}

TEST_CASE("f16 conversion rounds to nearest even and handles specials") {
    CHECK(f16_bits_from_double(1.0) == 0x3c00);
    CHECK(f16_bits_from_double(-2.0) == 0xc000);
    CHECK(f16_bits_from_double(65504.0) == 0x7bff);
    CHECK(f16_bits_from_double(65520.0) == 0x7c00);
    CHECK(f16_bits_from_double(std::ldexp(1.0, -24)) == 0x0001);
    CHECK(f16_bits_from_double(1.0 + std::ldexp(1.0, -11)) == 0x3c00);  // tie to even
    CHECK(f16_bits_to_double(0x3555) == doctest::Approx(0.333251953125));
    CHECK(std::isnan(f16_bits_to_double(0x7e00)));
    for (uint32_t b = 0; b < 0x10000; ++b) {
        double d = f16_bits_to_double((uint16_t)b);
        if (!std::isnan(d)) REQUIRE(f16_bits_from_double(d) == b);
    }
}

TEST_CASE("arrays are views: rows, stacking and copy-on-write") {
    Value a = read1("[[1, 2, 3], [4, 5, 6]]");
    CHECK(a.rank() == 2);
    Value r = a.row(1);
    CHECK(value_to_string(r) == "[4i32, 5i32, 6i32]");
    CHECK(r.buffer() == a.buffer());
    CHECK(value_to_string(r.row(2)) == "6i32");
    Value s = Value::stack({r, a.row(0)}, nullptr);
    CHECK(value_to_string(s) == "[[4i32, 5i32, 6i32], [1i32, 2i32, 3i32]]");
    r.make_unique_storage();
    CHECK(r.buffer() != a.buffer());
    store_prim(PrimType::I32, r.mutable_data(), 0, PrimValue::integer(PrimType::I32, 9));
    CHECK(value_to_string(r) == "[9i32, 5i32, 6i32]");
    CHECK(value_to_string(a) == "[[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]]");
    Value t = Value::tuple({Value(PrimValue::boolean(true)), a.row(0)});
    Value bt = Value::stack({t, t}, nullptr);
    CHECK(value_to_string(bt) == "[(true, [1i32, 2i32, 3i32]), (true, [1i32, 2i32, 3i32])]");
    CHECK(values_equal(bt.row(1), t));
    CHECK(Value().elems().empty());
    CHECK(value_to_string(Value::stack({}, nullptr)) == "empty([0]?)");
}

TEST_CASE("a boxed array's columns: kept with the whole array, dropped by rows and writes") {
    Value xs = read1("[1, 2]"), ys = read1("[true, false]");
    Value t0 = Value::tuple({Value(xs.flat_prim(0)), Value(ys.flat_prim(0))});
    Value t1 = Value::tuple({Value(xs.flat_prim(1)), Value(ys.flat_prim(1))});
    Value ps = Value::boxed_array({2}, {t0, t1}, nullptr);
    CHECK(ps.columns() == nullptr);
    ps.set_columns({xs, ys});
    REQUIRE(ps.columns());
    CHECK(ps.columns()->size() == 2);
    CHECK(ps.elems().empty()); // an array has no components of its own
    Value copy = ps;           // shares the storage: a write copies it, the original keeps them
    copy.make_unique_storage();
    CHECK(copy.columns() == nullptr);
    CHECK(ps.columns());
    Value grid = Value::boxed_array({1, 2}, {t0, t1}, nullptr);
    grid.set_columns({read1("[[1, 2]]"), read1("[[true, false]]")});
    CHECK(grid.columns());
    CHECK(grid.row(0).columns() == nullptr); // of shape [2], not the columns' [1][2]
    Value alone = Value::boxed_array({2}, {t0, t1}, nullptr);
    alone.set_columns({xs, ys});
    alone.make_unique_storage(); // unshared: written in place, so no columns
    CHECK(alone.columns() == nullptr);
}

TEST_CASE("a lazy boxed array makes an element when it is first read") {
    int made = 0;
    Value xs = Value::lazy_boxed_array({4}, nullptr, [&made](int64_t i) {
        made++;
        return Value::tuple({Value(PrimValue::integer(PrimType::I64, (uint64_t)i)), Value()});
    });
    CHECK(made == 0);
    CHECK(xs.flat_boxed(2).elems()[0].prim().as_i64() == 2);
    CHECK(xs.flat_boxed(2).elems()[0].prim().as_i64() == 2);
    CHECK(made == 1);
    Value copy = xs;
    copy.make_unique_storage(); // every element made, once, then written freely
    CHECK(made == 4);
    copy.mutable_boxed()[0] = Value();
    CHECK(xs.flat_boxed(0).elems()[0].prim().as_i64() == 0);
    CHECK(made == 4);
}

TEST_CASE("copies, moves and assignments between scalars, tuples, arrays and ()") {
    Value arr = read1("[1, 2, 3]");
    Value tup = Value::tuple({Value(PrimValue::integer(PrimType::I32, 7)), arr});
    Value v = tup;  // a copy shares the parts
    CHECK(v.elems().size() == 2);
    v = Value(PrimValue::integer(PrimType::I64, 5));  // non-scalar to scalar
    CHECK(v.is_prim());
    CHECK(v.shape().empty());
    CHECK(v.elems().empty());
    CHECK(!v.function());
    CHECK(v.rank() == 0);
    v = arr;  // scalar to array
    CHECK(value_to_string(v) == "[1i32, 2i32, 3i32]");
    Value unit;
    CHECK(unit.kind() == Value::Kind::Tuple);
    CHECK(unit.elems().empty());
    CHECK(unit.shape().empty());
    v = unit;  // array to ()
    CHECK(v.kind() == Value::Kind::Tuple);
    CHECK(v.elems().empty());
    // The source a part of the target: taken before the target's parts are dropped.
    v = tup;
    v = v.elems()[1];
    CHECK(value_to_string(v) == "[1i32, 2i32, 3i32]");
    v = tup;
    v = v.elems()[0];
    CHECK(value_to_string(v) == "7i32");
    Value nested = Value::tuple({Value::tuple({arr}), Value()});
    nested = std::move(const_cast<Value &>(nested.elems()[0]));  // moved from its own part
    CHECK(value_to_string(nested.elems()[0]) == "[1i32, 2i32, 3i32]");
    Value moved = std::move(tup);
    CHECK(moved.elems().size() == 2);
    CHECK(value_to_string(moved.elems()[1]) == "[1i32, 2i32, 3i32]");
}

TEST_CASE("values_equal and values_close") {
    CHECK(values_equal(read1("[1.0f32, f32.nan]"), read1("[1.0f32, f32.nan]")));
    CHECK(!values_equal(read1("[1.0f32]"), read1("[1.00001f32]")));
    CHECK(values_close(read1("[1.0f32]"), read1("[1.00001f32]")));
    CHECK(!values_close(read1("[1.0f32]"), read1("[1.1f32]")));
    CHECK(!values_close(read1("[1.0f32]"), read1("[1.0f64]")));
    CHECK(!values_close(read1("[1, 2]"), read1("[[1, 2]]")));
    CHECK(values_close(read1("f64.inf"), read1("f64.inf")));
    CHECK(!values_close(read1("f64.inf"), read1("-f64.inf")));
}

TEST_CASE("Haskell-style float printing") {
    CHECK(show_float(1.0, PrimType::F64) == "1.0");
    CHECK(show_float(0.1, PrimType::F64) == "0.1");
    CHECK(show_float(0.001, PrimType::F64) == "1.0e-3");
    CHECK(show_float(1e7, PrimType::F64) == "1.0e7");
    CHECK(show_float(1234567.0, PrimType::F64) == "1234567.0");
    CHECK(show_float(12345678.9, PrimType::F64) == "1.23456789e7");
    CHECK(show_float(-0.0, PrimType::F64) == "-0.0");
    CHECK(show_float(100.0, PrimType::F64) == "100.0");
    CHECK(show_float(0.30000000000000004, PrimType::F64) == "0.30000000000000004");
    CHECK(show_float((double)0.1f, PrimType::F32) == "0.1");
    CHECK(show_float((double)3.14159f, PrimType::F32) == "3.14159");
    // Futhark shows a Half through Float (package half): 0.1f16 is 0.0999755859375.
    CHECK(show_float(round_to_f16(0.1), PrimType::F16) == "9.9975586e-2");
    CHECK(show_float(1.5e-10, PrimType::F64) == "1.5e-10");
}

TEST_CASE("the text format: scalars") {
    CHECK(roundtrip("1") == "1i32");
    CHECK(roundtrip("-3i8") == "-3i8");
    CHECK(roundtrip("2u64") == "2u64");
    CHECK(roundtrip("18446744073709551615u64") == "18446744073709551615u64");
    CHECK(roundtrip("true") == "true");
    CHECK(roundtrip("1.5f32") == "1.5f32");
    CHECK(roundtrip("1.0") == "1.0f64");
    CHECK(roundtrip("3f32") == "3.0f32");
    CHECK(roundtrip("-0.0f32") == "-0.0f32");
    CHECK(roundtrip("1e-3") == "1.0e-3f64");
    CHECK(roundtrip("f32.nan") == "f32.nan");
    CHECK(roundtrip("-f32.inf") == "-f32.inf");
    CHECK(roundtrip("f64.inf") == "f64.inf");
    CHECK(roundtrip("0x1F") == "31i32");
    CHECK(roundtrip("0b101u8") == "5u8");
    CHECK(roundtrip("1_000i64") == "1000i64");
    CHECK(roundtrip("2.5f16") == "2.5f16");
    // Hexadecimal floats, as the language reference writes them.
    CHECK(roundtrip("0x1.8p1") == "3.0f64");
    CHECK(roundtrip("-0x1.0p-2f32") == "-0.25f32");
    CHECK(roundtrip("0x1_0.8P+1f64") == "33.0f64");
    CHECK(roundtrip("0x1.fp3f16") == "15.5f16");
}

TEST_CASE("the text format: arrays, empties, comments, several values") {
    CHECK(roundtrip("[1, 2]") == "[1i32, 2i32]");
    CHECK(roundtrip("[[1], [2]]") == "[[1i32], [2i32]]");
    CHECK(roundtrip("[1i64, 2, 3]") == "[1i64, 2i64, 3i64]");
    CHECK(roundtrip("[1, 2u8]") == "[1u8, 2u8]");
    CHECK(roundtrip("[1.5, 2]") == "[1.5f64, 2.0f64]");
    CHECK(roundtrip("[true, false]") == "[true, false]");
    CHECK(roundtrip("empty([0]i64)") == "empty([0]i64)");
    CHECK(roundtrip("empty([2][0]f32)") == "empty([2][0]f32)");
    CHECK(roundtrip("[empty([0]i32), empty([0]i32)]") == "empty([2][0]i32)");
    CHECK(roundtrip("[1, 2,]") == "[1i32, 2i32]"); // a trailing comma (futhark-data)
    CHECK(roundtrip("[[1,], [2, ] , ]") == "[[1i32], [2i32]]");
    // Strings: their UTF-8 bytes, with the language's escapes.
    CHECK(roundtrip("\"ab\"") == "[97u8, 98u8]");
    CHECK(roundtrip("\"\"") == "empty([0]u8)");
    CHECK(roundtrip("\"\\n\\x41\\u{3bb}\\\"\"") == "[10u8, 65u8, 206u8, 187u8, 34u8]");
    CHECK(roundtrip("[\"ab\", \"cd\"]") == "[[97u8, 98u8], [99u8, 100u8]]");
    auto vs = read_values("1 -- a comment\n [2.0f32,\n 3.0f32]  -4i16 ");
    REQUIRE(vs.size() == 3);
    CHECK(value_to_string(vs[2].value) == "-4i16");
    CHECK(vs[1].loc.line == 2);
}

TEST_CASE("unsuffixed literals record that they are untyped and adapt") {
    auto vs = read_values("[1, 2] 2.5 1i64 [1u8] 3000000000");
    REQUIRE(vs.size() == 5);
    CHECK(!vs[0].typed);
    CHECK(!vs[1].typed);
    CHECK(vs[2].typed);
    CHECK(vs[3].typed);
    CHECK(value_to_string(adapt_value(vs[0], PrimType::I64)) == "[1i64, 2i64]");
    CHECK(value_to_string(adapt_value(vs[0], PrimType::F32)) == "[1.0f32, 2.0f32]");
    CHECK(value_to_string(adapt_value(vs[1], PrimType::F32)) == "2.5f32");
    CHECK(value_to_string(adapt_value(vs[2], PrimType::I32)) == "1i64");
    CHECK(value_to_string(adapt_value(vs[4], PrimType::I64)) == "3000000000i64");
    CHECK_THROWS_AS(adapt_value(vs[1], PrimType::I32), CompileError);
}

TEST_CASE("malformed text input is a located error, never a crash") {
    const char *bad[] = {"[", "[1,", "[]", "[1, [2]]", "[[1], [2, 3]]", "1x", "empty([1]i32)",
                         "empty([0]foo)", "1.5i32", "[1i32, 2i64]", "99999999999999999999",
                         "@", "tru", "-", "0x", "[true, 1]", "empty(", "b\x02", "b\x02\x01 i32",
                         "0x1.8", "0x1.8p", "0x1.8pz", "0x1.8p1i32", "[1,,]", "[,]", "\"ab",
                         "\"a\\qb\"", "\"a\\x\"", "[\"ab\", \"c\"]", "\"a\nb\""};
    for (const char *s : bad) {
        CAPTURE(s);
        CHECK_THROWS_AS(read_values(s), CompileError);
    }
    try {
        read_values("1\n  [1, 2", "in.txt");
    } catch (const CompileError &e) {
        CHECK(e.loc().line == 2);
        CHECK(e.render().find("in.txt:2:") == 0);
    }
}

TEST_CASE("the binary format round-trips, mixed with text") {
    std::string bin;
    Value a = read1("[[1.5f32, 2.0f32], [3.0f32, -4.0f32]]");
    write_binary_value(a, bin);
    write_binary_value(read1("7u16"), bin);
    write_binary_value(read1("[true, false]"), bin);
    write_binary_value(read1("empty([3][0]i64)"), bin);
    CHECK(bin.substr(0, 7) == std::string("b\x02\x02 f32", 7));
    auto vs = read_values(bin + " 42 ");
    REQUIRE(vs.size() == 5);
    CHECK(values_equal(vs[0].value, a));
    CHECK(value_to_string(vs[1].value) == "7u16");
    CHECK(value_to_string(vs[2].value) == "[true, false]");
    CHECK(value_to_string(vs[3].value) == "empty([3][0]i64)");
    CHECK(value_to_string(vs[4].value) == "42i32");
    CHECK(vs[0].typed);
    CHECK_THROWS_AS(write_binary_value(Value::tuple({}), bin), RuntimeError);
}

TEST_CASE("npy round-trips for every primitive type") {
    const char *srcs[] = {"[true, false]", "[1i8, -2i8]", "[1i16]", "[[1i32, 2i32], [3i32, 4i32]]",
                          "[5i64]", "[255u8]", "[6u16]", "[7u32]", "[8u64]", "[0.5f16]",
                          "[1.25f32]", "[2.5f64, f64.nan]", "3.5f32", "empty([0][2]f64)"};
    for (const char *s : srcs) {
        CAPTURE(s);
        Value v = read1(s);
        std::string npy = write_npy(v);
        CHECK(npy.size() % 64 == (v.is_prim() ? (size_t)prim_size(v.prim().type) % 64
                                               : (size_t)(v.num_elements() * prim_size(v.elem_prim())) % 64));
        Value w = read_npy(npy);
        CHECK(values_equal(v, w));
    }
    CHECK(write_npy(read1("[1i32]")).find("'descr': '<i4'") != std::string::npos);
    CHECK(write_npy(read1("[[1i32]]")).find("'shape': (1, 1)") != std::string::npos);
}

TEST_CASE("npy files' bytes among values: one after another, mixed with text and binary") {
    std::string bin;
    write_binary_value(read1("7i64"), bin);
    std::string in = write_npy(read1("[[1i32, 2i32], [3i32, 4i32]]")) + " [1, 2] " +
                     write_npy(read1("true")) + bin + write_npy(read1("empty([0]f32)")) + "\n";
    std::vector<ReadValue> vs = read_values(in, "<stdin>");
    REQUIRE(vs.size() == 5);
    CHECK(value_to_string(vs[0].value) == "[[1i32, 2i32], [3i32, 4i32]]");
    CHECK(value_to_string(vs[1].value) == "[1i32, 2i32]");
    CHECK(value_to_string(vs[2].value) == "true");
    CHECK(value_to_string(vs[3].value) == "7i64");
    CHECK(value_to_string(vs[4].value) == "empty([0]f32)");
    CHECK(vs[0].typed);
    // A file cut short is an error at its start.
    std::string cut = "1 " + write_npy(read1("[1i64, 2i64]"));
    cut.resize(cut.size() - 3);
    try {
        read_values(cut, "<stdin>");
        FAIL("no error");
    } catch (const CompileError &e) {
        CHECK(e.message() == "not a valid .npy file: truncated data");
        CHECK(e.loc().col == 3);
    }
}

TEST_CASE("npy: Fortran order, big-endian, and malformed files") {
    std::string h = "{'descr': '>i2', 'fortran_order': True, 'shape': (2, 3), }";
    std::string f = std::string("\x93NUMPY\x01\x00", 8);
    f += (char)h.size();
    f += (char)0;
    f += h;
    // Column-major [[1,2,3],[4,5,6]] as big-endian i16: 1 4 2 5 3 6.
    for (int x : {1, 4, 2, 5, 3, 6}) {
        f += (char)0;
        f += (char)x;
    }
    CHECK(value_to_string(read_npy(f)) == "[[1i16, 2i16, 3i16], [4i16, 5i16, 6i16]]");
    CHECK_THROWS_AS(read_npy("garbage"), CompileError);
    CHECK_THROWS_AS(read_npy(f.substr(0, f.size() - 1)), CompileError);
    CHECK_THROWS_AS(read_npy(f.substr(0, 20)), CompileError);
}

TEST_CASE("read_file and read_stream return every byte, past their buffer's size") {
    std::string bytes;
    for (int i = 0; i < 200000; i++) bytes += (char)(i * 7 % 256);  // NULs included
    const std::string path = "/tmp/loom-test-files-" + std::to_string(::getpid());
    std::ofstream(path, std::ios::binary) << bytes;
    std::string got = "stale";
    CHECK(read_file(path, got));
    CHECK(got == bytes);
    std::ofstream(path, std::ios::binary).flush();  // now empty
    CHECK(read_file(path, got));
    CHECK(got.empty());
    std::remove(path.c_str());
    CHECK_FALSE(read_file(path, got));
    CHECK_FALSE(read_file("/tmp", got));  // a directory
    std::istringstream in(bytes);
    CHECK(read_stream(in) == bytes);
    CHECK(read_stream(in).empty());  // nothing left
}

TEST_CASE("run_with_big_stack: one lasting thread per caller, with a big stack") {
    // How many calls ran on the calling thread so far (a thread id can be reused by the
    // next thread; a thread-local count starts again at 0).
    static thread_local int calls = 0;
    auto call = [] {
        int n = 0;
        run_with_big_stack([&] { n = ++calls; });
        return n;
    };
    const int before = call();
    CHECK(calls == 0);  // not this thread
    // The same thread every time: OpenMP's workers belong to it (a new thread each call
    // made them anew, and a 0.15 ms kernel took several in the REPL).
    for (int i = 1; i <= 5; i++) CHECK(call() == before + i);
    size_t size = 0;
    run_with_big_stack([&] {
        pthread_attr_t attr;
        REQUIRE(pthread_getattr_np(pthread_self(), &attr) == 0);
        pthread_attr_getstacksize(&attr, &size);
        pthread_attr_destroy(&attr);
        const int here = calls;
        run_with_big_stack([&] { CHECK(calls == here); ++calls; });  // nested: inline
        CHECK(calls == here + 1);
    });
    CHECK(size >= (size_t(1) << 30));
    CHECK_THROWS_WITH_AS(run_with_big_stack([] { throw std::runtime_error("boom"); }), "boom",
                         std::runtime_error);
    CHECK(call() == before + 7);  // still there after a throw
    int other = 0;
    std::thread([&] { other = call(); }).join();
    CHECK(other == 1);  // another caller, another thread
}

TEST_CASE("write_value_text: the text in pieces as it is built, and a stop builds no more") {
    Value v = read1("[[1i32, 2i32], [3i32, 4i32]]");
    std::string all;
    int pieces = 0;
    WrittenText w = write_value_text(v, [&](std::string_view p) {
        all += p;
        ++pieces;
        return true;
    }, 4);
    CHECK(w.complete);
    CHECK(w.prims == 4);
    CHECK(all == value_to_string(v));
    CHECK(pieces == 5);  // "[[1i32", ", 2i32", "], [3i32", ", 4i32", "]]"
    // The sink stops after its first piece: the first element, and nothing more built.
    std::string first;
    w = write_value_text(v, [&](std::string_view p) {
        first += p;
        return false;
    }, 4);
    CHECK_FALSE(w.complete);
    CHECK(w.prims == 1);
    CHECK(first == "[[1i32");
    // Tuples, records and sums go piece by piece too; count_prims counts what they hold.
    Value t = read1("[1i32, 2i32]");
    std::string text;
    w = write_value_text(t, [&](std::string_view p) {
        text += p;
        return true;
    }, 1);
    CHECK(text == "[1i32, 2i32]");
    CHECK(count_prims(v) == 4);
    CHECK(count_prims(read1("empty([0]i32)")) == 0);
}
