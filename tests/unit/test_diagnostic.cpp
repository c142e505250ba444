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
