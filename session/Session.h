/** \file
 * The session engine (DESIGN.md §4): the state behind the terminal REPL and,
 * later, the Jupyter kernel.  It keeps the definitions entered so far, accepts a
 * chunk of input (a declaration, an expression or a `:command`), says whether the
 * chunk is complete, evaluates it and returns an EvalRecord.  The front ends only
 * present records; no evaluation logic lives in them.
 *
 * Backends: "interp" (the reference interpreter), "cpu" (the compiler path of
 * compiler/Pipeline.h, JIT-compiled C++), "cuda" (kernels through NVRTC, host program
 * through the host compiler; needs a GPU) and "auto", the default: cuda where a GPU is
 * usable, else cpu, but the interpreter for code with neither loops nor kernels (nothing
 * to gain from compiling) and, with a note, where the compiler has a limitation.
 */
#pragma once

#include "compiler/Pipeline.h"
#include "core/Diagnostic.h"
#include "core/Value.h"
#include "core/ValueIO.h"
#include "frontend/Frontend.h"
#include "interpreter/Interpreter.h"
#include "session/Script.h"

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace loom {

struct MediaParams;  // session/Media.h

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
    /// What the interpreter's `#[trace]`s printed, `label: value`, in order (errors too:
    /// what was traced before the failure).  Front ends print them first.
    std::vector<std::string> traces;

    std::string error;   ///< Kind::Error: rendered with location and caret
    SrcLoc error_loc;    ///< Kind::Error: where (unknown for command misuse)
    bool interrupted = false;  ///< Kind::Error caused by Ctrl-C

    /// Timings in milliseconds; compile/transfer stay 0 for the interpreter.
    double parse_check_ms = 0, compile_ms = 0, transfer_ms = 0, run_ms = 0;
    /// cuda: the wait for the process's CUDA context to start (once per process; not
    /// part of compile_ms).
    double device_start_ms = 0;
    /// Host<->device copies of the evaluation (cuda): counts and bytes.
    int64_t uploads = 0, downloads = 0, upload_bytes = 0, download_bytes = 0;
    /// Kind::Value on a compiled backend: its kernels with their cache status.  Front
    /// ends print a summary line when `compiled` is set.
    bool compiled = false;
    std::vector<compiler::KernelReport> kernels;
    /// `:ir`, `:code`, `:cuda`: the text is also in `output`; `code_language` says
    /// how to highlight it ("loom-ir", "cpp", "cuda").
    std::string code_language;
    bool show_timing = false;  ///< `:time` is on: front ends print a timing line
    /// Kind::Value: print the value in full even when it is large (`:print`).
    bool full = false;
    /// Kind::Output of `:plot2d`, `:img`, `:video` and `:audio`: the file's bytes, of
    /// type `media_mime` (image/png, image/gif, audio/wav), for front ends that show
    /// them (`output` has the plot in characters, or says what the file holds).
    std::string media, media_mime;
    /// `:img`: `output` only describes the picture; a terminal that can draws it (PNG).
    bool show_image = false;
};

/** A front end's side of a stop at `#[break]` (Session::set_break_io): the terminal
 * REPL's line editor, or Jupyter's input requests. */
struct BreakIO {
    /// Reads a line after showing `prompt`; nullopt at the end of input (Ctrl-D) or on
    /// Ctrl-C (the interrupt flag is then set).
    std::function<std::optional<std::string>(const std::string &prompt)> read_line;
    /// Shows a record at once: the stop, and each answer at the stop's prompt.
    std::function<void(const EvalRecord &)> show;
};

/** One chunk of a multi-chunk input (a `loom --run` script, a notebook cell). */
struct InputChunk {
    std::string text;    ///< ends with a newline unless it is a `:command` line
    int first_line = 1;  ///< where it starts in the input (1-based)
};

class Session {
public:
    /** The source names of typed inputs (the REPL's, a Jupyter cell's), whose places
     * count lines within that input alone. */
    static constexpr const char *repl_source = "<repl>", *cell_source = "<cell>";

    Session();
    ~Session();
    Session(const Session &) = delete;
    Session &operator=(const Session &) = delete;

    /** Evaluates one chunk.  `source_name`/`first_line` name where the chunk came
     * from (a script and the line it starts on), so that errors point into it. */
    EvalRecord submit(const std::string &input, const std::string &source_name = repl_source,
                      int first_line = 1);

    /** Splits a script or cell into the chunks `submit` takes, as `loom --run` does:
     * a `:command` is one line; otherwise a chunk ends at a complete input that the
     * next line does not go on with (continues_input).  Blank lines between chunks are
     * skipped.  The last chunk may be incomplete. */
    std::vector<InputChunk> split(const std::string &text);

    /** Whether `line`, after a complete input, goes on with it rather than starting an
     * input of its own (Note [Lines that go on]): it is indented, or it starts with a word
     * or an operator that no input starts with (`case`, `then`, `else`, `in`, `do`,
     * `with`, `|>`, `+`, ...; not `-` or `!`, which may start an expression).  split()
     * and the terminal REPL's pasted lines go by it. */
    static bool continues_input(const std::string &line);
    /** Whether `input`'s last line (what follows its last newline) is a `case` of a
     * `match` (Note [Lines that go on]): typed line by line, another case may follow, so
     * the terminal and a console's is_complete wait for it, or for a blank line, as
     * Python's REPL ends a block. */
    static bool may_take_more_cases(const std::string &input);
    /** Whether a command (`:type`) takes an expression (or a definition, `:time`), whose
     * lines go on as an input's do. */
    static bool takes_expression(const std::string &cmd);

    /** `name : type` and, when the definition has one, its `-- |` doc comment on the
     * following lines; for user definitions, prelude functions and types (the numeric
     * modules' values with their texts, frontend/Frontend.h numeric_doc), and the built-in
     * operators (`+`: its type at each primitive type it takes and what it does at i32, u32
     * and f32; `f32.+`: at f32).  Nothing for an unknown name. */
    std::optional<std::string> describe(const std::string &name) const;

    /** What inspection (Jupyter's Shift-Tab) shows at byte `cursor` of `text`: describe() of
     * the name or operator at or before the cursor (`(+)` too; `x.f` falls back to `x`),
     * else of the function applied where the cursor is (`f 3|`, `map (+1) xs|`: IPython
     * shows the function of the call the cursor is in).  Nothing when neither is known. */
    std::optional<std::string> inspect(const std::string &text, size_t cursor) const;

    /** Evaluates `text` as an expression alone, as submit() does (Jupyter's
     * user_expressions): a declaration or a command is an error record, so the session's
     * definitions and settings stay as they are. */
    EvalRecord evaluate(const std::string &text, const std::string &source_name = repl_source);

    /** False when `input` is an unfinished expression or declaration (the parser
     * hit the end of input); commands and blank input are complete. */
    bool is_complete(const std::string &input);

    /** Names starting with `prefix`: user definitions, prelude functions (also
     * qualified ones such as `f32.sqrt`), keywords and `:commands`, and after `x.` the
     * fields of the record (or tuple) x; sorted. */
    std::vector<std::string> completions(const std::string &prefix) const;

    /** What Tab completes in `text` before byte `cursor`: `matches` replace
     * text[start, cursor).  A name or `:command` (completions), a backend after
     * `:backend`, or a file or folder (with its `/`) after `:load`. */
    struct Completion {
        size_t start = 0;
        std::vector<std::string> matches;
    };
    Completion complete(const std::string &text, size_t cursor) const;
    /** The characters of a name (`f32.sqrt`, `x'`), as completion and inspection take them. */
    static bool name_char(char c);

    /** Polled by running evaluations; when it becomes true they stop with
     * an "interrupted" error record. */
    void set_interrupt_flag(const std::atomic<bool> *flag);

    /** Lets `#[break] e` stop an evaluation on the interpreter before e, with a prompt
     * (Note [Breaks]).  Without it (scripts, nbclient) breaks do not stop; a note says so. */
    void set_break_io(BreakIO io);

    /** Where FutharkScript's `$loaddata "f"` (Note [Script built-ins]) finds a relative
     * `f`: `loom literate`'s program's folder; empty (the default) the current one. */
    void set_data_dir(std::string dir) { data_dir_ = std::move(dir); }
    /** FutharkScript's automatic uncurrying for `loom literate`'s directives: `f e` with e
     * an n-tuple applies f to its n values where `f e` does not check (Session::uncurried). */
    void set_uncurry(bool on) { uncurry_ = on; }
    /** The size in characters of `:plot2d`'s text (the terminal's plot): the REPL gives
     * its terminal's; 78x24 unless set. */
    void set_text_size(int columns, int rows) {
        text_cols_ = columns;
        text_rows_ = rows;
    }

    bool timing() const { return timing_; }
    const std::string &backend() const { return backend_; }

    /** The command names, for help and completion. */
    static const std::vector<std::string> &command_names();

    /** `:video`'s frames from its value: the value itself (an array of frames), or, for
     * Futhark's other form `(step, state, n)` with `step : s -> (img, s)`, the n frames
     * step makes from state, run on the interpreter and stacked (`type` becomes theirs).
     * Throws MediaError for a value of neither form (video_gif says what it takes), and
     * the interpreter's errors. */
    Value video_frames(const Value &v, std::string &type);

private:
    struct State;
    EvalRecord submit_impl(const std::string &input, const std::string &source_name,
                           int first_line);
    EvalRecord run_command(const std::string &line, const std::string &source_name,
                           int first_line);
    /** `at`, where given, gets the expression's place (for errors about its value). */
    EvalRecord eval_expression(const std::string &text, const std::string &source_name,
                               int first_line, bool type_only, bool full, SrcLoc *at = nullptr);
    EvalRecord add_declarations(const std::string &text, const std::string &source_name,
                                int first_line, const std::string &origin);
    EvalRecord load_file(const std::string &path, bool reload);
    EvalRecord bench(const std::string &text, const std::string &source_name, int first_line);
    EvalRecord show_code(const std::string &cmd, const std::string &text,
                         const std::string &source_name, int first_line);
    /** `:plot2d EXPR` (session/Plot.h: the plot in characters in `output`, the picture in
     * `media`), `:img`, `:video` and `:audio EXPR` (session/Media.h: the file in `media`,
     * a line saying what it holds in `output`): EXPR evaluated, then drawn. */
    /** `v` as a file of `format`: "png" as `:img` draws it, "gif" as `:video` (v and type
     * become the frames'), a sound codec as `:audio`, at `m`'s rate (media_params: 30
     * frames a second and 44100 Hz unless given).  Throws MediaError. */
    std::string media_file(const std::string &format, Value &v, std::string &type, const MediaParams &m);
    /** `:save FILE EXPR`: EXPR's value written to FILE (beside the data folder's files, as
     * `$loaddata` reads them) in the format its extension names. */
    EvalRecord save(const std::string &file, const std::string &text, const std::string &source_name,
                    int first_line);
    EvalRecord picture(const std::string &cmd, const std::string &text, const std::string &source_name,
                       int first_line);
    EvalRecord check_backends(const std::string &text, const std::string &source_name,
                              int first_line);
    EvalRecord set_backend(const std::string &name);
    /** The type `text` (an expression) has in the session's scope, as `:type` shows it;
     * null when it does not check. */
    TypePtr type_of(const std::string &text, TypePtr *shown = nullptr) const;
    std::optional<std::string> describe_operator(const std::string &op) const;

    /** An expression parsed and checked in the session's scope, ready to run. */
    struct Checked {
        ExpPtr exp;
        TypePtr type;
        TypePtr shown; ///< the type as `:type` shows it (sizes named)
        std::vector<Warning> warnings; ///< its holes' types
        double parse_check_ms = 0;
        std::string text;    ///< as given
        SourceFilePtr source; ///< the text, at its line
        int first_line = 1;
    };
    Checked check(const std::string &text, const std::string &source_name, int first_line);
    /** `f e` as `let (a, b, ..) = e in f a b ..` when e checks as a tuple; else null. */
    ExpPtr uncurried(const SourceFilePtr &src) const;
    /** A typed input's text at its line (padded_source), with its FutharkScript calls read
     * and named (Note [Script built-ins]). */
    SourceFilePtr source(const std::string &name, const std::string &text, int first_line);
    /** The hidden constant holding what `call` reads: made now, or the one made for the
     * same file unchanged since. */
    std::string script_value(const ScriptCall &call);
    /** The session's definitions plus `def <name> = exp`: what the compiler lowers. */
    Program as_program(const Checked &c, const std::string &name) const;
    /** Whether a compiled backend compiles code with nothing to gain from it (`xs[5]`,
     * `1 + 1`), which it otherwise leaves to the interpreter: `:check` compiles it. */
    enum class Compile { WhenWorthIt, Always };
    /** Runs a checked expression on `backend` ("interp" or "cpu"), filling the record's
     * value, timings and kernels. */
    void run_on(const std::string &backend, const Checked &c, EvalRecord &r,
                Compile compile = Compile::WhenWorthIt);

    /** Computes top-level constant `d` on the session's compiled backend when that pays
     * (Note [Constants computed once]); nothing to leave it to the interpreter. */
    std::optional<loom::Value> compute_constant(State &st, const FunDef &d);
    std::function<std::optional<loom::Value>(State &, const FunDef &)> constant_hook();
    /** The pipeline options that pass st's computed constants (and array literals) as
     * arguments, and the constants' values an entry built with them takes. */
    static compiler::PipelineOptions constant_options(State &st);
    static std::vector<loom::Value> constant_values(State &st, const compiler::CompiledEntry &e);

    std::unique_ptr<State> st_;
    EvalRecord *defining_ = nullptr;  ///< the record of add_declarations, while it runs
    /// The traces of the running submit (EvalRecord::traces), at most max_traces of them,
    /// and how many more there were.  `:bench` keeps none (and does not stop at breaks).
    static constexpr size_t max_traces = 1000;
    std::vector<std::string> traces_;
    int64_t traces_left_out_ = 0;
    bool quiet_traces_ = false;
    /// Note [Breaks]: the prompt's reader, the places `:skip`ped in this submit, whether a
    /// stop is being answered (breaks then do not stop), and a break passed without io.
    BreakIO break_io_;
    std::set<std::string> skipped_breaks_;
    bool at_break_ = false;
    std::optional<SrcLoc> break_passed_;
    /** What happens at a `#[break]` (the interpreter's BreakHook). */
    void stopped_at(const SrcLoc &at, const Interpreter::Locals &locals);
    /** One line typed at a stop's prompt, evaluated over the stop's locals. */
    EvalRecord eval_at_break(const std::string &text,
                             const Interpreter::Locals &locals);
    const std::atomic<bool> *interrupt_ = nullptr;
    bool timing_ = false;
    std::string backend_ = "auto";
    std::string loaded_file_;  ///< for :reload
    /// Note [Script built-ins]: where relative files are, the hidden constants' values by
    /// name, and their names by what they read (built-in, file, size, time).
    std::string data_dir_;
    bool uncurry_ = false;
    int text_cols_ = 78, text_rows_ = 24;
    std::map<std::string, loom::Value> script_values_;
    std::map<std::string, std::string> script_names_;
    int earlier_names_ = 0;    ///< hidden names given so far (Note [Earlier self])
};

/** The one-line summary after an evaluation on a compiled backend (empty otherwise):
 * `-- cpu: 1 kernel (k0 redomap of map reduce, compiled), compile 412 ms, run 1.2 ms`. */
std::string summary_line(const EvalRecord &r);

/** The `:time` line: `-- time: interp, parse/check 0.1 ms, run 2 ms`. */
std::string timing_line(const EvalRecord &r);

/** A value for display: Futhark's format, but arrays with more than `limit`
 * elements show their first and last rows and a `-- shape [..]` note. */
std::string format_value_abbrev(const loom::Value &v, int64_t limit = 100);

/** A value as front ends show it, handed to `sink` piece by piece (about 64 KiB each) as
 * its text is built: format_value_abbrev(v), or with `full` (`:print`) all of it
 * (write_value_text), so that a long one shows at once and stops, unbuilt, where the sink
 * returns false (Ctrl-C, a front end's size limit).  `prims` counts only with `full`. */
WrittenText show_value(const loom::Value &v, bool full, const TextSink &sink);

}  // namespace loom
