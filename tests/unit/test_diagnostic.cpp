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
