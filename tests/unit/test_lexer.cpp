#include "frontend/Frontend.h"
#include "frontend/Lexer.h"

#include <doctest/doctest.h>

using namespace loom;

namespace {

std::vector<Token> toks(const std::string &s) { return lex(make_source("t.fut", s)); }

std::vector<Tok> kinds(const std::string &s) {
    std::vector<Tok> out;
    for (auto &t : toks(s)) out.push_back(t.kind);
    return out;
}

CompileError lex_error(const std::string &s) {
    try {
        toks(s);
    } catch (const CompileError &e) {
        return e;
    }
    FAIL("expected a lexical error for: " << s);
    return CompileError({}, "");
}

}  // namespace

TEST_CASE("lexer: integer literals") {
    auto t = toks("42 1_000 0xFF 0b1010 42i8 255u8 0x10i64 7u64");
    REQUIRE(t.size() == 9);
    CHECK(t[0].kind == Tok::IntLit);
    CHECK(t[0].int_value == 42);
    CHECK(!t[0].suffix);
    CHECK(t[1].int_value == 1000);
    CHECK(t[2].int_value == 255);
    CHECK(t[3].int_value == 10);
    CHECK(t[4].suffix == PrimType::I8);
    CHECK(t[5].suffix == PrimType::U8);
    CHECK(t[5].int_value == 255);
    CHECK(t[6].int_value == 16);
    CHECK(t[6].suffix == PrimType::I64);
    CHECK(t[7].suffix == PrimType::U64);
    CHECK(t[8].kind == Tok::Eof);
    CHECK(toks("18446744073709551615")[0].int_value == UINT64_MAX);
}

TEST_CASE("lexer: float literals") {
    auto t = toks("1.5 1e3 2.5e-2f32 3f64 0x1.fp3 1_0.2_5 7f16");
    CHECK(t[0].kind == Tok::FloatLit);
    CHECK(t[0].float_value == 1.5);
    CHECK(t[1].kind == Tok::FloatLit);
    CHECK(t[1].float_value == 1000.0);
    CHECK(t[2].suffix == PrimType::F32);
    CHECK(t[2].text == "2.5e-2");
    CHECK(t[3].kind == Tok::FloatLit);
    CHECK(t[3].suffix == PrimType::F64);
    CHECK(t[3].float_value == 3.0);
    CHECK(t[4].float_value == 15.5);
    CHECK(t[5].float_value == 10.25);
    CHECK(t[5].text == "10.25");
    CHECK(t[6].suffix == PrimType::F16);
}

TEST_CASE("lexer: ranges and projections are not floats") {
    CHECK(kinds("0..<10") == std::vector<Tok>{Tok::IntLit, Tok::TwoDotsLt, Tok::IntLit, Tok::Eof});
    CHECK(kinds("1..2...9") == std::vector<Tok>{Tok::IntLit, Tok::TwoDots, Tok::IntLit,
                                                Tok::ThreeDots, Tok::IntLit, Tok::Eof});
    auto t = toks("(e).0.1");
    CHECK(t[3].kind == Tok::Dot);
    CHECK(t[4].kind == Tok::IntLit);
    CHECK(t[4].int_value == 0);
    CHECK(t[5].kind == Tok::Dot);
    CHECK(t[6].int_value == 1);
}

TEST_CASE("lexer: names, qualified names, keywords") {
    auto t = toks("x' _y f32.sqrt r.x.0 let in_ _ i32.+");
    CHECK(t[0].kind == Tok::Name);
    CHECK(t[0].text == "x'");
    CHECK(t[1].text == "_y");
    CHECK(t[2].text == "f32.sqrt");
    CHECK(t[3].text == "r.x.0");
    CHECK(t[4].kind == Tok::KwLet);
    CHECK(t[5].kind == Tok::Name);
    CHECK(t[6].kind == Tok::Underscore);
    CHECK(t[7].kind == Tok::Symbol);
    CHECK(t[7].text == "i32.+");
}

TEST_CASE("lexer: operators and punctuation") {
    CHECK(kinds("a |> b <| c >-> d") ==
          std::vector<Tok>{Tok::Name, Tok::Symbol, Tok::Name, Tok::Symbol, Tok::Name, Tok::Symbol,
                           Tok::Name, Tok::Eof});
    CHECK(kinds("= == ! != -> : :> \\") ==
          std::vector<Tok>{Tok::Equals, Tok::Symbol, Tok::Bang, Tok::Symbol, Tok::Arrow, Tok::Colon,
                           Tok::ColonGt, Tok::Backslash, Tok::Eof});
    auto t = toks("x `max` y #some #[inline] 'a '^b '~c");
    CHECK(t[1].kind == Tok::Backtick);
    CHECK(t[1].text == "max");
    CHECK(t[3].kind == Tok::Ctor);
    CHECK(t[3].text == "some");
    CHECK(t[4].kind == Tok::HashLBracket);
    CHECK(t[7].kind == Tok::Apostrophe);
    CHECK(t[9].kind == Tok::ApostropheHat);
    CHECK(t[11].kind == Tok::ApostropheTilde);
}

TEST_CASE("lexer: indexing versus application brackets") {
    CHECK(toks("a[0]")[1].kind == Tok::Indexing);
    CHECK(toks("a [0]")[1].kind == Tok::LBracket);
    CHECK(toks("(a)[0]")[3].kind == Tok::Indexing);
    CHECK(toks("a[0][1]")[4].kind == Tok::Indexing);
    CHECK(toks("[1]")[0].kind == Tok::LBracket);
}

TEST_CASE("lexer: character and string literals") {
    auto t = toks(R"('a' '\n' '\\' '\'' '\x41' '\u{1F600}' 'é')");
    CHECK(t[0].kind == Tok::CharLit);
    CHECK(t[0].int_value == 'a');
    CHECK(t[1].int_value == '\n');
    CHECK(t[2].int_value == '\\');
    CHECK(t[3].int_value == '\'');
    CHECK(t[4].int_value == 0x41);
    CHECK(t[5].int_value == 0x1F600);
    CHECK(t[6].int_value == 0xE9);
    auto s = toks(R"("a\tb\"\\\u{e9}" "")");
    CHECK(s[0].kind == Tok::StringLit);
    CHECK(s[0].text == "a\tb\"\\\xc3\xa9");
    CHECK(s[1].text.empty());
    // Decimal escapes, also with leading zeros (which looped for ever: a fuzzer find).
    auto d = toks(R"('\0' '\65' '\0065' "\00000082x")");
    CHECK(d[0].int_value == 0);
    CHECK(d[1].int_value == 65);
    CHECK(d[2].int_value == 65);
    CHECK(d[3].text == "Rx");
}

TEST_CASE("lexer: comments and doc comments") {
    auto t = toks("-- plain\n-- | Doc line one.\n--   indented\ndef f = 1 -- trailing\n");
    CHECK(t[0].kind == Tok::KwDef);
    CHECK(t[0].doc == "Doc line one.\n  indented");
    CHECK(t[1].doc.empty());
    CHECK(t.size() == 5);
    CHECK(kinds("x -- y\nz") == std::vector<Tok>{Tok::Name, Tok::Name, Tok::Eof});
}

TEST_CASE("lexer: locations") {
    auto t = toks("let x =\n  foo + 12");
    CHECK(t[0].loc.line == 1);
    CHECK(t[0].loc.col == 1);
    CHECK(t[0].loc.end_col == 4);
    CHECK(t[3].loc.line == 2);
    CHECK(t[3].loc.col == 3);
    CHECK(t[3].loc.end_col == 6);
    CHECK(t[5].loc.col == 9);
    // Eof points at the last token.
    CHECK(t[6].kind == Tok::Eof);
    CHECK(t[6].loc.line == 2);
    CHECK(t[6].loc.col == 9);
}

TEST_CASE("lexer: errors") {
    auto e = lex_error("x = \"abc");
    CHECK(e.message() == "unterminated string literal");
    CHECK(e.loc().col == 5);
    CHECK(lex_error("1.5i32").message().find("integer suffix") != std::string::npos);
    CHECK(lex_error("12abc").message().find("invalid suffix `abc`") != std::string::npos);
    CHECK(lex_error("99999999999999999999").message().find("too large") != std::string::npos);
    auto d = lex_error("a\n  $");
    CHECK(d.message() == "unexpected character `$`");
    CHECK(d.loc().line == 2);
    CHECK(d.loc().col == 3);
    CHECK(lex_error("'\\q'").message().find("unknown escape") != std::string::npos);
    CHECK(lex_error("\"a\nb\"").message() == "unterminated string literal");
    CHECK(lex_error("`f").message() == "missing closing backtick");
    CHECK(lex_error("0x1.8").message().find("`p` exponent") != std::string::npos);
}

TEST_CASE("lexer: never crashes on odd bytes") {
    const char *inputs[] = {"\xff\xfe", "'", "'\\", "\"\\", "#", "0x", "0b", "1e", "1e+",
                            "\x01", "..", "'\xc3'", "\"\\u{110000}\""};
    for (const char *s : inputs) {
        try {
            toks(s);
        } catch (const CompileError &) {
        }
    }
}
