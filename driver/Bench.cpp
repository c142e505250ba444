/** \file
 * `loom bench` (Bench.h): compile once, call R times, time the calls only.  The interpreter
 * backend times Interpreter::call; compiled backends time CompiledEntry::call, so argument
 * conversion and result allocation count, as they would for a caller of the entry point.
 * The cuda backend also reports each run's device time (CUDA events from its first kernel
 * to its last: `device_times_ms`, `device_median_ms`) and the last run's transfers.
 */
#include "driver/Bench.h"

#include "compiler/Pipeline.h"
#include "core/Files.h"
#include "core/ValueIO.h"
#include "frontend/Frontend.h"
#include "interpreter/Interpreter.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <functional>
#include <iostream>
#include <optional>
#include <stdexcept>

namespace loom {

namespace {

using Clock = std::chrono::steady_clock;

double ms_between(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
}

/** A usage problem (status 2) or bad input values (status 1), reported as `loom: message`. */
struct BenchUsage : std::runtime_error {
    explicit BenchUsage(const std::string &message, int status = 2)
        : std::runtime_error(message), status(status) {}
    int status;
};

struct BenchOptions {
    std::string file, entry = "main", backend = "interp", input, output;
    int runs = 10, warmup = 0;
};

/** Malformed input values (the reader's located error, rendered): exit status 1. */
struct BadInput {
    std::string rendered;
};

int parse_count(const std::string &opt, const std::string &v) {
    try {
        size_t used = 0;
        int n = std::stoi(v, &used);
        if (used == v.size() && n >= 0) return n;
    } catch (const std::exception &) {
    }
    throw BenchUsage("option " + opt + " needs a non-negative integer, not `" + v + "`");
}

BenchOptions parse_options(const std::vector<std::string> &args) {
    BenchOptions o;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string &a = args[i];
        std::string opt = a.substr(0, a.find('='));
        auto value = [&]() -> std::string {
            if (opt.size() < a.size()) return a.substr(opt.size() + 1);
            if (i + 1 >= args.size()) throw BenchUsage("option " + opt + " needs a value");
            return args[++i];
        };
        if (opt == "--entry" || opt == "-e") o.entry = value();
        else if (opt == "--backend") o.backend = value();
        else if (opt == "--runs" || opt == "-r") o.runs = parse_count(opt, value());
        else if (opt == "--warmup") o.warmup = parse_count(opt, value());
        else if (opt == "--input" || opt == "-i") o.input = value();
        else if (opt == "--output" || opt == "-o") o.output = value();
        else if (!a.empty() && a[0] == '-') throw BenchUsage("unknown option `" + a + "` for `loom bench`");
        else if (o.file.empty()) o.file = a;
        else throw BenchUsage("`loom bench` takes one program file");
    }
    if (o.file.empty())
        throw BenchUsage("usage: loom bench FILE [--entry NAME] [--backend B] [--runs R] "
                         "[--warmup W] [--input FILE] [--output FILE]");
    if (o.runs < 1) throw BenchUsage("--runs must be at least 1");
    return o;
}

double median(std::vector<double> xs) {
    std::sort(xs.begin(), xs.end());
    size_t n = xs.size();
    return n % 2 ? xs[n / 2] : (xs[n / 2 - 1] + xs[n / 2]) / 2;
}

std::string read_path(const std::string &path) {
    std::string text;
    if (!read_file(path, text)) throw BenchUsage("cannot read `" + path + "`");
    return text;
}

const FunDef *find_entry(const Program &prog, const std::string &name) {
    const FunDef *found = nullptr;
    for (const DeclPtr &d : prog.decls) {
        const Decl *dd = d.get();
        while (dd && dd->kind == Decl::Kind::Local) dd = dd->inner.get();
        if (dd && dd->kind == Decl::Kind::Fun && dd->fun && dd->fun->name == name) found = dd->fun.get();
    }
    return found;
}

/** The values read, with unsuffixed literals typed by the parameters' element types
 * (binary input is always typed).  Type mismatches surface as the call's own errors. */
std::vector<Value> arguments(const FunDef &fn, const std::vector<ReadValue> &vals) {
    if (vals.size() != fn.params.size())
        throw BenchUsage("entry point `" + fn.name + "` takes " + std::to_string(fn.params.size()) +
                         " argument(s), but " + std::to_string(vals.size()) + " value(s) were given", 1);
    std::vector<Value> args;
    for (size_t i = 0; i < vals.size(); ++i) {
        const TypePtr &t = fn.params[i]->type;
        std::optional<PrimType> elem;
        if (t && t->kind == Type::Kind::Prim) elem = t->prim;
        if (t && t->kind == Type::Kind::Array && t->elem && t->elem->kind == Type::Kind::Prim)
            elem = t->elem->prim;
        args.push_back(elem && !vals[i].typed ? adapt_value(vals[i], *elem) : vals[i].value);
    }
    return args;
}

void write_results(const std::string &path, const Value &r) {
    std::vector<Value> vals = r.kind() == Value::Kind::Tuple ? r.elems() : std::vector<Value>{r};
    std::string bytes;
    for (const Value &v : vals) write_binary_value(v, bytes);
    std::ofstream f(path, std::ios::binary);
    f << bytes;
    if (!f) throw BenchUsage("cannot write `" + path + "`");
}

int run_bench(const BenchOptions &o, std::istream &in, std::ostream &out) {
    auto backend = compiler::parse_backend(o.backend);
    if (!backend) throw BenchUsage("unknown backend `" + o.backend + "` (expected interp, cpu or cuda)");
    nlohmann::json j;
    j["file"] = o.file;
    j["entry"] = o.entry;
    j["backend"] = compiler::backend_name(*backend);

    auto t0 = Clock::now();
    Program prog = parse_program(make_source(o.file, read_path(o.file)));
    CheckedEnvPtr env = prelude_env();
    check_program(prog, env);
    const FunDef *fn = find_entry(prog, o.entry);
    if (!fn) throw BenchUsage("`" + o.file + "` has no entry point `" + o.entry + "`");
    std::function<Value(const std::vector<Value> &)> call;
    Interpreter interp;
    std::shared_ptr<compiler::CompiledEntry> compiled;
    if (*backend == compiler::Backend::Interp) {
        interp.load(prog);
        call = [&](const std::vector<Value> &args) { return interp.call(o.entry, args); };
    } else {
        compiled = compiler::compile_entry(prog, o.entry, *backend);
        j["report"] = compiler::report_json(compiled->report);
        call = [compiled](const std::vector<Value> &args) { return compiled->call(args); };
    }
    bool on_device = *backend == compiler::Backend::Cuda;
    auto t1 = Clock::now();
    std::string input = o.input.empty() ? read_stream(in) : read_path(o.input);
    std::vector<ReadValue> read;
    try {
        read = read_values(input, o.input.empty() ? "<stdin>" : o.input);
    } catch (const CompileError &e) {
        throw BadInput{e.render()};
    }
    std::vector<Value> args = arguments(*fn, read);
    auto t2 = Clock::now();
    j["compile_ms"] = ms_between(t0, t1);
    j["load_ms"] = ms_between(t1, t2);

    Value result;
    for (int i = 0; i < o.warmup; ++i) result = call(args);
    std::vector<double> times, device_times;
    for (int i = 0; i < o.runs; ++i) {
        auto a = Clock::now();
        result = call(args);
        times.push_back(ms_between(a, Clock::now()));
        if (on_device) device_times.push_back(compiled->last_transfers().device_ms);
    }
    if (!o.output.empty()) write_results(o.output, result);

    j["runs"] = o.runs;
    j["warmup"] = o.warmup;
    j["times_ms"] = times;
    j["median_ms"] = median(times);
    j["min_ms"] = *std::min_element(times.begin(), times.end());
    j["max_ms"] = *std::max_element(times.begin(), times.end());
    if (on_device) {
        compiler::CompiledEntry::Transfers t = compiled->last_transfers();
        j["device_times_ms"] = device_times;
        j["device_median_ms"] = median(device_times);
        j["transfers"] = {{"uploads", t.uploads},     {"upload_bytes", t.upload_bytes},
                          {"downloads", t.downloads}, {"download_bytes", t.download_bytes},
                          {"transfer_ms", t.transfer_ms}};
    }
    out << j.dump() << "\n";
    return 0;
}

}  // namespace

int bench_main(const std::vector<std::string> &args, std::istream &in, std::ostream &out,
               std::ostream &err) {
    try {
        return run_bench(parse_options(args), in, out);
    } catch (const BenchUsage &e) {
        err << "loom: " << e.what() << "\n";
        return e.status;
    } catch (const BadInput &e) {
        err << e.rendered << "\n";
        return 1;
    } catch (const RuntimeError &e) {
        err << e.render() << "\n";
        return 1;
    } catch (const LocatedError &e) {  // compile errors and compiler limitations
        err << e.render() << "\n";
        return 2;
    }
}

}  // namespace loom
