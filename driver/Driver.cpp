#include "driver/Driver.h"
#include "driver/Literate.h"

#include "compiler/Pipeline.h"
#include "compiler/passes/Structure.h"
#include "compiler/backend/cpu/CpuBackend.h"
#include "compiler/backend/cuda/CudaBackend.h"
#include "core/Files.h"
#include "core/Stack.h"
#include "core/ValueIO.h"
#include "driver/Args.h"
#include "driver/Bench.h"
#include "driver/Dataset.h"
#include "driver/Property.h"
#include "driver/RandomInput.h"
#include "driver/TestSpec.h"
#include "frontend/Frontend.h"
#include "interpreter/Interpreter.h"
#include "runtime/KernelCache.h"
#include "runtime/cpu/HostCompiler.h"
#include "runtime/cuda/CudaDriver.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iomanip>
#include <iostream>
#include <iterator>
#include <map>
#include <new>
#include <random>
#include <regex>
#include <sstream>
#include <thread>

namespace loom {

namespace {

namespace fs = std::filesystem;
using compiler::Backend;

const char *const version_text = "loom 0.1.0 (interpreter; cpu and cuda compilers)";

const char *const usage_text =
    "usage: loom <command> [options]\n"
    "\n"
    "commands:\n"
    "  loom\n"
    "        the interactive REPL (:help lists its commands)\n"
    "  loom --run SCRIPT|- [--keep-going]\n"
    "        run a file of REPL input non-interactively\n"
    "  loom run FILE [--entry NAME] [--backend B] [-b|--npy]\n"
    "        read the entry point's arguments from stdin (Futhark's text or binary\n"
    "        value format, or .npy files' bytes) and print each result on its own\n"
    "        line (-b: Futhark's binary format; --npy: one .npy file's bytes each)\n"
    "  loom check FILE\n"
    "        parse and type-check; exit 0, or print diagnostics and exit 2\n"
    "  loom test [--backend B[,B...]]... [--seed N] [--exclude TAG]... [-s] [-v] PATH...\n"
    "        run the `-- ==` test blocks of .fut/.loom files (directories recursively)\n"
    "        on each backend named (default auto), and with a compiled backend their\n"
    "        `structure { Screma 1 }` counts of the optimised IR (-s: those alone;\n"
    "        -v: each file's counts as it ends, with the seconds since the start;\n"
    "        --exclude: not the cases tagged TAG, or of a program tagged TAG)\n"
    "  loom bench PATH... [--backend B[,B...]]... [--entry NAME] [--runs R] [--warmup W]\n"
    "             [--min-time S] [--exclude-case TAG]... [--json FILE] [--baseline FILE]\n"
    "        time the datasets of the `-- ==` test blocks (as futhark bench): median\n"
    "        and spread a dataset and backend, compared with the first backend and\n"
    "        with an earlier run's --json; a program that does not compile for a\n"
    "        backend named stops it first (exit 2, or 3 for a compiler limitation), a\n"
    "        dataset that fails when run is reported and left out of --json (exit 1)\n"
    "  loom bench FILE --input FILE|- [--entry NAME] [--backend B] [--runs R] [--output F]\n"
    "        time calls with one input; prints JSON (benchmarks/run.py reads it)\n"
    "  loom compile FILE [--backend cpu|cuda] [--entry NAME]... [--emit ir|code|stats] [-o DIR]\n"
    "  loom compile FILE --emit library -o DIR [--entry NAME]... [--prefix P]   (a C library: cpu)\n"
    "        print the optimised IR, the generated C++ (the default) or the compiler's\n"
    "        report (one JSON object per line) of the entry points --entry names, or of\n"
    "        every entry point without --entry; -o writes DIR/<entry>.ir|.cpp|.json\n"
    "        instead; --prefix: the library's C names start with P_ (default: FILE's stem)\n"
    "  loom literate FILE.fut [--backend B] [--output FILE.md] [--stop-on-error] [-v]\n"
    "        a Markdown document of the program: its `-- ` comments as text, its code\n"
    "        in code blocks, and each directive `-- > e` (after a blank line) replaced by\n"
    "        e's value, `-- > :img e` by an image in FILE-img/ (futhark literate)\n"
    "  loom cache [--stats [--json] | --clear]\n"
    "        show or empty the kernel cache ($LOOM_CACHE_DIR, else $XDG_CACHE_HOME/loom,\n"
    "        else ~/.cache/loom; at most $LOOM_CACHE_LIMIT_MB MiB, default 1024)\n"
    "  loom --version | --help\n"
    "\n"
    "backends: interp (the reference interpreter), cpu (compiled C++, all cores),\n"
    "          cuda (CUDA kernels through NVRTC and a host program; running needs a GPU\n"
    "          and its driver), auto (the default: cuda with a GPU, else cpu; `loom run`\n"
    "          interprets straight-line code and what the compiler cannot handle yet)\n"
    "exit status: 0 ok, 1 run-time error or failed tests, 2 compile or usage error,\n"
    "             3 internal error or compiler limitation (a construct the compiled\n"
    "             backend does not handle yet; the interpreter runs it)\n";

/** `path` read, parsed and type-checked; a located diagnostic on failure (exit 2), and
 * the checker's warnings (typed holes' types) on success. */
struct LoadedProgram {
    Program prog;
    int status = 0; ///< 2 when the program does not compile (diagnostics already printed)
};

LoadedProgram load_or_report(const std::string &path, std::ostream &err) {
    std::string text;
    if (!read_file(path, text)) throw UsageError{"cannot read `" + path + "`", 2};
    LoadedProgram r;
    try {
        r.prog = load_program(path, text);
        for (const Warning &w : r.prog.warnings) err << render_diagnostic(w.loc, "warning", w.message) << "\n";
    } catch (const CompileError &e) {
        err << e.render() << "\n";
        r.status = 2;
    }
    return r;
}

/** Status of a failed compilation for a compiled backend: a compiler limitation (printed
 * located, like other diagnostics) is 3; a backend that cannot work here is a usage
 * error (2), like an unavailable backend named on the command line. */
int compile_failure_status(const std::exception_ptr &failure, std::ostream &err) {
    try {
        std::rethrow_exception(failure);
    } catch (const CompilerLimitation &e) {
        err << e.render() << "\n";
        return 3;
    } catch (const CompileError &e) {
        if (e.loc().known()) err << e.render() << "\n";
        else err << "loom: " << e.message() << "\n";
        return 2;
    }
}

/** Builds `entry` for backend b, or prints why not and sets `status`. */
std::shared_ptr<compiler::CompiledEntry> build_or_report(const Program &prog, const std::string &entry,
                                                         Backend b, std::ostream &err, int &status) {
    try {
        return compiler::compile_entry(prog, entry, b);
    } catch (const LocatedError &) {
        status = compile_failure_status(std::current_exception(), err);
        return nullptr;
    }
}

/** `auto`: builds `entry` for b when it has loops or kernels; null (the interpreter) for
 * straight-line code, for code with a `#[trace]` (which only the interpreter prints) and
 * where the compiler has a limitation (the interpreter is the reference, so the result is
 * the same). */
std::shared_ptr<compiler::CompiledEntry> build_if_worth(const Program &prog, const std::string &entry,
                                                        Backend b) {
    try {
        compiler::Optimised o = compiler::optimise(prog, entry);
        if (!compiler::worth_compiling(o) || !o.module.traces.empty()) return nullptr;
        return compiler::build(std::move(o), b);
    } catch (const CompilerLimitation &) {
        return nullptr;
    }
}

/** How `loom run` writes its results. */
enum class Output { Text, Binary, Npy };
/** Prints each result; false (with a message on err, nothing on out) when one cannot
 * be written as .npy. */
bool print_results(const Value &r, Output format, std::ostream &out, std::ostream &err);

// ---------------------------------------------------------------- loom run / check

int cmd_run(const std::vector<std::string> &args, std::istream &in, std::ostream &out,
            std::ostream &err) {
    std::string file, entry = "main", backend_name = "auto";
    Output format = Output::Text;
    for (ArgReader r{args}; !r.done(); ++r.i) {
        const std::string &a = r.current();
        if (r.is("--entry")) entry = r.value_of("--entry");
        else if (r.is("-e")) entry = r.value_of("-e");
        else if (r.is("--backend")) backend_name = r.value_of("--backend");
        else if (a == "-b" || a == "--binary-output") format = Output::Binary;
        else if (a == "--npy") format = Output::Npy;
        else if (!a.empty() && a[0] == '-' && a != "-") throw UsageError{"unknown option `" + a + "` for `loom run`", 2};
        else if (file.empty()) file = a;
        else throw UsageError{"`loom run` takes one program file", 2};
    }
    if (file.empty()) throw UsageError{"usage: loom run FILE [--entry NAME] [--backend B]", 2};
    LoadedProgram loaded = load_or_report(file, err);
    if (loaded.status) return loaded.status;
    const Program &prog = loaded.prog;
    FunDefPtr fn = find_function(prog, entry);
    if (!fn) throw UsageError{"`" + file + "` has no entry point `" + entry + "`", 2};
    if (std::string why = not_an_entry(*fn); !why.empty()) throw UsageError{why, 2};
    Backend backend = parse_backend_arg(backend_name);
    std::shared_ptr<compiler::CompiledEntry> compiled;
    if (backend_name == "auto") {
        compiled = build_if_worth(prog, entry, backend);
    } else if (backend != Backend::Interp) {
        int status = 0;
        compiled = build_or_report(prog, entry, backend, err, status);
        if (!compiled) return status;
    }
    std::string input = read_stream(in);
    std::vector<Value> call_args;
    try {
        call_args = entry_arguments(*fn, read_values(input, "<stdin>"));
    } catch (const CompileError &e) {
        err << e.render() << "\n";
        return 1;
    } catch (const DataError &e) {
        err << "loom: " << e.what() << "\n";
        return 1;
    }
    try {
        Value result;
        if (compiled) {
            result = compiled->call(call_args);
        } else {
            Interpreter interp;
            // Traces go to stderr: stdout holds only the results, which tools read.
            interp.set_trace_hook([&](const std::string &label, const Value &v) {
                out.flush();
                err << label << ": " << value_to_string(v) << "\n";
            });
            interp.load(prog);
            result = interp.call(entry, call_args);
        }
        if (!print_results(result, format, out, err)) return 1;
    } catch (const RuntimeError &e) {
        out.flush();
        err << e.render() << "\n";
        return 1;
    }
    return 0;
}

bool print_results(const Value &r, Output format, std::ostream &out, std::ostream &err) {
    std::vector<Value> results = result_values(r);
    if (format == Output::Npy) {
        for (size_t i = 0; i < results.size(); ++i)
            if (!results[i].is_prim() && !results[i].is_prim_array()) {
                err << "loom: result " << i + 1 << " of " << results.size()
                    << " is not a scalar or an array of scalars, so it has no .npy form\n";
                return false;
            }
        for (const Value &v : results) out << write_npy(v);
        out.flush();
        return true;
    }
    for (const Value &v : results) {
        if (format == Output::Binary && (v.is_prim() || v.is_prim_array())) {
            std::string b;
            write_binary_value(v, b);
            out << b;
        } else {
            out << value_to_string(v) << "\n";
        }
    }
    out.flush();
    return true;
}

int cmd_check(const std::vector<std::string> &args, std::ostream &err) {
    if (args.size() != 1 || (!args[0].empty() && args[0][0] == '-'))
        throw UsageError{"usage: loom check FILE", 2};
    return load_or_report(args[0], err).status;
}

// ---------------------------------------------------------------- loom test

std::string indent(const std::string &s) {
    std::string r = "    ";
    for (char c : s) {
        r += c;
        if (c == '\n') r += "    ";
    }
    return r;
}

bool regex_matches(const std::string &re, const std::string &text, std::string &problem) {
    try {
        std::regex r(re, std::regex::ECMAScript);
        return std::regex_search(text, r);
    } catch (const std::regex_error &e) {
        problem = "invalid regex `" + re + "`: " + e.what();
        return false;
    }
}

/** A test file loaded (and its entries compiled) before its cases run, so that entries of
 * different files can be compiled in parallel while the report stays in file order. */
struct TestFile {
    std::string path;
    std::string unreadable;  ///< why the file or its test blocks cannot be read
    std::vector<TestBlock> blocks;
    std::optional<Program> prog;
    std::string compile_error, compile_message;
    std::map<Backend, std::map<std::string, CompiledSlot>> compiled;  ///< builds by backend, entry
};

/** Reads, parses and checks a test file, recording what goes wrong. */
void load_test_file_into(TestFile &f) {
    const std::string &path = f.path;
    std::string text;
    if (!read_file(path, text)) {
        f.unreadable = "cannot read the file";
        return;
    }
    try {
        f.blocks = parse_test_blocks(make_source(path, text));
    } catch (const CompileError &e) {
        f.unreadable = "malformed test block:\n" + e.render();
        return;
    }
    try {
        f.prog = load_program(path, text);
    } catch (const CompileError &e) {
        f.compile_error = e.render();
        f.compile_message = e.message();
    }
}

/** Loads a test file; never throws but Interrupted: problems are reported when it runs. */
TestFile load_test_file(const std::string &path) {
    TestFile f;
    f.path = path;
    try {
        load_test_file_into(f);
    } catch (const Interrupted &) {
        throw;
    } catch (const std::exception &e) {
        f.unreadable = std::string("internal error: ") + e.what();
    } catch (...) {
        f.unreadable = "internal error: unknown exception";
    }
    return f;
}

/** The entry points property `name` calls (itself, its gen and shrink), where they exist. */
std::vector<std::string> property_entries(const Program &prog, const std::string &name) {
    std::vector<std::string> out;
    FunDefPtr fn = find_function(prog, name);
    std::string problem;
    std::optional<PropertySpec> spec = fn ? property_spec(*fn, problem) : std::nullopt;
    if (!spec) return out;
    for (const std::string &e : {name, spec->gen, spec->shrink})
        if (!e.empty() && find_function(prog, e)) out.push_back(e);
    return out;
}

bool is_disabled(const TestFile &f) {
    for (const TestBlock &b : f.blocks)
        if (std::find(b.tags.begin(), b.tags.end(), "disable") != b.tags.end()) return true;
    return false;
}

/** Builds, for compiled backend b, every entry point that a runnable case of `files`
 * calls: in parallel on $LOOM_TEST_JOBS threads (default: one per core). */
void compile_test_entries(std::vector<TestFile> &files, Backend b) {
    struct Task {
        const Program *prog;
        const std::string *entry;
        CompiledSlot *slot;
    };
    std::vector<Task> tasks;
    for (TestFile &f : files) {
        if (!f.prog || !f.unreadable.empty() || is_disabled(f)) continue;
        for (const TestBlock &blk : f.blocks)
            for (const TestCase &c : blk.cases)
                for (const std::string &e : c.entries)
                    if (runs_on(c, b) && !f.compiled[b].count(e) && find_function(*f.prog, e))
                        f.compiled[b][e];
        for (const TestBlock &blk : f.blocks)
            for (const std::string &name : blk.properties)
                for (const std::string &e : property_entries(*f.prog, name))
                    f.compiled[b][e];
        for (auto &[name, slot] : f.compiled[b]) tasks.push_back({&*f.prog, &name, &slot});
    }
    unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
    if (const char *j = std::getenv("LOOM_TEST_JOBS"); j && std::atoi(j) > 0) jobs = (unsigned)std::atoi(j);
    jobs = std::min<unsigned>(jobs, (unsigned)tasks.size());
    std::atomic<size_t> next{0};
    // Lowering and the passes recurse on the stack, like the interpreter: big stacks.
    auto work = [&] {
        run_with_big_stack([&] {
            for (size_t i; (i = next++) < tasks.size();)
                compile_slot(*tasks[i].prog, *tasks[i].entry, b, *tasks[i].slot);
        });
    };
    std::vector<std::thread> pool;
    for (unsigned j = 1; j < jobs; ++j) pool.emplace_back(work);
    work();
    for (std::thread &t : pool) t.join();
}

struct TestRunner {
    std::ostream &out;
    std::vector<Backend> backends;
    int passed = 0, failed = 0, skipped = 0;
    std::map<Backend, int> limited;  ///< entry points with a compiler limitation, by backend
    /// `auto output`: the interpreter's results, by case and entry point, and the
    /// interpreter of each program that computes them where `interp` did not run first.
    std::map<std::pair<const TestCase *, std::string>, std::vector<Value>> reference;
    std::map<const Program *, std::unique_ptr<Interpreter>> reference_interp;
    uint64_t seed = 0;  ///< of property tests' candidates (`--seed`)
    bool structure_only = false;  ///< `-s`: the `structure` blocks alone

    void fail(const std::string &where, const std::string &what) {
        ++failed;
        out << "FAIL " << where << "\n" << indent(what) << "\n";
    }

    /** Fails every case of `f` that would run on backend b (when none can run). */
    void fail_cases(const TestFile &f, std::optional<Backend> b = std::nullopt,
                    const std::string *only_entry = nullptr) {
        for (const TestBlock &blk : f.blocks)
            for (const TestCase &c : blk.cases)
                for (const std::string &e : c.entries)
                    if ((!b || runs_on(c, *b)) && (!only_entry || e == *only_entry)) ++failed;
        if (!only_entry)
            for (const TestBlock &blk : f.blocks) failed += (int)blk.properties.size();
    }

    /** The backend named in reports, unless only the interpreter runs (as before). */
    std::string on_backend(Backend b) const {
        return backends.size() == 1 && b == Backend::Interp ? "" : std::string(" on ") + compiler::backend_name(b);
    }

    void run_file(TestFile &f) {
        const std::string &path = f.path;
        if (!f.unreadable.empty()) {
            fail(path, f.unreadable);
            return;
        }
        if (is_disabled(f)) {
            ++skipped;
            return;
        }
        // Compile-time checks are the frontend's: once, whatever the backends; the
        // optimised IR's structure once for the compiled backends (or with -s alone).
        if (f.prog && (structure_only || std::any_of(backends.begin(), backends.end(),
                                                     [](Backend b) { return b != Backend::Interp; })))
            check_structures(f);
        if (structure_only) return;
        size_t num_cases = 0;
        for (const TestBlock &b : f.blocks) {
            if (b.compile_error) check_compile_error(f, *b.compile_error);
            num_cases += b.cases.size() + b.properties.size();
        }
        if (f.blocks.empty() || num_cases == 0) {
            // Not a test program (or only compile-error tests): it must still compile.
            bool wants_error = false;
            for (const TestBlock &b : f.blocks) wants_error |= b.compile_error.has_value();
            if (!f.prog && !wants_error) fail(path, f.compile_error);
            return;
        }
        if (!f.prog) {
            fail_cases(f);
            out << "FAIL " << path << " (" << num_cases << " case(s)): the program does not compile\n"
                << indent(f.compile_error) << "\n";
            return;
        }
        for (Backend b : backends) {
            if (b == Backend::Interp) run_interpreted(f);
            else run_compiled(f, b);
        }
    }

    /** Each `structure { .. }` of f: the counts in the optimised IR of the block's entry
     * points (main without cases), summed (compiler/passes/Structure.h). */
    void check_structures(const TestFile &f) {
        for (const TestBlock &blk : f.blocks)
            for (const StructureSpec &spec : blk.structures) {
                if (!spec.backend.empty()) {  // another compiler's IR (Futhark's gpu, mc, ...)
                    ++skipped;
                    continue;
                }
                std::string where = f.path + ": structure (line " + std::to_string(spec.loc.line) + ")";
                std::vector<std::string> entries;
                for (const TestCase &c : blk.cases)
                    for (const std::string &e : c.entries)
                        if (std::find(entries.begin(), entries.end(), e) == entries.end()) entries.push_back(e);
                if (entries.empty()) entries.push_back("main");
                std::map<std::string, int> paths;
                std::string problem;
                for (const std::string &e : entries) {
                    if (!find_function(*f.prog, e)) {
                        problem = "the program has no entry point `" + e + "`";
                        break;
                    }
                    try {
                        for (const auto &[path, n] : passes::structure_paths(compiler::optimise(*f.prog, e).module))
                            paths[path] += n;
                    } catch (const CompilerLimitation &l) {
                        problem = "entry `" + e + "`: compiler limitation at " + l.loc().str() + ": " + l.message();
                        break;
                    }
                }
                for (const auto &[key, want] : spec.counts) {
                    if (!problem.empty() && problem.back() != '\n') break; // no IR: no counts
                    int got = passes::structure_count(paths, key);
                    if (got != want)
                        problem += key + ": " + std::to_string(want) + " expected, " + std::to_string(got) + " found\n";
                }
                if (problem.empty()) {
                    ++passed;
                    continue;
                }
                if (problem.back() == '\n') {
                    problem += "the optimised IR (`loom compile --emit ir`) has:";
                    for (const auto &[path, n] : paths) problem += "\n  " + path + " " + std::to_string(n);
                }
                fail(where, problem);
            }
    }

    void check_compile_error(const TestFile &f, const std::string &re) {
        std::string where = f.path + ": expected compile error";
        std::string problem;
        if (f.prog) fail(where, "the program type-checks, but an error matching /" + re + "/ was expected");
        // Match the message alone: the path and source line would let a regex on a
        // folder or variable name pass for the wrong reason.
        else if (regex_matches(re, f.compile_message, problem) ||
                 (problem.empty() && regex_matches(re, "Error: " + f.compile_message, problem)))
            ++passed;
        else fail(where, problem.empty() ? "the error does not match /" + re + "/:\n" + f.compile_error
                                         : problem);
    }

    void run_interpreted(const TestFile &f) {
        std::unique_ptr<Interpreter> interp;
        try {
            interp = std::make_unique<Interpreter>();
            interp->load(*f.prog);
        } catch (const RuntimeError &e) {
            // A constant's failure is every case's result: a case expecting that error
            // passes (the compiled backends fail at the call, as `def main = assert ...`).
            const RuntimeError failed = e;
            run_cases(f, Backend::Interp, [&](const std::string &, const std::vector<Value> &) -> Value {
                throw failed;
            });
            return;
        }
        run_cases(f, Backend::Interp, [&](const std::string &entry, const std::vector<Value> &args) {
            return interp->call(entry, args);
        });
    }

    void run_compiled(const TestFile &f, Backend b) {
        const char *name = compiler::backend_name(b);
        static const std::map<std::string, CompiledSlot> none;
        auto found = f.compiled.find(b);
        const std::map<std::string, CompiledSlot> &slots = found == f.compiled.end() ? none : found->second;
        // Entries that cannot be built are reported once each, before the cases.
        for (const auto &[entry, slot] : slots) {
            if (slot.entry) continue;
            if (slot.limitation_loc) {
                ++limited[b];
                out << f.path << ": " << entry << ": skipped on " << name
                    << ": compiler limitation at " << slot.limitation_loc->line << ":"
                    << slot.limitation_loc->col << ": " << slot.problem << "\n";
            } else {
                fail_cases(f, b, &entry);
                out << "FAIL " << f.path << ": entry `" << entry << "` on " << name
                    << ": cannot compile\n" << indent(slot.problem) << "\n";
            }
        }
        run_cases(f, b, [&](const std::string &entry, const std::vector<Value> &args) {
            return slots.at(entry).entry->call(args);
        });
    }

    void run_cases(const TestFile &f, Backend b, const EntryCall &call) {
        run_properties(f, b, call);
        for (const TestBlock &blk : f.blocks) {
            int index = 0;
            for (const TestCase &c : blk.cases) {
                ++index;
                for (const std::string &entry : c.entries) {
                    if (c.input_kind == TestCase::InputKind::Script && b == backends.front())
                        out << f.path << ": " << entry << ", case " << index << " (line " << c.loc.line
                            << "): skipped: FutharkScript inputs (`script input`) are not supported\n";
                    if (!runs_on(c, b) || c.tagged("notest")) {  // notest: for loom bench only
                        ++skipped;
                        continue;
                    }
                    if (auto slots = f.compiled.find(b); slots != f.compiled.end()) {
                        auto slot = slots->second.find(entry);
                        if (slot != slots->second.end() && !slot->second.entry)
                            continue;  // reported above
                    }
                    run_case(f.path, *f.prog, b, call, c, index, entry);
                }
            }
        }
    }

    /** Each `property:` of f on backend b: passed, or failed with its counterexample. */
    void run_properties(const TestFile &f, Backend b, const EntryCall &call) {
        for (const TestBlock &blk : f.blocks)
            for (const std::string &name : blk.properties) {
                std::string where = f.path + ": property `" + name + "`" + on_backend(b);
                FunDefPtr fn = find_function(*f.prog, name);
                if (!fn) {
                    fail(where, "the program has no entry point `" + name + "`");
                    continue;
                }
                std::string problem;
                std::optional<PropertySpec> spec = property_spec(*fn, problem);
                if (!spec) problem = "`" + name + "` is not a property: mark it `#[prop] entry " + name + " ...`";
                for (const std::string &e : spec ? std::vector<std::string>{spec->gen, spec->shrink}
                                                 : std::vector<std::string>{})
                    if (problem.empty() && !e.empty() && !find_function(*f.prog, e))
                        problem = "the program has no entry point `" + e + "` (named by `#[prop]`)";
                if (!problem.empty()) {
                    fail(where, problem);
                    continue;
                }
                // An entry that could not be built is reported with the file's entries.
                if (auto slots = f.compiled.find(b); slots != f.compiled.end()) {
                    bool built = true, failing = false;
                    for (const std::string &e : property_entries(*f.prog, name)) {
                        auto slot = slots->second.find(e);
                        built &= slot != slots->second.end() && slot->second.entry;
                        failing |= slot != slots->second.end() && !slot->second.entry &&
                                   !slot->second.limitation_loc;
                    }
                    if (!built) {
                        failed += failing;  // a limitation is not a failure
                        continue;
                    }
                }
                try {
                    PropertyResult r = check_property(*fn, *spec, call, seed ^ random_input_seed(name, 0));
                    if (r.passed) ++passed;
                    else if (r.counterexample)
                        fail(where, r.report + "\n`loom test --seed " + std::to_string(seed) +
                                        "` draws the same candidates");
                    else fail(where, r.report);
                } catch (const Interrupted &) {
                    throw;
                } catch (const std::exception &e) {
                    fail(where, std::string("internal error: ") + e.what());
                }
            }
    }

    /** The interpreter's results for `auto output`, kept under `key`; else why it failed. */
    std::string interpret_reference(const Program &prog, const std::string &entry, const std::vector<Value> &args,
                                    const std::pair<const TestCase *, std::string> &key) {
        try {
            std::unique_ptr<Interpreter> &interp = reference_interp[&prog];
            if (!interp) {
                auto fresh = std::make_unique<Interpreter>();
                fresh->load(prog);
                interp = std::move(fresh);
            }
            reference[key] = result_values(interp->call(entry, args));
            return "";
        } catch (const RuntimeError &e) {
            return e.render();
        }
    }

    void run_case(const std::string &path, const Program &prog, Backend b, const EntryCall &call,
                  const TestCase &c, int index, const std::string &entry) {
        std::string where = path + ": entry `" + entry + "`, case " + std::to_string(index);
        if (!c.name.empty()) where += " \"" + c.name + "\"";
        where += " (line " + std::to_string(c.loc.line) + ")" + on_backend(b);
        FunDefPtr fn = find_function(prog, entry);
        if (!fn || !not_an_entry(*fn).empty()) {
            fail(where, fn ? not_an_entry(*fn) : "the program has no entry point `" + entry + "`");
            return;
        }
        CaseData data;
        if (std::string problem = try_load_case(path, *fn, c, data); !problem.empty()) {
            fail(where, problem);
            return;
        }
        std::vector<Value> &args = data.args;
        std::vector<ReadValue> &expected = data.expected;
        // Before the call, which may update its arguments in place.
        if (c.expect == TestCase::Expect::AutoOutput && b != Backend::Interp &&
            !reference.count({&c, entry})) {
            std::string problem = interpret_reference(prog, entry, args, {&c, entry});
            if (!problem.empty()) {
                fail(where, "auto output: the interpreter, whose results are the expected ones, failed:\n" + problem);
                return;
            }
        }
        Value result;
        try {
            result = call(entry, args);
        } catch (const RuntimeError &e) {
            if (c.expect == TestCase::Expect::RuntimeError) {
                std::string problem;
                // Futhark prints run-time errors as "Error: <message>" (the spec's own
                // example uses `error: Error*`) and a backtrace of locations after it,
                // so the regex may match those too (`error: inplace4.fut:9`).
                if (regex_matches(c.error_regex, e.message(), problem) ||
                    (problem.empty() &&
                     regex_matches(c.error_regex, "Error: " + e.message(), problem)) ||
                    (problem.empty() && e.loc().known() &&
                     regex_matches(c.error_regex,
                                   "Error: " + e.message() + "\n\nBacktrace:\n-> #0  " + e.loc().str(),
                                   problem))) {
                    ++passed;
                    return;
                }
                fail(where, problem.empty() ? "the run-time error does not match /" +
                                                  c.error_regex + "/:\n" + e.render()
                                            : problem);
                return;
            }
            fail(where, "run-time error:\n" + e.render());
            return;
        } catch (const Interrupted &) {
            throw;
        } catch (const std::exception &e) {
            // A bug in a backend fails this case, not the rest of the file.
            fail(where, std::string("internal error: ") + e.what());
            return;
        }
        if (c.expect == TestCase::Expect::RuntimeError) {
            fail(where, "expected a run-time error matching /" + c.error_regex +
                            "/, but the program succeeded");
            return;
        }
        if (c.expect == TestCase::Expect::AutoOutput) {
            auto key = std::make_pair(&c, entry);
            if (b == Backend::Interp) {
                reference[key] = result_values(result);
                ++passed;
                return;
            }
            expected = as_read(reference.at(key));
        } else if (c.expect != TestCase::Expect::Output) {
            ++passed;
            return;
        }
        std::string difference = compare_results(expected, result_values(result));
        if (difference.empty()) ++passed;
        else fail(where, difference);
    }
};

int cmd_test(const std::vector<std::string> &args, std::ostream &out, std::ostream &err) {
    std::vector<std::string> paths;
    std::vector<Backend> backends;
    std::optional<uint64_t> seed;  // Futhark's default: a new one each run
    bool structure_only = false, verbose = false;
    std::vector<std::string> exclude; // cases with any of these tags (theirs or the program's) do not run
    for (ArgReader r{args}; !r.done(); ++r.i) {
        const std::string &a = r.current();
        if (r.is("--backend")) add_backends(r.value_of("--backend"), backends);
        else if (r.is("--seed")) {
            std::string v = r.value_of("--seed");
            if (v.empty() || v.size() > 19 || v.find_first_not_of("0123456789") != std::string::npos)
                throw UsageError{"`--seed` takes a number, not `" + v + "`", 2};
            seed = std::stoull(v);
        }
        else if (r.is("--exclude")) exclude.push_back(r.value_of("--exclude"));
        else if (a == "-i") add_backends("interp", backends);
        else if (a == "-s" || a == "--structure") structure_only = true;
        else if (a == "-v" || a == "--verbose") verbose = true;
        else if (!a.empty() && a[0] == '-') throw UsageError{"unknown option `" + a + "` for `loom test`", 2};
        else paths.push_back(a);
    }
    if (paths.empty())
        throw UsageError{"usage: loom test [--backend B[,B...]] [--seed N] [--exclude TAG]... [-s] [-v] PATH...", 2};
    if (backends.empty()) backends.push_back(compiler::auto_backend());
    TestRunner runner{out, backends, 0, 0, 0, {}, {}, {}, seed ? *seed : std::random_device{}(), structure_only};
    std::vector<std::string> missing;
    std::vector<std::string> files = program_files(paths, missing);
    for (const std::string &p : missing) runner.fail(p, "no such file or directory");
    // One broken file (even a bug in Loom) must not stop the whole run.
    auto guarded = [&](const std::string &path, const std::function<void()> &f) {
        try {
            f();
        } catch (const Interrupted &) {
            throw;
        } catch (const std::exception &e) {
            runner.fail(path, std::string("internal error: ") + e.what());
        } catch (...) {
            runner.fail(path, "internal error: unknown exception");
        }
    };
    std::vector<TestFile> loaded;
    for (const std::string &f : files) loaded.push_back(load_test_file(f));
    for (TestFile &f : loaded)
        for (TestBlock &b : f.blocks)
            b.cases.erase(std::remove_if(b.cases.begin(), b.cases.end(),
                                         [&](const TestCase &c) {
                                             return std::any_of(exclude.begin(), exclude.end(),
                                                                [&](const std::string &t) { return c.tagged(t); });
                                         }),
                          b.cases.end());
    // -v: each step as it ends, with the seconds since the start, so that a run stopped
    // from outside (a time limit) shows how far it got and where the time went.
    auto t0 = std::chrono::steady_clock::now();
    auto progress = [&](const std::string &what) {
        if (!verbose) return;
        double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        char stamp[32];
        std::snprintf(stamp, sizeof stamp, "[%7.1f s] ", s);
        out << stamp << what << "\n";
        out.flush();
    };
    progress("loaded " + std::to_string(loaded.size()) + " file(s)");
    for (Backend b : backends)
        if (b != Backend::Interp && !structure_only) {
            compile_test_entries(loaded, b);
            progress(std::string("compiled their entry points for ") + compiler::backend_name(b));
        }
    for (TestFile &f : loaded) {
        int passed = runner.passed, failed = runner.failed;
        guarded(f.path, [&] { runner.run_file(f); });
        progress(f.path + ": " + std::to_string(runner.passed - passed) + " passed, " +
                 std::to_string(runner.failed - failed) + " failed");
        out.flush(); // a run stopped from outside keeps the files reported so far
    }
    for (const auto &[b, n] : runner.limited)
        out << n << " skipped on " << compiler::backend_name(b) << " (compiler limitations)\n";
    out << runner.passed << " passed, " << runner.failed << " failed";
    if (runner.skipped) out << ", " << runner.skipped << " skipped";
    out << "\n";
    (void)err;
    return runner.failed ? 1 : 0;
}

// ---------------------------------------------------------------- loom compile

/** The entry points of a program: its `entry` definitions, else `main`. */
std::vector<std::string> entry_points(const Program &prog) {
    std::vector<std::string> names;
    for (const DeclPtr &d : prog.decls) {
        const Decl *dd = d.get();
        while (dd && dd->kind == Decl::Kind::Local) dd = dd->inner.get();
        if (dd && dd->kind == Decl::Kind::Fun && dd->fun && dd->fun->is_entry &&
            std::find(names.begin(), names.end(), dd->fun->name) == names.end())
            names.push_back(dd->fun->name);
    }
    if (names.empty() && find_function(prog, "main")) names.push_back("main");
    return names;
}

/** What `loom compile --emit` prints for one entry point, with the file extension of -o. */
std::pair<std::string, std::string> emit_entry(const Program &prog, const std::string &entry,
                                               const std::string &emit, Backend backend) {
    if (emit == "ir") return {ir::to_string(compiler::optimise(prog, entry).module), "ir"};
    bool cuda = backend == Backend::Cuda;
    if (emit == "code") {
        compiler::Optimised o = compiler::optimise(prog, entry);
        const ir::Function &f = o.module.functions.at(0);
        if (cuda) return {cuda::generate(o.module), "cu"};
        return {cpu::generate(f, &o.module).source, "cpp"};
    }
    // stats: the entry is built too, so the kernels carry their cache status (for cuda,
    // of the NVRTC compile: running needs a driver, stats do not).
    compiler::EntryReport r = cuda ? cuda::compile(compiler::optimise(prog, entry)).report
                                   : compiler::compile_entry(prog, entry, Backend::Cpu)->report;
    return {compiler::report_json(r).dump() + "\n", "json"};
}

/** `loom compile --emit library`: DIR/<p>.h, DIR/<p>.cpp and DIR/lib<p>.so (p: `prefix`,
 * else the file's stem as a C identifier), built with the host compiler's flags. */
int write_library(const Program &prog, const std::vector<std::string> &entries, const std::string &file,
                  const std::string &dir, std::string prefix, std::ostream &out, std::ostream &err) {
    if (prefix.empty()) prefix = cpu::library_prefix(file);
    std::vector<cpu::LibraryEntry> named;
    for (const std::string &e : entries)
        named.push_back({e, find_function(prog, e)->doc});
    cpu::LibraryCode code;
    try {
        code = cpu::generate_library(prog, named, prefix, file);
    } catch (const LocatedError &) {
        return compile_failure_status(std::current_exception(), err);
    }
    const fs::path header = fs::path(dir) / (prefix + ".h"), source = fs::path(dir) / (prefix + ".cpp"),
                   lib = fs::path(dir) / ("lib" + prefix + ".so");
    for (const auto &[path, text] : {std::pair{header, &code.header}, std::pair{source, &code.source}}) {
        std::ofstream f(path, std::ios::binary);
        f << *text;
        if (!f.flush()) throw UsageError{"cannot write `" + path.string() + "`", 2};
    }
    runtime::HostCompileResult r = runtime::compile_shared_object(source, lib, {}, code.link, code.exports);
    if (!r.ok)
        throw InternalError("the host compiler failed on " + source.string() + ":\n" + r.output);
    out << "wrote " << header.string() << ", " << source.string() << " and " << lib.string() << " (entry points:";
    for (const std::string &e : entries) out << " " << e;
    out << "; prefix " << prefix << "_)\n";
    return 0;
}

int cmd_compile(const std::vector<std::string> &args, std::ostream &out, std::ostream &err) {
    std::string file, emit = "code", out_dir, prefix;
    std::vector<std::string> named; // --entry, each once
    Backend backend = Backend::Cpu;
    auto name_entry = [&](const std::string &e) {
        if (std::find(named.begin(), named.end(), e) == named.end()) named.push_back(e);
    };
    for (ArgReader r{args}; !r.done(); ++r.i) {
        const std::string &a = r.current();
        if (r.is("--entry")) name_entry(r.value_of("--entry"));
        else if (r.is("-e")) name_entry(r.value_of("-e"));
        else if (r.is("--prefix")) {
            prefix = r.value_of("--prefix");
            if (cpu::library_prefix(prefix) != prefix)
                throw UsageError{"`--prefix " + prefix + "`: a prefix is a C identifier (letters, digits and `_`, not first a digit)", 2};
        }
        else if (r.is("--emit")) emit = r.value_of("--emit");
        else if (r.is("-o")) out_dir = r.value_of("-o");
        else if (r.is("--backend")) {
            backend = parse_backend_arg(r.value_of("--backend"));
            if (backend == Backend::Interp)
                throw UsageError{"`loom compile` needs a compiled backend (--backend cpu or cuda)", 2};
        } else if (!a.empty() && a[0] == '-') throw UsageError{"unknown option `" + a + "` for `loom compile`", 2};
        else if (file.empty()) file = a;
        else throw UsageError{"`loom compile` takes one program file", 2};
    }
    if (file.empty())
        throw UsageError{"usage: loom compile FILE [--backend cpu|cuda] [--entry NAME]... [--emit ir|code|stats|library] [-o DIR] [--prefix P]", 2};
    if (emit != "ir" && emit != "code" && emit != "stats" && emit != "library")
        throw UsageError{"unknown --emit `" + emit + "` (expected ir, code, stats or library)", 2};
    if (emit == "library" && backend != Backend::Cpu)
        throw UsageError{"`--emit library` builds a C library for the cpu backend only (no --backend cuda yet)", 2};
    if (emit == "library" && out_dir.empty())
        throw UsageError{"`--emit library` needs -o DIR, where it writes the header, the source and the library", 2};
    if (!prefix.empty() && emit != "library")
        throw UsageError{"`--prefix` names a C library's functions: it goes with `--emit library`", 2};
    LoadedProgram loaded = load_or_report(file, err);
    if (loaded.status) return loaded.status;
    std::vector<std::string> entries = named.empty() ? entry_points(loaded.prog) : named;
    if (entries.empty()) throw UsageError{"`" + file + "` has no entry point", 2};
    for (const std::string &e : entries)
        if (!find_function(loaded.prog, e)) throw UsageError{"`" + file + "` has no entry point `" + e + "`", 2};
    if (!out_dir.empty()) {
        std::error_code ec;
        fs::create_directories(out_dir, ec);
        if (ec) throw UsageError{"cannot create `" + out_dir + "`: " + ec.message(), 2};
    }
    if (emit == "library")
        return write_library(loaded.prog, entries, file, out_dir, prefix, out, err);
    int status = 0;
    for (const std::string &e : entries) {
        // A limitation in one entry point does not hide the others.
        std::pair<std::string, std::string> text;
        try {
            text = emit_entry(loaded.prog, e, emit, backend);
        } catch (const LocatedError &) {
            status = std::max(status, compile_failure_status(std::current_exception(), err));
            continue;
        }
        if (out_dir.empty()) {
            out << text.first;
            if (!text.first.empty() && text.first.back() != '\n') out << "\n";
            continue;
        }
        fs::path p = fs::path(out_dir) / (e + "." + text.second);
        std::ofstream f(p, std::ios::binary);
        f << text.first;
        if (!f.flush()) throw UsageError{"cannot write `" + p.string() + "`", 2};
    }
    out.flush();
    return status;
}

// ---------------------------------------------------------------- loom cache

/** A size for people: KiB below a MiB, else MiB (one decimal). */
std::string human_size(uint64_t bytes) {
    bool small = bytes < 1024 * 1024;
    std::ostringstream os;
    os << std::fixed << std::setprecision(1) << (double)bytes / (small ? 1024.0 : 1024.0 * 1024.0)
       << (small ? " KiB" : " MiB");
    return os.str();
}

int cmd_cache(const std::vector<std::string> &args, std::ostream &out) {
    bool json = false, clear = false, stats = false;
    for (const std::string &a : args) {
        if (a == "--json") json = true;
        else if (a == "--clear") clear = true;
        else if (a == "--stats") stats = true;
        else throw UsageError{"unknown argument `" + a + "` for `loom cache` (expected --stats [--json] or --clear)", 2};
    }
    if (clear && (stats || json)) throw UsageError{"`loom cache` takes --stats or --clear, not both", 2};
    runtime::KernelCache &cache = runtime::KernelCache::global();
    if (clear) {
        uint64_t n = cache.stats().entries;
        cache.clear();
        out << "removed " << n << " entr" << (n == 1 ? "y" : "ies") << " from " << cache.dir().string() << "\n";
        return 0;
    }
    runtime::CacheStats s = cache.stats();
    if (json) {
        out << nlohmann::json{{"dir", s.dir}, {"entries", s.entries}, {"bytes", s.bytes},
                              {"limit_bytes", s.limit_bytes}}.dump()
            << "\n";
        return 0;
    }
    out << "directory: " << (s.dir.empty() ? "(none: the cache is off)" : s.dir) << "\n"
        << "entries:   " << s.entries << "\n"
        << "size:      " << human_size(s.bytes) << " (" << s.bytes << " bytes)\n"
        << "limit:     " << human_size(s.limit_bytes) << "\n";
    return 0;
}

}  // namespace

int driver_main(const std::vector<std::string> &args, std::istream &in, std::ostream &out,
                std::ostream &err) {
    try {
        if (args.empty()) {
            err << usage_text;
            return 2;
        }
        const std::string &cmd = args[0];
        std::vector<std::string> rest(args.begin() + 1, args.end());
        if (cmd == "--help" || cmd == "-h" || cmd == "help") {
            out << usage_text;
            return 0;
        }
        // `loom test --help` and the like: every subcommand is in the one usage text.
        if (std::find(rest.begin(), rest.end(), "--help") != rest.end() ||
            (rest.size() == 1 && rest[0] == "-h")) {
            out << usage_text;
            return 0;
        }
        if (cmd == "--version" || cmd == "-V") {
            out << version_text << "\n";
            return 0;
        }
        if (cmd == "run") return cmd_run(rest, in, out, err);
        if (cmd == "check") return cmd_check(rest, err);
        if (cmd == "test") return cmd_test(rest, out, err);
        if (cmd == "compile") return cmd_compile(rest, out, err);
        if (cmd == "cache") return cmd_cache(rest, out);
        if (cmd == "bench") return bench_main(rest, in, out, err);
        if (cmd == "literate") return literate_main(rest, out, err);
        err << "loom: unknown command `" << cmd << "` (try `loom --help`)\n";
        return 2;
    } catch (const UsageError &e) {
        out.flush();
        err << "loom: " << e.message << "\n";
        return e.status;
    } catch (const CompileError &e) {
        out.flush();
        err << e.render() << "\n";
        return 2;
    } catch (const RuntimeError &e) {
        out.flush();
        err << e.render() << "\n";
        return 1;
    } catch (const Interrupted &) {
        err << "interrupted\n";
        return 130;
    } catch (const InternalError &e) {
        err << "loom: internal error: " << e.what() << "\n";
        return 3;
    } catch (const std::bad_alloc &) {
        // A value larger than memory (`iota 100000000000000`): the program's error.
        out.flush();
        err << "loom: out of memory: the program asked for more memory than there is\n";
        return 1;
    } catch (const std::exception &e) {
        err << "loom: internal error: " << e.what() << "\n";
        return 3;
    } catch (...) {
        err << "loom: internal error: unknown exception\n";
        return 3;
    }
}

}  // namespace loom
