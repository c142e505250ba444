// Unit tests of the module system (Note [Modules] in frontend/TypeCheckModule.cpp): the
// parser's module forms, their elaboration into flat declarations, name resolution
// through aliases and `open`, matching against module types, and what sessions see.
#include "frontend/ASTPrinter.h"
#include "frontend/Frontend.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

using namespace loom;

namespace {

std::string printed(const std::string &src) {
    Program p = parse_program(make_source("t.fut", src));
    std::string out;
    for (auto &d : p.decls) out += (out.empty() ? "" : "\n") + print_decl(*d);
    return out;
}

struct Checked {
    Program prog;
    CheckedEnvPtr env;
};

Checked check_src(const std::string &src, const std::string &file = "t.fut") {
    Checked c;
    c.env = prelude_env();
    c.prog = parse_program(make_source(file, src));
    check_program(c.prog, c.env);
    return c;
}

// The flat names of the program's definitions, in order.
std::string decl_names(const Program &p) {
    std::string out;
    for (auto &d : p.decls) {
        const Decl *x = d.get();
        while (x->kind == Decl::Kind::Local) x = x->inner.get();
        std::string n = x->kind == Decl::Kind::Fun ? x->fun->name : "type " + x->type_decl->name;
        out += (out.empty() ? "" : " ") + n;
    }
    return out;
}

std::string error_of(const std::string &src) {
    try {
        check_src(src);
    } catch (const CompileError &e) {
        return std::to_string(e.loc().line) + ":" + std::to_string(e.loc().col) + ": " + e.message();
    }
    return "accepted";
}

}  // namespace

TEST_CASE("modules: the parser's module declarations, module types and specifications") {
    CHECK(printed("module M = { def x = 1 }") == "module M = { def x = 1 }");
    CHECK(printed("module M : S = N") == "module M = (N : S)");
    CHECK(printed("module F (P: S) (Q: T) : R = { open P }") ==
          "module F = (\\(P: S)(Q: T) : R -> { open P })");
    CHECK(printed("module G = F A B") == "module G = ((F A) B)");
    CHECK(printed("module G = F (import \"x\")") == "module G = (F import \"x\")");
    CHECK(printed("module type S = { type t  type^ f 'a = a -> a  val op : t -> t -> t  val + : t  "
                  "module N : T  include U }") ==
          "module type S = { type t type^ f 'a = (a -> a) val op : (t -> (t -> t)) val + : t "
          "module N : T include U }");
    CHECK(printed("module type S = T with t = i32 with u [n] = [n]f32") ==
          "module type S = ((T with t = i32) with u [n] = [n]f32)");
    CHECK(printed("open M.N\nlocal open import \"lib\"") == "open M.N\nlocal open import \"lib\"");
}

TEST_CASE("modules: parse errors say what a module declaration needs") {
    auto err = [](const std::string &src) {
        try {
            parse_program(make_source("t.fut", src));
        } catch (const CompileError &e) {
            return e.message();
        }
        return std::string("accepted");
    };
    CHECK(err("module M = {\n def x = 1\n").find("`}` to close the module") != std::string::npos);
    CHECK(err("module type S = { def x = 1 }").find("`val name: type`, not `def`") != std::string::npos);
    CHECK(err("module F (P) = P").find("`(p: module type)`") != std::string::npos);
    CHECK(err("val x : i32").find("only valid in a module type") != std::string::npos);
    CHECK(err("open 3").find("after `open`") != std::string::npos);
}

TEST_CASE("modules: members become flat top-level definitions; aliases and open add none") {
    Checked c = check_src(R"(
module M = {
  type t = i32
  def x : t = 1
  local def hidden = 2
  module N = { def y = x + hidden }
}
module A = M.N
open M
def z = x + A.y + N.y
)");
    CHECK(decl_names(c.prog) == "type M.t M.x M.hidden M.N.y z");
    // `x` and `A.y` in z's body are the flat names.
    CHECK(resolve_name(c.env, "A.y") == "M.N.y");
    CHECK(resolve_name(c.env, "x") == "M.x");
    CHECK(resolve_name(c.env, "M.hidden") == "");
    CHECK(resolve_name(c.env, "t", true) == "M.t");
}

TEST_CASE("modules: each application of a parametric module has definitions of its own") {
    Checked c = check_src(R"(
module type num = { type t  val + : t -> t -> t  val i32 : i32 -> t }
module Twice (R: num) = { def twice (x: R.t) = x R.+ x  def one = R.i32 1 }
module A = Twice f32
module B = Twice i64
def a = A.twice A.one
def b = B.twice 3
)");
    CHECK(decl_names(c.prog) == "A.twice A.one B.twice B.one a b");
    CHECK(value_signature(c.env, "a") == " : f32");
    CHECK(value_signature(c.env, "b") == " : i64");
}

TEST_CASE("modules: a curried parametric module, partly applied, then applied again") {
    Checked c = check_src(R"(
module type has_x = { val x : i32 }
module Add (P: has_x) (Q: has_x) = { def sum = P.x + Q.x }
module One = { def x = 1 }
module Two = { def x = 2 }
module AddOne = Add One
module S = AddOne Two
def s = S.sum
)");
    CHECK(decl_names(c.prog) == "One.x Two.x S.sum s");
}

TEST_CASE("modules: ascription keeps the specified members; a mismatch names both types") {
    Checked c = check_src(R"(
module type S = { type t  val mk : i32 -> t }
module M : S = { type t = i32  def mk (x: i32) = x  def extra = 3 }
)");
    CHECK(definition_name(c.env, resolve_name(c.env, "M.mk")) == "M.mk");  // through a view (t is abstract)
    CHECK(resolve_name(c.env, "M.extra") == "");
    CHECK(error_of("module type S = { val f : i32 -> i32 }\nmodule M : S = { def f (x: i64) = x }") ==
          "2:16: module `M`'s `f` is of type `i64 -> i64`, but its module type specifies `i32 -> i32` (at t.fut:1:23)");
    CHECK(error_of("module type S = { type t }\nmodule M : S with t = f64 = { type t = f32 }") ==
          "2:29: module `M`'s type `t` is `f32`, but its module type requires `f64`");
    CHECK(error_of("module M = { def x = 1 }\ndef y = M.z") ==
          "2:9: Unknown name `M.z`: the module has no member `z`");
    // A parametric module's body is checked once for any argument, where it is defined ...
    CHECK(error_of("module type S = { type t  val x : t }\nmodule F (P: S) = { def y : i32 = P.x }\n") ==
          "2:35: Cannot unify type `i32` with type `P.t`: the body of `F.y` does not match its return type "
          "(in the body of `F`, checked for any "
          "arguments of its parameters' module types)");
    // ... and again at each application, which makes its definitions.
    CHECK(error_of("module type S = { type b 'a  val x : b i32 }\nmodule F (P: S) = { def y : i32 = P.x }\n"
                   "module G = F { type b 'a = bool  def x : b i32 = true }")
              .find("(in the application of `F` at t.fut:3:14)") != std::string::npos);
}

TEST_CASE("modules: polymorphic and size-parametric specifications") {
    Checked c = check_src(R"(
module type container = {
  val first 'a [n] : [n]a -> a
  val size [n] 'a : [n]a -> i64
}
module Arr : container = {
  def first 'a [n] (xs: [n]a) = xs[0]
  def size [n] 'a (_: [n]a) = n
}
)");
    CHECK(resolve_name(c.env, "Arr.size") == "Arr.size");
    // A member less general than its specification does not match.
    CHECK(error_of("module type S = { val id 'a : a -> a }\nmodule M : S = { def id (x: i32) = x }")
              .find("`id` is of type `i32 -> i32`") != std::string::npos);
}

TEST_CASE("modules: what a session sees (completion, :type of a module)") {
    Checked c = check_src(R"(
module M = {
  type t = {x: f64}
  def x : i32 = 1
  module N = { def z : bool = true }
}
)");
    std::vector<std::string> names = module_member_names(c.env);
    auto has = [&](const std::string &n) { return std::find(names.begin(), names.end(), n) != names.end(); };
    CHECK(has("M"));
    CHECK(has("M.x"));
    CHECK(has("M.t"));
    CHECK(has("M.N.z"));
    CHECK(!has("f32.sqrt"));  // the prelude's own names come with the prelude
    CHECK(describe_module(c.env, "M").value() ==
          "M : {\n  type t = {x: f64}\n  val x : i32\n  module N : {\n    val z : bool\n  }\n}");
    CHECK(!describe_module(c.env, "x"));
    CHECK(describe_module(c.env, "f32").value().find("val sqrt : f32 -> f32") != std::string::npos);
}

TEST_CASE("modules: import is relative to the importing file, once per file, and not circular") {
    namespace fs = std::filesystem;
    fs::path dir = fs::temp_directory_path() / ("loom_modules_" + std::to_string(::getpid()));
    fs::create_directories(dir / "sub");
    auto write = [&](const fs::path &p, const std::string &text) { std::ofstream(p) << text; };
    write(dir / "sub" / "a.fut", "import \"b\"\ndef a = b + 1\n");
    write(dir / "sub" / "b.fut", "def b : i32 = 41\nentry not_an_entry (x: i32) = x\n");
    write(dir / "loop1.fut", "import \"loop2\"\n");
    write(dir / "loop2.fut", "import \"loop1\"\n");
    Checked c = check_src("import \"sub/a\"\nmodule B = import \"sub/b\"\ndef main = a + B.b\n",
                          (dir / "main.fut").string());
    // b.fut is checked once, for a.fut; `module B = import` reuses it.
    int bs = 0;
    for (auto &d : c.prog.decls)
        if (d->fun && d->fun->name.find("b.b") != std::string::npos) bs++;
    CHECK(bs == 1);
    for (auto &d : c.prog.decls)
        if (d->fun && d->fun->name.find("not_an_entry") != std::string::npos) CHECK(!d->fun->is_entry);
    try {
        check_src("import \"loop1\"\n", (dir / "main.fut").string());
        CHECK(false);
    } catch (const CompileError &e) {
        CHECK(e.message().find("is circular") != std::string::npos);
    }
    fs::remove_all(dir);
}

TEST_CASE("modules: sealing hides an abstract type; the checked program has the definitions") {
    Checked c = check_src(R"(
module type counter = { type t  val zero : t  val incr : t -> t  val get : t -> i32 }
module C : counter = { type t = i32  def zero : t = 0  def incr (x: t) = x + 1  def get (x: t) = x }
module D : counter = C
def one = C.incr C.zero
def n = D.get (D.incr D.zero)
)");
    // Outside, C.t is its own type (and D.t another one) ...
    CHECK(value_signature(c.env, resolve_name(c.env, "C.incr")) == " : C.t -> C.t");
    CHECK(value_signature(c.env, resolve_name(c.env, "D.zero")) == " : D.t");
    CHECK(value_signature(c.env, "one") == " : C.t");
    CHECK(definition_name(c.env, resolve_name(c.env, "D.get")) == "C.get");
    // ... but what the interpreter and the compiler get names C's definitions, at i32.
    CHECK(decl_names(c.prog) == "type C.t C.zero C.incr C.get one n");
    const FunDef &one = *c.prog.decls[4]->fun;
    CHECK(type_to_string(one.ret) == "i32");
    CHECK(print_exp(*one.body) == "(apply C.incr C.zero)");
    const FunDef &n = *c.prog.decls[5]->fun;
    CHECK(print_exp(*n.body) == "(apply C.get (apply C.incr C.zero))");
    CHECK(error_of("module type S = { type t  val x : t }\nmodule M : S = { type t = i32  def x : t = 1 }\n"
                   "def y : i32 = M.x")
              .find("Cannot unify type `i32` with type `M.t`: the body of `y`") != std::string::npos);
    CHECK(describe_module(c.env, "C").value().find("  type t\n") != std::string::npos);
}
