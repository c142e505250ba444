/** \file
 * FutharkScript's built-ins (futhark-literate.rst, "FutharkScript") in the session:
 * `$loaddata "f"`, `$loadbytes "f"` and `$loadimg "f"` read a file into a value wherever
 * an expression may stand in the REPL, in Jupyter and in `loom literate`'s directives.
 */
#pragma once

#include "core/Diagnostic.h"
#include "core/Value.h"

#include <string>
#include <vector>

namespace loom {

// Note [Script built-ins]: a call is evaluated before its input is parsed.  The session
// finds the calls with the lexer (a `$name` token and the string literals after it on its
// line), reads each file into a value, and defines that value as a hidden top-level
// constant named as the call is written (`$loaddata "xs.in"`, which no input can spell as
// a name: the lexer reads `$` and a name as a call)
// whose declared type is the value's, and whose value the session gives the interpreter
// (Session::compute_constant).  The input's SourceFile maps each call's bytes to that
// name (SourceFile::script_names), so the lexer reads the call as one name token where
// it stands: errors keep their places, and a replay of the input (a redefinition)
// parses the same text to the same names without reading the files again.  Compiled
// evaluations take the constant as an argument, like any array constant.  A call of the
// same file, unchanged since (same size and modification time), is the same constant.

/** One call: `$loaddata "data.in"`. */
struct ScriptCall {
    std::string fn;                 ///< "loaddata", without the `$`
    std::vector<std::string> args;  ///< its string literals' bytes
    size_t begin = 0, end = 0;      ///< the call's bytes in its file
    SrcLoc loc;                     ///< the call, for errors
};

/** The built-ins Loom has, as written (`$loaddata`), for completion. */
std::vector<std::string> script_builtins();

/** The script calls in `file`'s text, in order.  Throws CompileError at a call of an
 * unknown built-in or one without its string arguments; text that does not lex has none
 * (its parse reports the error). */
std::vector<ScriptCall> script_calls(const SourceFilePtr &file);

/** `file` relative to `dir` (empty: the current directory) unless absolute: where the
 * built-ins read and `:save` writes. */
std::string data_path(const std::string &file, const std::string &dir);

/** The file a call reads: its first argument, as data_path places it. */
std::string script_path(const ScriptCall &c, const std::string &dir);

/** The value a call reads from `path` (its script_path; a tuple for a data file of
 * several values).  Throws CompileError at the call: a missing file, data that does not
 * read, a sound libsndfile cannot read, a built-in Loom does not have (`$restore`). */
Value run_script_call(const ScriptCall &c, const std::string &path);

/** The type of a value read from a file as a declaration writes it: `[2][3]f32`,
 * `(i32, [4]u8)`. */
std::string written_type(const Value &v);

}  // namespace loom
