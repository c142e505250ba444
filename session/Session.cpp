// The session engine: see Session.h.
//
// Note [Redefinition]: the interpreter looks top-level names up when it calls
// them, so a plain re-`load` of `def f` would let older definitions that were
// type-checked against the old `f` call a new `f` of another type.  Instead, a
// redefinition rebuilds the session: every earlier chunk is replayed, one
// declaration at a time, into a fresh checker environment and interpreter, with
// the old definitions of the redefined names left out (though the new definition
// may still use them: Note [Earlier self]).  A dependent that no longer
// type-checks is dropped with a note.  The old state is kept until the rebuild
// succeeds, so errors leave the session as it was.
#include "session/Session.h"

#include "compiler/Lower.h"
#include "compiler/backend/cpu/CpuBackend.h"
#include "compiler/backend/cuda/CudaBackend.h"
#include "core/Files.h"
#include "core/Stats.h"
#include "core/Text.h"
#include "core/ValueIO.h"
#include "frontend/Type.h"
#include "frontend/TypeCheck_Internal.h" // CheckedEnv: names and types in scope
#include "interpreter/Interpreter.h"
#include "runtime/KernelCache.h"
#include "runtime/cpu/ObjectCache.h"
#include "runtime/cuda/CudaDevice.h"
#include "runtime/cuda/CudaDriver.h"
#include "session/Media.h"
#include "session/Plot.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <functional>
#include "core/Stack.h"
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <tuple>
#include <set>
#include <sstream>
#include <variant>

namespace loom {

namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

/** One accepted chunk of declarations, kept so the session can be replayed. */
struct Chunk {
    SourceFilePtr file;  ///< padded so that line numbers match the origin
    std::string origin;  ///< the file it was loaded from, or empty
    /** Note [Earlier self]: declaration `decl` is named `rename` (when set) and sees
     * `from` as `bind` (when set). */
    struct Edit {
        size_t decl;
        std::string rename, bind, from;
    };
    std::vector<Edit> edits;
};

/** The declaration under any `local`s (null for a bare `local`). */
const Decl *unlocal(const Decl &d0) {
    const Decl *d = &d0;
    while (d && d->kind == Decl::Kind::Local) d = d->inner.get();
    return d;
}

/** The definition a declaration makes, if it defines a value. */
const FunDef *fun_decl(const Decl &d0) {
    const Decl *d = unlocal(d0);
    return d && d->kind == Decl::Kind::Fun ? d->fun.get() : nullptr;
}

/** The key of a declared name: values and types live in separate namespaces. */
std::string decl_key(const Decl &d0) {
    if (const FunDef *f = fun_decl(d0)) return f->name;
    const Decl *d = unlocal(d0);
    if (!d) return {};
    if (d->kind == Decl::Kind::Type && d->type_decl) return "type " + d->type_decl->name;
    if (d->kind == Decl::Kind::Module && d->mod_bind) return "module " + d->mod_bind->name;
    return {};
}

FunDef *mutable_fun(const Decl &d) {
    return const_cast<FunDef *>(fun_decl(d));
}

/** A chunk's declarations as the session holds them: parsed, with its edits applied. */
Program parse_chunk(const Chunk &c) {
    Program prog = parse_program(c.file, c.origin.empty());
    for (const Chunk::Edit &e : c.edits) {
        FunDef *f = e.decl < prog.decls.size() ? mutable_fun(*prog.decls[e.decl]) : nullptr;
        if (!f)
            continue;
        if (!e.rename.empty())
            f->name = e.rename;
        if (!e.bind.empty() && f->body) {
            auto pat = std::make_shared<Pat>();
            pat->name = e.bind;
            pat->loc = f->loc;
            auto from = std::make_shared<Var>();
            from->name = e.from;
            from->loc = f->loc;
            auto let = std::make_shared<LetPat>();
            let->loc = f->body->loc;
            let->pat = pat;
            let->value = from;
            let->body = f->body;
            f->body = let;
        }
    }
    return prog;
}

/** Whether a parse error only means the input stopped too early. */
bool is_eof_error(const CompileError &e) {
    return e.message().rfind("unexpected end of input", 0) == 0;
}

bool loc_after(const SrcLoc &a, const SrcLoc &b) {
    return a.line != b.line ? a.line > b.line : a.col > b.col;
}

/** The text with blank lines in front so that it starts at `first_line`. */
SourceFilePtr padded_source(const std::string &name, const std::string &text, int first_line) {
    return make_source(name, std::string(std::max(0, first_line - 1), '\n') + text);
}

/** Skips blanks and `--` comments; returns the index of the first token. */
size_t skip_blank(const std::string &s) {
    size_t i = 0;
    while (i < s.size()) {
        if (std::isspace((unsigned char)s[i])) {
            ++i;
        } else if (s.compare(i, 2, "--") == 0) {
            while (i < s.size() && s[i] != '\n') ++i;
        } else {
            break;
        }
    }
    return i;
}

std::string first_word(const std::string &s) {
    size_t i = skip_blank(s), j = i;
    while (j < s.size() && (std::isalnum((unsigned char)s[j]) || s[j] == '_')) ++j;
    return s.substr(i, j - i);
}

EvalRecord error_record(const LocatedError &e) {
    EvalRecord r;
    r.kind = EvalRecord::Kind::Error;
    r.error = e.render();
    r.error_loc = e.loc();
    return r;
}

EvalRecord error_record(const std::string &msg) {
    EvalRecord r;
    r.kind = EvalRecord::Kind::Error;
    r.error = "error: " + msg;
    return r;
}

EvalRecord output_record(const std::string &text) {
    EvalRecord r;
    r.kind = EvalRecord::Kind::Output;
    r.output = text;
    return r;
}

/** The compiled backend a session backend name selects ("auto": cuda with a GPU, else cpu). */
compiler::Backend compiled_backend(const std::string &name) {
    if (name == "cuda") return compiler::Backend::Cuda;
    if (name == "cpu") return compiler::Backend::Cpu;
    return compiler::auto_backend();
}

std::string fmt_ms(double ms) {
    char buf[64];
    if (ms < 1) snprintf(buf, sizeof buf, "%.3f ms", ms);
    else if (ms < 1000) snprintf(buf, sizeof buf, "%.2f ms", ms);
    else snprintf(buf, sizeof buf, "%.3f s", ms / 1000);
    return buf;
}

std::string fmt_bytes(int64_t n) {
    char buf[64];
    if (n < 1024) snprintf(buf, sizeof buf, "%lld B", (long long)n);
    else if (n < 1024 * 1024) snprintf(buf, sizeof buf, "%.1f KiB", n / 1024.0);
    else snprintf(buf, sizeof buf, "%.1f MiB", n / (1024.0 * 1024.0));
    return buf;
}

/** The name the session's expression gets as an entry point of the compiled program. */
const char *const expr_entry = "__repl";

/** A comment for `:cuda`: what each GPU function of `code` uses of an SM, from its cubin
 * (NVRTC through the kernel cache; said so where NVRTC is missing or fails). */
std::string usage_comment(const cuda::CudaCode &code) {
    if (code.kernels.empty())
        return "";
    std::vector<runtime::KernelUse> uses;
    try {
        uses = cuda::kernel_usage(code, expr_entry);
    } catch (const CompileError &e) {
        return "\n/* What each kernel uses of an SM is not known here: " + e.message() + " */";
    }
    std::string out = "\n/* What each kernel uses of an SM (" + runtime::cuda_target_arch() +
                      ", from the cubin):";
    for (const runtime::KernelUse &u : uses)
        out += "\n *   " + u.name + ": " + std::to_string(u.registers) + " registers a thread, " +
               (u.shared_bytes ? fmt_bytes(u.shared_bytes) : std::string("no")) +
               " shared memory a block, " +
               (u.stack_bytes ? fmt_bytes(u.stack_bytes) + " of stack a thread (local memory)"
                              : std::string("no stack"));
    return out + "\n */";
}

std::string kernels_text(const std::vector<compiler::KernelReport> &ks) {
    std::string out = std::to_string(ks.size()) + (ks.size() == 1 ? " kernel" : " kernels");
    for (size_t i = 0; i < ks.size(); ++i) {
        out += (i ? "; " : " (") + ks[i].name + " " + ks[i].kind;
        if (ks[i].fused.size() > 1) {
            out += " of";
            for (const std::string &f : ks[i].fused) out += " " + f;
        }
        if (!ks[i].on_host.empty()) out += ", on the host";
        out += ", " + ks[i].cache;
        if (i + 1 == ks.size()) out += ")";
    }
    return out;
}

/** What `:backend` takes (set_backend), and what Tab offers after it (complete). */
const char *const backend_names[] = {"auto", "cpu", "cuda", "interp"};

const char *const help_text =
    "Enter an expression to evaluate it, or declarations (def, let, type, foreign) to add them;\n"
    "a redefinition replaces the old one.  An unfinished input continues on the next line.\n"
    "\n"
    "  :help            this text\n"
    "  :type EXPR       the type of EXPR (also :t)\n"
    "  :doc NAME        the type and documentation of a definition (the prelude's too)\n"
    "  :print EXPR      evaluate and print the value in full, however large\n"
    "  :time [on|off]   toggle a timing line after each evaluation\n"
    "  :time EXPR       evaluate EXPR (or a definition) with its timing line\n"
    "  :bench EXPR      evaluate EXPR repeatedly; report median and spread\n"
    "  :load FILE       add the definitions of FILE (also :l)\n"
    "  :reload          load the last loaded file again (also :r)\n"
    "  :backend [B]     show or choose the backend: interp, cpu, cuda, or auto (the\n"
    "                   default: cuda with a GPU, else cpu; the interpreter for code\n"
    "                   without loops or parallel work, or where the compiler has a\n"
    "                   limitation)\n"
    "  :ir EXPR         the optimised IR of EXPR (after fusion and bounds checks)\n"
    "  :code EXPR       the C++ the cpu backend generates for EXPR\n"
    "  :cuda EXPR       the CUDA kernels and host program generated for EXPR, and\n"
    "                   what each kernel uses of an SM (running them needs a GPU)\n"
    "  :cache           kernel-cache statistics, and the arrays kept on the GPU\n"
    "  :cache clear     empty the kernel cache\n"
    "  :check EXPR      evaluate EXPR on every backend and compare with the interpreter\n"
    "  :plot2d EXPR     plot a pair of arrays (x, y), or a record of such pairs, with\n"
    "                   gnuplot: in characters here, a picture in Jupyter (640x400;\n"
    "                   `:plot2d EXPR; size: (800, 300)`)\n"
    "  :img EXPR        show [][]u32 ARGB pixels, or [][]f32 (0 to 1), [][]u8 or [][]bool\n"
    "                   grey, as a picture (in Jupyter, and in a colour terminal)\n"
    "  :video EXPR      frames, [n][h][w] of what :img takes, as an animated GIF (Jupyter);\n"
    "                   `:video EXPR; fps: 10, loop: false` (30 a second, looping)\n"
    "  :audio EXPR      samples, [n]t or [channels][n]t (PCM integers, or floats from -1\n"
    "                   to 1), as a WAV sound (Jupyter); `; sampling_frequency: 8000`\n"
    "                   (44100 Hz)\n"
    "  :save FILE EXPR  write EXPR's value to FILE, in the format its name says: .npy,\n"
    "                   .in or .txt (Futhark's text values), .bin (binary values), .png\n"
    "                   (as :img), .gif (as :video), .wav .flac .ogg .opus .mp3 (as :audio,\n"
    "                   with their parameters after a `;`)\n"
    "  :quit            leave (also :q, Ctrl-D); Ctrl-C stops a running evaluation\n"
    "\n"
    "Files: `$loaddata \"f\"` (a data file's values: Futhark's text or binary format, or\n"
    ".npy), `$loadbytes \"f\"` ([]u8), `$loadimg \"f\"` (a PNG's ARGB pixels, [][]u32) and\n"
    "`$loadaudio \"f\"` (a sound's channels, [][]f64) stand for the file's value in any\n"
    "expression.\n"
    "\n"
    "Debugging (on the interpreter, which `auto` then uses): `#[trace] e` prints e's value\n"
    "as it is computed (`#[trace(tag)] e` with a tag); `#[break] e` stops before e with a\n"
    "`break>` prompt for expressions over the local variables, then :continue (Ctrl-D),\n"
    ":skip (no more stops there) or :stop (Ctrl-C).";

}  // namespace

struct Session::State {
    CheckedEnvPtr env = prelude_env();
    std::unique_ptr<Interpreter> interp = std::make_unique<Interpreter>();
    std::vector<Chunk> chunks;
    std::vector<std::string> user_keys;  ///< declared names in order (values and "type t")
    std::vector<ExpPtr> kept_exps;       ///< evaluated expressions (closures point into them)
    std::vector<Program> kept_progs;
    /** Expressions compiled in this state, by backend, definitions count and text: an
     * evaluation of the same text again runs the same entry without lowering, passes or
     * code generation (a new definition, or a new State after a redefinition, makes a new
     * key).  A null entry: `auto` chose the interpreter. */
    struct CompiledExpr {
        std::shared_ptr<compiler::CompiledEntry> entry;
        SourceFilePtr source; ///< where the text was when compiled (its errors' locations)
        int first_line = 1;
        /// ir::Module::traces and breaks, for the note at each run (debug_note)
        std::vector<SrcLoc> traces, breaks;
    };
    std::map<std::string, CompiledExpr> compiled;
    /** Top-level constants compiled evaluations take as arguments, with the values the
     * interpreter holds (Note [Constants computed once]). */
    std::set<const FunDef *> passed;
    /** Computes a constant on the session's compiled backend (Session::compute_constant);
     * unset: the interpreter computes every constant. */
    std::function<std::optional<Value>(State &, const FunDef &)> compute;
    const std::atomic<bool> *interrupt = nullptr;  ///< for `compute`
    /** Note [Constants kept by a replay]: a constant's declaration (its file, line,
     * column and name) and the value the state before the replay computed for it. */
    using ConstantKey = std::tuple<const SourceFile *, int, int, std::string>;
    struct KeptConstant {
        Value value;
        bool passed = false;
    };
    using KeptConstants = std::map<ConstantKey, KeptConstant>;
    /** While a replay loads a declaration whose value may be kept; null otherwise. */
    const KeptConstants *keep = nullptr;

    static ConstantKey constant_key(const FunDef &f) {
        return {f.loc.file.get(), f.loc.line, f.loc.col, f.name};
    }
    /** The values of this state's constants that a replay may keep: those its names
     * still refer to, without functions in them (a closure points into this state's
     * declarations). */
    KeptConstants kept_constants() const {
        KeptConstants out;
        for (const Program &p : kept_progs)
            for (const DeclPtr &d : p.decls)
                if (const FunDef *f = fun_decl(*d); f && f->params.empty() && f->body &&
                                                    f->loc.file && passable(f->ret, false))
                    if (std::optional<Value> v = interp->constant_value(*f))
                        out[constant_key(*f)] = KeptConstant{std::move(*v), passed.count(f) > 0};
        return out;
    }

    /** The time the interpreter has spent computing this state's constants. */
    double interp_ms = 0;

    /** Loads a checked program into the interpreter, its constants through `compute`. */
    void load(const Program &prog) {
        for (const DeclPtr &d : prog.decls)
            if (const FunDef *f = fun_decl(*d);
                f && f->params.empty() && f->body && passable(f->ret, true))
                passed.insert(f);  // arrays: passed whoever computes them
        struct Count {  // the interpreter's time, also when a constant fails
            double &total;
            Clock::time_point t0 = Clock::now();
            double hook_ms = 0;  // compute's own, counted by it
            bool interpreted = false;
            ~Count() {
                if (interpreted) total += std::max(0.0, ms_since(t0) - hook_ms);
            }
        } count{interp_ms};
        Interpreter::ConstantHook hook = [this, &count](const FunDef &d) -> std::optional<Value> {
            if (keep)
                if (auto it = keep->find(constant_key(d)); it != keep->end()) {
                    if (it->second.passed) passed.insert(&d);
                    return it->second.value;
                }
            auto t0 = Clock::now();
            std::optional<Value> v = compute ? compute(*this, d) : std::nullopt;
            count.hook_ms += ms_since(t0);
            count.interpreted |= !v;
            return v;
        };
        interp->load(prog, hook);
    }
    /** A type an entry takes as an argument (compiler/Lower.h, crosses_entry); with
     * `arrays`, one that has an array in it. */
    static bool passable(const TypePtr &t, bool arrays) {
        return crosses_entry(t) && (!arrays || type_contains(t, Type::Kind::Array));
    }

    /** Whether a declared name's key is in scope (the prelude's names too); a
     * module's, always (its members are not looked up here). */
    bool in_view(const std::string &key) const {
        if (key.rfind("module ", 0) == 0) return true;
        if (key.rfind("type ", 0) == 0) return env->types.count(key.substr(5)) > 0;
        return env->vals.count(key) > 0;
    }
    bool defines(const std::string &key) const {
        return std::find(user_keys.begin(), user_keys.end(), key) != user_keys.end();
    }
    void note_key(const std::string &key) {
        if (key.empty()) return;
        user_keys.erase(std::remove(user_keys.begin(), user_keys.end(), key), user_keys.end());
        user_keys.push_back(key);
    }
    static std::unique_ptr<State> replay(const State &old, const std::vector<Chunk> &chunks,
                                         long must, std::set<std::string> drop,
                                         const std::atomic<bool> *interrupt,
                                         std::vector<std::string> &notes,
                                         decltype(compute) compute);
    /** Checks and loads one parsed program; its warnings. */
    std::vector<Warning> add(Program prog) {
        // The keys as written (`module M`), then those of the declarations checking made.
        std::vector<std::string> written;
        for (auto &d : prog.decls) written.push_back(decl_key(*d));
        check_program(prog, env);
        kept_progs.push_back(prog);
        load(kept_progs.back());
        for (auto &k : written) note_key(k);
        for (auto &d : prog.decls) note_key(decl_key(*d));
        return prog.warnings;
    }
};

namespace {

/** A checker's warning as a note line: `file:line:col: warning: Hole of type: i32`. */
std::string warning_note(const Warning &w) { return w.loc.str() + ": warning: " + w.message; }

/** A declared name's type as text, to tell whether a redefinition changes it. */
std::string signature(const CheckedEnvPtr &env, const std::string &key) {
    if (key.rfind("type ", 0) == 0) {
        auto it = env->types.find(key.substr(5));
        if (it == env->types.end()) return {};
        return std::to_string(it->second->params.size()) + " " + type_to_string(it->second->body);
    }
    auto it = env->vals.find(key);
    if (it == env->vals.end()) return {};
    const Scheme &s = it->second->scheme;
    std::string out;
    for (auto &t : s.tparams) out += t + " ";
    for (auto &t : s.sparams) out += "[" + t + "]";
    return out + type_to_string(s.type);
}

}  // namespace

// Note [Constants kept by a replay]: a replay (Note [Redefinition]) used to compute every
// earlier constant again, so redefining a function after `let data = <a minute's work>`,
// or a run-time error in a new constant, took that minute again.  The language is pure,
// so a constant keeps its value where it is the same declaration (same file, place and
// name) seeing the same definitions: in the chunks before the one that changes (all of
// them for a rebuild after an error).  The names it uses are the same ones, since every
// definition of a redefined name is left out (a constant that used one no longer
// checks), unless a dropped dependent leaves an older definition of its name in view:
// from there on, every constant is computed again.

/** A fresh state with `chunks` replayed in order.  Chunk `must` has to load as a
 * whole (its errors propagate); the others go one declaration at a time, leaving
 * out the names in `drop` and dropping (with a note) whatever no longer checks.
 * Constants before chunk `must` (all with -1) keep the values `old` has for them. */
std::unique_ptr<Session::State> Session::State::replay(const State &old,
                                                const std::vector<Chunk> &chunks, long must,
                                                std::set<std::string> drop,
                                                const std::atomic<bool> *interrupt,
                                                std::vector<std::string> &notes,
                                                decltype(compute) compute) {
    auto fresh = std::make_unique<State>();
    fresh->interp->set_interrupt_flag(interrupt);
    fresh->interp->set_trace_hook(old.interp->trace_hook());
    fresh->interp->set_break_hook(old.interp->break_hook());
    fresh->interrupt = interrupt;
    fresh->compute = std::move(compute);
    const KeptConstants kept = old.kept_constants();
    const std::set<std::string> redefined = drop;
    // Why a declaration no longer checks: where it used a name left out, that name (the
    // checker, replaying before the new definition, only knows it is missing).
    auto why = [&](const std::string &msg) {
        for (const char *kind : {"name", "type"}) {
            const std::string head = std::string("Unknown ") + kind + " `";
            if (msg.rfind(head, 0) != 0) continue;
            const std::string x = msg.substr(head.size(), msg.find('`', head.size()) - head.size());
            const std::string key = std::string(kind) == "type" ? "type " + x : x;
            if (redefined.count(key))
                return "it used the earlier `" + x + "`, now redefined (define it again to use the new one)";
            if (drop.count(key)) return "it used `" + x + "`, dropped above";
        }
        return "it no longer type-checks: " + msg;
    };
    bool same_names = true;  // every name seen so far means what it did in `old`
    for (size_t i = 0; i < chunks.size(); ++i) {
        const Chunk &c = chunks[i];
        Program prog = parse_chunk(c);
        if ((long)i == must) {
            for (const Warning &w : fresh->add(prog)) notes.push_back(warning_note(w));
            fresh->chunks.push_back(c);
            continue;
        }
        bool kept_any = false;
        for (auto &d : prog.decls) {
            std::string k = decl_key(*d);
            if (!k.empty() && drop.count(k)) continue;
            try {
                fresh->keep = same_names && (must < 0 || (long)i < must) ? &kept : nullptr;
                fresh->add(Program{prog.file, {d}, {}});
                fresh->keep = nullptr;
                kept_any = true;
            } catch (const LocatedError &e) {
                fresh->keep = nullptr;
                // `let (a, b) = e` is `(a, b)` and its parts: one note says it.
                const std::string &m = e.message();
                bool part = m.rfind("Unknown name `(", 0) == 0 && drop.count(m.substr(14, m.find('`', 14) - 14));
                // A typed input's place (`<repl>:1:1`) says nothing the name does not.
                const std::string &src = d->loc.file ? d->loc.file->name : std::string();
                const std::string where = src == repl_source || src == cell_source ? "" : " (" + d->loc.str() + ")";
                if (!part)
                    notes.push_back("dropped `" + k + "`" + where + ": " + why(e.message()));
                if (!k.empty()) drop.insert(k);
                if (fresh->in_view(k)) same_names = false;
            }
        }
        if (kept_any) fresh->chunks.push_back(c);
    }
    return fresh;
}

// The default backend (auto) is cuda where a GPU is usable: its context starts now, in the
// background, rather than at the first evaluation.
Session::Session() : st_(std::make_unique<State>()) {
    st_->compute = constant_hook();
    // Every later State's interpreter gets the hook from the one before (replay).
    st_->interp->set_trace_hook([this](const std::string &label, const Value &v) {
        if (quiet_traces_) return;
        if (traces_.size() < max_traces) traces_.push_back(label + ": " + format_value_abbrev(v));
        else ++traces_left_out_;
    });
    st_->interp->set_break_hook(
        [this](const SrcLoc &at, const Interpreter::Locals &locals) { stopped_at(at, locals); });
    runtime::cuda_prestart();
}
Session::~Session() = default;

void Session::set_interrupt_flag(const std::atomic<bool> *flag) {
    interrupt_ = flag;
    st_->interp->set_interrupt_flag(flag);
    st_->interrupt = flag;
}

std::function<std::optional<Value>(Session::State &, const FunDef &)> Session::constant_hook() {
    return [this](State &st, const FunDef &d) { return compute_constant(st, d); };
}

compiler::PipelineOptions Session::constant_options(State &st) {
    compiler::PipelineOptions opts;
    opts.constants_as_args = [&st](const FunDef &d) {
        return st.passed.count(&d) && st.interp->constant_value(d);
    };
    opts.lift_literals = true;  // `sq [1, 2, 4]` after `sq [1, 2, 3]`: the same code
    return opts;
}

std::vector<Value> Session::constant_values(State &st, const compiler::CompiledEntry &e) {
    std::vector<Value> args;
    for (const FunDefPtr &d : e.constant_args) {
        std::optional<Value> v = st.interp->constant_value(*d);
        if (!v) throw InternalError("session: no value for the constant `" + d->name + "`");
        args.push_back(std::move(*v));
    }
    return args;
}

void Session::set_break_io(BreakIO io) { break_io_ = std::move(io); }

// Note [Breaks]: `#[break] e` stops an evaluation on the interpreter before e (Futhark's
// interpreter does the same): the terminal REPL (or Jupyter, by input requests) shows
// where, the traces so far and the locals, then reads lines at a `break>` prompt until
// `:continue` (or Ctrl-D).  A line is
// an expression over the locals: it is checked as `\(x: T) ... -> e`, with each local's
// type read off its value (a function's or a sum's cannot be: those are left out), in the
// session's scope, and applied to their values by the same interpreter, whose stopped
// evaluation waits below (Interpreter::eval_nested).  Breaks reached meanwhile do not
// stop.  `:skip` goes on without stopping at this place again in this evaluation,
// `:stop` (or Ctrl-C) ends the evaluation as Ctrl-C does.  Under `auto`, code that
// reaches a break runs on the interpreter; a named compiled backend leaves breaks out.
void Session::stopped_at(const SrcLoc &at, const Interpreter::Locals &locals) {
    if (at_break_ || quiet_traces_) // answering a stop, or `:bench`'s runs
        return;
    if (!break_io_.read_line) {
        if (!break_passed_)
            break_passed_ = at;
        return;
    }
    if (skipped_breaks_.count(at.str()))
        return;
    struct Answering {
        bool &b;
        ~Answering() { b = false; }
    } answering{at_break_ = true};
    EvalRecord stop = output_record("-- stopped at `#[break]` (" + at.str() + ")");
    stop.traces = std::move(traces_);
    traces_.clear();
    std::string vars, left_out;
    for (const auto &l : locals) {
        if (l.type) vars += (vars.empty() ? "" : ", ") + l.name + " : " + type_to_string(l.type);
        else left_out += (left_out.empty() ? "" : ", ") + l.name;
    }
    stop.output += "\n-- locals: " + (vars.empty() ? std::string("none") : vars);
    if (!left_out.empty()) stop.output += "\n-- not available here (functions, sums): " + left_out;
    stop.output += "\n-- an expression over them, or :continue (Ctrl-D), :skip (stop here no more), "
                   ":stop (Ctrl-C)";
    break_io_.show(stop);
    for (;;) {
        std::optional<std::string> line = break_io_.read_line("break> ");
        if (!line) {
            if (interrupt_ && interrupt_->load()) throw Interrupted();
            return;
        }
        std::string cmd = trim(*line);
        if (cmd.empty()) continue;
        if (cmd == ":continue" || cmd == ":c") return;
        if (cmd == ":skip") {
            skipped_breaks_.insert(at.str());
            return;
        }
        if (cmd == ":stop") throw Interrupted();
        EvalRecord r;
        if (cmd[0] == ':') {
            r = error_record("at a `#[break]`: an expression, or :continue, :skip or :stop");
        } else {
            try {
                r = eval_at_break(*line, locals);
            } catch (const LocatedError &e) {
                r = error_record(e);
            }
        }
        r.traces = std::move(traces_);
        traces_.clear();
        break_io_.show(r);
        if (interrupt_ && interrupt_->load()) throw Interrupted();
    }
}

EvalRecord Session::eval_at_break(const std::string &text, const Interpreter::Locals &locals) {
    ExpPtr body = parse_expression(source("<break>", text, 1));
    ExpPtr exp = body;
    std::vector<Value> args;
    std::string params;
    for (const auto &l : locals)
        if (l.type) {
            params += "(" + l.name + ": " + type_to_string(l.type) + ") ";
            args.push_back(l.value);
        }
    if (!args.empty()) {
        exp = parse_expression(make_source("<locals>", "\\" + params + "-> ()"));
        auto *lam = exp->as<Lambda>();
        if (!lam) throw InternalError("session: the locals do not make a lambda: " + params);
        lam->body = body;
    }
    EvalRecord r;
    TypePtr t = check_expression(exp, st_->env);
    st_->kept_exps.push_back(exp);
    auto t0 = Clock::now();
    Value v = st_->interp->eval_nested(*exp);
    if (!args.empty()) v = st_->interp->apply_nested(v, std::move(args));
    r.run_ms = ms_since(t0);
    for (size_t i = 0; i < args.size() && t && t->kind == Type::Kind::Func; ++i) t = t->result;
    r.type = t ? type_to_string(t) : "";
    r.kind = EvalRecord::Kind::Value;
    r.value = std::move(v);
    r.backend = "interp";
    return r;
}

/** "L" or "L and N more": where the `#[trace]`s or `#[break]`s are. */
static std::string places(const std::vector<SrcLoc> &at) {
    std::set<std::string> all;
    for (const SrcLoc &l : at) all.insert(l.str());
    return at.front().str() + (all.size() > 1 ? " and " + std::to_string(all.size() - 1) + " more" : "");
}

/** What happens to the `#[trace]`s and `#[break]`s of code a compiled backend was asked
 * for: under `auto` the interpreter runs it, since only the interpreter prints and stops;
 * a named compiled backend leaves them out.  Breaks count only where they can stop (a
 * frontend that answers them).  Empty when the code has none. */
static std::string debug_note(const std::vector<SrcLoc> &traces, const std::vector<SrcLoc> &breaks,
                              bool can_stop, bool on_auto) {
    std::vector<std::string> what;
    if (!traces.empty())
        what.push_back((on_auto ? "prints `#[trace]` (at " : "`#[trace]` (at ") + places(traces) + ")");
    if (can_stop && !breaks.empty())
        what.push_back((on_auto ? "stops at `#[break]` (at " : "`#[break]` (at ") + places(breaks) + ")");
    if (what.empty())
        return "";
    std::string w = what[0] + (what.size() > 1 ? " and " + what[1] : "");
    return on_auto ? "ran on the interpreter, which " + w
                   : "compiled code leaves out " + w + ": `:backend interp` or `auto` runs it on the interpreter";
}

// Note [Constants computed once]: a top-level constant is a declaration, and every
// compiled evaluation used to lower it again, so `let xs = scan ...` then `i64.sum xs`
// and `i64.maximum xs` ran the scan each time.  Now the session's compiled backend
// computes a constant when it is defined (where compiling pays: a kernel or a loop; the
// interpreter otherwise), the interpreter keeps the value, and compiled evaluations take
// the constants they use as arguments (compiler/Lower.h, ConstantArgs): those with arrays
// in them and those computed compiled.  Cheap scalars (`let n = 1000`) stay inlined, so
// sizes and operands remain known constants.
std::optional<Value> Session::compute_constant(State &st, const FunDef &fd) {
    if (auto it = script_values_.find(fd.name); it != script_values_.end()) {
        st.passed.insert(&fd);  // compiled code takes it as an argument, scalars too
        return it->second;
    }
    if (backend_ == "interp" || !fd.body || !State::passable(fd.ret, false)) return std::nullopt;
    Program p;
    const FunDef *last = nullptr;
    for (const Program &kp : st.kept_progs) {
        p.decls.insert(p.decls.end(), kp.decls.begin(), kp.decls.end());
        for (const DeclPtr &d : kp.decls)
            if (const FunDef *f = fun_decl(*d); f && f->name == fd.name) last = f;
    }
    if (last != &fd) return std::nullopt;  // lowering enters by name: the last definition
    auto t0 = Clock::now();
    std::shared_ptr<compiler::CompiledEntry> entry;
    try {
        compiler::Optimised o = compiler::optimise(p, fd.name, constant_options(st));
        if (!compiler::worth_compiling(o)) return std::nullopt;
        if (std::string note = debug_note(o.module.traces, o.module.breaks, (bool)break_io_.read_line,
                                          backend_ == "auto");
            !note.empty()) {
            if (defining_) defining_->notes.push_back(note);
            if (backend_ == "auto") return std::nullopt;
        }
        entry = compiler::build(std::move(o), compiled_backend(backend_));
    } catch (const CompilerLimitation &) {
        return std::nullopt;
    }
    double compile_ms = ms_since(t0) - entry->report.device_start_ms;
    auto t1 = Clock::now();
    Value v = entry->call(constant_values(st, *entry), st.interrupt);
    double run_ms = ms_since(t1);
    st.passed.insert(&fd);
    if (EvalRecord *r = defining_) {
        compiler::CompiledEntry::Transfers t = entry->last_transfers();
        r->compiled = true;
        r->backend = compiler::backend_name(compiled_backend(backend_));
        r->kernels.insert(r->kernels.end(), entry->report.kernels.begin(),
                          entry->report.kernels.end());
        r->device_start_ms += entry->report.device_start_ms;
        r->compile_ms += compile_ms;
        r->transfer_ms += t.transfer_ms;
        r->run_ms += std::max(0.0, run_ms - t.transfer_ms);
        r->uploads += t.uploads;
        r->downloads += t.downloads;
        r->upload_bytes += t.upload_bytes;
        r->download_bytes += t.download_bytes;
    }
    return v;
}

const std::vector<std::string> &Session::command_names() {
    static const std::vector<std::string> names = {
        ":help", ":type", ":print", ":time",  ":bench", ":load",   ":reload", ":backend",
        ":ir",   ":cuda", ":code",  ":cache", ":check", ":plot2d", ":img",    ":video",
        ":audio", ":save", ":doc", ":quit"};
    return names;
}

/** Whether an input is declarations (rather than an expression or a `let`): its first
 * word, and for `foreign` a header string after it (a variable may be called `foreign`). */
static bool starts_declaration(const std::string &input) {
    static const std::set<std::string> decl_words = {"def",    "entry", "type",  "open",
                                                     "import", "local", "module"};
    std::string word = first_word(input);
    if (word == "foreign") {
        size_t at = input.find("foreign") + 7;
        at = input.find_first_not_of(" \t\r\n", at);
        return at != std::string::npos && input[at] == '"';
    }
    return decl_words.count(word) > 0;
}

bool Session::is_complete(const std::string &input) {
    size_t i = skip_blank(input);
    if (i >= input.size()) return true;
    if (input[i] == ':') {  // a command is unfinished where the expression it takes is
        size_t sp = input.find_first_of(" \t\n", i);
        std::string cmd = input.substr(i, sp == std::string::npos ? std::string::npos : sp - i);
        return sp == std::string::npos || !takes_expression(cmd) || is_complete(input.substr(sp));
    }
    std::string word = first_word(input);
    auto file = make_source("<input>", input);
    bool eof = false;
    auto try_parse = [&](bool as_program) {
        try {
            if (as_program)
                parse_program(file, true);
            else parse_expression(file);
            return true;
        } catch (const CompileError &e) {
            if (is_eof_error(e)) eof = true;
            return false;
        }
    };
    if (starts_declaration(input)) return try_parse(true) || !eof;
    if (word == "let") return try_parse(true) || try_parse(false) || !eof;
    return try_parse(false) || !eof;
}

// Note [Lines that go on]: a script, a cell or a paste is cut into inputs where an input
// is complete and the next line does not go on with it.  An indented line goes on, and
// so does one that starts with what no input can start with: a keyword that only follows
// something (`case` after a `match` and its cases, `in` after `let x = 1`, `then`, `else`,
// `do`, `with`) or a binary operator (`|> map f` under an array).  So a `match` written as
// Futhark programs write it, its cases at the column of `def`, is one input:
//     def f (x: i32) = match x
//     case 0 -> 1
//     case _ -> 2
// (it was cut after its first case, the second an input of its own: an error), and a
// cell ending in a dangling `case` is unfinished (Jupyter's is_complete said complete).
// `-` and `!` are operators that also start an expression (`-1`, `!b`), and `--` a
// comment: those lines start inputs.  A command that takes an expression (`:type`,
// `:video`...) goes on the same way, and is unfinished while its expression is.  The
// terminal cannot see the next line before it runs a complete one: there, typed lines go
// on while the input is unfinished, and after a line that is a `case`, until a blank
// line (may_take_more_cases; a console's is_complete alike), as Python's REPL ends a
// block.
bool Session::takes_expression(const std::string &cmd) {
    static const std::set<std::string> with_expression = {
        ":type", ":t", ":print", ":time", ":bench", ":ir", ":cuda", ":code",
        ":check", ":plot2d", ":img", ":video", ":audio", ":save"};
    return with_expression.count(cmd) > 0;
}

bool Session::may_take_more_cases(const std::string &input) {
    size_t nl = input.rfind('\n');
    std::string last = input.substr(nl == std::string::npos ? 0 : nl + 1);
    std::string word = first_word(last);  // a blank last line gives "": the match ended
    size_t after = skip_blank(last) + word.size();
    return word == "case" && (after == last.size() || !name_char(last[after]));
}

bool Session::continues_input(const std::string &line) {
    static const std::set<std::string> follow_words = {"case", "then", "else", "in", "do", "with"};
    if (line.empty()) return false;
    if (line[0] == ' ' || line[0] == '\t') return line.find_first_not_of(" \t\r") != std::string::npos;
    if (follow_words.count(first_word(line))) {
        const size_t end = first_word(line).size();  // a name such as `cases` is not the word
        return end == line.size() || !name_char(line[end]);
    }
    return std::strchr("+*/%=<>&|^", line[0]) != nullptr;
}

std::vector<InputChunk> Session::split(const std::string &text) {
    auto blank = [](const std::string &l) { return l.find_first_not_of(" \t\r") == std::string::npos; };
    auto command = [](const std::string &l) {
        size_t i = l.find_first_not_of(" \t");
        return i != std::string::npos && l[i] == ':';
    };
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    std::vector<InputChunk> chunks;
    size_t i = 0;
    while (i < lines.size()) {
        if (blank(lines[i])) {
            ++i;
            continue;
        }
        InputChunk c{"", (int)i + 1};
        if (command(lines[i])) {
            // A command's expression goes on as an input does (an indented line, `|>`...).
            c.text = lines[i++];
            while (i < lines.size() && continues_input(lines[i])) c.text += "\n" + lines[i++];
        } else {
            // A chunk ends at a complete input that the next line does not go on with
            // (Note [Lines that go on]; a whole script can look ahead, the terminal
            // cannot).  Leading comments stay with what follows them (a `-- |` doc
            // comment).
            for (;;) {
                c.text += lines[i++];
                c.text += '\n';
                if (i >= lines.size()) break;
                if (continues_input(lines[i])) continue;
                if (command(lines[i])) break;
                if (skip_blank(c.text) < c.text.size() && is_complete(c.text)) break;
            }
        }
        chunks.push_back(std::move(c));
    }
    return chunks;
}

namespace {

/** Reads the arrays of v still pending on the GPU that are small enough to come down
 * whole at their first read (Bytes::peek_above): any display reads them, so their
 * download is counted with the evaluation rather than after it. */
void settle_small(const Value &v) {
    if (v.kind() == Value::Kind::Tuple || v.kind() == Value::Kind::Record ||
        v.kind() == Value::Kind::Sum) {
        for (const Value &e : v.elems())
            settle_small(e);
    } else if (v.is_array() && !v.is_prim_array()) {
        // Zipped from columns: its elements, made when read, are views of them.
        if (const std::vector<Value> *cols = v.columns())
            for (const Value &c : *cols)
                settle_small(c);
    } else if (v.is_prim_array() && v.buffer() && v.buffer()->pending() &&
               v.buffer()->size() <= Bytes::peek_above) {
        (void)v.data();
    }
}

}  // namespace

EvalRecord Session::submit(const std::string &input, const std::string &source_name,
                           int first_line) {
    // submit_impl catches every exception, so nothing crosses the thread boundary.
    EvalRecord r;
    const runtime::LateDownloads before = runtime::late_downloads();
    traces_.clear();
    traces_left_out_ = 0;
    skipped_breaks_.clear();
    break_passed_.reset();
    run_with_big_stack([&] {
        r = submit_impl(input, source_name, first_line);
        if (r.value) {
            try {
                settle_small(*r.value);
            } catch (...) {
                // the display's own read reports it (nothing may leave this thread)
            }
        }
    });
    // GPU results read on the host during this evaluation (they stay on the device until
    // then): counted with its transfers, or said when nothing else shows them.
    runtime::LateDownloads after = runtime::late_downloads();
    if (int64_t n = after.count - before.count; n > 0) {
        int64_t bytes = after.bytes - before.bytes;
        r.downloads += n;
        r.download_bytes += bytes;
        r.transfer_ms += after.ms - before.ms;
        if (!r.compiled)
            r.notes.push_back("read from the GPU: " + std::to_string(n) + " download" +
                              (n == 1 ? "" : "s") + " (" + fmt_bytes(bytes) + ", " +
                              fmt_ms(after.ms - before.ms) + ")");
    }
    if (break_passed_)
        r.notes.push_back("`#[break]` (at " + break_passed_->str() +
                          ") did not stop: breaks stop in the terminal REPL and in Jupyter with input");
    r.traces = std::move(traces_);
    traces_.clear();
    if (traces_left_out_ > 0)
        r.traces.push_back("... and " + std::to_string(traces_left_out_) + " more trace" +
                           (traces_left_out_ == 1 ? "" : "s"));
    return r;
}

EvalRecord Session::submit_impl(const std::string &input, const std::string &source_name,
                                int first_line) {
    size_t i = skip_blank(input);
    if (i >= input.size()) return EvalRecord{};
    EvalRecord r;
    try {
        if (input[i] == ':') {
            // A command starts at its line (its expression may go on: split); the line
            // number counts the skipped lines.
            int line = first_line + (int)std::count(input.begin(), input.begin() + (long)i, '\n');
            r = run_command(trim(input.substr(i)), source_name, line);
        } else {
            std::string word = first_word(input);
            if (starts_declaration(input)) {
                r = add_declarations(input, source_name, first_line, "");
            } else if (word == "let") {
                // `let x = 1` (or `let (a, b) = e`) declares; `let x = 1 in x` is an
                // expression.
                auto file = source(source_name, input, first_line);
                std::optional<CompileError> prog_err, exp_err;
                try {
                    parse_program(file, true);
                } catch (const CompileError &e) {
                    prog_err = e;
                }
                if (!prog_err) {
                    r = add_declarations(input, source_name, first_line, "");
                } else {
                    try {
                        parse_expression(file);
                    } catch (const CompileError &e) {
                        exp_err = e;
                    }
                    if (!exp_err) {
                        r = eval_expression(input, source_name, first_line, false, false);
                    } else {
                        // Report whichever parse got further.
                        const CompileError &e =
                            loc_after(exp_err->loc(), prog_err->loc()) ? *exp_err : *prog_err;
                        r = error_record(e);
                        if (is_eof_error(*exp_err) || is_eof_error(*prog_err))
                            r.kind = EvalRecord::Kind::Incomplete;
                    }
                }
            } else {
                r = eval_expression(input, source_name, first_line, false, false);
            }
        }
    } catch (const LocatedError &e) {
        r = error_record(e);
        if (dynamic_cast<const CompileError *>(&e) && is_eof_error(static_cast<const CompileError &>(e)))
            r.kind = EvalRecord::Kind::Incomplete;
    } catch (const Interrupted &) {
        r = error_record("interrupted");
        r.interrupted = true;
    } catch (const InternalError &e) {
        r = error_record(std::string("internal error (a bug in Loom): ") + e.what());
    } catch (const std::bad_alloc &) {
        r = error_record("out of memory");
    } catch (const std::exception &e) {
        r = error_record(std::string("internal error (a bug in Loom): ") + e.what());
    }
    // Ctrl-C reaches the whole process group: a host compiler killed by it fails, and
    // that failure is the interrupt, not a bug.
    if (r.kind == EvalRecord::Kind::Error && !r.interrupted && interrupt_ && interrupt_->load()) {
        r = error_record("interrupted");
        r.interrupted = true;
    }
    r.show_timing = (timing_ || r.show_timing) && (r.kind == EvalRecord::Kind::Value ||
                                                   r.kind == EvalRecord::Kind::Definitions);
    // What ran it: a compiled backend, or the interpreter (which any backend uses for
    // code with nothing to compile).
    if (r.backend.empty())
        r.backend = "interp";
    return r;
}

Session::Checked Session::check(const std::string &text, const std::string &source_name,
                                int first_line) {
    auto t0 = Clock::now();
    Checked c;
    c.text = text;
    c.first_line = first_line;
    c.source = source(source_name, text, first_line);
    c.exp = parse_expression(c.source);
    try {
        c.type = check_expression(c.exp, st_->env, &c.shown, &c.warnings);
    } catch (const CompileError &) {
        ExpPtr u = uncurry_ ? uncurried(c.source) : nullptr;
        if (!u) throw;
        std::exception_ptr first = std::current_exception();
        c.warnings.clear();
        try {
            c.type = check_expression(u, st_->env, &c.shown, &c.warnings);
        } catch (const CompileError &) {
            std::rethrow_exception(first);  // the error as written
        }
        c.exp = u;
    }
    c.parse_check_ms = ms_since(t0);
    return c;
}

// FutharkScript's automatic uncurrying (futhark-literate.rst): `f e`, with e a tuple of n
// values, is `let (a, b, ..) = e in f a b ..` where that checks and `f e` does not, so
// `main ($loaddata "in.txt")` passes a data file's values as main's arguments.  The text
// is parsed again for each try: the checker writes into the tree it checks.
ExpPtr Session::uncurried(const SourceFilePtr &src) const {
    ExpPtr probe = parse_expression(src);
    Apply *app = probe->as<Apply>();
    if (!app || app->args.size() != 1) return nullptr;
    TypePtr t;
    try {
        t = check_expression(app->args[0], st_->env);
    } catch (const CompileError &) {
        return nullptr;
    }
    if (!t || t->kind != Type::Kind::Tuple || t->elems.size() < 2) return nullptr;
    ExpPtr fresh = parse_expression(src);
    const Apply *call = fresh->as<Apply>();
    auto let = std::make_shared<LetPat>();
    let->loc = fresh->loc;
    let->pat = std::make_shared<Pat>();
    let->pat->kind = Pat::Kind::Tuple;
    let->pat->loc = call->args[0]->loc;
    auto body = std::make_shared<Apply>();
    body->loc = fresh->loc;
    body->fn = call->fn;
    for (size_t i = 0; i < t->elems.size(); ++i) {
        const std::string name = "$arg" + std::to_string(i);  // no input can spell it
        auto p = std::make_shared<Pat>();
        p->name = name;
        p->loc = call->args[0]->loc;
        let->pat->elems.push_back(p);
        auto v = std::make_shared<Var>();
        v->name = name;
        v->loc = call->args[0]->loc;
        body->args.push_back(v);
    }
    let->value = call->args[0];
    let->body = body;
    return let;
}

SourceFilePtr Session::source(const std::string &name, const std::string &text, int first_line) {
    SourceFilePtr file = padded_source(name, text, first_line);
    if (text.find('$') == std::string::npos) return file;
    std::vector<ScriptCall> calls = script_calls(file);
    if (calls.empty()) return file;
    auto named = std::make_shared<SourceFile>(*file);
    for (const ScriptCall &c : calls) named->script_names[c.begin] = {c.end, script_value(c)};
    return named;
}

std::string Session::script_value(const ScriptCall &call) {
    const std::string path = script_path(call, data_dir_);
    std::error_code size_ec, time_ec, path_ec;
    const auto size = std::filesystem::file_size(path, size_ec);
    const auto time = std::filesystem::last_write_time(path, time_ec);
    const std::string key = call.fn + '\n' + std::filesystem::absolute(path, path_ec).string() + '\n' +
                            std::to_string(size) + '\n' +
                            std::to_string(time.time_since_epoch().count());
    const bool known = !size_ec && !time_ec && !path_ec;  // else read it, and keep no key
    if (auto it = script_names_.find(key); known && it != script_names_.end() && st_->defines(it->second))
        return it->second;
    Value v = run_script_call(call, path);
    // A declaration of the value's type, renamed to a name no input can spell (the call,
    // as messages then show it: "Would consume `$loaddata "xs.in"`"; the same call of a
    // changed file gets a number); its value is given, not computed (compute_constant), so
    // the hole never runs.
    const std::string written = call.loc.file->text.substr(call.begin, call.end - call.begin);
    std::string name = written;
    for (int n = 2; script_values_.count(name); ++n) name = written + " #" + std::to_string(n);
    Chunk chunk{make_source("<" + call.fn + ">", "def value : " + written_type(v) + " = ???\n"), "",
                {{0, name, "", ""}}};
    script_values_[name] = std::move(v);
    st_->add(parse_chunk(chunk));
    st_->chunks.push_back(chunk);
    if (known) script_names_[key] = name;
    return name;
}

Program Session::as_program(const Checked &c, const std::string &name) const {
    Program p;
    for (const Program &kp : st_->kept_progs)
        p.decls.insert(p.decls.end(), kp.decls.begin(), kp.decls.end());
    auto f = std::make_shared<FunDef>();
    f->name = name;
    f->loc = c.exp->loc;
    f->body = c.exp;
    f->ret = c.type;
    auto d = std::make_shared<Decl>();
    d->kind = Decl::Kind::Fun;
    d->loc = f->loc;
    d->fun = f;
    p.decls.push_back(d);
    return p;
}

void Session::run_on(const std::string &backend, const Checked &c, EvalRecord &r,
                     Compile compile) {
    r.backend = backend;
    if (backend == "interp") {
        auto t1 = Clock::now();
        r.value = st_->interp->eval(*c.exp);
        r.run_ms = ms_since(t1);
        return;
    }
    auto t1 = Clock::now();
    // Notes where the code's `#[trace]`s and `#[break]`s go; true when `auto` runs it on
    // the interpreter for them.  Breaks stop only with a prompt (the terminal's), so
    // without one compiled code may run, and the submit notes that it did not stop.
    auto debug_attrs = [&](const std::vector<SrcLoc> &traces, const std::vector<SrcLoc> &breaks) {
        const bool io = (bool)break_io_.read_line;
        if (std::string note = debug_note(traces, breaks, io, backend == "auto");
            !note.empty())
            r.notes.push_back(note);
        if (!io && !breaks.empty() && !break_passed_)
            break_passed_ = breaks.front();
        return backend == "auto" && !(traces.empty() && (breaks.empty() || !io));
    };
    const std::string key = backend + (compile == Compile::Always ? "!" : "") + "\n" +
                            std::to_string(st_->kept_progs.size()) + "\n" + c.text;
    std::shared_ptr<compiler::CompiledEntry> entry;
    State::CompiledExpr *hit = nullptr;
    if (auto it = st_->compiled.find(key); it != st_->compiled.end()) {
        hit = &it->second;
        // The same text compiled elsewhere (an earlier line): its traces' places here.
        std::vector<SrcLoc> traces = hit->traces, breaks = hit->breaks;
        for (auto *ls : {&traces, &breaks})
            for (SrcLoc &at : *ls)
                if (at.file == hit->source) {
                    at.file = c.source;
                    at.line += c.first_line - hit->first_line;
                }
        debug_attrs(traces, breaks);
        if (!hit->entry) {
            r.compile_ms = 0;
            run_on("interp", c, r);
            return;
        }
        entry = hit->entry;
        runtime::KernelCache::global().note_memory_hit();
    } else if (!State::passable(c.type, false)) {
        // A function (alone or in a tuple) is a value only the interpreter holds: what
        // compiles is its application.
        st_->compiled[key] = {nullptr, c.source, c.first_line, {}, {}};
        r.compile_ms = 0;
        run_on("interp", c, r);
        return;
    } else {
        compiler::Optimised o =
            compiler::optimise(as_program(c, expr_entry), expr_entry, constant_options(*st_));
        if (st_->compiled.size() >= 256) st_->compiled.clear();  // a bound, not an LRU
        // Code with no kernel and no loop (`xs`, `m[1]`, `s + 1`) costs a host compile
        // (~0.5 s) and runs no faster compiled: the interpreter runs it, on any backend,
        // as it computes such definitions (Note [Constants computed once]).
        if (compile == Compile::WhenWorthIt && !compiler::worth_compiling(o)) {
            st_->compiled[key] = {nullptr, c.source, c.first_line, {}, {}};
            r.compile_ms = 0;
            run_on("interp", c, r);
            return;
        }
        std::vector<SrcLoc> traces = o.module.traces, breaks = o.module.breaks;
        if (debug_attrs(traces, breaks)) {
            st_->compiled[key] = {nullptr, c.source, c.first_line, traces, breaks};
            r.compile_ms = 0;
            run_on("interp", c, r);
            return;
        }
        entry = compiler::build(std::move(o), compiled_backend(backend));
        st_->compiled[key] = {entry, c.source, c.first_line, traces, breaks};
    }
    r.backend = compiler::backend_name(compiled_backend(backend));
    r.device_start_ms = hit ? 0 : entry->report.device_start_ms;
    r.compile_ms = ms_since(t1) - r.device_start_ms;
    auto t2 = Clock::now();
    try {
        r.value = entry->call(constant_values(*st_, *entry), interrupt_);
    } catch (const RuntimeError &e) {
        // The entry was compiled from the same text elsewhere (an earlier line of a
        // script, another cell): its errors point at this evaluation's text instead.
        if (!hit || hit->source == c.source || e.loc().file != hit->source) throw;
        SrcLoc at = e.loc();
        at.file = c.source;
        at.line += c.first_line - hit->first_line;
        throw RuntimeError(at, e.message());
    }
    compiler::CompiledEntry::Transfers t = entry->last_transfers();
    r.transfer_ms = t.transfer_ms;
    r.uploads = t.uploads;
    r.downloads = t.downloads;
    r.upload_bytes = t.upload_bytes;
    r.download_bytes = t.download_bytes;
    r.run_ms = std::max(0.0, ms_since(t2) - t.transfer_ms);
    r.compiled = true;
    r.kernels = entry->report.kernels;
    if (hit)
        for (compiler::KernelReport &k : r.kernels) k.cache = "memory";
}

EvalRecord Session::eval_expression(const std::string &text, const std::string &source_name,
                                    int first_line, bool type_only, bool full, SrcLoc *at) {
    EvalRecord r;
    Checked c = check(text, source_name, first_line);
    if (at) *at = c.exp->loc;
    r.parse_check_ms = c.parse_check_ms;
    r.type = type_to_string(c.type);
    if (type_only) {
        r.kind = EvalRecord::Kind::Output;
        r.output = trim(text) + " : " + type_to_string(c.shown);
        return r;
    }
    st_->kept_exps.push_back(c.exp);
    for (const Warning &w : c.warnings) r.notes.push_back(warning_note(w));
    try {
        if (backend_ == "auto") {
            try {
                run_on("auto", c, r);
            } catch (const CompilerLimitation &e) {
                r.notes.push_back("ran on the interpreter (compiler limitation: " + e.message() +
                                  ", at " + e.loc().str() + ")");
                run_on("interp", c, r);
            }
        } else {
            run_on(backend_, c, r);
        }
    } catch (const RuntimeError &err) { // the notes say where the error came from
        EvalRecord failed = error_record(err);
        failed.notes = r.notes;
        return failed;
    }
    r.kind = EvalRecord::Kind::Value;
    r.full = full;
    return r;
}

/** Generated code from `marker` on, after a line naming what comes before it: the runtime
 * header every unit starts with, and the files of any foreign functions (their C as the
 * user wrote it). */
static std::string generated_part(const std::string &src, const std::string &marker, const char *runtime,
                                  const ir::Module &m, bool device) {
    size_t gen = src.find(marker);
    if (gen == std::string::npos)
        return src;
    std::string before = std::string("// (after the runtime header ") + runtime;
    for (size_t i = 0; i < m.foreign.size(); i++) {
        bool again = device && m.foreign[i]->host_only(); // not in the CUDA: runs on the host
        for (size_t j = 0; j < i; j++)
            again = again || m.foreign[j]->header == m.foreign[i]->header;
        if (!again)
            before += (before.find("foreign") == std::string::npos ? " and the foreign code of " : ", ") +
                      m.foreign[i]->header;
    }
    return before + ")\n" + src.substr(gen);
}

/** `:ir f` and the like on a function: they compile (or compare) a value, not a function (an
 * error record, or nothing when `c` is not a function). */
static std::optional<EvalRecord> needs_arguments(const std::string &cmd, const std::string &text,
                                                 const TypePtr &type) {
    if (!type || type->kind != Type::Kind::Func) return std::nullopt;
    std::string e = trim(text);
    return error_record(cmd + " needs a value, and `" + e + "` is a function (" + type_to_string(type) +
                        "): apply it to arguments, as in `" + cmd + " " + e + " ...`");
}

EvalRecord Session::show_code(const std::string &cmd, const std::string &text,
                              const std::string &source_name, int first_line) {
    Checked c = check(text, source_name, first_line);
    st_->kept_exps.push_back(c.exp);
    if (std::optional<EvalRecord> e = needs_arguments(cmd, c.text, c.shown ? c.shown : c.type)) return *e;
    compiler::Optimised o =
        compiler::optimise(as_program(c, expr_entry), expr_entry, constant_options(*st_));
    EvalRecord r = output_record("");
    if (cmd == ":ir") {
        r.output = ir::to_string(o.module);
        r.code_language = "loom-ir";
    } else if (cmd == ":cuda") {
        // The kernels and the launch plan; the host program's C++ is in `loom compile
        // --backend cuda --emit code`.
        cuda::CudaCode code = cuda::generate_code(o.module);
        r.output = generated_part(code.source, "// ---- kernels generated from the IR",
                                  "runtime/cuda/loom_cuda_rt.h", o.module, true) +
                   usage_comment(code);
        r.code_language = "cuda";
    } else {
        // The runtime header every unit starts with is the same each time: show only
        // what was generated for this expression.
        r.output = generated_part(cpu::generate(o.module.functions.at(0), &o.module).source,
                                  "// ---- generated from the IR", "runtime/cpu/loom_cpu_rt.h", o.module, false);
        r.code_language = "cpp";
    }
    while (!r.output.empty() && r.output.back() == '\n') r.output.pop_back();
    return r;
}

Value Session::video_frames(const Value &v, std::string &type) {
    const bool stepper = v.kind() == Value::Kind::Tuple && v.elems().size() == 3 &&
                         v.elems()[0].kind() == Value::Kind::Function;
    if (!stepper) return v;
    const Value &count = v.elems()[2];
    if (!count.is_prim() || count.prim().type != PrimType::I64)
        throw MediaError("`:video` of `(step, state, n)` takes the number of frames as an i64, not " + type);
    const int64_t n = count.prim().i;
    if (n <= 0) throw MediaError("`:video` of no frames (" + type + ")");
    std::vector<Value> frames;
    Value state = v.elems()[1];
    for (int64_t i = 0; i < n; ++i) {
        Value out = st_->interp->apply_nested(v.elems()[0], {state});
        if (out.kind() != Value::Kind::Tuple || out.elems().size() != 2)
            throw MediaError("`:video`'s step function returns a frame and the next state, `(img, s)`");
        const Value &f = out.elems()[0];
        if (!f.is_prim_array() || f.rank() != 2 ||
            (!frames.empty() && (f.shape() != frames[0].shape() || f.elem_prim() != frames[0].elem_prim())))
            throw MediaError("`:video`'s frames are arrays of what `:img` takes, each of the same type and size; "
                             "frame " + std::to_string(i) + " is " + written_type(f) +
                             (frames.empty() ? std::string() : ", frame 0 " + written_type(frames[0])));
        frames.push_back(f);
        state = out.elems()[1];
    }
    type = "[" + std::to_string(n) + "]" + written_type(frames[0]);
    return Value::stack(frames, nullptr);
}

/** The error for a value a command cannot take (`:img [1, 2]`): at the expression, with
 * the evaluation's notes. */
static EvalRecord value_error(const SrcLoc &at, const std::string &message, const EvalRecord &r) {
    EvalRecord f = error_record(CompileError(at, message));
    f.notes = r.notes;
    return f;
}

std::string Session::media_file(const std::string &format, Value &v, std::string &type, const MediaParams &m) {
    if (format == "png") return image_png(v, type);
    if (format == "gif") {
        v = video_frames(v, type);
        return video_gif(v, type, m.rate, m.loop);
    }
    return audio_file(v, type, m.rate, format);
}

namespace {
/** A video's or sound's command text without its `; key: value, ...` (split_params),
 * and the parameters checked; an error record when they are wrong. */
std::variant<MediaParams, EvalRecord> take_media_params(const std::string &cmd, bool video, std::string &text) {
    auto [exp, params] = split_params(text);
    try {
        MediaParams m = media_params(video, params);
        if (!m.file.empty())
            return error_record("`" + cmd + "`: `file:` names `loom literate`'s file; `:save " + m.file +
                                " EXPR` writes one");
        text = exp;
        return m;
    } catch (const MediaError &e) {
        return error_record("`" + cmd + "`: " + e.what());
    }
}
}  // namespace

EvalRecord Session::picture(const std::string &cmd, const std::string &text, const std::string &source_name,
                            int first_line) {
    // `:video e; fps: 10`, `:audio e; sampling_frequency: 8000` (literate's parameters).
    MediaParams m;
    std::string exp = text;
    std::pair<int, int> size{640, 400};  // a notebook's picture of a plot
    if (cmd == ":video" || cmd == ":audio") {
        auto p = take_media_params(cmd, cmd == ":video", exp);
        if (auto *e = std::get_if<EvalRecord>(&p)) return *e;
        m = std::get<MediaParams>(p);
    } else if (cmd == ":plot2d") {  // `:plot2d e; size: (800, 300)`
        auto [e, params] = split_params(text);
        try {
            size = plot_size(params, size.first, size.second);
        } catch (const PlotError &err) {
            return error_record("`:plot2d`: " + std::string(err.what()));
        }
        exp = e;
    }
    SrcLoc at;
    EvalRecord r = eval_expression(exp, source_name, first_line, false, false, &at);
    if (r.kind != EvalRecord::Kind::Value || !r.value) return r;
    try {
        if (cmd == ":plot2d") {
            // A terminal's width and height in characters; a notebook's picture in pixels.
            r.output = plot2d(*r.value, r.type, PlotFormat::Text, text_cols_, text_rows_);
            r.media = plot2d(*r.value, r.type, PlotFormat::Png, size.first, size.second);
            r.media_mime = "image/png";
        } else if (cmd == ":img") {
            r.media = media_file("png", *r.value, r.type, m);
            r.media_mime = "image/png";
            const std::vector<int64_t> &sh = r.value->shape();
            r.output = "-- image: " + std::to_string(sh[1]) + "x" + std::to_string(sh[0]) + " pixels";
            r.show_image = true;
        } else if (cmd == ":video") {
            r.media = media_file("gif", *r.value, r.type, m);
            r.media_mime = "image/gif";
            const std::vector<int64_t> &sh = r.value->shape();  // the frames'
            r.output = "-- video: " + std::to_string(sh[0]) + (sh[0] == 1 ? " frame of " : " frames of ") +
                       std::to_string(sh[2]) + "x" + std::to_string(sh[1]) + " pixels, " + std::to_string(m.rate) +
                       " a second" + (m.loop ? "" : ", once");
        } else {
            // A notebook's player takes each codec, by its MIME type.
            const std::string codec = m.codec_or_default(false);
            r.media = media_file(codec, *r.value, r.type, m);
            r.media_mime = sound_mime(codec);
            const std::vector<int64_t> &sh = r.value->shape();
            const int64_t channels = sh.size() == 1 ? 1 : sh[0];
            char secs[32];
            snprintf(secs, sizeof secs, "%.2f", (double)sh.back() / m.rate);
            r.output = "-- sound: " + std::to_string(channels) + (channels == 1 ? " channel" : " channels") +
                       " of " + std::to_string(sh.back()) + (sh.back() == 1 ? " sample at " : " samples at ") +
                       std::to_string(m.rate) + " Hz, " + secs + " s";
        }
    } catch (const PlotError &e) {
        return value_error(at, e.what(), r);
    } catch (const MediaError &e) {
        return value_error(at, e.what(), r);
    }
    r.kind = EvalRecord::Kind::Output;
    r.value.reset();
    return r;
}

EvalRecord Session::save(const std::string &file, const std::string &text, const std::string &source_name,
                         int first_line) {
    std::string ext = std::filesystem::path(file).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char ch) { return (char)std::tolower(ch); });
    static const std::set<std::string> formats = {".npy", ".in",  ".txt",  ".bin", ".png", ".gif",
                                                  ".wav", ".flac", ".ogg", ".opus", ".mp3"};
    if (!formats.count(ext))  // before the evaluation, which may take a while
        return error_record(CompileError(check(text, source_name, first_line).exp->loc,
                                         "`:save` writes .npy, .in or .txt, .bin, .png, .gif, .wav, .flac, "
                                         ".ogg, .opus or .mp3 files, by the name's extension, not `" + file + "`"));
    // A video's or sound's parameters, as `:video`'s and `:audio`'s (`; fps: 10`).
    const bool video = ext == ".gif", sound = sound_codec(ext.substr(1));
    MediaParams m;
    std::string exp = text;
    if (video || sound) {
        auto p = take_media_params(":save", video, exp);
        if (auto *e = std::get_if<EvalRecord>(&p)) return *e;
        m = std::get<MediaParams>(p);
        if (sound && !m.codec.empty() && "." + m.codec != ext)
            return error_record("`:save`: the file's name says its codec (`" + ext + "`), not `codec: " + m.codec + "`");
    }
    SrcLoc at;
    EvalRecord r = eval_expression(exp, source_name, first_line, false, false, &at);
    if (r.kind != EvalRecord::Kind::Value || !r.value) return r;
    auto failed = [&](const std::string &message) { return value_error(at, message, r); };
    const Value &v = *r.value;
    // The values a data file holds: a tuple's elements, one after another ($loaddata reads
    // them back as the tuple).
    std::vector<Value> values = v.kind() == Value::Kind::Tuple ? v.elems() : std::vector<Value>{v};
    auto plain = [](const Value &x) { return x.is_prim() || x.is_prim_array(); };
    std::string bytes;
    try {
        if (ext == ".npy") {
            if (!plain(v)) return failed("`:save` to .npy takes a number or an array of numbers, not " + r.type);
            bytes = write_npy(v);
        } else if (ext == ".in" || ext == ".txt" || ext == ".bin") {
            for (const Value &x : values) {
                if (!plain(x))
                    return failed("`:save` to " + ext + " takes values of primitive types and arrays of them " +
                                  "(a tuple of them: one after another), not " + r.type);
                if (ext == ".bin") write_binary_value(x, bytes);
                else bytes += value_to_string(x) + "\n";
            }
        } else {  // a picture, a video or a sound, as :img, :video and :audio make them
            bytes = media_file(ext.substr(1), *r.value, r.type, m);
        }
    } catch (const MediaError &e) {
        return failed(e.what());
    }
    const std::string path = data_path(file, data_dir_);
    std::ofstream out(path, std::ios::binary);
    out << bytes;
    out.close();
    if (!out) return failed("`:save`: cannot write `" + path + "`");
    r.kind = EvalRecord::Kind::Output;
    r.output = "-- wrote " + path + " (" + std::to_string(bytes.size()) + " bytes)";
    r.value.reset();
    return r;
}

// Note [Checking the backends]: `:check e` runs e on the interpreter, the reference, and
// on each compiled backend, compiled even where the backend would leave it to the
// interpreter (code with nothing to compile: `xs[5]`), so that every line compares two
// implementations.  A backend agrees when it gives a value close to the interpreter's
// (values_close), or fails where the interpreter fails: a run-time error is a result
// too, and the interpreter's is shown with its place and caret.  Which error each gives
// may differ (a compiled bounds check reports the same index, an assertion the same
// place, but not every message is word for word the interpreter's), so failing is what
// is compared; a backend's own message is shown where it is not the interpreter's.  A
// backend that gives a value where the interpreter fails, or fails where it gives one,
// differs: that is a bug, and `:check` is then an error.
EvalRecord Session::check_backends(const std::string &text, const std::string &source_name,
                                   int first_line) {
    Checked c = check(text, source_name, first_line);
    st_->kept_exps.push_back(c.exp);
    if (std::optional<EvalRecord> e = needs_arguments(":check", c.text, c.shown ? c.shown : c.type))
        return *e;
    EvalRecord ref;
    std::optional<RuntimeError> ref_error;
    try {
        run_on("interp", c, ref);
    } catch (const RuntimeError &e) {
        ref_error = e;
    }
    std::string out = "interp: " + (ref_error ? ref_error->render() : format_value_abbrev(*ref.value));
    bool same = true;
    // One line per compiled backend: its value or error and whether it agrees, or why it
    // did not run.
    auto compare = [&](const std::string &backend) {
        std::string head = "\n" + backend + ":" + std::string(7 - backend.size(), ' ');
        EvalRecord r;
        try {
            run_on(backend, c, r, Compile::Always);
            bool agrees = !ref_error && values_close(*ref.value, *r.value);
            same = same && agrees;
            out += head + format_value_abbrev(*r.value) +
                   (agrees ? "  -- agrees"
                    : ref_error ? "  -- DIFFERS: the interpreter fails"
                                : "  -- DIFFERS from the interpreter");
        } catch (const CompilerLimitation &e) {
            out += head + "not compiled (compiler limitation: " + e.message() + ", at " +
                   e.loc().str() + ")";
        } catch (const RuntimeError &e) {
            if (!ref_error) {
                same = false;
                out += head + e.render() + "  -- DIFFERS from the interpreter";
            } else if (e.render() == ref_error->render()) {
                out += head + "fails too, with the same error  -- agrees";
            } else {
                out += head + "fails too  -- agrees\n" + e.render();
            }
        }
    };
    compare("cpu");
    if (std::optional<std::string> why = runtime::cuda_unavailable())
        out += "\ncuda:   not run: " + *why;
    else
        compare("cuda");
    if (!same) {
        // Whether the value holds floats anywhere (in arrays, tuples, records, sums).
        bool floats = !ref_error && type_any(c.type, false, [](const Type &t) {
            return t.kind == Type::Kind::Prim && is_float(t.prim);
        });
        return error_record("the backends differ:\n" + out +
                            (floats ? "\n-- note: reductions and scans of floats may round differently "
                                      "on each backend, which adds in its own order"
                                    : ""));
    }
    return output_record(out);
}

EvalRecord Session::set_backend(const std::string &name) {
    if (std::find(std::begin(backend_names), std::end(backend_names), name) == std::end(backend_names))
        return error_record("unknown backend `" + name + "`; choose interp, cpu, cuda or auto");
    if (name == "cuda") {
        if (std::optional<std::string> why = runtime::cuda_unavailable())
            return error_record(*why);
        runtime::cuda_prestart();
    }
    backend_ = name;
    return output_record("backend: " + name);
}

namespace {

// Note [Earlier self]: the replay of a redefinition that changes a name's type leaves
// the old definitions out (Note [Redefinition]), so `let ys = ys ++ ys` ([2]i32 to
// [4]i32) could not see the old ys, though a redefinition of the same type can (it
// shadows).  When the new chunk fails so, the old definitions of the name stay under
// hidden names (`ys@1`, which no input can spell), each seeing the one before it as the
// name, as shadowing would; the new chunk's definitions up to the name's see the last.
// Definitions in between that used the old name are still dropped: they follow the
// name, which now has another type.  The edits stay with the chunks for later replays.
// Only constants: a function renamed so would no longer call itself.  The definitions
// before the name's in its chunks (a pattern's whole value, `let (ys, n) = ...`) see the
// earlier one too.  False: nothing to keep.
bool keep_earlier(std::vector<Chunk> &chunks, size_t must, const std::string &key, int &serial) {
    std::string earlier;
    for (size_t i = 0; i <= must; ++i) {
        Program prog = parse_chunk(chunks[i]);
        size_t last = SIZE_MAX; // the new chunk: up to its first definition of the name
        for (size_t j = 0; j < prog.decls.size(); ++j)
            if (decl_key(*prog.decls[j]) == key && (last == SIZE_MAX || i < must))
                last = j;
        for (size_t j = 0; last != SIZE_MAX && j <= last; ++j) {
            const FunDef *f = fun_decl(*prog.decls[j]);
            if (!f)
                continue;
            bool old = i < must && decl_key(*prog.decls[j]) == key;
            if (old && !f->params.empty())
                return false;
            std::string hidden = old ? key + "@" + std::to_string(++serial) : "";
            if (old || !earlier.empty())
                chunks[i].edits.push_back({j, hidden, earlier.empty() ? "" : key, earlier});
            if (old)
                earlier = hidden;
        }
    }
    return !earlier.empty();
}

} // namespace

EvalRecord Session::add_declarations(const std::string &text, const std::string &source_name,
                                     int first_line, const std::string &origin) {
    EvalRecord r;
    auto t0 = Clock::now();
    const State *before = st_.get();
    const double interp_before = st_->interp_ms;
    // Constants computed on a compiled backend report into r (compute_constant).
    struct Defining {
        EvalRecord *&at;
        ~Defining() { at = nullptr; }
    } defining{defining_ = &r};
    // A loaded file is a program, which has no FutharkScript.
    Chunk chunk{origin.empty() ? source(source_name, text, first_line)
                               : padded_source(source_name, text, first_line),
                origin, {}};
    // Typed inputs may define names by a pattern (`let (a, b) = e`); loaded files are
    // programs as `loom run` reads them.
    Program prog = parse_program(chunk.file, origin.empty());
    std::vector<std::string> keys;
    for (auto &d : prog.decls)
        if (auto k = decl_key(*d); !k.empty()) keys.push_back(k);

    // Check against the current definitions first (check_program copies on write,
    // so `trial` leaves the session's env alone).
    CheckedEnvPtr trial = st_->env;
    auto file_index = std::find_if(st_->chunks.begin(), st_->chunks.end(),
                                   [&](const Chunk &c) { return !origin.empty() && c.origin == origin; });
    bool reload = file_index != st_->chunks.end();
    if (!reload) check_program(prog, trial);
    // Note [Redefinition]: a redefinition of the same type can simply shadow.  A module's
    // members are definitions of their own ("M.x", made by checking): when one of them
    // changes its type, the earlier `module M` goes too.
    std::vector<std::string> flat_keys = keys;
    if (!reload)
        for (auto &d : prog.decls)
            if (auto k = decl_key(*d); !k.empty() && k.find('.') != std::string::npos) flat_keys.push_back(k);
    std::set<std::string> changed;
    for (auto &k : flat_keys)
        if (st_->defines(k) && signature(st_->env, k) != signature(trial, k)) changed.insert(k);
    for (auto &k : keys)
        if (k.rfind("module ", 0) == 0 && st_->defines(k)) {
            const std::string members = k.substr(7) + ".";
            if (std::any_of(changed.begin(), changed.end(),
                            [&](const std::string &c) { return c.rfind(members, 0) == 0; }))
                changed.insert(k);
        }

    if (!reload && changed.empty()) {
        // A compile error has been reported above without touching anything.  A
        // run-time error (or Ctrl-C) in a top-level constant comes after the env was
        // extended: rebuild from the accepted chunks to undo it.
        st_->env = trial;
        try {
            st_->kept_progs.push_back(prog);
            st_->load(st_->kept_progs.back());
        } catch (...) {
            std::vector<Chunk> chunks = st_->chunks;
            std::vector<std::string> notes;
            // Not interruptible: the flag may still be set from the Ctrl-C.
            auto fresh = State::replay(*st_, chunks, -1, {}, nullptr, notes, constant_hook());
            fresh->interp->set_interrupt_flag(interrupt_);
            fresh->interrupt = interrupt_;
            fresh->kept_exps = std::move(st_->kept_exps);
            st_ = std::move(fresh);
            throw;
        }
        for (auto &k : keys) st_->note_key(k);
        for (auto &d : prog.decls) st_->note_key(decl_key(*d));
        st_->chunks.push_back(chunk);
        for (const Warning &w : prog.warnings) r.notes.push_back(warning_note(w));
    } else {
        // Replay: a reloaded file takes its old place (later inputs are checked
        // against its new definitions); a definition whose type changed goes last,
        // and older definitions of its names are left out.
        std::vector<Chunk> chunks = st_->chunks;
        long must = 0;
        if (reload) {
            must = file_index - st_->chunks.begin();
            chunks[(size_t)must] = chunk;
        } else {
            chunks.push_back(chunk);
            must = (long)chunks.size() - 1;
        }
        std::unique_ptr<State> fresh;
        std::vector<std::string> notes;
        try {
            fresh = State::replay(*st_, chunks, must, changed, interrupt_, notes, constant_hook());
        } catch (const CompileError &e) {
            // `let xs = xs ++ xs` (Note [Earlier self]): a new definition that uses the old
            // one of another type keeps it under a hidden name.
            auto self = std::find_if(changed.begin(), changed.end(), [&](const std::string &k) {
                const std::string head = "Unknown name `" + k + "`"; // (and perhaps a hint)
                return e.message() == head || e.message().rfind(head + ":", 0) == 0;
            });
            if (reload || self == changed.end() ||
                !keep_earlier(chunks, (size_t)must, *self, earlier_names_))
                throw;
            notes.clear();
            fresh = State::replay(*st_, chunks, must, changed, interrupt_, notes, constant_hook());
        }
        r.notes.insert(r.notes.end(), notes.begin(), notes.end());
        fresh->kept_exps = std::move(st_->kept_exps);
        st_ = std::move(fresh);
    }
    // The interpreter's constants (those of a replay too) are run time.
    r.run_ms += st_->interp_ms - (st_.get() == before ? interp_before : 0.0);
    r.parse_check_ms = std::max(0.0, ms_since(t0) - r.device_start_ms - r.compile_ms -
                                         r.transfer_ms - r.run_ms);
    r.kind = EvalRecord::Kind::Definitions;
    // `let (a, b) = e` also defines a value named as its pattern is written (parse_program's
    // let_patterns), which no input can name: a and b are what it defines.
    for (auto &k : keys) {
        const size_t sp = k.rfind(' ');
        const std::string name = sp == std::string::npos ? k : k.substr(sp + 1);
        if (std::all_of(name.begin(), name.end(), name_char)) r.defined.push_back(k);
    }
    return r;
}

EvalRecord Session::load_file(const std::string &path, bool reload) {
    std::string text;
    if (std::optional<std::string> why = read_regular_file(path, text)) return error_record(*why);
    loaded_file_ = path; // also when it does not check: :reload after the fix
    EvalRecord r = add_declarations(text, path, 1, path);
    if (r.kind == EvalRecord::Kind::Definitions) {
        std::string msg = (reload ? "reloaded " : "loaded ") + path + " (" +
                          std::to_string(r.defined.size()) + " definition" +
                          (r.defined.size() == 1 ? "" : "s") + ")";
        r.kind = EvalRecord::Kind::Output;
        r.output = msg;
    }
    return r;
}

EvalRecord Session::bench(const std::string &text, const std::string &source_name,
                          int first_line) {
    Checked c = check(text, source_name, first_line);
    st_->kept_exps.push_back(c.exp);
    // Compile once (outside the timing); a compiler limitation under auto means interp.
    std::string backend = backend_;
    std::shared_ptr<compiler::CompiledEntry> entry;
    std::vector<Value> args;
    if (backend != "interp") {
        try {
            compiler::Backend b = compiled_backend(backend_);
            entry = compiler::compile_entry(as_program(c, expr_entry), expr_entry, b,
                                            constant_options(*st_));
            backend = compiler::backend_name(b);
            args = constant_values(*st_, *entry);
        } catch (const CompilerLimitation &) {
            if (backend_ != "auto") throw;
            backend = "interp";
        }
    }
    std::vector<double> times;
    struct Quiet { // a trace would print at every run, and printing is not what is timed
        bool &q;
        ~Quiet() { q = false; }
    } quiet{quiet_traces_ = true};
    auto start = Clock::now();
    // At least 5 runs, then until about half a second has passed (at most 1000).
    while (times.size() < 5 || (ms_since(start) < 500 && times.size() < 1000)) {
        auto t0 = Clock::now();
        if (entry)
            entry->call(args, interrupt_);
        else
            st_->interp->eval(*c.exp);
        times.push_back(ms_since(t0));
    }
    auto [lo, hi] = std::minmax_element(times.begin(), times.end());
    char buf[256];
    snprintf(buf, sizeof buf,
             "-- bench: %s: median %.3f ms, spread ±%.3f ms (MAD), min %.3f ms, max %.3f ms, "
             "%zu runs",
             backend.c_str(), median(times), median_absolute_deviation(times), *lo, *hi, times.size());
    return output_record(buf);
}

EvalRecord Session::run_command(const std::string &line, const std::string &source_name,
                                int first_line) {
    size_t sp = line.find_first_of(" \t\n");
    std::string cmd = line.substr(0, sp);
    std::string arg = sp == std::string::npos ? "" : trim(line.substr(sp));
    // The argument's column in the line, so that errors point at it.
    // The argument keeps its column (the command word blanked out), so that an
    // error's caret points at it.
    auto arg_source = [&](const std::string &a) {
        size_t col = line.find(a, sp == std::string::npos ? 0 : sp);
        return std::string(col == std::string::npos ? 0 : col, ' ') + a;
    };
    auto need_arg = [&](const char *what) -> std::optional<EvalRecord> {
        if (arg.empty()) return error_record(cmd + " needs " + what);
        return std::nullopt;
    };

    if (cmd == ":help" || cmd == ":h" || cmd == ":?") return output_record(help_text);
    if (cmd == ":quit" || cmd == ":q") {
        EvalRecord r;
        r.kind = EvalRecord::Kind::Quit;
        return r;
    }
    if (cmd == ":type" || cmd == ":t") {
        if (auto e = need_arg("an expression")) return *e;
        if (auto m = describe_module(st_->env, trim(arg))) return output_record(*m);
        return eval_expression(arg_source(arg), source_name, first_line, true, false);
    }
    if (cmd == ":doc") {
        if (auto e = need_arg("a name")) return *e;
        std::string name = trim(arg);
        if (name.size() > 2 && name.front() == '(' && name.back() == ')')  // `(|>)`: the operator
            name = trim(name.substr(1, name.size() - 2));
        if (auto d = describe(name)) return output_record(*d);
        return error_record("no definition, type or module named `" + trim(arg) + "`");
    }
    if (cmd == ":print") {
        if (auto e = need_arg("an expression")) return *e;
        return eval_expression(arg_source(arg), source_name, first_line, false, true);
    }
    if (cmd == ":time") {
        if (arg == "on" || arg == "off")
            timing_ = arg == "on";
        else if (arg.empty())
            timing_ = !timing_;
        else {  // `:time EXPR` (or a definition): this evaluation's timing line alone
            EvalRecord r = submit_impl(arg_source(arg), source_name, first_line);
            r.show_timing = true;
            return r;
        }
        return output_record(timing_ ? "timing on" : "timing off");
    }
    if (cmd == ":load" || cmd == ":l") {
        if (auto e = need_arg("a file name")) return *e;
        return load_file(arg, false);
    }
    if (cmd == ":reload" || cmd == ":r") {
        if (!arg.empty())
            return error_record(":reload takes no argument (it loads the last file loaded again" +
                                (loaded_file_.empty() ? std::string() : ", `" + loaded_file_ + "`") +
                                "); :load FILE loads another");
        if (loaded_file_.empty()) return error_record(":reload: no file has been loaded");
        return load_file(loaded_file_, true);
    }
    if (cmd == ":backend") {
        if (arg.empty()) return output_record("backend: " + backend_);
        return set_backend(arg);
    }
    if (cmd == ":bench") {
        if (auto e = need_arg("an expression")) return *e;
        return bench(arg_source(arg), source_name, first_line);
    }
    if (cmd == ":ir" || cmd == ":cuda" || cmd == ":code") {
        if (auto e = need_arg("an expression")) return *e;
        return show_code(cmd, arg_source(arg), source_name, first_line);
    }
    if (cmd == ":check") {
        if (auto e = need_arg("an expression")) return *e;
        return check_backends(arg_source(arg), source_name, first_line);
    }
    // What each picture command takes, said when its expression is missing.
    static const std::map<std::string, std::string> pictures = {
        {":plot2d", "a pair of arrays (x, y), or a record of pairs"},
        {":img", "[][]u32 ARGB pixels, or [][]f32, [][]u8, [][]bool grey"},
        {":video", "frames, [n][h][w] of what :img takes"},
        {":audio", "samples, [n]t or [channels][n]t"}};
    if (auto p = pictures.find(cmd); p != pictures.end()) {
        if (auto e = need_arg(("an expression: " + p->second).c_str())) return *e;
        return picture(cmd, arg_source(arg), source_name, first_line);
    }
    if (cmd == ":save") {
        const char *usage = "a file name and an expression: `:save out.npy xs`";
        if (auto e = need_arg(usage)) return *e;
        const size_t fsp = arg.find_first_of(" \t\n");
        if (fsp == std::string::npos) return error_record(":save needs " + std::string(usage));
        return save(arg.substr(0, fsp), arg_source(trim(arg.substr(fsp))), source_name, first_line);
    }
    if (cmd == ":cache") {
        if (arg == "clear") {
            // Every level: the disk, this process's loaded objects, the session's compiled
            // expressions (a memory hit after a clear would say nothing was cleared).
            runtime::KernelCache::global().clear();
            runtime::forget_loaded_objects();
            st_->compiled.clear();
            return output_record("kernel cache cleared");
        }
        if (!arg.empty()) return error_record(":cache takes no argument, or `clear`");
        runtime::CacheStats cs = runtime::KernelCache::global().stats();
        char buf[512];
        snprintf(buf, sizeof buf,
                 "kernel cache: %s\n  on disk: %llu entries, %.1f MiB of %.0f MiB\n"
                 "  this session: %llu memory hits, %llu disk hits, %llu compiled, %llu evicted",
                 cs.dir.c_str(), (unsigned long long)cs.entries, cs.bytes / 1048576.0,
                 cs.limit_bytes / 1048576.0, (unsigned long long)cs.memory_hits,
                 (unsigned long long)cs.disk_hits, (unsigned long long)cs.misses,
                 (unsigned long long)cs.evictions);
        std::string out = buf;
        if (std::optional<runtime::KeptArrays> k = runtime::kept_arrays())
            out += std::string("\n") + (k->emulated ? "emulated GPU" : "GPU") + ": " +
                   std::to_string(k->count) + (k->count == 1 ? " array" : " arrays") +
                   " kept for later evaluations (" + fmt_bytes(k->bytes) + ")";
        return output_record(out);
    }
    return error_record("unknown command `" + cmd + "`; :help lists the commands");
}

std::vector<std::string> Session::completions(const std::string &prefix) const {
    std::set<std::string> out;
    auto consider = [&](const std::string &name) {
        if (name.compare(0, prefix.size(), prefix) == 0) out.insert(name);
    };
    if (!prefix.empty() && prefix[0] == ':') {
        for (auto &c : command_names()) consider(c);
        return {out.begin(), out.end()};
    }
    if (!prefix.empty() && prefix[0] == '$') {
        for (auto &b : script_builtins()) consider(b);
        return {out.begin(), out.end()};
    }
    // `p.` with p a record (or tuple) value: its fields, when the session knows its type.
    if (size_t dot = prefix.rfind('.'); dot != std::string::npos && dot > 0) {
        const std::string base = prefix.substr(0, dot);
        if (TypePtr t = type_of(base)) {
            if (t->kind == Type::Kind::Record)
                for (auto &[field, ft] : t->fields) consider(base + "." + field);
            else if (t->kind == Type::Kind::Tuple)
                for (size_t i = 0; i < t->elems.size(); ++i)
                    consider(base + "." + std::to_string(i));
        }
    }
    // Modules' definitions have flat names ("M.x", "_2.y"): they are completed as they
    // are written instead.
    auto flat = [](const std::string &k) { return k.find_first_of(".#") != std::string::npos; };
    for (auto &k : st_->user_keys)
        if (k.rfind("type ", 0) == 0) {
            if (!flat(k)) consider(k.substr(5));
        } else if (k.find('@') == std::string::npos && !flat(k) && k.rfind("module ", 0) != 0) {
            consider(k); // Note [Earlier self]
        }
    for (auto &k : module_member_names(st_->env)) consider(k);
    for (auto &d : checked_prelude().decls) {
        std::string k = decl_key(*d);
        if (k.rfind("type ", 0) == 0) k = k.substr(5);
        // Operators and internal helpers are not worth completing.
        if (!k.empty() && (std::isalpha((unsigned char)k[0])) && k.find("__") == std::string::npos)
            consider(k);
    }
    static const char *const keywords[] = {"def",   "let",   "in",    "if",    "then",
                                           "else",  "loop",  "for",   "while", "do",
                                           "match", "case",  "type",  "entry", "assert",
                                           "with",  "true",  "false", "map",   "reduce",
                                           "scan",  "filter", "iota", "i8",    "i16",
                                           "i32",   "i64",   "u8",    "u16",   "u32",
                                           "u64",   "f16",   "f32",   "f64",   "bool"};
    for (const char *k : keywords) consider(k);
    return {out.begin(), out.end()};
}

bool Session::name_char(char c) {
    return std::isalnum((unsigned char)c) || c == '_' || c == '.' || c == '\'';
}

/** The files and folders (with their `/`) whose paths start with `word`, relative to `dir`
 * (empty: the current folder); files only with extension `ext` unless it is empty. */
static std::vector<std::string> file_matches(const std::string &word, const std::string &dir,
                                             const std::string &ext) {
    namespace fs = std::filesystem;
    const size_t slash = word.rfind('/');
    const std::string sub = slash == std::string::npos ? "" : word.substr(0, slash + 1);
    const std::string base = word.substr(sub.size());
    const fs::path where = fs::path(dir.empty() ? "." : dir) / (sub.empty() ? "." : sub);
    std::vector<std::string> out;
    std::error_code ec;
    for (auto it = fs::directory_iterator(fs::path(sub).is_absolute() ? fs::path(sub) : where, ec);
         !ec && it != fs::directory_iterator(); it.increment(ec)) {
        std::string name = it->path().filename().string();
        if (name.rfind(base, 0) != 0 || (name[0] == '.' && base.empty())) continue;
        bool folder = it->is_directory(ec);
        if (folder || ext.empty() || it->path().extension() == ext) out.push_back(sub + name + (folder ? "/" : ""));
    }
    std::sort(out.begin(), out.end());
    return out;
}

Session::Completion Session::complete(const std::string &text, size_t cursor) const {
    cursor = std::min(cursor, text.size());
    const size_t line = text.rfind('\n', cursor == 0 ? 0 : cursor - 1);
    const size_t from = line == std::string::npos || cursor == 0 ? 0 : line + 1;
    const std::string head = text.substr(from, cursor - from);
    // A command's argument: the word after the command and its blanks.
    auto argument_of = [&](std::initializer_list<const char *> cmds) -> std::optional<size_t> {
        size_t b = head.find_first_not_of(" \t");
        if (b == std::string::npos) return std::nullopt;
        size_t e = head.find_first_of(" \t", b);
        if (e == std::string::npos) return std::nullopt;
        std::string cmd = head.substr(b, e - b);
        if (std::none_of(cmds.begin(), cmds.end(), [&](const char *c) { return cmd == c; })) return std::nullopt;
        size_t a = head.find_first_not_of(" \t", e);
        a = a == std::string::npos ? head.size() : a;
        if (head.find_first_of(" \t", a) != std::string::npos) return std::nullopt; // a second word
        return from + a;
    };
    Completion c;
    if (std::optional<size_t> a = argument_of({":backend"})) {
        c.start = *a;
        const std::string word = text.substr(*a, cursor - *a);
        for (const char *b : backend_names)
            if (std::string(b).rfind(word, 0) == 0) c.matches.push_back(b);
        return c;
    }
    if (std::optional<size_t> a = argument_of({":save"})) {  // the file, where `$loaddata` reads
        c.start = *a;
        c.matches = file_matches(text.substr(*a, cursor - *a), data_dir_, "");
        return c;
    }
    if (std::optional<size_t> a = argument_of({":load", ":l"})) {
        c.start = *a;
        c.matches = file_matches(text.substr(*a, cursor - *a), "", ".fut");
        return c;
    }
    // A FutharkScript call's file (`$loaddata "da|`): any file, where the call looks.
    if (size_t q = head.rfind('"');
        q != std::string::npos && q > 0 && std::count(head.begin(), head.end(), '"') % 2 == 1) {
        const size_t e = head.find_last_not_of(" \t", q - 1);
        const std::string before = e == std::string::npos ? "" : head.substr(0, e + 1);
        for (const std::string &b : script_builtins())
            if (before.ends_with(b)) {
                c.start = from + q + 1;
                c.matches = file_matches(head.substr(q + 1), data_dir_, "");
                return c;
            }
    }
    size_t start = cursor;
    while (start > from && name_char(text[start - 1])) --start;
    if (start > from && (text[start - 1] == ':' || text[start - 1] == '$')) --start;
    c.start = start;
    c.matches = completions(text.substr(start, cursor - start));
    return c;
}

std::optional<std::string> Session::describe(const std::string &written) const {
    const std::string name = resolve_name(st_->env, written);
    if (auto it = st_->env->vals.find(name); !name.empty() && it != st_->env->vals.end()) {
        std::string out = written + value_signature(st_->env, name);
        // The doc comment of the latest definition of `name` (user first, then prelude).
        const std::string def = definition_name(st_->env, name);
        auto fun_in = [&](const Program &p) -> const FunDef * {
            for (auto d = p.decls.rbegin(); d != p.decls.rend(); ++d) {
                const Decl *x = d->get();
                while (x && x->kind == Decl::Kind::Local) x = x->inner.get();
                if (x && x->kind == Decl::Kind::Fun && x->fun && x->fun->name == def)
                    return x->fun.get();
            }
            return nullptr;
        };
        const FunDef *fun = nullptr;
        for (auto p = st_->kept_progs.rbegin(); p != st_->kept_progs.rend() && !fun; ++p)
            fun = fun_in(*p);
        if (!fun && it->second->from_prelude) fun = fun_in(checked_prelude());
        if (fun && fun->foreign)
            out += "\n(foreign: the C function `" + fun->foreign->symbol + "` of " + fun->foreign->header +
                   (fun->foreign->libraries.empty() ? "" : ", linking " + fun->foreign->libraries) + ")";
        if (fun && !fun->doc.empty()) out += "\n\n" + trim(fun->doc);
        return out;
    }
    if (auto m = describe_module(st_->env, written)) return m;
    const std::string tname = resolve_name(st_->env, written, true);
    if (auto it = st_->env->types.find(tname); !tname.empty() && it != st_->env->types.end()) {
        return "type " + written + type_signature(st_->env, tname);
    }
    return describe_operator(written);
}

namespace {

bool op_char(char c) { return std::strchr("+-*/%=!<>&|^", c) != nullptr && c != '\0'; }

/** Keywords at which an application (`f x y`) cannot go on to the left. */
bool stops_application(const std::string &word) {
    static const std::set<std::string> kws = {"in",    "then",  "else", "do",     "let",
                                              "if",    "loop",  "for",  "while",  "with",
                                              "case",  "match", "def",  "entry",  "type",
                                              "module", "val",  "local", "open",  "import"};
    return kws.count(word) > 0;
}

}  // namespace

TypePtr Session::type_of(const std::string &text, TypePtr *shown) const {
    try {
        ExpPtr e = parse_expression(make_source("<inspect>", text));
        return check_expression(e, st_->env, shown);
    } catch (const std::exception &) {
        return nullptr;
    }
}

// Note [Operators described]: the built-in operators are the checker's, not definitions.
// `(op)` checks with its overloading resolved to a default (`(+) : i32 -> i32 -> i32`), so an
// operator that works on primitive types is shown at a type `t` standing for each one it
// takes (which `t.op`, as `f32.+`, says), and one that is polymorphic (`==`, `&&`) as it is.
std::optional<std::string> Session::describe_operator(const std::string &op) const {
    // `f32.+`: the operator at that type, with its doc text (Note [Numeric docs] in
    // frontend/Prelude.cpp).
    if (size_t dot = op.find('.'); dot != std::string::npos && prim_from_name(op.substr(0, dot))) {
        const std::string type = op.substr(0, dot), bare = op.substr(dot + 1);
        TypePtr t;
        if (bare.empty() || !std::all_of(bare.begin(), bare.end(), op_char) ||
            !type_of("(" + op + ")", &t))
            return std::nullopt;
        std::optional<std::string> doc = numeric_doc(type, bare);
        return "(" + op + ") : " + type_to_string(t) + (doc ? "\n\n" + *doc : "");
    }
    if (op.empty() || !std::all_of(op.begin(), op.end(), op_char)) return std::nullopt;
    // What it does at one type of each kind, alike texts once (`at i32, u32: ...`).
    std::vector<std::pair<std::string, std::string>> docs;  // text, the types it is of
    for (const char *one : {"i32", "u32", "f32"})
        if (std::optional<std::string> d = numeric_doc(one, op)) {
            auto same = std::find_if(docs.begin(), docs.end(), [&](auto &e) {
                const std::regex first("\\b" + e.second.substr(0, 3) + "\\b");
                return std::regex_replace(e.first, first, one) == *d;
            });
            if (same != docs.end()) same->second += std::string(", ") + one;
            else docs.emplace_back(*d, one);
        }
    std::string kinds;
    for (const auto &[text, at] : docs) kinds += "\nat " + at + ": " + text;
    TypePtr shown;
    if (!type_of("(" + op + ")", &shown)) return std::nullopt;
    const bool poly =
        type_any(shown, true, [](const Type &t) { return t.kind == Type::Kind::TypeVar; });
    std::vector<std::string> takes;
    std::string at;  // the type at the first type it takes, with that type as `t`
    for (PrimType p : {PrimType::I8, PrimType::I16, PrimType::I32, PrimType::I64, PrimType::U8,
                       PrimType::U16, PrimType::U32, PrimType::U64, PrimType::F16, PrimType::F32,
                       PrimType::F64, PrimType::Bool}) {
        const std::string name = prim_name(p);
        TypePtr pt;
        if (poly || !type_of("(" + name + "." + op + ")", &pt)) continue;
        // Each word `name` of the type is the operand type (the result may be bool).
        if (takes.empty())
            at = std::regex_replace(type_to_string(pt), std::regex("\\b" + name + "\\b"), "t");
        takes.push_back(name);
    }
    std::string out = "(" + op + ") : ";
    if (takes.empty()) return out + type_to_string(shown) + "\n\na built-in operator" + kinds;
    out += at + "\n\na built-in operator, for t any of ";
    for (size_t i = 0; i < takes.size(); ++i) out += (i ? ", " : "") + takes[i];
    // At one type through its module: `f32.+` (or `i32.&`).
    const std::string one = std::count(takes.begin(), takes.end(), "f32") ? "f32"
                            : std::count(takes.begin(), takes.end(), "i32") ? "i32" : takes.front();
    return out + " (at one type: `" + one + "." + op + "`)" + kinds;
}

std::optional<std::string> Session::inspect(const std::string &text, size_t cursor) const {
    cursor = std::min(cursor, text.size());
    // The name at or before the cursor; `x.f` may be a field of x.
    size_t start = cursor, end = cursor;
    while (start > 0 && name_char(text[start - 1])) --start;
    while (end < text.size() && name_char(text[end])) ++end;
    std::string name = text.substr(start, end - start);
    while (!name.empty() && name.back() == '.') name.pop_back();
    if (!name.empty() && !std::isdigit((unsigned char)name[0])) {
        if (auto d = describe(name)) return d;
        if (size_t dot = name.find('.'); dot != std::string::npos)
            if (auto d = describe(name.substr(0, dot))) return d;
    }
    // An operator at or before the cursor, or the section `(op)` the cursor ends.
    size_t os = cursor, oe = cursor;
    if (os > 0 && text[os - 1] == ')') {
        size_t b = os - 1;
        while (b > 0 && op_char(text[b - 1])) --b;
        if (b > 0 && text[b - 1] == '(') os = oe = os - 1;
    }
    while (os > 0 && op_char(text[os - 1])) --os;
    while (oe < text.size() && op_char(text[oe])) ++oe;
    if (oe > os)
        if (auto d = describe(text.substr(os, oe - os))) return d;
    // The function applied where the cursor is: the first word of the application the
    // cursor ends, back to an operator, an open bracket, a comma, a keyword or the start of
    // an unindented line (a chunk of its own).
    std::optional<std::string> head;
    size_t pos = start < cursor ? start : cursor;
    for (;;) {
        while (pos > 0 && std::isspace((unsigned char)text[pos - 1])) {
            if (text[pos - 1] == '\n' && pos < text.size() && text[pos] != ' ' &&
                text[pos] != '\t')
                break;
            --pos;
        }
        if (pos == 0 || text[pos - 1] == '\n') break;
        const char c = text[pos - 1];
        if (c == ')' || c == ']' || c == '}') {  // a bracketed argument
            int depth = 0;
            size_t b = pos;
            while (b > 0) {
                char d = text[--b];
                if (d == ')' || d == ']' || d == '}') ++depth;
                else if ((d == '(' || d == '[' || d == '{') && --depth == 0) break;
            }
            if (depth != 0) break;
            pos = b;
            head.reset();
            continue;
        }
        if (name_char(c) || c == '#') {
            size_t b = pos;
            while (b > 0 && (name_char(text[b - 1]) || text[b - 1] == '#')) --b;
            std::string word = text.substr(b, pos - b);
            if (stops_application(word)) break;
            head = word;
            pos = b;
            continue;
        }
        break;  // an operator, `(`, `,`, `\`, a literal's quote
    }
    if (head && !head->empty() && !std::isdigit((unsigned char)(*head)[0]) && head->front() != '#')
        return describe(*head);
    return std::nullopt;
}

EvalRecord Session::evaluate(const std::string &text, const std::string &source_name) {
    const size_t i = skip_blank(text);
    bool declaration = starts_declaration(text);
    if (!declaration && first_word(text) == "let") {
        try {
            parse_program(make_source(source_name, text), true);
            declaration = true;
        } catch (const CompileError &) {
        }
    }
    const char *what = i < text.size() && text[i] == ':' ? "a command"
                       : declaration                     ? "a declaration"
                                                         : nullptr;
    if (what)
        return error_record("`" + trim(text) + "` is " + what +
                            ": only an expression is evaluated here");
    return submit(text, source_name);
}

// ---------------------------------------------------------------- display

namespace {

void abbrev_rec(const Value &v, int64_t keep, std::string &out) {
    if (v.kind() != Value::Kind::Array || v.length() == 0) {
        out += value_to_string(v);
        return;
    }
    int64_t n = v.length();
    out += '[';
    for (int64_t i = 0; i < n; ++i) {
        if (i > 0) out += ", ";
        if (n > 2 * keep && i == keep) {
            out += "...";
            i = n - keep - 1;
            continue;
        }
        abbrev_rec(v.row(i), keep, out);
    }
    out += ']';
}

}  // namespace

std::string summary_line(const EvalRecord &r) {
    if (!r.compiled) return {};
    std::string line = "-- " + r.backend + ": " + kernels_text(r.kernels) + ", compile " +
                       fmt_ms(r.compile_ms);
    if (r.device_start_ms > 0) line += ", device start " + fmt_ms(r.device_start_ms);
    // On a GPU even none is news: the values stayed where they were.
    if (r.uploads || r.downloads || r.backend == "cuda")
        line += ", transfers " + std::to_string(r.uploads) + " up (" + fmt_bytes(r.upload_bytes) +
                ") " + std::to_string(r.downloads) + " down (" + fmt_bytes(r.download_bytes) +
                ") " + fmt_ms(r.transfer_ms);
    return line + ", run " + fmt_ms(r.run_ms);
}

std::string timing_line(const EvalRecord &r) {
    std::string line = "-- time: " + r.backend + ", parse/check " + fmt_ms(r.parse_check_ms);
    if (r.kind == EvalRecord::Kind::Value || r.compiled || r.run_ms > 0) {
        if (r.compiled) line += ", compile " + fmt_ms(r.compile_ms);
        line += ", run " + fmt_ms(r.run_ms);
    }
    return line;
}

namespace {

/** Abbreviates the large arrays inside tuples and records; true if any was. */
bool abbrev_parts(const Value &v, int64_t limit, std::string &out) {
    if (v.kind() == Value::Kind::Array && v.num_elements() > limit) {
        abbrev_rec(v, 3, out);
        return true;
    }
    bool tuple = v.kind() == Value::Kind::Tuple, record = v.kind() == Value::Kind::Record;
    if (!tuple && !record) {
        out += value_to_string(v);
        return false;
    }
    bool any = false;
    out += tuple ? '(' : '{';
    for (size_t i = 0; i < v.elems().size(); ++i) {
        if (i) out += ", ";
        if (record) out += v.field_names()[i] + " = ";
        any |= abbrev_parts(v.elems()[i], limit, out);
    }
    out += tuple ? ')' : '}';
    return any;
}

}  // namespace

WrittenText show_value(const Value &v, bool full, const TextSink &sink) {
    constexpr size_t piece = 1 << 16;
    if (full) return write_value_text(v, sink, piece);
    const std::string text = format_value_abbrev(v);
    for (size_t at = 0; at < text.size(); at += piece)
        if (!sink(std::string_view(text).substr(at, piece))) return {false, 0};
    return {true, 0};
}

std::string format_value_abbrev(const Value &v, int64_t limit) {
    if (v.kind() == Value::Kind::Array) {
        if (v.num_elements() <= limit) return value_to_string(v);
        std::string out;
        abbrev_rec(v, 3, out);
        out += "  -- shape ";
        for (int64_t d : v.shape()) out += "[" + std::to_string(d) + "]";
        out += "; :print shows it all";
        return out;
    }
    std::string out;
    if (abbrev_parts(v, limit, out)) out += "  -- abbreviated; :print shows it all";
    return out;
}

}  // namespace loom
