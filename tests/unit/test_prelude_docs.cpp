// The numeric modules' doc texts (frontend/prelude/04_numeric_docs.fut, Note [Numeric docs]
// in frontend/Prelude.cpp): every value of every numeric module has one, `:doc` and
// inspection show it, and the texts are filled in for each module.
#include "frontend/Frontend.h"
#include "session/Session.h"

#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

using namespace loom;

namespace {

const char *const numeric_modules[] = {"i8",  "i16", "i32", "i64", "u8",  "u16",
                                       "u32", "u64", "f16", "f32", "f64", "bool"};

/** The values of module `m` as its description lists them (`val sqrt : ...`, `val (+) :
 * ...`): names, operators without their parentheses. */
std::vector<std::string> module_values(const Session &s, const std::string &m) {
    std::optional<std::string> d = s.describe(m);
    REQUIRE(d);
    std::vector<std::string> names;
    std::istringstream lines(*d);
    for (std::string l; std::getline(lines, l);) {
        const size_t at = l.find("val ");
        if (at == std::string::npos) continue;
        std::string name = l.substr(at + 4, l.find(' ', at + 4) - at - 4);
        if (name.size() > 2 && name.front() == '(') name = name.substr(1, name.size() - 2);
        names.push_back(name);
    }
    return names;
}

/** The doc text of what describe() says: what follows the signature's blank line. */
std::string doc_text(const std::string &described) {
    size_t blank = described.find("\n\n");
    return blank == std::string::npos ? "" : described.substr(blank + 2);
}

}  // namespace

TEST_CASE("prelude docs: every value of every numeric module has a doc text") {
    Session s;
    size_t checked = 0;
    for (const char *m : numeric_modules) {
        std::vector<std::string> names = module_values(s, m);
        // (bool: 12 conversions and not; integers 59 values, floats 113.)
        CHECK_MESSAGE(names.size() >= (std::string(m) == "bool" ? 13u : 59u), std::string(m));
        for (const std::string &name : names) {
            const std::string qualified = std::string(m) + "." + name;
            INFO(qualified);
            std::optional<std::string> d = s.describe(qualified);
            REQUIRE(d);
            const std::string text = doc_text(*d);
            CHECK_FALSE(text.empty());
            // Each text is filled in for its module: no `$T` left, one line.
            CHECK(text.find('$') == std::string::npos);
            CHECK(text.find('\n') == std::string::npos);
            ++checked;
        }
    }
    CHECK(checked > 770); // 779: the walk reached every module
}

TEST_CASE("prelude docs: :doc and inspection show the text") {
    Session s;
    EvalRecord r = s.submit(":doc f32.sqrt");
    REQUIRE(r.kind == EvalRecord::Kind::Output);
    CHECK(r.output == "f32.sqrt : f32 -> f32\n\n`f32.sqrt x`: the square root of x; NaN for a negative x.");
    std::optional<std::string> at = s.inspect("f32.sqrt 2", 3);
    REQUIRE(at);
    CHECK(*at == r.output);
    // The function applied where the cursor is (IPython shows a call's function).
    at = s.inspect("map f64.exp [1, 2]", 11);
    REQUIRE(at);
    CHECK(at->find("f64.exp : f64 -> f64\n\n`f64.exp x`: e raised to the power x") == 0);
    // A definition written in Loom (30_math.fut) gets its text from the same table.
    CHECK(doc_text(*s.describe("u8.sum")) == "`u8.sum xs`: the sum of the elements (0 for an empty array).");
    // An operator at one type, and the bare operator at one type of each kind.
    r = s.submit(":doc (i8./)");
    REQUIRE(r.kind == EvalRecord::Kind::Output);
    CHECK(r.output.find("(i8./) : i8 -> i8 -> i8\n\n`x / y`: x divided by y, rounded toward minus "
                        "infinity") == 0);
    std::optional<std::string> div = s.describe("/");
    REQUIRE(div);
    CHECK(div->find("\nat i32: `x / y`: x divided by y, rounded toward minus infinity") != std::string::npos);
    CHECK(div->find("\nat u32: `x / y`: x divided by y, rounded down;") != std::string::npos);
    CHECK(div->find("\nat f32: `x / y`: the quotient") != std::string::npos);
    CHECK(s.describe("&")->find("\nat i32, u32: `x & y`: the bitwise and") != std::string::npos);
    CHECK(s.describe("&")->find("f32:") == std::string::npos);
}

TEST_CASE("prelude docs: the texts say what each module's value does") {
    // The most specific entry: the module's own kind, then int, then every module.
    CHECK(*numeric_doc("i32", "abs") ==
          "`i32.abs x`: the absolute value of x; `i32.abs i32.lowest` wraps to i32.lowest.");
    CHECK(*numeric_doc("u16", "abs") == "`u16.abs x`: x itself (a u16 is never negative).");
    CHECK(numeric_doc("f64", "abs")->find("NaN for NaN") != std::string::npos);
    CHECK(*numeric_doc("u8", "highest") == "`u8.highest`: the largest u8, 255.");
    CHECK(*numeric_doc("i64", "lowest") == "`i64.lowest`: the smallest i64, -9223372036854775808.");
    CHECK(*numeric_doc("u64", "highest") == "`u64.highest`: the largest u64, 18446744073709551615.");
    CHECK(*numeric_doc("f16", "highest") ==
          "`f16.highest`: infinity, above every finite f16 (as `f16.inf`).");
    CHECK(*numeric_doc("i16", "num_bits") == "`i16.num_bits`: the number of bits of an i16, 16.");
    // Conversions by the kinds of both types, "an" before i and f types.
    CHECK(numeric_doc("i32", "f64")->find("`i32.f64 x`: the f64 x truncated toward zero to an i32") == 0);
    CHECK(numeric_doc("f32", "u8")->find("`f32.u8 x`: the u8 x as an f32, rounded") == 0);
    CHECK(*numeric_doc("bool", "f32") == "`bool.f32 x`: whether x is nonzero (NaN is).");
    CHECK(*numeric_doc("u32", "bool") == "`u32.bool b`: 1 if b is true, else 0.");
    CHECK(*numeric_doc("bool", "not") == "`bool.not b`: true if b is false, else false (as `!b`).");
    CHECK(numeric_doc("u32", "not")->find("bitwise complement") != std::string::npos);
    CHECK(numeric_doc("i64", "mul_hi")->find("high 64 bits of the 2*64-bit product") != std::string::npos);
    CHECK_FALSE(numeric_doc("i32", "no_such_name"));
    CHECK_FALSE(numeric_doc("t", "abs"));
}
