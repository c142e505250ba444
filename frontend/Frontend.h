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
#include <string>
#include <vector>

namespace loom {

/** Parses a whole program.  Throws CompileError (with location) on the first
 * lexical or syntax error.  `let_patterns` (a REPL's inputs) also takes top-level
 * `let (a, b) = e`, which defines a and b (and a value named `(a, b)` holding both). */
Program parse_program(SourceFilePtr file, bool let_patterns = false);

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

/** The prelude's source after template expansion (see frontend/prelude/README.md). */
SourceFilePtr prelude_file();

/** Creates a SourceFile from a name and text. */
SourceFilePtr make_source(std::string name, std::string text);

/** Type-checks `prog` in `env` (which it extends with the program's definitions),
 * filling in the `type` fields of the AST.  Throws CompileError on the first
 * error.  On error, `env` is left unchanged. */
void check_program(Program &prog, CheckedEnvPtr &env);

/** Type-checks a single expression in `env` (REPL); returns its type.  `shown`, if
 * given, receives the type as `:type` prints it: a function's shared sizes named
 * (`[n]t0 -> [n]t1 -> *[n](t0, t1)`) where the returned type has `[]`. */
TypePtr check_expression(ExpPtr &exp, const CheckedEnvPtr &env, TypePtr *shown = nullptr);

/** The text of the embedded prelude (concatenated .fut files). */
const std::string &prelude_source();

}  // namespace loom
