// Unit tests of the type checker: accepted programs with their types, and rejected
// programs with the expected message and location.
#include "frontend/Frontend.h"
#include "frontend/TypeCheck_Internal.h"

#include <doctest/doctest.h>

#include <string>

using namespace loom;

namespace {

// A few intrinsics so the tests do not depend on the prelude's contents.
const char *kBase = R"(
intrinsic def tc_map 'a [n] 'x (f: a -> x) (as: [n]a) : *[n]x
intrinsic def tc_map2 'a 'b [n] 'x (f: a -> b -> x) (as: [n]a) (bs: [n]b) : *[n]x
intrinsic def tc_iota (n: i64) : *[n]i64
intrinsic def tc_filter [n] 'a (p: a -> bool) (as: [n]a) : *[]a
intrinsic def tc_copy 'a (x: a) : *a
intrinsic def tc_reduce [n] 'a (op: a -> a -> a) (ne: a) (as: [n]a) : a
intrinsic def tc_flatten [n] [m] 't (xs: [n][m]t) : [n * m]t
intrinsic def tc_unflatten 't [n] [m] (xs: [n * m]t) : [n][m]t
)";

struct Checked {
    Program prog;
    CheckedEnvPtr env;
};

Checked check_src(const std::string &src) {
    Checked c;
    // An empty environment: these tests do not depend on the prelude's contents.
    c.env = std::make_shared<CheckedEnv>();
    c.prog = parse_program(make_source("test.fut", std::string(kBase) + src));
    check_program(c.prog, c.env);
    return c;
}

// The return type of the last definition.
std::string last_type(const std::string &src) {
    auto c = check_src(src);
    return type_to_string(c.prog.decls.back()->fun->ret);
}

std::string expr_type(const std::string &defs, const std::string &exp) {
    auto c = check_src(defs);
    ExpPtr e = parse_expression(make_source("expr", exp));
    return type_to_string(check_expression(e, c.env));
}

// The type as the REPL's `:type` shows it.
std::string shown_type(const std::string &defs, const std::string &exp) {
    auto c = check_src(defs);
    ExpPtr e = parse_expression(make_source("expr", exp));
    TypePtr shown;
    check_expression(e, c.env, &shown);
    return type_to_string(shown);
}

// The error message of a rejected program, prefixed with "line:col: " (lines
// counted from the user's source, after the base intrinsics).
std::string error_of(const std::string &src) {
    static const int base_lines = [] {
        int n = 0;
        for (const char *p = kBase; *p; p++) n += *p == '\n';
        return n;
    }();
    try {
        check_src(src);
    } catch (const CompileError &e) {
        return std::to_string(e.loc().line - base_lines) + ":" + std::to_string(e.loc().col) + ": " +
               e.message();
    }
    return "accepted";
}

bool rejected_with(const std::string &src, const std::string &where, const std::string &msg) {
    std::string err = error_of(src);
    bool ok = err.rfind(where + ": ", 0) == 0 && err.find(msg) != std::string::npos;
    if (!ok) MESSAGE("got: " << err);
    return ok;
}

}  // namespace

TEST_CASE("typecheck: literals and defaulting") {
    CHECK(last_type("def x = 1") == "i32");
    CHECK(last_type("def x = 1.5") == "f64");
    CHECK(last_type("def x = 1u8 + 2") == "u8");
    CHECK(last_type("def x = 2 * 1.5f32") == "f32");
    CHECK(last_type("def x = (1, 2.0, true)") == "(i32, f64, bool)");
    CHECK(last_type("def x = \"ab\"") == "[2]u8");
    CHECK(last_type("def f (x: i64) = x + 1") == "i64");
    CHECK(last_type("def f x = x + 1") == "i32");
}

TEST_CASE("typecheck: polymorphism and higher-order functions") {
    CHECK(last_type("def id 'a (x: a) : a = x\ndef y = id 2u16") == "u16");
    CHECK(last_type("def id x = x\ndef y = (id 1, id true)") == "(i32, bool)");
    CHECK(last_type("def y = let f x = x in (f 1f32, f false)") == "(f32, bool)");
    CHECK(last_type("def y = tc_map (\\x -> x * 2) [1, 2, 3i64]") == "[3]i64");
    CHECK(last_type("def y = tc_reduce (+) 0 [1f32, 2]") == "f32");
    CHECK(last_type("def y = 3 |> (+ 1u64)") == "u64");
    CHECK(last_type("def y = ((+ 1) >-> (* 2)) 3i8") == "i8");
    CHECK(last_type("def y (ps: [](f32, i32)) = tc_map (.0) ps") == "*[d₀]f32");
    CHECK(last_type("def y (ps: []{x: f32}) = tc_map (\\p -> p.x) ps") == "*[d₀]f32");
    CHECK(expr_type("", "\\(x: i32) -> x") == "i32 -> i32");
}

TEST_CASE("typecheck: sizes") {
    CHECK(last_type("def f [n] (xs: [n]f32) : [n]f32 = tc_map (+ 1) xs") == "[n]f32");
    CHECK(last_type("def f (n: i64) = tc_iota n") == "*[n]i64");
    CHECK(last_type("def f = tc_iota 5") == "[5]i64");
    CHECK(last_type("def f (xs: []i32) = tc_filter (> 0) xs") == "*[]i32");
    CHECK(last_type("def f (n: i64) = 0..<n") == "*[n]i64");
    CHECK(last_type("def f = 1...3") == "[3]i32");
    CHECK(last_type("def f (xs: [3]i32) = xs[1:]") == "[]i32");
    CHECK(last_type("def f [n] (xs: [n]i32) = xs :> [3]i32") == "[3]i32");
    CHECK(rejected_with("def f [n] (xs: [n]i32) : [n]i32 = [1, 2, 3]", "1:35", "Dimensions `n` and `3` do not match"));
    CHECK(rejected_with("def f [n][m] (xs: [n]i32) (ys: [m]i32) = tc_map2 (+) xs ys", "1:57",
                        "Dimensions `n` and `m` do not match"));
    CHECK(rejected_with("def f = [[1, 2], [3]]", "1:18", "Dimensions `2` and `1` do not match"));
}

TEST_CASE("typecheck: an intrinsic's `[n * m]` parameter pairs its sizes with the argument's") {
    CHECK(last_type("def f [a][b] (xss: [a][b]i32) = tc_unflatten (tc_flatten xss)") == "[a][b]i32");
    CHECK(last_type("def f (k: i64) = tc_unflatten (tc_iota (k * 3))") == "*[k][3]i64");
    // `(k * 2) * 3`: the outer size is the expression `k * 2`, which an ascription gives.
    CHECK(last_type("def f (k: i64) = tc_unflatten (tc_iota (k * 2 * 3)) : [k * 2][3]i64") == "*[k * 2][3]i64");
    CHECK(shown_type("", "\\(k: i64) -> tc_unflatten (tc_iota (k * 2 * 3))") == "(k: i64) -> [k * 2][3]i64");
    CHECK(last_type("def f (k: i64) = tc_iota k : []i64") == "*[k]i64");
    // Any other argument size leaves them unknown (an ascription gives them), as before.
    CHECK(last_type("def f (xs: [6]i32) = tc_unflatten xs : [2][3]i32") == "[2][3]i32");
    CHECK(last_type("def f (xs: []i32) = tc_unflatten xs") == "[][]i32");
    // Only a declared size expression is lenient so: map2's `[n]`, bound to `2 * n` by
    // its first argument, still rejects an argument of another size.
    CHECK(rejected_with("def f [n] (xs: [n]i32) = tc_map2 (+) (tc_flatten [xs, xs]) (tc_flatten [xs])", "1:61",
                        "do not match"));
}

TEST_CASE("typecheck: `:type` names the sizes a function's parameters share, and its types") {
    // The type of the expression has `[]` where the function's sizes are open; its type
    // variables have the names the definition gave them.
    CHECK(expr_type("", "tc_map2") == "(a -> b -> x) -> []a -> []b -> *[]x");
    CHECK(shown_type("", "tc_map2") == "(a -> b -> x) -> [n]a -> [n]b -> *[n]x");
    CHECK(shown_type("", "tc_iota") == "(n: i64) -> *[n]i64");
    // An existential result size stays open; a known size is kept.
    CHECK(shown_type("", "tc_filter") == "(a -> bool) -> [n]a -> *[]a");
    CHECK(shown_type("", "tc_iota 5") == "[5]i64");
    CHECK(shown_type("def f [a][b] (xs: [a][b]i32) (ys: [b]i32) : [a]i32 = tc_map (\\_ -> 0) xs",
                     "f") == "[a][b]i32 -> [b]i32 -> [a]i32");
    // A function's own names for its sizes and named parameters are kept.
    CHECK(shown_type("def g (k: i64) = tc_iota k", "g") == "(k: i64) -> *[k]i64");
    CHECK(shown_type("def g (n: i64) (k: i64) = (tc_iota k, tc_iota n)", "g") ==
          "(n: i64) -> (k: i64) -> (*[k]i64, *[n]i64)");
    // A global's name is not used for a size.
    CHECK(shown_type("def n = 1i64", "tc_map") == "(a -> x) -> [m]a -> *[m]x");
    // Nor a type's for a type variable; two variables of one name get one each.
    CHECK(shown_type("type a = i32", "tc_map") == "(t0 -> x) -> [n]t0 -> *[n]x");
    CHECK(shown_type("def pair 't (x: t) = (x, x)", "\\y -> (pair y, pair 1u8)") ==
          "t -> ((t, t), (u8, u8))");
    CHECK(shown_type("def k 't 'u (x: t) (_: u) = x", "\\y z -> (k 1 y, k 2 z)") ==
          "u -> t0 -> (i32, i32)");
    CHECK(shown_type("", "\\xs -> tc_reduce (+) 0i32 xs") == "[n]i32 -> i32");
}

TEST_CASE("typecheck: names, records, sums and projections") {
    CHECK(last_type("def r = {a = 1, b = 2u8}\ndef f = r.b") == "u8");
    CHECK(last_type("def f (t: (i32, (f32, bool))) = t.1.0") == "f32");
    CHECK(last_type("type pt = {x: f64, y: f64}\ndef f (p: pt) = p.x") == "f64");
    CHECK(last_type("type v [n] 't = [n]t\ndef f (x: v [3] i32) = x") == "[3]i32");
    CHECK(last_type("def f = (#some 1 : #none | #some i32)") == "#none | #some i32");
    CHECK(last_type("def f (x: #a i32 | #b) = match x case #a v -> v case #b -> 0") == "i32");
    CHECK(rejected_with("def f = y", "1:9", "Unknown name `y`"));
    CHECK(rejected_with("def f x = g x\ndef g x = f x", "1:11", "Unknown name `g`"));
    CHECK(rejected_with("def f = let g (x: i32) : i32 = g x in g 1", "1:32", "Unknown name `g`"));
    CHECK(last_type("def f (n: i32) : i32 = if n <= 1 then 1 else n * f (n - 1)") == "i32");
    CHECK(last_type("def f (n: i32) = if n <= 1 then 1 else f (n - 1)") == "i32");
    CHECK(rejected_with("def f = {a = 1}.b", "1:9", "field `b` not in record type"));
    CHECK(rejected_with("def f (x: t) = x", "1:11", "Unknown type `t`"));
}

TEST_CASE("typecheck: rejections") {
    CHECK(rejected_with("def f (x: i32) = if x then 1 else 2", "1:21", "condition of `if` must be bool"));
    CHECK(rejected_with("def f (b: bool) = if b then 1 else true", "1:36", "branches of `if` have different types"));
    CHECK(rejected_with("def f = [1, true]", "1:13", "array elements have different types"));
    CHECK(rejected_with("def f (x: i32) = x[0]", "1:18", "not an array"));
    CHECK(rejected_with("def f (xs: []i32) = xs[0, 1]", "1:21", "too many indices"));
    CHECK(rejected_with("def f (x: i32) (x: i32) = x", "1:17", "bound twice"));
    CHECK(rejected_with("def f (x: i32) = x 1", "1:20", "non-function type"));
    CHECK(rejected_with("def f (x: i32) = x + 1.0", "1:22", "Cannot unify type `i32`"));
    CHECK(rejected_with("def f (x: i32) : bool = x", "1:25", "return type"));
    CHECK(rejected_with("def f = (1 : f32) == true", "1:22", "argument 2 of `==`"));
    CHECK(rejected_with("entry f (g: i32 -> i32) = 1", "1:10", "Entry point functions may not be higher-order"));
    CHECK(rejected_with("entry f 'a (x: a) = 1", "1:7", "Entry point functions may not be polymorphic"));
    CHECK(rejected_with("def f = [\\x -> x + 1]", "1:9", "functions cannot be put in arrays"));
    CHECK(rejected_with("def f (b: bool) = if b then (\\x -> x) else (\\x -> x + 1)", "1:19",
                        "cannot return a function"));
    CHECK(rejected_with("def f (n: i32) = loop x = 0 for i < n do (x, x)", "1:42", "loop body"));
}

TEST_CASE("typecheck: uniqueness") {
    CHECK(last_type("def f (xs: *[]i32) = xs with [0] = 1") == "*[d₀]i32");
    CHECK(last_type("def f (xs: []i32) = let ys = tc_copy xs in ys with [0] = 1") == "*[d₀]i32");
    // (The loop keeps the parameter's size, so the result has it.)
    CHECK(last_type("def f (n: i64) = loop xs = tc_iota n for i < n do xs with [i] = 0") == "*[n]i64");
    CHECK(rejected_with("def f (xs: []i32) = let xs[0] = 1 in xs", "1:25", "not consumable"));
    CHECK(rejected_with("def f (xs: *[]i32) = let ys = xs with [0] = 1 in xs", "1:50",
                        "Using `xs`, but this was consumed"));
    CHECK(rejected_with("def f (xs: *[]i32) = let ys = xs\nlet zs = ys with [0] = 1 in xs", "2:29",
                        "Using `xs`, but this was consumed"));
    CHECK(rejected_with("def f (xs: []i32) : *[]i32 = xs", "1:30", "aliased to `xs`"));
    CHECK(rejected_with("def f (xs: *[]i32) = tc_map (\\i -> let ys = xs with [0] = i in ys[0]) [1, 2]",
                        "1:45", "bound outside"));
}

TEST_CASE("typecheck: the prelude checks") {
    CheckedEnvPtr env;
    REQUIRE_NOTHROW(env = prelude_env());
    Program p = parse_program(make_source("p.fut", "def x = 1"));
    check_program(p, env);
}

namespace {
// The error message of a program checked against the real prelude, or "accepted".
std::string prelude_error_of(const std::string &src) {
    try {
        CheckedEnvPtr env = prelude_env();
        Program p = parse_program(make_source("p.fut", src));
        check_program(p, env);
    } catch (const CompileError &e) {
        return e.message();
    }
    return "accepted";
}
bool prelude_rejects(const std::string &src, const std::string &msg) {
    std::string err = prelude_error_of(src);
    if (err.find(msg) == std::string::npos) MESSAGE("got: " << err);
    return err.find(msg) != std::string::npos;
}
}  // namespace

TEST_CASE("typecheck: existential sizes, size parameters, lifted types, entries") {
    // Unknown sizes of `++`, filter and `if` match no declared size...
    CHECK(prelude_rejects("def f [n] (xs: [n]i32) : [n]i32 = xs ++ [0]",
                          "Dimensions `n` and `n + 1` do not match"));
    CHECK(prelude_rejects("def f (xs: [3]i32) (ys: [2]i32) : [6]i32 = xs ++ ys",
                          "Dimensions `6` and `5`"));
    CHECK(prelude_rejects("def f [n] (xs: [n]i32) : [n]i32 = filter (> 0) xs", "existential size"));
    CHECK(prelude_rejects("def f [n] (b: bool) (xs: [n]i32) : [n]i32 = if b then xs else xs ++ xs",
                          "Dimensions `n` and `?`"));
    CHECK(prelude_rejects("def f [n] (xs: [n]i32) = loop (ys: [n]i32) = xs for i < 3 do ys ++ ys",
                          "loop body"));
    CHECK(prelude_rejects("def f [n] (xs: *[n]i32) (ys: [2]i32) = xs with [0:3] = ys", "Dimensions `3` and `2`"));
    CHECK(prelude_rejects("def f (ks: []i64) = map (\\k -> iota k) ks", "irregular"));
    // ... but a size coercion, an unconstrained result and `n |> iota` are fine.
    CHECK(prelude_error_of("def f [n] (xs: [n]i32) : [n]i32 = xs ++ [0] :> [n]i32") == "accepted");
    CHECK(prelude_error_of("def f (xs: []i32) = let ys = filter (> 0) xs in zip ys ys") == "accepted");
    CHECK(prelude_error_of("def f (n: i64) = n |> iota |> map (+ 1)") == "accepted");
    CHECK(prelude_error_of("def f [n] (xs: [n]i32) = loop [k] (ys: [k]i32) = xs for i < 3 do ys ++ ys") ==
          "accepted");
    // A loop parameter's size is known after the loop where the body keeps it (inside a
    // map's function too), unknown where the body changes it, as in Futhark.
    CHECK(prelude_error_of("def f [n] (xs: [n]i32) : [n][3]i32 = map (\\x -> loop r = replicate 3 x for i < 3 "
                           "do r with [i] = 0) xs") == "accepted");
    CHECK(prelude_error_of("def f [n] (xs: [n]i32) : [n]i32 = (loop (a, b) = (xs, [1]) for i < 2 do "
                           "(map (+ 1) a, b ++ b)).0") == "accepted");
    CHECK(prelude_rejects("def f (x: i32) : [3]i32 = loop r = replicate 3 x for i < 3 do r ++ [x]",
                          "Dimensions `3` and `?` do not match"));
    CHECK(prelude_rejects("def f [n] (xs: [n]i32) : [n]i32 = loop ys = xs for i < 3 do filter (> 0) ys",
                          "Dimensions `n` and `?` do not match"));
    // A body that does not check with the initial sizes is checked with unknown ones.
    CHECK(prelude_error_of("def f [n] (xs: [n]i32) = loop ys = xs for i < 2 do map2 (+) ys (ys ++ ys)") == "accepted");
    CHECK(prelude_rejects("def f [k] (x: f32) = x", "size parameter `k` of `f` is not used"));
    CHECK(prelude_rejects("entry f [k] (xs: [k * 2]f32) = xs[0]", "Entry point size parameter [k] only used non-constructively"));
    CHECK(prelude_rejects("entry f' (x: i32) = x", "apostrophe"));
    CHECK(prelude_rejects("def dup 'a (x: a) = (x, x)\ndef g = dup (\\(y: i32) -> y)", "Cannot instantiate the value type variable a with the functional type"));
    CHECK(prelude_error_of("def dup '^a (x: a) = (x, x)\ndef g = (dup (\\(y: i32) -> y)).0 1") == "accepted");
    // Futhark's phrases, so that its test programs' `error:` regexes match.
    CHECK(prelude_rejects("def f [k] (x: f32) = x", "Size k unused in pattern"));
    CHECK(prelude_rejects("def main [n] (x: i32) : [n]i32 = replicate n x",
                          "Entry point functions must not be size-polymorphic in their return type"));
    CHECK(prelude_rejects("def f (x: #foo f64) = match x case #foo -> true", "cannot match"));
    CHECK(prelude_rejects("def f (x: bool) : (#some bool | #none) = #just x", "Unshared constructors: #just"));
    CHECK(prelude_rejects("def f (x: i32) : i32 = x + 1f32", "Cannot unify type `i32` with type `f32`: argument 2 of `+`"));
    CHECK(prelude_rejects("def f (b: bool) (n: i32) = (match b case _ -> (\\(x:i32) -> x)) n",
                          "returned from pattern match"));
    CHECK(prelude_rejects("def f r = r.x", "Type is ambiguous"));
    CHECK(prelude_rejects("def f (x: bool) = #some x", "Type is ambiguous"));
}

TEST_CASE("typecheck: more uniqueness") {
    CHECK(prelude_rejects("def b (r: *[]i32) = r with [0] = 1\ndef f (xss: *[][]i32) = map b xss",
                          "Argument of functional type `*[d₁]i32 -> *[d₁]i32` contains consumption"));
    CHECK(prelude_rejects("def s (xs: *[]i32) (i: i64) = xs with [i] = 0\ndef f (xs: *[]i32) = let g = s xs in g 1",
                          "partial application"));
    CHECK(prelude_rejects("def w = [1f32]\ndef g (k: i32) = w", "Function result aliases the free variable"));
    CHECK(prelude_error_of("def w = [1f32]\ndef g = w") == "accepted");
    CHECK(prelude_rejects("def s (p: *([]i32, []i32)) : i32 = p.0[0]\ndef f (xs: []i32) = let ys = copy xs in s (ys, ys)",
                          "self-aliased"));
    CHECK(prelude_rejects("def f (xs: *[]i32) : (*[]i32, *[]i32) = let ys = xs in (ys, xs)", "is aliased to some other component"));
    CHECK(prelude_error_of("def f (xs: *[]i32) : (*[]i32, *[]i32) = (xs, copy xs)") == "accepted");
}

TEST_CASE("typecheck: loop consumption, record knownness, ambiguous sizes (checker4)") {
    // Only the initial-value parts of unique loop parameters are consumed.
    CHECK(prelude_error_of("def f (xs: [][]f64) = loop (a, b: *[][]f64) = (xs[0], copy xs) for i < 2 do "
                           "(a, b with [0] = a)") == "accepted");
    CHECK(prelude_rejects("def f (xs: [][]f64) = loop (a, b: *[][]f64) = (xs[0], xs) for i < 2 do "
                          "(a, b with [0] = a)", "not consumable"));
    CHECK(prelude_error_of("def f (xs: []i32) (ys: []i32) = map2 (+) xs ys") == "accepted");
    CHECK(prelude_rejects("def f r : {x:i32} = r with x = 0", "Full type of `r` is not known"));
    CHECK(prelude_error_of("def f (r: {x:i32}) = r with x = 0") == "accepted");
    CHECK(prelude_error_of("def f (rs: []{x:i32}) = map (\\r -> r with x = 0) rs") == "accepted");
    CHECK(prelude_rejects("def f [n] (g: [n]i64 -> i64) : i64 = n\ndef h = f (\\xs -> xs[0])",
                          "Ambiguous size `n`: it is an instantiated size parameter of \"f\""));
    CHECK(prelude_error_of("def f [n] (g: [n]i64 -> i64) : i64 = n\ndef h = f (\\(xs: [1]i64) -> xs[0])") ==
          "accepted");
}

TEST_CASE("typecheck: a projection checked as a function keeps its location (fuzzer find)") {
    // Checking `t.0` replaces its name node with a projection; the caller's reference to
    // the node's location was read after the node was freed (the error said `<unknown>`).
    CHECK(rejected_with("def main x = let t = (x, x + 1) in t.0 t.1 : i32", "1:40",
                        "Cannot apply expression to an argument"));
    CHECK(rejected_with("def f (r: {a: i32}) = if r.a then 1 else 2", "1:26", "bool"));
}

TEST_CASE("typecheck: a size coercion of a lambda's parameter gives it sizes of its own") {
    CHECK(error_of("def f [n] (xs: [][n]i32) (m: i64) = tc_map (\\r -> r :> [m]i32) xs") ==
          "accepted");
    CHECK(rejected_with("def f [n] (xs: [][n]i32) (m: i64) = tc_map (\\r -> r :> [m]f32) xs",
                        "1:64", "argument 2"));
}

TEST_CASE("typecheck: a mismatch names the types not settled yet, once, and says what they may be") {
    // A literal's type inside a tuple, a function and a record: named, never `?`, and the
    // message says it once (not again in Futhark's older words, nor with the type the
    // literal would default to).
    CHECK(prelude_error_of("def f (x: (i32, bool)) = x.0\ndef main = f (1.5, true)") ==
          "Cannot unify type `(i32, bool)` with type `(t, bool)`: argument 1 of `f`, where `t` is a floating-point type");
    CHECK(prelude_error_of("def main (xs: []i32) = zip xs [1.0, 2.0] |> map (\\(a, b) -> a + b)") ==
          "Cannot unify type `[2](i32, t) -> u` with type `[](i32, i32) -> *[]i32`: argument 2 of `|>`, where `t` is "
          "a floating-point type and `u` is any type");
    CHECK(prelude_error_of("def area (r: {w: i32, h: i32}) = r.w * r.h\ndef main = area {w = 2, h = 1.5}") ==
          "Cannot unify type `{h: i32, w: i32}` with type `{h: t, w: u}`: argument 1 of `area`, where `t` is a "
          "floating-point type and `u` is a numeric type");
    // Variables alike are described together; a name the message uses is not taken.
    CHECK(prelude_error_of("def f (p: (i32, i32)) = p.0\ndef main = f (1.5, 2.5)") ==
          "Cannot unify type `(i32, i32)` with type `(t, u)`: argument 1 of `f`, where `t` and `u` are floating-point "
          "types");
    CHECK(prelude_error_of("def pair 't (x: t) : (t, i32) = (x, 1.5)") ==
          "Cannot unify type `(t, i32)` with type `(t, u)`: the body of `pair` does not match its return type, where `u` "
          "is a floating-point type");
    // Where the types are long, the part that differs.
    CHECK(prelude_error_of("def f (r: {alpha: i32, beta: bool, gamma: [](f32, bool)}) = r.alpha\n"
                           "def main (xs: [](f64, bool)) = f {alpha = 1, beta = true, gamma = xs}") ==
          "Cannot unify type `{alpha: i32, beta: bool, gamma: [](f32, bool)}` with type `{alpha: i32, beta: bool, "
          "gamma: [](f64, bool)}`: argument 1 of `f` (Couldn't match expected type `f32` with actual type `f64`)");
    // Messages other than mismatches name them too.
    CHECK(prelude_error_of("def main = (1.5, true)[0]") ==
          "Cannot index into a value of type `(t, bool)` (not an array), where `t` is a floating-point type");
    CHECK(prelude_error_of("def main = let x = (1.5, 2) in x.c") ==
          "field `c` not in record type `(t, u)`, where `t` is a floating-point type and `u` is a numeric type");
    // A whole open type is still said in words.
    CHECK(prelude_error_of("def f (x: i32) = x + 1.0") ==
          "Cannot unify type `i32` with a floating-point type: argument 2 of `+`");
}

TEST_CASE("typecheck: name_open_types") {
    using internal::name_open_types;
    CHECK(name_open_types("no open types") == "no open types");
    const std::string f = "\x01" "7\x02" "a floating-point type\x03", n = "\x01" "9\x02" "a numeric type\x03",
                      any = "\x01" "3\x02" "any type\x03";
    CHECK(name_open_types("`(" + f + ", " + f + ")`") == "`(t, t)`, where `t` is a floating-point type");
    // t, u, v, w, then t1, ...: none a word the message has.
    CHECK(name_open_types("`(t, u1, " + f + ", " + n + ")`") ==
          "`(t, u1, u, v)`, where `u` is a floating-point type and `v` is a numeric type");
    CHECK(name_open_types("`t u v w` " + f) == "`t u v w` t1, where `t1` is a floating-point type");
    CHECK(name_open_types(any + " " + any) == "t t, where `t` is any type");
    CHECK(name_open_types(any + " " + "\x01" "4\x02" "any type\x03") == "t u, where `t` is any type and `u` is any type");
}
