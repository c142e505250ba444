#include "frontend/ASTPrinter.h"
#include "frontend/Frontend.h"

#include <doctest/doctest.h>

using namespace loom;

namespace {

std::string P(const std::string &src) {
    return print_exp(*parse_expression(make_source("t.fut", src)));
}

Program prog(const std::string &src) { return parse_program(make_source("t.fut", src)); }

std::string D(const std::string &src) {
    Program p = prog(src);
    std::string out;
    for (auto &d : p.decls) out += (out.empty() ? "" : "\n") + print_decl(*d);
    return out;
}

CompileError err(const std::string &src, bool program = false) {
    try {
        if (program)
            prog(src);
        else
            parse_expression(make_source("t.fut", src));
    } catch (const CompileError &e) {
        return e;
    }
    FAIL("expected a syntax error for: " << src);
    return CompileError({}, "");
}

}  // namespace

TEST_CASE("parser: operator precedence") {
    CHECK(P("1 + 2 * 3") == "(+ 1 (* 2 3))");
    CHECK(P("1 - 2 - 3") == "(- (- 1 2) 3)");
    CHECK(P("a * b + c * d") == "(+ (* a b) (* c d))");
    CHECK(P("x ** 2 ** 3") == "(** (** x 2) 3)");
    CHECK(P("a << 1 + 2") == "(<< a (+ 1 2))");
    CHECK(P("a & b == c") == "(== (& a b) c)");
    CHECK(P("a == b && c < d || e") == "(|| (&& (== a b) (< c d)) e)");
    CHECK(P("a % b // c %% d / e") == "(/ (%% (// (% a b) c) d) e)");
    CHECK(P("x |> f |> g") == "(|> (|> x f) g)");
    CHECK(P("f <| g <| x") == "(<| f (<| g x))");
    CHECK(P("a + b |> f") == "(|> (+ a b) f)");
    CHECK(P("a || b |> f") == "(|> (|| a b) f)");
    CHECK(P("f <| a || b") == "(<| f (|| a b))");
    CHECK(P("x `max` y + 1") == "(`max` x (+ y 1))");
    CHECK(P("a |> f `g` b") == "(`g` (|> a f) b)");
}

TEST_CASE("parser: user-defined operators take the precedence of their prefix") {
    CHECK(P("a +^ b *^ c") == "(+^ a (*^ b c))");
    CHECK(P("a *^ b +^ c") == "(+^ (*^ a b) c)");
    CHECK(P("a >>= b + c") == "(>>= a (+ b c))");   // binds like >>
    CHECK(P("a >-> b <-< c") == "(<-< (>-> a b) c)");  // comparison level, left
    CHECK(P("a == b !> c") == "(!> (== a b) c)");
    CHECK(P("a |>> b + c") == "(|>> a (+ b c))");  // like |>
    CHECK(P("a <|> b <|> c") == "(<|> a (<|> b c))");  // like <|, right
    CHECK(P("a f32.+ b * c") == "(f32.+ a (* b c))");
    CHECK(P("a +. b *. c") == "(+. a (*. b c))");
    CHECK(D("def (*.) (a: i32) (b: i32) = a") == "def *. (a : i32) (b : i32) = a");
}

TEST_CASE("parser: local module opens") {
    CHECK(P("i32.(+) x y") == "(apply (section i32.+ _ _) x y)");
    CHECK(P("i32.(//)") == "(section i32.// _ _)");
    CHECK(P("f32.(sqrt x + pi)") == "(#[open f32] (+ (apply sqrt x) pi))");
    auto e = parse_expression(make_source("t", "f32.(sqrt x)"));
    REQUIRE(e->as<AttrExp>());
    CHECK(e->as<AttrExp>()->attr == "open f32");
}

TEST_CASE("parser: prefix operators and application") {
    CHECK(P("-x + y") == "(+ (neg x) y)");
    CHECK(P("-x ** 2") == "(** (neg x) 2)");
    CHECK(P("- f x") == "(neg (apply f x))");
    CHECK(P("x - -1") == "(- x (neg 1))");
    CHECK(P("f -1") == "(- f 1)");
    CHECK(P("!a && b") == "(&& (not a) b)");
    CHECK(P("!f x") == "(not (apply f x))");
    CHECK(P("f x y + g z") == "(+ (apply f x y) (apply g z))");
    CHECK(P("f x.y (g y)") == "(apply f x.y (apply g y))");
    CHECK(P("-1") == "(neg 1)");
}

TEST_CASE("parser: indexing versus application to an array") {
    CHECK(P("a[i]") == "(index a [i])");
    CHECK(P("f [i]") == "(apply f [i])");
    CHECK(P("f a[i] [j]") == "(apply f (index a [i]) [j])");
    CHECK(P("a[i][j]") == "(index (index a [i]) [j])");
    CHECK(P("(f x)[0]") == "(index (apply f x) [0])");
    CHECK(P("a[i, j:k:s, :, ::-1, 3:, :n]") ==
          "(index a [i, j:k:s, :, ::(neg 1), 3:, :n])");
    CHECK(P("a[]") == "(index a [])");
    CHECK(P("a[i+1:]") == "(index a [(+ i 1):])");
}

TEST_CASE("parser: names and projections") {
    CHECK(P("f32.sqrt 2.0") == "(apply f32.sqrt 2.0f)");
    CHECK(P("r.x.y") == "r.x.y");
    CHECK(P("x.0.1") == "x.0.1");
    CHECK(P("(e).0") == "(. e 0)");
    CHECK(P("(e).0.1") == "(. (. e 0) 1)");
    CHECK(P("(e).a.b") == "(. (. e a) b)");
    CHECK(P("a[i].x") == "(. (index a [i]) x)");
    CHECK(P("f(x).0") == "(apply f (. x 0))");
    CHECK(P("{a = 1}.a") == "(. {a = 1} a)");
}

TEST_CASE("parser: sections") {
    CHECK(P("(+)") == "(section + _ _)");
    CHECK(P("(x+)") == "(section + x _)");
    CHECK(P("(+x)") == "(section + _ x)");
    CHECK(P("(-)") == "(section - _ _)");
    CHECK(P("(-x)") == "(neg x)");
    CHECK(P("(- x)") == "(neg x)");
    CHECK(P("(x -)") == "(section - x _)");
    CHECK(P("(a + b *)") == "(section * (+ a b) _)");
    CHECK(P("(* 2 + 1)") == "(section * _ (+ 2 1))");
    // Index and projection sections are the lambdas they stand for, `\x -> x.a.b`.
    CHECK(P("(.0)") == "(lambda section%0 -> (. section%0 0))");
    CHECK(P("(.a.b)") == "(lambda section%0 -> (. (. section%0 a) b))");
    CHECK(P("(.[i, 1:])") == "(lambda section%0 -> (index section%0 [i, 1:]))");
    CHECK(P("(.[0].f[1])") == "(lambda section%0 -> (index (. (index section%0 [0]) f) [1]))");
    CHECK(P("(.f[0][1:].g)") == "(lambda section%0 -> (. (index (index (. section%0 f) [0]) [1:]) g))");
    CHECK(P("(`f`)") == "(section `f` _ _)");
    CHECK(P("(`f` x)") == "(section `f` _ x)");
    CHECK(P("(x `f`)") == "(section `f` x _)");
    CHECK(P("(|>)") == "(section |> _ _)");
    CHECK(P("(f32.+)") == "(section f32.+ _ _)");
}

TEST_CASE("parser: literals") {
    CHECK(P("[1i8, 0xFFu8, 0b11, 1_000]") == "[1i8 255u8 3 1000]");
    CHECK(P("1.5e3f32") == "1.5e3f32");
    CHECK(P("2f64") == "2f64");
    CHECK(P("'a'") == "97");
    CHECK(P("\"h\\n\"") == "\"h\\x0a\"");
    CHECK(P("(true, false)") == "(tuple true false)");
    auto e = parse_expression(make_source("t", "'\\u{1F600}'"));
    REQUIRE(e->as<IntLit>());
    CHECK(e->as<IntLit>()->value == 0x1F600);
    auto f = parse_expression(make_source("t", "0x1.8p1f32"));
    REQUIRE(f->as<FloatLit>());
    CHECK(f->as<FloatLit>()->value == 3.0);
    CHECK(f->as<FloatLit>()->suffix == PrimType::F32);
    auto s = parse_expression(make_source("t", "\"é\""));
    REQUIRE(s->as<StringLit>());
    CHECK(s->as<StringLit>()->bytes == "\xc3\xa9");
}

TEST_CASE("parser: tuples, records, arrays, ranges") {
    CHECK(P("()") == "(tuple)");
    CHECK(P("(1, 2, 3,)") == "(tuple 1 2 3)");
    CHECK(P("((1))") == "1");
    CHECK(P("{a = 1, b, 0 = c,}") == "{a = 1, b = b, 0 = c}");
    CHECK(P("{}") == "{}");
    CHECK(P("[]") == "[]");
    CHECK(P("[[1, 2], [3, 4]]") == "[[1 2] [3 4]]");
    CHECK(P("0..<n") == "(range 0 _ ..< n)");
    CHECK(P("1..3...n+1") == "(range 1 3 ... (+ n 1))");
    CHECK(P("n..>0") == "(range n _ ..> 0)");
    CHECK(P("1...n") == "(range 1 _ ... n)");
    CHECK(P("0..<n |> map f") == "(range 0 _ ..< (|> n (apply map f)))");
}

TEST_CASE("parser: let forms") {
    CHECK(P("let x = 1 in x") == "(let x 1 x)");
    CHECK(P("let a = 1 let b = 2 in a + b") == "(let a 1 (let b 2 (+ a b)))");
    CHECK(P("let (a, b) = p in a") == "(let (a, b) p a)");
    CHECK(P("let {x, y = z} = r in x") == "(let {x = x, y = z} r x)");
    CHECK(P("let x: i32 = 1 in x") == "(let (x : i32) 1 x)");
    CHECK(P("let [n] (xs: [n]i32) = e in n") == "(let [n] (xs : [n]i32) e n)");
    CHECK(P("let a[i] = v in a") == "(letwith a[i] v a)");
    CHECK(P("let a[i, j] = v in a") == "(letwith a[i, j] v a)");
    CHECK(P("let r.x.y = v in r") == "(letwith r.x.y v r)");
    CHECK(P("let f x (y: i32) : i32 = x + y in f 1 2") ==
          "(letfun f x (y : i32) : i32 = (+ x y) in (apply f 1 2))");
    CHECK(P("let f [n] 't (xs: [n]t) = xs in f") ==
          "(letfun f [n] 't (xs : [n]t) = xs in f)");
    CHECK(P("let _ = 1 in 2") == "(let _ 1 2)");
    CHECK(P("let x = 1 in x : i32") == "(let x 1 (: x i32))");
}

TEST_CASE("parser: if, loop, match, lambda") {
    CHECK(P("if c then 1 else 2 + 3") == "(if c 1 (+ 2 3))");
    CHECK(P("1 + if c then 1 else 2") == "(+ 1 (if c 1 2))");
    CHECK(P("loop acc = 0 for i < n do acc + i") == "(loop acc 0 (for i < n) (+ acc i))");
    CHECK(P("loop (x, y) = (0, 1) for z in zs do (y, x)") ==
          "(loop (x, y) (tuple 0 1) (for z in zs) (tuple y x))");
    CHECK(P("loop x while x < 10 do x * 2") == "(loop x _ (while (< x 10)) (* x 2))");
    CHECK(P("loop (xs: *[]i32) = xs for i < n do xs") ==
          "(loop (xs : *[]i32) xs (for i < n) xs)");
    CHECK(P("match x case 0 -> 1 case -1 -> 2 case #some y -> y case (a, _) -> a") ==
          "(match x (case 0 1) (case (neg 1) 2) (case (#some y) y) (case (a, _) a))");
    CHECK(P("match o case #none -> 0 case #some 'a' -> 1 case #pair 1 true -> 2") ==
          "(match o (case (#none) 0) (case (#some 97) 1) (case (#pair 1 true) 2))");
    CHECK(P("\\x -> x + 1") == "(lambda x -> (+ x 1))");
    CHECK(P("\\x (y: i32) : i32 -> x + y") == "(lambda x (y : i32) : i32 -> (+ x y))");
    CHECK(P("\\(a, b) {c} _ -> a") == "(lambda (a, b) {c = c} _ -> a)");
    CHECK(P("map (\\x -> x) xs") == "(apply map (lambda x -> x) xs)");
    CHECK(P("f <| \\x -> x") == "(<| f (lambda x -> x))");
}

TEST_CASE("parser: with, ascription, assert, constructors, attributes") {
    CHECK(P("a with [i] = v") == "(update a [i] v)");
    CHECK(P("a with [i][j] = v + 1") == "(update a [i, j] (+ v 1))");
    CHECK(P("a with [i] = x |> f") == "(update a [i] (|> x f))");
    CHECK(P("r with x.y = 3") == "(update-field r x.y 3)");
    CHECK(P("r with 0 = 3") == "(update-field r 0 3)");
    CHECK(P("x : i32") == "(: x i32)");
    CHECK(P("x :> [n]i32") == "(:> x [n]i32)");
    CHECK(P("(x : i32, y)") == "(tuple (: x i32) y)");
    CHECK(P("#some 1 x") == "(#some 1 x)");
    CHECK(P("#foo #bar") == "(#foo (#bar))");
    CHECK(P("f #none") == "(apply f (#none))");
    CHECK(P("#[unroll] loop x = 0 for i < 3 do x") ==
          "(#[unroll] (loop x 0 (for i < 3) x))");
    auto e = parse_expression(make_source("t", "assert (x > 0) x + 1"));
    auto *a = e->as<AssertExp>();
    REQUIRE(a);
    CHECK(a->cond_text == "x > 0");
    CHECK(print_exp(*a->exp) == "(+ x 1)");
    // The condition as Futhark prints it in the message: infix operators spaced, none
    // inside brackets, prefix operators kept on their operand, the outer parens gone.
    auto cond = [](const std::string &c) {
        auto x = parse_expression(make_source("t", "assert " + c + " 0"));
        return x->as<AssertExp>()->cond_text;
    };
    CHECK(cond("(x%2 == 0)") == "x % 2 == 0");
    CHECK(cond("(length xs==3&&xs[i+1]>0)") == "length xs == 3 && xs[i + 1] > 0");
    CHECK(cond("(-x > 0 || !(x<5))") == "-x > 0 || !(x < 5)");
    CHECK(cond("((a+1)*2 `max` 3)") == "(a + 1) * 2 `max` 3");
    CHECK(cond("(f (x, y))") == "f (x, y)");
    CHECK(cond("((a) == (b))") == "(a) == (b)"); // the outer pair only
    CHECK(cond("ok") == "ok");
    CHECK(cond("(if x then -1 else 1 > 0)") == "if x then -1 else 1 > 0");
}

TEST_CASE("parser: types") {
    auto T = [](const std::string &t) { return D("def x : " + t + " = 0"); };
    CHECK(T("[n]i32") == "def x : [n]i32 = 0");
    CHECK(T("[][3]f32") == "def x : [][3]f32 = 0");
    CHECK(T("*[]u8") == "def x : *[]u8 = 0");
    CHECK(T("(i32, bool)") == "def x : (i32, bool) = 0");
    CHECK(T("()") == "def x : () = 0");
    CHECK(T("{a: i32, b: []f32}") == "def x : {a: i32, b: []f32} = 0");
    CHECK(T("i32 -> i32 -> bool") == "def x : (i32 -> (i32 -> bool)) = 0");
    CHECK(T("(i32 -> i32) -> bool") == "def x : ((i32 -> i32) -> bool) = 0");
    CHECK(T("(n: i64) -> [n]i32") == "def x : ((n: i64) -> [n]i32) = 0");
    CHECK(T("#a | #b i32 f32") == "def x : (#a | #b i32 f32) = 0");
    CHECK(T("t [n] i32") == "def x : (t [n] i32) = 0");
    CHECK(T("t [] ([n]i32)") == "def x : (t [] [n]i32) = 0");
    CHECK(T("?[n][m].[n][m]i32") == "def x : ?[n][m].[n][m]i32 = 0");
    CHECK(T("[n+1]i32") == "def x : [(+ n 1)]i32 = 0");
    CHECK(T("[n]a -> [n]b") == "def x : ([n]a -> [n]b) = 0");
    Program p = prog("def x : t [n] i32 = 0");
    auto &rt = *p.decls[0]->fun->ret_type;
    CHECK(rt.kind == TypeExp::Kind::Named);
    REQUIRE(rt.dim_args.size() == 1);
    CHECK(rt.dim_args[0].kind == DimExp::Kind::Named);
    CHECK(rt.dim_args[0].name == "n");
    REQUIRE(rt.args.size() == 2);
    CHECK(rt.args[0]->kind == TypeExp::Kind::Array);
    CHECK(!rt.args[0]->elem);
}

TEST_CASE("parser: declarations") {
    CHECK(D("def f [n] 't (xs: [n]t) : [n]t = xs") == "def f [n] 't (xs : [n]t) : [n]t = xs");
    CHECK(D("entry main (x: i32) = x") == "entry main (x : i32) = x");
    CHECK(D("let old = 1") == "def old = 1");
    CHECK(D("def (+^) (a: i32) (b: i32) = a") == "def +^ (a : i32) (b : i32) = a");
    CHECK(D("def (a: i32) +^ (b: i32) = a") == "def +^ (a : i32) (b : i32) = a");
    CHECK(D("def x <*> y = x") == "def <*> x y = x");
    CHECK(D("def (-) x y = x") == "def - x y = x");
    CHECK(D("type t = i32") == "type t = i32");
    CHECK(D("type^ f 'a = a -> a") == "type^ f 'a = (a -> a)");
    CHECK(D("type~ v [n] = ?[m].[m]i32") == "type~ v [n] = ?[m].[m]i32");
    CHECK(D("local def x = 1") == "local def x = 1");
    CHECK(D("#[inline] def x = 1") == "def x = 1");
    CHECK(D("import \"foo/bar\"") == "import \"foo/bar\"");
    CHECK(D("open M") == "open M");
    CHECK(D("def k 'a '^b '~c = 1") == "def k 'a '^b '~c = 1");
    CHECK(D("def i32.sum (xs: []i32) = 0") == "def i32.sum (xs : []i32) = 0");
    CHECK(D("def f = 1\ndef g = 2\nentry h = 3") == "def f = 1\ndef g = 2\nentry h = 3");
    Program p = prog("def f (x: i32) = x\nentry main = 0");
    CHECK(p.decls[1]->fun->is_entry);
    CHECK(!p.decls[0]->fun->is_entry);
}

TEST_CASE("parser: intrinsic declarations") {
    Program p = prog("intrinsic def i32.sum [n] (xs: [n]i32) : i32\n"
                     "intrinsic def map 'a 'b [n] (f: a -> b) (xs: [n]a) : *[n]b\n"
                     "def after = f x\n"
                     "intrinsic def g (x: i32) : i32");
    REQUIRE(p.decls.size() == 4);
    CHECK(print_exp(*p.decls[2]->fun->body) == "(apply f x)");
    CHECK(p.decls[3]->fun->is_intrinsic);
    CHECK(p.decls[0]->fun->is_intrinsic);
    CHECK(p.decls[0]->fun->name == "i32.sum");
    CHECK(!p.decls[0]->fun->body);
    CHECK(print_type_exp(*p.decls[0]->fun->ret_type) == "i32");
    CHECK(p.decls[1]->fun->is_intrinsic);
    CHECK(print_type_exp(*p.decls[1]->fun->ret_type) == "*[n]b");
    CHECK(!p.decls[2]->fun->is_intrinsic);
}

TEST_CASE("parser: doc comments") {
    Program p = prog("-- | Adds one.\n-- More text.\ndef inc (x: i32) = x + 1\n"
                     "-- not a doc\ndef dec (x: i32) = x - 1\n");
    CHECK(p.decls[0]->fun->doc == "Adds one.\nMore text.");
    CHECK(p.decls[1]->fun->doc.empty());
}

TEST_CASE("parser: source locations") {
    auto e = parse_expression(make_source("t", "foo +\n  bar * 2"));
    auto *b = e->as<BinOp>();
    REQUIRE(b);
    CHECK(b->loc.line == 1);
    CHECK(b->loc.col == 1);
    CHECK(b->op_loc.col == 5);
    CHECK(b->rhs->loc.line == 2);
    CHECK(b->rhs->loc.col == 3);
    CHECK(b->rhs->loc.end_col == 10);
    Program p = prog("\n  def f (x: i32) = x");
    CHECK(p.decls[0]->loc.line == 2);
    CHECK(p.decls[0]->loc.col == 3);
    CHECK(p.decls[0]->fun->loc.col == 7);
    CHECK(p.decls[0]->fun->params[0]->loc.col == 10);  // `x` in `(x: i32)`
}

TEST_CASE("parser: syntax errors point at the offending token") {
    auto e = err("f (1 + ))");
    CHECK(e.message() == "unexpected `)`; expected end of input");
    CHECK(e.loc().col == 9);
    e = err("1 + * 2");
    CHECK(e.message() == "unexpected `*`; expected an expression");
    CHECK(e.loc().col == 5);
    e = err("let x = 1");
    CHECK(e.message() == "unexpected end of input; expected `in` after the `let` binding");
    CHECK(e.loc().col == 9);  // end of input points at the last token
    e = err("if x then 1");
    CHECK(e.message().find("expected `else`") != std::string::npos);
    e = err("f (x");
    CHECK(e.message().find("expected `)`") != std::string::npos);
    e = err("a[1");
    CHECK(e.message().find("expected `]`") != std::string::npos);
    e = err("loop x = 0 do x");
    CHECK(e.message() == "unexpected `do`; expected `for` or `while`");
    CHECK(e.loc().col == 12);
    e = err("match x");
    CHECK(e.message().find("expected `case`") != std::string::npos);
    e = err("(1,)");
    CHECK(e.message() == "a tuple must have at least two components");
    CHECK(P("x ??? y") == "(apply x ??? y)"); // a typed hole, no longer an error
    CHECK(P("(!)").find("(not ") != std::string::npos); // `\x -> !x`, no longer an error
    e = err("let if = 1 in 2");
    CHECK(e.message() == "unexpected `if`; expected a pattern");
    e = err("\\ -> 1");
    CHECK(e.message() == "unexpected `->`; expected a lambda parameter");
    e = err("x\n  + \n  )");
    CHECK(e.message() == "unexpected `)`; expected an expression after `+`");
    CHECK(e.loc().line == 3);
    CHECK(e.loc().col == 3);
}

TEST_CASE("parser: declaration errors") {
    auto e = err("def f = 1 in 2", true);
    CHECK(e.message().find("unexpected `in`") != std::string::npos);
    e = err("def (a, b) = (1, 2)", true);
    CHECK(e.message().find("cannot bind patterns at top level") != std::string::npos);
    e = err("def f x y", true);
    CHECK(e.message() == "unexpected end of input; expected `=`");
    e = err("module M = {", true);
    CHECK(e.message() == "unexpected end of input; expected `}` to close the module");
    e = err("def f = let x = 1\ndef g = 2", true);
    CHECK(e.message() == "unexpected `def`; missing `in`?");
    CHECK(e.loc().line == 2);
    e = err("def (&&) a b = a", true);
    CHECK(e.message().find("cannot be redefined") != std::string::npos);
    e = err("type t =", true);
    CHECK(e.message() == "unexpected end of input; expected a type");
    e = err("def f = 1 )", true);
    CHECK(e.message().find("expected a declaration") != std::string::npos);
    e = err("intrinsic def f (x: i32)", true);
    CHECK(e.message().find("result type") != std::string::npos);
}

TEST_CASE("parser: deep nesting is an error, not a crash") {
    std::string deep = std::string(5000, '(') + "x" + std::string(5000, ')');
    CHECK(err(deep).message().find("nested too deeply") != std::string::npos);
    std::string negs;
    for (int i = 0; i < 5000; ++i) negs += "- ";
    CHECK(err(negs + "x").message().find("nested too deeply") != std::string::npos);
    std::string types = "def f : " + std::string(5000, '[');
    CHECK(err(types, true).message().find("nested too deeply") != std::string::npos);
    // Moderately deep code is fine: a long let chain and 300 parentheses.
    std::string lets;
    for (int i = 0; i < 900; ++i) lets += "let x = x + 1 in ";
    CHECK_NOTHROW(P(lets + "x"));
    CHECK(P(std::string(300, '(') + "x" + std::string(300, ')')) == "x");
    // Long left-associative chains are loops, not recursion.
    std::string sum = "0";
    for (int i = 0; i < 20000; ++i) sum += " + 1";
    CHECK_NOTHROW(parse_expression(make_source("t", sum)));
}

TEST_CASE("parser: arbitrary junk never crashes") {
    const char *junk[] = {"(", ")", "[", "]", "{", "}", "let", "in", "def", "=", "\\", "->",
                          ".", "..", "...", "#", "#[", "'", "`", "with", "loop", "match",
                          "case", ":", ":>", "?", "!", "-", "type", "x", "1", "(.", "(.[",
                          "a[", "a with [", "#foo", "intrinsic", ",", "_", "0x1p"};
    // Every pair and triple of fragments, as expression and as program.
    unsigned seed = 1;
    for (int iter = 0; iter < 20000; ++iter) {
        std::string s;
        int n = 1 + iter % 7;
        for (int k = 0; k < n; ++k) {
            seed = seed * 1103515245u + 12345u;
            s += junk[(seed >> 16) % (sizeof junk / sizeof *junk)];
            s += (seed & 1) ? " " : "";
        }
        try {
            parse_expression(make_source("t", s));
        } catch (const CompileError &) {
        }
        try {
            parse_program(make_source("t", "def x = " + s));
        } catch (const CompileError &) {
        }
    }
}
