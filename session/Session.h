/** \file
 * The session engine (DESIGN.md §4): the state behind the terminal REPL and,
 * later, the Jupyter kernel.  It keeps the definitions entered so far, accepts a
 * chunk of input (a declaration, an expression or a `:command`), says whether the
 * chunk is complete, evaluates it and returns an EvalRecord.  The front ends only
 * present records; no evaluation logic lives in them.
 *
 * Only the reference interpreter exists so far (backend "interp"); compile,
 * transfer and cache fields stay empty until the compiler (issue 5) lands.
 */
#pragma once

#include "core/Diagnostic.h"
#include "core/Value.h"
#include "frontend/Frontend.h"

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace loom {

/** The result of one submitted chunk. */
struct EvalRecord {
    enum class Kind {
        Empty,        ///< only blanks/comments
        Incomplete,   ///< needs more input (an unfinished expression or definition)
        Value,        ///< an expression was evaluated: `value`, `type`
        Definitions,  ///< declarations were added: `defined`
        Output,       ///< a command produced text: `output`
        Error,        ///< `error` holds the rendered diagnostic; the session is unchanged
        Quit,         ///< `:quit`
    };
    Kind kind = Kind::Empty;

    std::optional<loom::Value> value;  ///< Kind::Value
    std::string type;                  ///< Kind::Value (and `:type`)
    std::string backend = "interp";
    std::vector<std::string> defined;  ///< Kind::Definitions: names in order
    std::string output;                ///< Kind::Output: text (ends without newline)
    std::vector<std::string> notes;    ///< informational lines (e.g. a dropped definition)

    std::string error;   ///< Kind::Error: rendered with location and caret
    SrcLoc error_loc;    ///< Kind::Error: where (unknown for command misuse)
    bool interrupted = false;  ///< Kind::Error caused by Ctrl-C

    /// Timings in milliseconds; compile/transfer stay 0 for the interpreter.
    double parse_check_ms = 0, compile_ms = 0, transfer_ms = 0, run_ms = 0;
    bool show_timing = false;  ///< `:time` is on: front ends print a timing line
    /// Kind::Value: print the value in full even when it is large (`:print`).
    bool full = false;
};

class Session {
public:
    Session();
    ~Session();
    Session(const Session &) = delete;
    Session &operator=(const Session &) = delete;

    /** Evaluates one chunk.  `source_name`/`first_line` name where the chunk came
     * from (a script and the line it starts on), so that errors point into it. */
    EvalRecord submit(const std::string &input, const std::string &source_name = "<repl>",
                      int first_line = 1);

    /** False when `input` is an unfinished expression or declaration (the parser
     * hit the end of input); commands and blank input are complete. */
    bool is_complete(const std::string &input);

    /** Names starting with `prefix`: user definitions, prelude functions (also
     * qualified ones such as `f32.sqrt`), keywords and `:commands`; sorted. */
    std::vector<std::string> completions(const std::string &prefix) const;

    /** Polled by running evaluations; when it becomes true they stop with
     * an "interrupted" error record. */
    void set_interrupt_flag(const std::atomic<bool> *flag);

    bool timing() const { return timing_; }
    const std::string &backend() const { return backend_; }

    /** The command names, for help and completion. */
    static const std::vector<std::string> &command_names();

private:
    struct State;
    EvalRecord submit_impl(const std::string &input, const std::string &source_name,
                           int first_line);
    EvalRecord run_command(const std::string &line, const std::string &source_name,
                           int first_line);
    EvalRecord eval_expression(const std::string &text, const std::string &source_name,
                               int first_line, bool type_only, bool full);
    EvalRecord add_declarations(const std::string &text, const std::string &source_name,
                                int first_line, const std::string &origin);
    EvalRecord load_file(const std::string &path, bool reload);
    EvalRecord bench(const std::string &text, const std::string &source_name, int first_line);

    std::unique_ptr<State> st_;
    const std::atomic<bool> *interrupt_ = nullptr;
    bool timing_ = false;
    std::string backend_ = "interp";
    std::string loaded_file_;  ///< for :reload
};

/** A value for display: Futhark's format, but arrays with more than `limit`
 * elements show their first and last rows and a `-- shape [..]` note. */
std::string format_value_abbrev(const loom::Value &v, int64_t limit = 100);

}  // namespace loom
