// Unit tests of plots through gnuplot (session/Plot.h) and the session's `:plot2d`: what
// each value draws, the errors for values that are no plot, and gnuplot missing.
#include "session/Plot.h"
#include "session/Session.h"

#include <doctest/doctest.h>

#include <cstdlib>
#include <string>

using namespace loom;
using Kind = EvalRecord::Kind;

namespace {

/** The value of `exp` on a fresh session, and its type. */
Value value_of(Session &s, const std::string &exp, std::string &type) {
    EvalRecord r = s.submit(exp + "\n");
    INFO(exp, ": ", r.error);
    REQUIRE(r.value);
    type = r.type;
    return *r.value;
}

/** PATH set for a scope. */
struct ScopedPath {
    std::string old;
    explicit ScopedPath(const char *p) : old(std::getenv("PATH") ? std::getenv("PATH") : "") { setenv("PATH", p, 1); }
    ~ScopedPath() { setenv("PATH", old.c_str(), 1); }
};

}  // namespace

TEST_CASE("plot: a pair of arrays is a line; a record's fields are lines named in the key") {
    Session s;
    std::string type;
    Value line = value_of(s, "(map f64.i64 (iota 11), map (\\i -> f64.i64 (i * i)) (iota 11))", type);
    std::string text = plot2d(line, type, PlotFormat::Text, 60, 20);
    CHECK(text.find("+----") != std::string::npos);  // the frame
    CHECK(text.find("100 +") != std::string::npos);  // the y axis ends at the largest y
    CHECK(text.find('*') != std::string::npos);      // the line
    CHECK(text.find('\f') == std::string::npos);
    std::string png = plot2d(line, type, PlotFormat::Png, 320, 200);
    REQUIRE(png.size() > 24);
    CHECK(png.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0);
    // Width and height in the header, big-endian.
    auto be32 = [&](size_t at) {
        return (uint32_t)(uint8_t)png[at] << 24 | (uint32_t)(uint8_t)png[at + 1] << 16 |
               (uint32_t)(uint8_t)png[at + 2] << 8 | (uint32_t)(uint8_t)png[at + 3];
    };
    CHECK(be32(16) == 320);
    CHECK(be32(20) == 200);
    // Integers, unsigned and f32 plot too; a record's field names are the key.
    Value rec = value_of(s, "{up_1 = (iota 5, map u8.i64 (iota 5)), down = ([0f32, 1], [1f32, 0])}", type);
    std::string key = plot2d(rec, type, PlotFormat::Text, 70, 20);
    CHECK(key.find("up_1") != std::string::npos);
    CHECK(key.find("down") != std::string::npos);
}

TEST_CASE("plot: values that are no plot say what `:plot2d` and `:gnuplot` take") {
    Session s;
    std::string type;
    for (const char *exp : {"[1, 2, 3]", "(iota 3, iota 4)", "([true], [false])", "([[1]], [[2]])",
                            "(iota 3, iota 3, iota 3)", "{a = (iota 2, iota 2), b = 1}"}) {
        INFO(exp);
        Value v = value_of(s, exp, type);
        CHECK_THROWS_WITH_AS(plot2d(v, type, PlotFormat::Text, 60, 20),
                             doctest::Contains("`:plot2d` takes a pair of one-dimensional arrays"), PlotError);
    }
    Value empty = value_of(s, "(iota 0, iota 0)", type);
    CHECK_THROWS_WITH_AS(plot2d(empty, type, PlotFormat::Png, 60, 20), doctest::Contains("nothing to plot"),
                         PlotError);
    Value pair = value_of(s, "(iota 3, iota 3)", type);
    CHECK_THROWS_WITH_AS(gnuplot_script(pair, type, "plot 1"), doctest::Contains("`:gnuplot` takes a record"),
                         PlotError);
    // A script's error is gnuplot's, at the script's own line.
    Value rec = value_of(s, "{xs = (iota 3, iota 3)}", type);
    CHECK(gnuplot_script(rec, type, "plot xs using 1:2 with lines").compare(0, 4, "\x89PNG") == 0);
    CHECK_THROWS_WITH_AS(gnuplot_script(rec, type, "set title 't'\nplot nope"),
                         doctest::Contains("script line 2: undefined variable: nope"), PlotError);
    // Without gnuplot: what to install.
    ScopedPath no_path("/nonexistent");
    CHECK_THROWS_WITH_AS(plot2d(pair, type, PlotFormat::Text, 60, 20), doctest::Contains("gnuplot-nox"), PlotError);
}

TEST_CASE("plot: the session's `:plot2d` gives the characters and the picture; errors point at the expression") {
    Session s;
    REQUIRE(s.submit("def xs = map f64.i64 (iota 8)\n").kind == Kind::Definitions);
    EvalRecord r = s.submit(":plot2d (xs, map (* 2) xs)");
    REQUIRE(r.kind == Kind::Output);
    CHECK(r.output.find("+----") != std::string::npos);
    CHECK(r.media.compare(0, 4, "\x89PNG") == 0);
    EvalRecord bad = s.submit(":plot2d xs");
    REQUIRE(bad.kind == Kind::Error);
    CHECK(bad.error.find("<repl>:1:9: error: `:plot2d` takes a pair") == 0);
    CHECK(s.submit(":plot2d").error.find(":plot2d needs an expression") != std::string::npos);
    CHECK(s.submit("xs[1]\n").kind == Kind::Value);
}

TEST_CASE("plot: the session's `:img` gives the picture and its size; errors point at the expression") {
    Session s;
    EvalRecord r = s.submit(":img [[0xFFFF0000u32, 0xFF00FF00u32, 0xFF0000FFu32]]");
    REQUIRE(r.kind == Kind::Output);
    CHECK(r.output == "-- image: 3x1 pixels");
    CHECK(r.show_image);
    REQUIRE(r.media.size() > 24);
    CHECK(r.media.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0);
    CHECK((uint8_t)r.media[19] == 3);  // the width's low byte
    CHECK((uint8_t)r.media[23] == 1);  // the height's
    // Grey from floats and bools too; not from a 1-D array or an empty one.
    CHECK(s.submit(":img [[0f32, 0.5], [1, 1]]").kind == Kind::Output);
    CHECK(s.submit(":img [[true]]").kind == Kind::Output);
    EvalRecord bad = s.submit(":img [1, 2]");
    REQUIRE(bad.kind == Kind::Error);
    CHECK(bad.error.find("<repl>:1:6: error: `:img` takes a [][]i32, [][]u32 (ARGB)") == 0);
    CHECK(s.submit(":img replicate 0 [1u32, 2u32]").error.find("`:img` of an empty array") != std::string::npos);
    CHECK(s.submit(":img").error.find(":img needs an expression") != std::string::npos);
    CHECK(!s.submit(":plot2d (iota 3, iota 3)").show_image);  // a plot's text is the plot
}
