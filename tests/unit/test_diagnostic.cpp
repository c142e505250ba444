#include "core/Diagnostic.h"

#include <doctest/doctest.h>

using namespace loom;

TEST_CASE("diagnostics render file:line:col, the source line and a caret") {
    auto file = std::make_shared<SourceFile>(SourceFile{"a.fut", "def main = 1\ndef f = x + 1\n"});
    CompileError e({file, 2, 9, 10}, "unknown name `x`");
    CHECK(e.render() == "a.fut:2:9: error: unknown name `x`\n  def f = x + 1\n          ^");
}

TEST_CASE("a caret spans the located range, and tabs are kept so it lines up") {
    auto file = std::make_shared<SourceFile>(SourceFile{"t.fut", "\tlet xs = foo\n"});
    RuntimeError e({file, 1, 11, 14}, "bad");
    CHECK(e.render() == "t.fut:1:11: runtime error: bad\n  \tlet xs = foo\n  \t         ^^^");
}

TEST_CASE("a caret and the column count characters, not the bytes of UTF-8 ones") {
    auto file = std::make_shared<SourceFile>(SourceFile{"u.fut", "def s = \"\xc3\xa9\xc3\xa9\" ++ 1\n"});
    CompileError e({file, 1, 19, 20}, "bad");  // `1`: byte 19, character 17
    CHECK(e.render() == "u.fut:1:17: error: bad\n  def s = \"\xc3\xa9\xc3\xa9\" ++ 1\n                  ^");
    CompileError s({file, 1, 9, 15}, "bad");  // the string: six bytes, four characters
    CHECK(s.render() == "u.fut:1:9: error: bad\n  def s = \"\xc3\xa9\xc3\xa9\" ++ 1\n          ^^^^");
}

TEST_CASE("of a long line, the part around the caret between dots") {
    std::string line = "def xs = [";
    for (int i = 0; i < 1000; ++i) line += std::to_string(i) + ", ";
    size_t col = line.size() + 1;
    line += "true, 3]";
    auto file = std::make_shared<SourceFile>(SourceFile{"l.fut", line + "\n"});
    CompileError e({file, 1, (int)col, (int)col + 4}, "bad");
    std::string r = e.render();
    std::string shown = line.substr(col - 1 - 60);
    CHECK(r == "l.fut:1:" + std::to_string(col) + ": error: bad\n  ..." + shown + "\n  " + std::string(63, ' ') + "^^^^");
    // The caret near the start: the end cut; a span past the window: cut at its edge.
    CompileError head({file, 1, 10, 4000}, "bad");
    std::string h = head.render();
    CHECK(h.find("\n  " + line.substr(0, max_shown_line) + "...\n") != std::string::npos);
    CHECK(h.substr(h.rfind('\n') + 1) == "  " + std::string(9, ' ') + std::string(max_shown_line - 9, '^'));
    // A line of exactly max_shown_line bytes: whole.
    auto exact = std::make_shared<SourceFile>(SourceFile{"x.fut", std::string(max_shown_line, 'a') + "\n"});
    CHECK(CompileError({exact, 1, 1, 2}, "bad").render().find("...") == std::string::npos);
}

TEST_CASE("an unknown location renders without a source line") {
    CompileError e({}, "oops");
    CHECK(e.render() == "<unknown>: error: oops");
}

TEST_CASE("a failure inside the prelude is placed at the user's call, the prelude's place in a note") {
    auto prelude = std::make_shared<SourceFile>(SourceFile{"prelude.fut", "def head xs = xs[0]\n", true});
    auto user = std::make_shared<SourceFile>(SourceFile{"u.fut", "def main xs = head xs\n"});
    SrcLoc inner{prelude, 1, 15, 20}, call{user, 1, 15, 22};
    SrcLoc at = called_at(inner, call, "head");
    RuntimeError e(at, "Index [0] out of bounds for array of shape [0].");
    CHECK(e.render() == "u.fut:1:15: runtime error: Index [0] out of bounds for array of shape [0].\n"
                        "  def main xs = head xs\n"
                        "                ^^^^^^^\n"
                        "  in `head`, at prelude.fut:1:15: xs[0]");
    // Already placed, a user's own location, or a call from the prelude: unchanged.
    CHECK(called_at(at, call, "f").via == at.via);
    CHECK_FALSE(called_at(call, call, "head").via);
    CHECK_FALSE(called_at(inner, inner, "head").via);
}

TEST_CASE("control bytes of a source line (binary data read as text) show as dots") {
    auto file = std::make_shared<SourceFile>(SourceFile{"<stdin>", std::string("b\x02\x01xyz1\x03\0\0", 9) + "\n"});
    CompileError e({file, 1, 4, 8}, "unknown binary element type `xyz1`");
    CHECK(e.render() == "<stdin>:1:4: error: unknown binary element type `xyz1`\n  b..xyz1..\n     ^^^^");
}
