/** \file
 * `loom bench` (Bench.h): compile once, call many times, time the calls only.  The
 * interpreter backend times Interpreter::call; compiled backends time CompiledEntry::call,
 * so argument conversion and result allocation count, as they would for a caller of the
 * entry point.  The cuda backend also reports each run's device time (CUDA events from
 * its first kernel to its last).
 */
#include "driver/Bench.h"

#include "core/Files.h"
#include "core/Stats.h"
#include "core/ValueIO.h"
#include "driver/Args.h"
#include "driver/Dataset.h"
#include "driver/TestSpec.h"
#include "frontend/Frontend.h"
#include "interpreter/Interpreter.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

namespace loom {

namespace {

namespace fs = std::filesystem;
using compiler::Backend;
using Clock = std::chrono::steady_clock;

/** Values of `--input` that do not read (the reader's located error, rendered): status 1. */
struct BadInput {
    std::string rendered;
};

/** A program that cannot be benchmarked: it does not parse or type-check, or does not
 * compile for a backend named.  `loom bench` stops there, as futhark bench aborts when a
 * compilation fails; `rendered` (the diagnostic) goes to stderr and `status` is the exit
 * status `loom run` gives the same failure: 2 for a compile error, 3 for a compiler
 * limitation or an internal error. */
struct Abort {
    std::string rendered;
    int status;
};

/** Timed calls of one dataset at most, whatever --min-time asks. */
constexpr int max_runs = 1000;

struct BenchOptions {
    std::vector<std::string> paths;
    std::vector<Backend> backends;
    std::optional<std::string> entry, input;
    std::string output, json, baseline;
    int runs = 10;
    std::optional<int> warmup;
    double min_time = 0.5;
    double timeout = -1;  ///< seconds for a dataset's calls on one backend; < 0: none
    std::vector<std::string> exclude = {"nobench", "disable"};
};

double ms_between(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
}

int parse_count(const std::string &opt, const std::string &v) {
    try {
        size_t used = 0;
        int n = std::stoi(v, &used);
        if (used == v.size() && n >= 0) return n;
    } catch (const std::exception &) {
    }
    throw UsageError{"option " + opt + " needs a non-negative integer, not `" + v + "`", 2};
}

double parse_seconds(const std::string &opt, const std::string &v) {
    try {
        size_t used = 0;
        double s = std::stod(v, &used);
        if (used == v.size() && s >= 0 && s <= 3600) return s;
    } catch (const std::exception &) {
    }
    throw UsageError{"option " + opt + " needs seconds from 0 to 3600, not `" + v + "`", 2};
}

/** --timeout's seconds: any number, a negative one for no limit (futhark bench's). */
double parse_timeout(const std::string &v) {
    try {
        size_t used = 0;
        double s = std::stod(v, &used);
        if (used == v.size() && s == s) return s;
    } catch (const std::exception &) {
    }
    throw UsageError{"option --timeout needs seconds (negative: no limit), not `" + v + "`", 2};
}

const char *const usage =
    "usage: loom bench PATH... [--backend B[,B...]] [--entry NAME] [--runs R] [--warmup W]\n"
    "                  [--min-time S] [--timeout S] [--exclude-case TAG] [--json FILE]\n"
    "                  [--baseline FILE]\n"
    "       loom bench FILE --input FILE|- [--entry NAME] [--backend B] [--runs R] [--warmup W]\n"
    "                  [--timeout S] [--output FILE]";

BenchOptions parse_options(const std::vector<std::string> &args) {
    BenchOptions o;
    for (ArgReader r{args}; !r.done(); ++r.i) {
        const std::string &a = r.current();
        if (r.is("--entry")) o.entry = r.value_of("--entry");
        else if (r.is("-e")) o.entry = r.value_of("-e");
        else if (r.is("--backend")) add_backends(r.value_of("--backend"), o.backends);
        else if (r.is("--runs")) o.runs = parse_count("--runs", r.value_of("--runs"));
        else if (r.is("-r")) o.runs = parse_count("-r", r.value_of("-r"));
        else if (r.is("--warmup")) o.warmup = parse_count("--warmup", r.value_of("--warmup"));
        else if (r.is("--min-time")) o.min_time = parse_seconds("--min-time", r.value_of("--min-time"));
        else if (r.is("--timeout")) o.timeout = parse_timeout(r.value_of("--timeout"));
        else if (r.is("--input")) o.input = r.value_of("--input");
        else if (r.is("-i")) o.input = r.value_of("-i");
        else if (r.is("--output")) o.output = r.value_of("--output");
        else if (r.is("-o")) o.output = r.value_of("-o");
        else if (r.is("--json")) o.json = r.value_of("--json");
        else if (r.is("--baseline")) o.baseline = r.value_of("--baseline");
        else if (r.is("--exclude-case")) o.exclude.push_back(r.value_of("--exclude-case"));
        else if (a.size() > 1 && a[0] == '-') throw UsageError{"unknown option `" + a + "` for `loom bench`", 2};
        else o.paths.push_back(a);
    }
    if (o.paths.empty()) throw UsageError{usage, 2};
    if (o.runs < 1) throw UsageError{"--runs must be at least 1", 2};
    if (o.backends.empty()) o.backends.push_back(compiler::auto_backend());
    if (o.input) {
        if (o.paths.size() != 1) throw UsageError{"`loom bench --input` times one program file", 2};
        if (o.backends.size() != 1) throw UsageError{"`loom bench --input` times one backend", 2};
        if (!o.json.empty() || !o.baseline.empty())
            throw UsageError{"--json and --baseline are for datasets; `--input` prints JSON itself", 2};
    } else if (!o.output.empty()) {
        throw UsageError{"--output writes the results of `--input`'s call", 2};
    }
    return o;
}

std::string read_path(const std::string &path) {
    std::string text;
    if (!read_file(path, text)) throw UsageError{"cannot read `" + path + "`", 2};
    return text;
}

/** `entry` of `prog` built for compiled backend b; throws Abort where it cannot be, with
 * the exit status of `loom run` (and a last line that says the bench stopped at `where`,
 * unless that is empty). */
std::shared_ptr<compiler::CompiledEntry> compile_or_abort(const Program &prog, const std::string &entry,
                                                          Backend b, const std::string &where) {
    std::string stop = where.empty() ? ""
                                     : "\nloom: bench stopped: " + where + " does not compile for " +
                                           compiler::backend_name(b);
    try {
        return compiler::compile_entry(prog, entry, b);
    } catch (const CompilerLimitation &e) {
        std::string hint = stop.empty() ? "" : " (a compiler limitation; `--backend interp` runs it)";
        throw Abort{e.render() + stop + hint, 3};
    } catch (const CompileError &e) {
        // A located error, or one of the backend's (the host compiler, NVRTC) without a place.
        throw Abort{(e.loc().known() ? e.render() : "loom: " + e.message()) + stop, 2};
    } catch (const Interrupted &) {
        throw;
    } catch (const std::bad_alloc &) {
        throw;
    } catch (const std::exception &e) {
        throw Abort{std::string("loom: internal error: ") + e.what() + stop, 3};
    }
}

/** Raises `flag` when `seconds` have passed since it was made (never for a negative
 * number, or one past a year, which the clock's type could not add), unless it is
 * destroyed first; the flag is lowered again on both ends.  Calls given the flag stop at
 * their next poll with loom::Interrupted, as on Ctrl-C. */
class Deadline {
public:
    Deadline(double seconds, std::atomic<bool> &flag) : flag_(flag) {
        flag_.store(false);
        if (!(seconds >= 0 && seconds < 3.2e7)) return;
        auto until = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
        watcher_ = std::thread([this, until] {
            std::unique_lock<std::mutex> lock(mutex_);
            if (!woken_.wait_until(lock, until, [this] { return done_; })) {
                passed_.store(true);
                flag_.store(true);
            }
        });
    }
    Deadline(const Deadline &) = delete;
    Deadline &operator=(const Deadline &) = delete;
    ~Deadline() {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            done_ = true;
        }
        woken_.notify_one();
        if (watcher_.joinable()) watcher_.join();
        flag_.store(false);
    }
    bool passed() const { return passed_.load(); }

private:
    std::atomic<bool> &flag_;
    std::atomic<bool> passed_{false};
    std::mutex mutex_;
    std::condition_variable woken_;
    bool done_ = false;
    std::thread watcher_;
};

/** "more than 1.5 s (--timeout)". */
std::string over_timeout(double seconds) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "more than %g s (--timeout)", seconds);
    return buf;
}

/** Calls of an entry point on one backend. */
using Call = std::function<Value(const std::vector<Value> &)>;

/** The times of timed calls (host clock; cuda also the device's), and the last result. */
struct Timing {
    std::vector<double> times, device_times;
    Value result;
};

/** `warmup` calls, then at least `runs` timed ones, more until `min_seconds` have passed
 * (at most max_runs).  `check` sees the first call's result: where it returns false,
 * nothing is timed.  Throws Interrupted before a call once `stop` is raised (a GPU kernel
 * runs to its end whatever the flag says). */
Timing time_calls(const Call &call, const std::vector<Value> &args, int warmup, int runs, double min_seconds,
                  const std::shared_ptr<compiler::CompiledEntry> &device, const std::atomic<bool> &stop,
                  const std::function<bool(const Value &)> &check = {}) {
    Timing t;
    bool checked = !check;
    auto stopped = [&] {
        if (stop.load()) throw Interrupted();
    };
    for (int i = 0; i < warmup; ++i) {
        stopped();
        t.result = call(args);
        if (!checked && !(checked = true, check(t.result))) return t;
    }
    auto start = Clock::now();
    for (int i = 0; i < runs || (ms_between(start, Clock::now()) < min_seconds * 1000 && i < max_runs); ++i) {
        stopped();
        auto a = Clock::now();
        t.result = call(args);
        t.times.push_back(ms_between(a, Clock::now()));
        if (device) t.device_times.push_back(device->last_transfers().device_ms);
        if (!checked && !(checked = true, check(t.result))) {
            t.times.clear();
            return t;
        }
    }
    return t;
}

// ---------------------------------------------------------------- one call (--input)

void write_results(const std::string &path, const Value &r) {
    std::string bytes;
    for (const Value &v : result_values(r)) write_binary_value(v, bytes);
    std::ofstream f(path, std::ios::binary);
    f << bytes;
    if (!f) throw UsageError{"cannot write `" + path + "`", 2};
}

int bench_one_call(const BenchOptions &o, std::istream &in, std::ostream &out) {
    const std::string &file = o.paths[0];
    const std::string entry = o.entry.value_or("main");
    Backend backend = o.backends[0];
    nlohmann::json j;
    j["file"] = file;
    j["entry"] = entry;
    j["backend"] = compiler::backend_name(backend);

    auto t0 = Clock::now();
    Program prog = load_program(file, read_path(file));
    FunDefPtr fn = find_function(prog, entry);
    if (!fn) throw UsageError{"`" + file + "` has no entry point `" + entry + "`", 2};
    std::atomic<bool> stop{false};  // before the interpreter, which keeps its address
    Call call;
    Interpreter interp;
    std::shared_ptr<compiler::CompiledEntry> compiled;
    if (backend == Backend::Interp) {
        interp.load(prog);
        interp.set_interrupt_flag(&stop);
        call = [&](const std::vector<Value> &args) { return interp.call(entry, args); };
    } else {
        compiled = compile_or_abort(prog, entry, backend, "");
        j["report"] = compiler::report_json(compiled->report);
        call = [compiled, &stop](const std::vector<Value> &args) { return compiled->call(args, &stop); };
    }
    auto t1 = Clock::now();
    bool from_stdin = *o.input == "-";
    std::string input = from_stdin ? read_stream(in) : read_path(*o.input);
    std::vector<Value> args;
    try {
        args = entry_arguments(*fn, read_values(input, from_stdin ? "<stdin>" : *o.input));
    } catch (const CompileError &e) {
        throw BadInput{e.render()};
    } catch (const DataError &e) {
        throw UsageError{e.what(), 1};
    }
    auto t2 = Clock::now();
    j["compile_ms"] = ms_between(t0, t1);
    j["load_ms"] = ms_between(t1, t2);

    bool on_device = backend == Backend::Cuda;
    Timing t;
    {
        Deadline deadline(o.timeout, stop);
        try {
            t = time_calls(call, args, o.warmup.value_or(0), o.runs, 0, on_device ? compiled : nullptr, stop);
        } catch (const Interrupted &) {
            if (!deadline.passed()) throw;
            throw UsageError{"timed out: the calls took " + over_timeout(o.timeout), 1};
        }
    }
    if (!o.output.empty()) write_results(o.output, t.result);

    j["runs"] = o.runs;
    j["warmup"] = o.warmup.value_or(0);
    j["times_ms"] = t.times;
    j["median_ms"] = median(t.times);
    j["min_ms"] = *std::min_element(t.times.begin(), t.times.end());
    j["max_ms"] = *std::max_element(t.times.begin(), t.times.end());
    if (on_device) {
        compiler::CompiledEntry::Transfers tr = compiled->last_transfers();
        j["device_times_ms"] = t.device_times;
        j["device_median_ms"] = median(t.device_times);
        j["transfers"] = {{"uploads", tr.uploads},     {"upload_bytes", tr.upload_bytes},
                          {"downloads", tr.downloads}, {"download_bytes", tr.download_bytes},
                          {"transfer_ms", tr.transfer_ms}};
    }
    out << j.dump() << "\n";
    return 0;
}

// ---------------------------------------------------------------- datasets

/** One dataset of one entry point: a case of a test block. */
struct Dataset {
    const TestCase *c;
    int index;  ///< the case's number in its block, as `loom test` counts
    std::string name;
};

/** The key of a result in --json and --baseline files. */
std::string result_key(const std::string &file, const std::string &entry, const std::string &dataset,
                       const std::string &backend) {
    return fs::path(file).lexically_normal().string() + ":" + entry + " " + dataset + " on " + backend;
}

std::string show_ms(double ms) {
    char buf[48];
    if (ms < 1) std::snprintf(buf, sizeof buf, "%.1f µs", ms * 1000);
    else if (ms < 1000) std::snprintf(buf, sizeof buf, "%.2f ms", ms);
    else std::snprintf(buf, sizeof buf, "%.3f s", ms / 1000);
    return buf;
}

/** "2.50x faster than X", "1.20x slower than X" or "as fast as X". */
std::string compared(double ms, double other_ms, const std::string &other) {
    if (!(ms > 0) || !(other_ms > 0)) return "";
    char buf[32];
    double r = other_ms / ms;
    std::snprintf(buf, sizeof buf, "%.2fx", r >= 1 ? r : 1 / r);
    if (std::string(buf) == "1.00x") return "as fast as " + other;
    return std::string(buf) + (r >= 1 ? " faster than " : " slower than ") + other;
}

std::string indented(const std::string &s, const std::string &by) {
    std::string r = by;
    for (char c : s) {
        r += c;
        if (c == '\n') r += by;
    }
    return r;
}

struct DatasetBench {
    const BenchOptions &o;
    std::ostream &out;
    int failures = 0;  ///< datasets (or entry points) that failed on a backend
    nlohmann::json results = nlohmann::json::array();
    std::map<std::string, double> baseline;  ///< median_ms by result_key
    std::atomic<bool> stop{false};           ///< every call's interrupt flag (--timeout)

    DatasetBench(const BenchOptions &o, std::ostream &out) : o(o), out(out) {}

    void fail(const std::string &where, const std::string &what) {
        ++failures;
        out << "FAIL " << where << "\n" << indented(what, "    ") << "\n";
    }

    void read_baseline() {
        if (o.baseline.empty()) return;
        nlohmann::json j;
        try {
            j = nlohmann::json::parse(read_path(o.baseline));
            for (const nlohmann::json &r : j.at("results"))
                if (r.contains("median_ms"))
                    baseline[result_key(r.at("file"), r.at("entry"), r.at("dataset"), r.at("backend"))] =
                        r.at("median_ms").get<double>();
        } catch (const nlohmann::json::exception &e) {
            throw UsageError{"`" + o.baseline + "` is not the --json of `loom bench`: " + e.what(), 2};
        }
    }

    bool excluded(const std::vector<std::string> &tags) const {
        for (const std::string &t : tags)
            if (std::find(o.exclude.begin(), o.exclude.end(), t) != o.exclude.end()) return true;
        return false;
    }

    /** The datasets of each entry point, entries in the order they first appear. */
    std::vector<std::pair<std::string, std::vector<Dataset>>> datasets(const std::vector<TestBlock> &blocks) const {
        std::vector<std::pair<std::string, std::vector<Dataset>>> by_entry;
        for (const TestBlock &blk : blocks) {
            if (excluded(blk.tags)) continue;
            int index = 0;
            for (const TestCase &c : blk.cases) {
                ++index;
                if (excluded(c.tags) || c.expect == TestCase::Expect::RuntimeError ||
                    c.input_kind == TestCase::InputKind::Script)
                    continue;
                for (const std::string &e : c.entries) {
                    if (o.entry && e != *o.entry) continue;
                    auto it = std::find_if(by_entry.begin(), by_entry.end(), [&](auto &p) { return p.first == e; });
                    if (it == by_entry.end()) it = by_entry.insert(by_entry.end(), {e, {}});
                    it->second.push_back({&c, index, dataset_name(c, index)});
                }
            }
        }
        return by_entry;
    }

    /** One program to time: its datasets by entry point, and each entry built for each
     * compiled backend (see Note [Compile first]). */
    struct Prepared {
        std::string path;
        std::vector<TestBlock> blocks;   ///< the datasets point into them
        std::vector<std::string> notes;  ///< script inputs skipped
        Program prog;
        struct Entry {
            std::string name;
            std::vector<Dataset> sets;
            FunDefPtr fn;
            std::string problem;  ///< why it cannot be called (no such entry point, ...)
            std::map<Backend, std::shared_ptr<compiler::CompiledEntry>> compiled;
        };
        std::vector<Entry> entries;
    };

    /** The program at `path` parsed, checked and compiled, or null when it has no datasets
     * (not a benchmark, as for futhark bench); throws Abort when it does not compile. */
    std::unique_ptr<Prepared> prepare(const std::string &path) {
        std::string text;
        if (!read_file(path, text)) throw UsageError{"cannot read `" + path + "`", 2};
        auto p = std::make_unique<Prepared>();
        p->path = path;
        try {
            p->blocks = parse_test_blocks(make_source(path, text));
        } catch (const CompileError &e) {
            throw Abort{e.render() + "\nloom: bench stopped: `" + path + "` has a malformed test block",
                        2};
        }
        for (const TestBlock &blk : p->blocks) // as loom test says: not silently left out
            for (const TestCase &c : blk.cases)
                if (c.input_kind == TestCase::InputKind::Script && !excluded(blk.tags) && !excluded(c.tags))
                    p->notes.push_back(path + ": case at line " + std::to_string(c.loc.line) +
                                       ": skipped: FutharkScript inputs (`script input`) are not "
                                       "supported");
        auto by_entry = datasets(p->blocks);
        if (by_entry.empty()) return nullptr;
        try {
            p->prog = load_program(path, text);  // the text read above
        } catch (const CompileError &e) {
            throw Abort{e.render() + "\nloom: bench stopped: `" + path + "` does not compile", 2};
        }
        for (auto &[entry, sets] : by_entry) {
            Prepared::Entry pe{entry, std::move(sets), find_function(p->prog, entry), "", {}};
            if (!pe.fn) pe.problem = "the program has no entry point `" + entry + "`";
            else pe.problem = not_an_entry(*pe.fn);
            if (pe.problem.empty())
                for (Backend b : o.backends)
                    if (b != Backend::Interp)
                        pe.compiled[b] =
                            compile_or_abort(p->prog, entry, b, "`" + path + ":" + entry + "`");
            p->entries.push_back(std::move(pe));
        }
        return p;
    }

    void run_file(const Prepared &p) {
        for (const std::string &n : p.notes) out << n << "\n";
        for (const Prepared::Entry &e : p.entries) run_entry(p, e);
    }

    void run_entry(const Prepared &p, const Prepared::Entry &pe) {
        const std::string &path = p.path, &entry = pe.name;
        const Program &prog = p.prog;
        const std::vector<Dataset> &sets = pe.sets;
        std::string where = path + ":" + entry;
        if (!pe.problem.empty()) return fail(where, pe.problem);
        const FunDefPtr &fn = pe.fn;
        bool one = o.backends.size() == 1;
        out << where << (one ? std::string(" on ") + compiler::backend_name(o.backends[0]) : "") << "\n";
        // Each backend's calls, or why it has none.
        std::map<Backend, Call> calls;
        std::map<Backend, std::shared_ptr<compiler::CompiledEntry>> devices;
        std::unique_ptr<Interpreter> interp;
        std::string interp_problem;
        auto interpreter = [&]() -> Interpreter * {
            if (!interp && interp_problem.empty()) {
                try {
                    auto fresh = std::make_unique<Interpreter>();
                    fresh->load(prog);
                    fresh->set_interrupt_flag(&stop);
                    interp = std::move(fresh);
                } catch (const RuntimeError &e) {
                    interp_problem = "evaluating top-level definitions failed\n" + e.render();
                }
            }
            return interp.get();
        };
        for (Backend b : o.backends) {
            if (b == Backend::Interp) {
                if (Interpreter *i = interpreter())
                    calls[b] = [i, entry](const std::vector<Value> &args) { return i->call(entry, args); };
                else fail(where + " on interp", interp_problem);
                continue;
            }
            const std::shared_ptr<compiler::CompiledEntry> &compiled = pe.compiled.at(b);
            calls[b] = [compiled, this](const std::vector<Value> &args) {
                return compiled->call(args, &stop);
            };
            if (b == Backend::Cuda) devices[b] = compiled;
        }
        int width = 0;  // of the datasets' names, to align their times
        for (const Dataset &d : sets) width = std::min(60, std::max(width, (int)d.name.size()));
        for (const Dataset &d : sets) {
            std::string at = where + " " + d.name;
            CaseData data;
            if (std::string problem = try_load_case(path, *fn, *d.c, data); !problem.empty()) {
                fail(at, problem);
                continue;
            }
            bool automatic = d.c->expect == TestCase::Expect::AutoOutput;
            bool reference_failed = false, reference_timed_out = false;
            if (!one) out << "  " << d.name << "\n";
            if (automatic && calls.size() > (calls.count(Backend::Interp) ? 1u : 0u)) {
                // The interpreter's results, before any call that might update the arguments.
                Deadline deadline(o.timeout, stop);
                try {
                    if (Interpreter *i = interpreter()) {
                        data.expected = as_read(result_values(i->call(entry, data.args)));
                    } else {
                        fail(at, "auto output: the interpreter, whose results are the expected ones, failed:\n" +
                                     interp_problem);
                        reference_failed = true;
                    }
                } catch (const RuntimeError &e) {
                    fail(at, "auto output: the interpreter, whose results are the expected ones, failed:\n" +
                                 e.render());
                    reference_failed = true;
                } catch (const Interrupted &) {
                    if (!deadline.passed()) throw;
                    fail(at, "auto output: the interpreter's call, whose results are the expected ones, took " +
                                 over_timeout(o.timeout));
                    reference_failed = reference_timed_out = true;
                }
            }
            std::optional<double> first;  // the first backend's median
            for (Backend b : o.backends) {
                const char *name = compiler::backend_name(b);
                auto call = calls.find(b);
                if (call == calls.end() || !runs_on(*d.c, b)) continue;
                if (reference_failed && (b != Backend::Interp || reference_timed_out)) continue;
                bool checks = d.c->expect == TestCase::Expect::Output || (automatic && b != Backend::Interp);
                std::string wrong;
                auto check = [&](const Value &r) {
                    wrong = compare_results(data.expected, result_values(r));
                    return wrong.empty();
                };
                Timing t;
                Deadline deadline(o.timeout, stop);
                try {
                    t = time_calls(call->second, data.args, o.warmup.value_or(1), o.runs, o.min_time,
                                   devices.count(b) ? devices[b] : nullptr, stop,
                                   checks ? std::function<bool(const Value &)>(check) : nullptr);
                } catch (const RuntimeError &e) {
                    fail(at + " on " + name, "run-time error:\n" + e.render());
                    continue;
                } catch (const Interrupted &) {
                    if (!deadline.passed()) throw;
                    fail(at + " on " + name, "timed out: the warmup and timed calls took " + over_timeout(o.timeout));
                    continue;
                }
                if (!wrong.empty()) {
                    fail(at + " on " + name, "wrong result: " + wrong);
                    continue;
                }
                report(path, entry, d, width, b, t, first);
            }
        }
    }

    void report(const std::string &path, const std::string &entry, const Dataset &d, int width, Backend b,
                const Timing &t, std::optional<double> &first) {
        const char *name = compiler::backend_name(b);
        double mid = median(t.times), lo = *std::min_element(t.times.begin(), t.times.end()),
               hi = *std::max_element(t.times.begin(), t.times.end());
        char head[256];
        if (o.backends.size() == 1)
            std::snprintf(head, sizeof head, "  %-*s %10s", width + 1, (d.name + ":").c_str(), show_ms(mid).c_str());
        else std::snprintf(head, sizeof head, "    %-8s %10s", name, show_ms(mid).c_str());
        out << head << "  (min " << show_ms(lo) << ", max " << show_ms(hi) << ", " << t.times.size() << " runs";
        if (!t.device_times.empty()) out << "; device " << show_ms(median(t.device_times));
        out << ")";
        std::vector<std::string> notes;
        if (!first) first = mid;
        else notes.push_back(compared(mid, *first, compiler::backend_name(o.backends[0])));
        std::string key = result_key(path, entry, d.name, name);
        if (auto it = baseline.find(key); it != baseline.end()) notes.push_back(compared(mid, it->second, "the baseline"));
        for (size_t i = 0; i < notes.size(); ++i) out << (i ? "; " : "   ") << notes[i];
        out << "\n";
        nlohmann::json r = {{"file", fs::path(path).lexically_normal().string()},
                            {"entry", entry},
                            {"dataset", d.name},
                            {"backend", name},
                            {"runtimes_ms", t.times},
                            {"median_ms", mid},
                            {"min_ms", lo},
                            {"max_ms", hi}};
        if (!t.device_times.empty()) {
            r["device_runtimes_ms"] = t.device_times;
            r["device_median_ms"] = median(t.device_times);
        }
        results.push_back(std::move(r));
    }

    void write_json() const {
        if (o.json.empty()) return;
        std::time_t now = std::time(nullptr);
        char date[32];
        std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
        nlohmann::json j = {{"loom_bench", 1}, {"date", date}, {"results", results}};
        std::ofstream f(o.json);
        f << j.dump(1) << "\n";
        if (!f) throw UsageError{"cannot write `" + o.json + "`", 2};
    }
};

int bench_datasets(const BenchOptions &o, std::ostream &out) {
    DatasetBench bench(o, out);
    bench.read_baseline();
    std::vector<std::string> missing;
    std::vector<std::string> files = program_files(o.paths, missing);
    if (!missing.empty()) throw UsageError{"no such file or directory: `" + missing[0] + "`", 2};
    // Note [Compile first]: every program is checked and compiled before any is timed.
    std::vector<std::unique_ptr<DatasetBench::Prepared>> programs;
    for (const std::string &f : files) {
        try {
            if (auto p = bench.prepare(f)) programs.push_back(std::move(p));
        } catch (const Interrupted &) {
            throw;
        } catch (const std::bad_alloc &) {
            throw;
        } catch (const std::exception &e) {  // a bug of the checker's
            throw Abort{"loom: internal error: " + std::string(e.what()) + "\nloom: bench stopped: `" + f +
                            "` does not compile",
                        3};
        }
    }
    if (programs.empty())
        throw UsageError{"nothing to benchmark: no datasets (`input` in a `-- ==` test block) in " +
                             (o.paths.size() == 1 ? "`" + o.paths[0] + "`" : "these paths") +
                             (o.entry ? " for entry `" + *o.entry + "`" : "") +
                             "; `--input FILE` times one call",
                         2};
    for (const auto &p : programs) {
        try {
            bench.run_file(*p);
        } catch (const Interrupted &) {
            throw;
        } catch (const std::exception &e) {
            bench.fail(p->path, std::string("internal error: ") + e.what());
        }
    }
    bench.write_json();
    return bench.failures ? 1 : 0;
}

}  // namespace

int bench_main(const std::vector<std::string> &args, std::istream &in, std::ostream &out, std::ostream &err) {
    try {
        BenchOptions o = parse_options(args);
        return o.input ? bench_one_call(o, in, out) : bench_datasets(o, out);
    } catch (const UsageError &e) {
        out.flush();
        err << "loom: " << e.message << "\n";
        return e.status;
    } catch (const BadInput &e) {
        err << e.rendered << "\n";
        return 1;
    } catch (const Abort &e) {
        out.flush();
        err << e.rendered << "\n";
        return e.status;
    } catch (const RuntimeError &e) {
        err << e.render() << "\n";
        return 1;
    } catch (const LocatedError &e) {  // `--input`'s program does not parse or type-check
        err << e.render() << "\n";
        return 2;
    }
}

}  // namespace loom

// Note [Compile first]
// futhark-bench.rst: "If compilation of a program fails, then futhark bench will abort
// immediately.  If execution of a test set fails, an error message will be printed and
// benchmarking will continue, and --json will not contain that dataset."  So every program
// with datasets is parsed, type-checked and built for each compiled backend named before
// any dataset is timed (as futhark bench compiles its programs first): one that fails
// stops the bench with its diagnostic on stderr and `loom run`'s exit status for it (2: a
// compile error, or a backend that cannot build it; 3: a compiler limitation, which the
// interpreter would run, or an internal error), having timed nothing and written no
// --json.  Running is what may fail and go on: a run-time error, a wrong result, a time
// out, values that do not suit the entry point, an entry point the test block names but
// the program lacks, top-level definitions whose evaluation fails on the interpreter.
// Each is a FAIL line, its dataset is left out of --json, and the exit status is 1.
