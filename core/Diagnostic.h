/** \file
 * Source locations and the three kinds of error Loom reports (STYLE.md §3):
 * user errors (CompileError) from the lexer, parser and checker; run-time errors
 * (RuntimeError) from evaluation; internal errors (InternalError) for our own bugs.
 * Every user-visible error renders as `file:line:col: error: message`, the source
 * line, and a caret under the offending column (DESIGN.md §6).
 */
#pragma once

#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace loom {

/** A source file's name and text, shared by every location that points into it. */
struct SourceFile {
    std::string name;
    std::string text;
    bool prelude = false;  ///< Loom's own prelude (frontend/prelude), not a user's file
    /** FutharkScript calls (`$loaddata "f"`) the session has evaluated: the byte offset
     * of a call's `$` -> one past its last byte and the name of its value, which the
     * lexer reads as one name token (Note [Script built-ins] in session/Script.h). */
    std::map<size_t, std::pair<size_t, std::string>> script_names = {};
};
using SourceFilePtr = std::shared_ptr<const SourceFile>;

struct Via;

/** A position in a source file: 1-based line and column; `file` may be null for
 * synthesised code. */
struct SrcLoc {
    SourceFilePtr file;
    int line = 0;
    int col = 0;
    int end_col = 0;  ///< exclusive; 0 means one caret
    /** Set on the user's call of a prelude function where a failure inside it is
     * reported (called_at): the function and the failing place in the prelude. */
    std::shared_ptr<const Via> via = nullptr;

    bool known() const { return line > 0; }
    /** "file:line:col" (or "<unknown>"), the column in characters. */
    std::string str() const;
    /** The column in characters (col counts bytes), as messages show it. */
    int char_col() const;
};

struct Via {
    std::string fn;
    SrcLoc at;
};

/** Whether loc is in the prelude's source (frontend/prelude). */
bool in_prelude(const SrcLoc &loc);

/** A failure at `inner`, in the prelude, reported at `call`, the user's application of
 * prelude function `fn`: the caret goes under the user's code, which is what they can
 * change, and a note names the place in the prelude.  Any other `inner` is returned
 * as it is (a user lambda's own failure, or one already placed). */
SrcLoc called_at(const SrcLoc &inner, const SrcLoc &call, const std::string &fn);

/** Renders "file:line:col: <kind>: message" plus the source line and a caret; of a line
 * longer than max_shown_line bytes, that many around the caret, between "...". */
constexpr size_t max_shown_line = 150;
std::string render_diagnostic(const SrcLoc &loc, const std::string &kind,
                              const std::string &message);

/** Base of user-visible errors carrying a location. */
class LocatedError : public std::runtime_error {
public:
    LocatedError(SrcLoc loc, std::string message)
        : std::runtime_error(message), loc_(std::move(loc)), message_(std::move(message)) {}
    const SrcLoc &loc() const { return loc_; }
    const std::string &message() const { return message_; }
    virtual const char *kind() const = 0;
    /** The full rendering with caret. */
    std::string render() const { return render_diagnostic(loc_, kind(), message_); }

private:
    SrcLoc loc_;
    std::string message_;
};

/** A program that does not lex, parse or type-check. */
class CompileError : public LocatedError {
public:
    using LocatedError::LocatedError;
    const char *kind() const override { return "error"; }
};

/** A failure while running a well-typed program (bounds, sizes, assert, ...). */
class RuntimeError : public LocatedError {
public:
    using LocatedError::LocatedError;
    const char *kind() const override { return "runtime error"; }
};

/** A bug in Loom itself. */
class InternalError : public std::logic_error {
public:
    using std::logic_error::logic_error;
};

/** Evaluation interrupted by the user (Ctrl-C). */
class Interrupted : public std::runtime_error {
public:
    Interrupted() : std::runtime_error("interrupted") {}
};

namespace internal {
[[noreturn]] void internal_error_at(const char *file, int line, const std::string &msg);
}  // namespace internal

}  // namespace loom

#define internal_assert(c)                                                                \
    do {                                                                                  \
        if (!(c)) ::loom::internal::internal_error_at(__FILE__, __LINE__, "assertion failed: " #c); \
    } while (0)
#define internal_error(msg) ::loom::internal::internal_error_at(__FILE__, __LINE__, (msg))
