/** \file
 * The frontend's entry points: lex + parse, and type-check.
 *
 * The prelude (the .fut files of frontend/prelude/, embedded at build time) is itself a Loom
 * program checked by the same checker; user programs see its definitions.
 */
#pragma once

#include "frontend/AST.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace loom {

/** Parses a whole program.  Throws CompileError (with location) on the first
 * lexical or syntax error.  `let_patterns` (a REPL's inputs) also takes top-level
 * `let (a, b) = e`, which defines a and b (and a value named `(a, b)` holding both). */
Program parse_program(SourceFilePtr file, bool let_patterns = false);

/** Parses the module expression that starts at byte `begin` of `file` (a parametric
 * module's body, elaborated afresh at each application). */
ModExpPtr parse_mod_exp_at(SourceFilePtr file, size_t begin);

/** Parses a single expression (for the REPL and for tests). */
ExpPtr parse_expression(SourceFilePtr file);

/** The environment the checker builds up: every top-level definition visible so
 * far (prelude first), with its type scheme, and type abbreviations.  A REPL
 * session keeps one and checks successive inputs against it. */
struct CheckedEnv;
using CheckedEnvPtr = std::shared_ptr<CheckedEnv>;

/** A fresh environment holding the checked prelude (built once, then shared). */
CheckedEnvPtr prelude_env();

/** The prelude's program after checking (types filled in), parsed once; the
 * interpreter loads its definitions before a user program's. */
const Program &checked_prelude();

/** The prelude's source after template expansion (see frontend/prelude/README.md), each
 * numeric module's definition (`def f32.sqrt`) with its numeric_doc() as its `-- |` doc
 * comment. */
SourceFilePtr prelude_file();

/** The doc text of numeric module `type`'s value `name` (`"f32"`, `"sqrt"`; an operator as
 * `"+"`), from the prelude's `-- @doc` table (frontend/prelude/04_numeric_docs.fut), its
 * `$T`-style variables replaced; nullopt where the table has none. */
std::optional<std::string> numeric_doc(const std::string &type, const std::string &name);

/** Creates a SourceFile from a name and text. */
SourceFilePtr make_source(std::string name, std::string text);

/** Type-checks `prog` in `env` (which it extends with the program's definitions),
 * filling in the `type` fields of the AST and `prog.warnings`.  Throws CompileError on
 * the first error.  On error, `env` is left unchanged. */
void check_program(Program &prog, CheckedEnvPtr &env);

/** Type-checks a single expression in `env` (REPL); returns the type of its value (an
 * abstract type as its definition), and in `warnings` (if given) its holes' types.  `shown`, if given, receives the type as `:type`
 * prints it: a function's shared sizes named (`[n]t0 -> [n]t1 -> *[n](t0, t1)`) where
 * the returned type has `[]`, abstract types by name (`M.t`). */
TypePtr check_expression(ExpPtr &exp, const CheckedEnvPtr &env, TypePtr *shown = nullptr,
                         std::vector<Warning> *warnings = nullptr);

/** The definition a name as written refers to in `env` (`M.f`, `N.f` for `module N = M`,
 * `f` after `open M`: the flat name "M.f"; Note [Modules]), or "".  `type`: a type's. */
std::string resolve_name(const CheckedEnvPtr &env, const std::string &written, bool type = false);

/** The definition a resolved name stands for: a sealed module's member is seen through a
 * view of its specified type ("M.f#2"), which is the definition "M.f". */
std::string definition_name(const CheckedEnvPtr &env, const std::string &flat);

/** A value's type as `:type` and inspection show it after its name: `'a [n] : [n]a -> a`. */
std::string value_signature(const CheckedEnvPtr &env, const std::string &flat);

/** A type abbreviation's parameters and definition: ` 'a [n] = [n]a`. */
std::string type_signature(const CheckedEnvPtr &env, const std::string &flat);

/** The names of modules' members a user can write (`M.x`, `M.N.y`, `M.t`, and what `open`
 * brought in), for completion; the numeric modules' are left out (the prelude has them). */
std::vector<std::string> module_member_names(const CheckedEnvPtr &env);

/** A module's members, for `:type M`: `M : {\n  val x : i32\n  ...\n}`; nullopt when
 * `written` names no module. */
std::optional<std::string> describe_module(const CheckedEnvPtr &env, const std::string &written);

/** The text of the embedded prelude (concatenated .fut files). */
const std::string &prelude_source();

}  // namespace loom
