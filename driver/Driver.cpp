#include "driver/Driver.h"

#include "core/ValueIO.h"
#include "driver/TestSpec.h"
#include "frontend/Frontend.h"
#include "interpreter/Interpreter.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <regex>
#include <sstream>

namespace loom {

namespace {

namespace fs = std::filesystem;

const char *const version_text = "loom 0.1.0 (reference interpreter)";

const char *const usage_text =
    "usage: loom <command> [options]\n"
    "\n"
    "commands:\n"
    "  loom\n"
    "        the interactive REPL (:help lists its commands)\n"
    "  loom --run SCRIPT|- [--keep-going]\n"
    "        run a file of REPL input non-interactively\n"
    "  loom run FILE [--entry NAME] [--backend B] [-b]\n"
    "        read the entry point's arguments from stdin (Futhark's text or binary\n"
    "        value format) and print each result on its own line (-b: binary output)\n"
    "  loom check FILE\n"
    "        parse and type-check; exit 0, or print diagnostics and exit 2\n"
    "  loom test [--backend B[,B...]] PATH...\n"
    "        run the `-- ==` test blocks of .fut/.loom files (directories recursively)\n"
    "  loom --version | --help\n"
    "\n"
    "backends: interp (available), auto (= interp for now), cpu and cuda (not yet)\n"
    "exit status: 0 ok, 1 run-time error or failed tests, 2 compile or usage error\n";

/** A usage or input problem reported as a plain message (not a located error). */
struct UsageError {
    std::string message;
    int status;
};

bool read_file(const std::string &path, std::string &out) {
    std::ifstream f(path, std::ios::binary);
    if (!f) return false;
    out.assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
    return !f.bad();
}

/** Parses and checks a program; throws CompileError. */
Program load_program(const std::string &path, const std::string &text) {
    Program prog = parse_program(make_source(path, text));
    CheckedEnvPtr env = prelude_env();
    check_program(prog, env);
    return prog;
}

/** Whether a file has a `-- ==` line (the start of a futhark-test block). */
bool has_test_block(const std::string &path) {
    std::string text;
    if (!read_file(path, text)) return true;  // let the runner report it
    static const std::regex block_start(R"((^|\n)--[ \t]*==[ \t]*(\r?\n|$))");
    return std::regex_search(text, block_start);
}

FunDefPtr find_function(const Program &prog, const std::string &name) {
    FunDefPtr found;
    for (const DeclPtr &d : prog.decls) {
        const Decl *dd = d.get();
        while (dd && dd->kind == Decl::Kind::Local) dd = dd->inner.get();
        if (dd && dd->kind == Decl::Kind::Fun && dd->fun && dd->fun->name == name) found = dd->fun;
    }
    return found;
}

/** The primitive element type of a prim or array-of-prim type. */
std::optional<PrimType> elem_prim_of(const TypePtr &t) {
    if (!t) return std::nullopt;
    if (t->kind == Type::Kind::Prim) return t->prim;
    if (t->kind == Type::Kind::Array && t->elem && t->elem->kind == Type::Kind::Prim)
        return t->elem->prim;
    return std::nullopt;
}

std::optional<PrimType> elem_prim_of(const Value &v) {
    if (v.is_prim()) return v.prim().type;
    if (v.is_prim_array()) return v.elem_prim();
    return std::nullopt;
}

/** A short description of a value's type, e.g. `[3][2]i32`. */
std::string value_type_string(const Value &v) {
    if (v.is_prim()) return prim_name(v.prim().type);
    if (v.is_prim_array()) {
        std::string s;
        for (int64_t d : v.shape()) s += "[" + std::to_string(d) + "]";
        return s + prim_name(v.elem_prim());
    }
    return "a non-primitive value";
}

/** Whether a value fits a parameter type (element type and rank; sizes are the
 * interpreter's business). */
bool value_fits(const Value &v, const TypePtr &t) {
    if (!t) return true;
    if (t->kind == Type::Kind::Prim) return v.is_prim() && v.prim().type == t->prim;
    if (t->kind == Type::Kind::Array && t->elem && t->elem->kind == Type::Kind::Prim) {
        if (!v.is_prim_array() || v.elem_prim() != t->elem->prim || v.rank() != t->rank())
            return false;
        for (int i = 0; i < v.rank(); ++i) {
            const Dim &d = t->shape[(size_t)i];
            if (d.kind == Dim::Kind::Const && d.value != v.shape()[(size_t)i]) return false;
        }
        return true;
    }
    return true;
}

/** Turns the values read for an entry point into its arguments: unsuffixed literals
 * take the parameter's element type; then counts and types are checked. */
std::vector<Value> entry_arguments(const FunDef &fn, const std::vector<ReadValue> &vals) {
    if (vals.size() != fn.params.size())
        throw UsageError{"entry point `" + fn.name + "` takes " + std::to_string(fn.params.size()) +
                             " argument(s), but " + std::to_string(vals.size()) + " value(s) were given",
                         1};
    std::vector<Value> args;
    for (size_t i = 0; i < vals.size(); ++i) {
        TypePtr pt = fn.params[i]->type;
        Value v = vals[i].value;
        if (auto p = elem_prim_of(pt)) v = adapt_value(vals[i], *p);
        if (!value_fits(v, pt))
            throw UsageError{"argument " + std::to_string(i + 1) + " of `" + fn.name + "` must be " +
                                 type_to_string(pt) + ", but the value given is " +
                                 value_type_string(v),
                             1};
        args.push_back(std::move(v));
    }
    return args;
}

std::vector<Value> result_values(const Value &r) {
    if (r.kind() == Value::Kind::Tuple) return r.elems();
    return {r};
}

/** Checks `--backend` values: interp (and auto) run; cpu/cuda are not built yet. */
void check_backend(const std::string &b) {
    if (b == "interp" || b == "auto") return;
    if (b == "cpu" || b == "cuda")
        throw UsageError{"backend `" + b + "` is not available yet (use --backend interp)", 2};
    throw UsageError{"unknown backend `" + b + "` (expected interp, cpu, cuda or auto)", 2};
}

// ---------------------------------------------------------------- loom run / check

int cmd_run(const std::vector<std::string> &args, std::istream &in, std::ostream &out,
            std::ostream &err) {
    std::string file, entry = "main";
    bool binary_out = false;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string &a = args[i];
        auto value = [&](const std::string &opt) -> std::string {
            if (a.size() > opt.size() && a.compare(0, opt.size() + 1, opt + "=") == 0)
                return a.substr(opt.size() + 1);
            if (i + 1 >= args.size()) throw UsageError{"option " + opt + " needs a value", 2};
            return args[++i];
        };
        if (a == "--entry" || a == "-e" || a.rfind("--entry=", 0) == 0) entry = value(a[1] == 'e' ? "-e" : "--entry");
        else if (a == "--backend" || a.rfind("--backend=", 0) == 0) check_backend(value("--backend"));
        else if (a == "-b" || a == "--binary-output") binary_out = true;
        else if (!a.empty() && a[0] == '-' && a != "-") throw UsageError{"unknown option `" + a + "` for `loom run`", 2};
        else if (file.empty()) file = a;
        else throw UsageError{"`loom run` takes one program file", 2};
    }
    if (file.empty()) throw UsageError{"usage: loom run FILE [--entry NAME] [--backend B]", 2};
    std::string text;
    if (!read_file(file, text)) throw UsageError{"cannot read `" + file + "`", 2};
    Program prog;
    try {
        prog = load_program(file, text);
    } catch (const CompileError &e) {
        err << e.render() << "\n";
        return 2;
    }
    FunDefPtr fn = find_function(prog, entry);
    if (!fn) throw UsageError{"`" + file + "` has no entry point `" + entry + "`", 2};
    std::string input((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::vector<Value> call_args;
    try {
        call_args = entry_arguments(*fn, read_values(input, "<stdin>"));
    } catch (const CompileError &e) {
        err << e.render() << "\n";
        return 1;
    }
    try {
        Interpreter interp;
        interp.load(prog);
        Value r = interp.call(entry, call_args);
        for (const Value &v : result_values(r)) {
            if (binary_out && (v.is_prim() || v.is_prim_array())) {
                std::string b;
                write_binary_value(v, b);
                out << b;
            } else {
                out << value_to_string(v) << "\n";
            }
        }
        out.flush();
    } catch (const RuntimeError &e) {
        out.flush();
        err << e.render() << "\n";
        return 1;
    }
    return 0;
}

int cmd_check(const std::vector<std::string> &args, std::ostream &err) {
    if (args.size() != 1 || (!args[0].empty() && args[0][0] == '-'))
        throw UsageError{"usage: loom check FILE", 2};
    std::string text;
    if (!read_file(args[0], text)) throw UsageError{"cannot read `" + args[0] + "`", 2};
    try {
        load_program(args[0], text);
    } catch (const CompileError &e) {
        err << e.render() << "\n";
        return 2;
    }
    return 0;
}

// ---------------------------------------------------------------- loom test

std::string abbreviate(const std::string &s, size_t n = 400) {
    return s.size() <= n ? s : s.substr(0, n) + " ...";
}

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

/** Values text located where it stands in the test file (line/column padding), so
 * errors in it point into the program. */
std::vector<ReadValue> read_located(const std::string &text, const SrcLoc &loc,
                                    const std::string &name) {
    std::string padded(loc.line > 1 ? (size_t)loc.line - 1 : 0, '\n');
    padded.append(loc.col > 1 ? (size_t)loc.col - 1 : 0, ' ');
    padded += text;
    return read_values(padded, name);
}

struct TestRunner {
    std::ostream &out;
    int passed = 0, failed = 0, skipped = 0;

    void fail(const std::string &where, const std::string &what) {
        ++failed;
        out << "FAIL " << where << "\n" << indent(what) << "\n";
    }

    void run_file(const std::string &path) {
        std::string text;
        if (!read_file(path, text)) {
            fail(path, "cannot read the file");
            return;
        }
        SourceFilePtr src = make_source(path, text);
        std::vector<TestBlock> blocks;
        try {
            blocks = parse_test_blocks(src);
        } catch (const CompileError &e) {
            fail(path, "malformed test block:\n" + e.render());
            return;
        }
        for (const TestBlock &b : blocks)
            if (std::find(b.tags.begin(), b.tags.end(), "disable") != b.tags.end()) {
                ++skipped;
                return;
            }
        // Parse and check once.
        std::optional<Program> prog;
        std::string compile_error, compile_message;
        try {
            prog = load_program(path, text);
        } catch (const CompileError &e) {
            compile_error = e.render();
            compile_message = e.message();
        }
        size_t num_cases = 0;
        for (const TestBlock &b : blocks) {
            if (b.compile_error) {
                std::string where = path + ": expected compile error";
                std::string problem;
                if (prog) fail(where, "the program type-checks, but an error matching /" +
                                          *b.compile_error + "/ was expected");
                // Match the message alone: the path and source line would let a regex on a
                // folder or variable name pass for the wrong reason.
                else if (regex_matches(*b.compile_error, compile_message, problem) ||
                         (problem.empty() && regex_matches(*b.compile_error,
                                                           "Error: " + compile_message, problem)))
                    ++passed;
                else fail(where, problem.empty() ? "the error does not match /" + *b.compile_error +
                                                       "/:\n" + compile_error
                                                 : problem);
            }
            skipped += (int)b.properties.size();
            num_cases += b.cases.size();
        }
        if (blocks.empty() || num_cases == 0) {
            // Not a test program (or only compile-error tests): it must still compile.
            bool wants_error = false;
            for (const TestBlock &b : blocks) wants_error |= b.compile_error.has_value();
            if (!prog && !wants_error) fail(path, compile_error);
            return;
        }
        if (!prog) {
            for (const TestBlock &b : blocks)
                for (const TestCase &c : b.cases) failed += (int)c.entries.size();
            out << "FAIL " << path << " (" << num_cases << " case(s)): the program does not compile\n"
                << indent(compile_error) << "\n";
            return;
        }
        std::unique_ptr<Interpreter> interp;
        try {
            interp = std::make_unique<Interpreter>();
            interp->load(*prog);
        } catch (const RuntimeError &e) {
            for (const TestBlock &b : blocks)
                for (const TestCase &c : b.cases) failed += (int)c.entries.size();
            out << "FAIL " << path << ": evaluating top-level definitions failed\n"
                << indent(e.render()) << "\n";
            return;
        }
        for (const TestBlock &b : blocks) {
            int index = 0;
            for (const TestCase &c : b.cases) {
                ++index;
                for (const std::string &entry : c.entries) run_case(path, *prog, *interp, c, index, entry);
            }
        }
    }

    void run_case(const std::string &path, const Program &prog, Interpreter &interp,
                  const TestCase &c, int index, const std::string &entry) {
        std::string where = path + ": entry `" + entry + "`, case " + std::to_string(index);
        if (!c.name.empty()) where += " \"" + c.name + "\"";
        where += " (line " + std::to_string(c.loc.line) + ")";
        if (c.input_kind == TestCase::InputKind::Random ||
            c.input_kind == TestCase::InputKind::Script ||
            c.expect == TestCase::Expect::AutoOutput || c.has_tag("compiled")) {
            ++skipped;
            return;
        }
        FunDefPtr fn = find_function(prog, entry);
        if (!fn) {
            fail(where, "the program has no entry point `" + entry + "`");
            return;
        }
        std::vector<Value> args;
        std::vector<ReadValue> expected;
        try {
            std::vector<ReadValue> inputs;
            if (c.input_kind == TestCase::InputKind::File) {
                fs::path p = fs::path(path).parent_path() / c.input;
                std::string data;
                if (!read_file(p.string(), data)) {
                    fail(where, "cannot read input file `" + p.string() + "`");
                    return;
                }
                if (p.extension() == ".npy") {
                    ReadValue rv;
                    rv.value = read_npy(data, p.string());
                    inputs.push_back(std::move(rv));
                } else {
                    inputs = read_values(data, p.string());
                }
            } else {
                inputs = read_located(c.input, c.input_loc, path);
            }
            args = entry_arguments(*fn, inputs);
            if (c.expect == TestCase::Expect::Output && c.output_file) {
                fs::path p = fs::path(path).parent_path() / c.output;
                std::string data;
                if (!read_file(p.string(), data)) {
                    fail(where, "cannot read output file `" + p.string() + "`");
                    return;
                }
                expected = read_values(data, p.string());
            } else if (c.expect == TestCase::Expect::Output) {
                expected = read_located(c.output, c.output_loc, path);
            }
        } catch (const CompileError &e) {
            fail(where, "bad test values:\n" + e.render());
            return;
        } catch (const UsageError &e) {
            fail(where, e.message);
            return;
        }
        Value result;
        try {
            result = interp.call(entry, args);
        } catch (const RuntimeError &e) {
            if (c.expect == TestCase::Expect::RuntimeError) {
                std::string problem;
                // Futhark prints run-time errors as "Error: <message>" (the spec's own
                // example uses `error: Error*`), so the regex may match that prefix too.
                if (regex_matches(c.error_regex, e.message(), problem) ||
                    (problem.empty() &&
                     regex_matches(c.error_regex, "Error: " + e.message(), problem))) {
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
        }
        if (c.expect == TestCase::Expect::RuntimeError) {
            fail(where, "expected a run-time error matching /" + c.error_regex +
                            "/, but the program succeeded");
            return;
        }
        if (c.expect != TestCase::Expect::Output) {
            ++passed;
            return;
        }
        std::vector<Value> actual = result_values(result);
        if (actual.size() != expected.size()) {
            std::string got;
            for (const Value &v : actual) got += "\n  " + abbreviate(value_to_string(v));
            fail(where, "expected " + std::to_string(expected.size()) + " value(s), got " +
                            std::to_string(actual.size()) + ":" + got);
            return;
        }
        for (size_t i = 0; i < actual.size(); ++i) {
            Value exp = expected[i].value;
            try {
                if (auto p = elem_prim_of(actual[i])) exp = adapt_value(expected[i], *p);
            } catch (const CompileError &) {
                // Keep the default-typed value; the comparison below reports the mismatch.
            }
            if (!values_close(exp, actual[i], test_float_tolerance)) {
                fail(where, "value " + std::to_string(i + 1) + " differs\nexpected: " +
                                abbreviate(value_to_string(exp)) +
                                "\nactual:   " + abbreviate(value_to_string(actual[i])));
                return;
            }
        }
        ++passed;
    }
};

int cmd_test(const std::vector<std::string> &args, std::ostream &out, std::ostream &err) {
    std::vector<std::string> paths;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string &a = args[i];
        std::string backends;
        if (a == "--backend") {
            if (i + 1 >= args.size()) throw UsageError{"option --backend needs a value", 2};
            backends = args[++i];
        } else if (a.rfind("--backend=", 0) == 0) {
            backends = a.substr(10);
        } else if (a == "-i") {
            backends = "interp";
        } else if (!a.empty() && a[0] == '-') {
            throw UsageError{"unknown option `" + a + "` for `loom test`", 2};
        } else {
            paths.push_back(a);
            continue;
        }
        std::stringstream ss(backends);
        std::string b;
        while (std::getline(ss, b, ',')) check_backend(b);
    }
    if (paths.empty()) throw UsageError{"usage: loom test [--backend B[,B...]] PATH...", 2};
    std::vector<std::string> files;
    TestRunner runner{out};
    for (const std::string &p : paths) {
        std::error_code ec;
        if (fs::is_directory(p, ec)) {
            std::vector<std::string> found;
            for (auto it = fs::recursive_directory_iterator(p, ec);
                 !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
                if (!it->is_regular_file(ec)) continue;
                auto ext = it->path().extension();
                // A .loom file may also be a REPL script: it is a test only with a test block.
                if (ext == ".fut" || (ext == ".loom" && has_test_block(it->path().string())))
                    found.push_back(it->path().string());
            }
            std::sort(found.begin(), found.end());
            files.insert(files.end(), found.begin(), found.end());
        } else if (fs::exists(p, ec)) {
            files.push_back(p);
        } else {
            runner.fail(p, "no such file or directory");
        }
    }
    for (const std::string &f : files) {
        // One broken file (even a bug in Loom) must not stop the whole run.
        try {
            runner.run_file(f);
        } catch (const Interrupted &) {
            throw;
        } catch (const std::exception &e) {
            runner.fail(f, std::string("internal error: ") + e.what());
        } catch (...) {
            runner.fail(f, "internal error: unknown exception");
        }
    }
    out << runner.passed << " passed, " << runner.failed << " failed";
    if (runner.skipped) out << ", " << runner.skipped << " skipped";
    out << "\n";
    (void)err;
    return runner.failed ? 1 : 0;
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
        if (cmd == "--version" || cmd == "-V") {
            out << version_text << "\n";
            return 0;
        }
        if (cmd == "run") return cmd_run(rest, in, out, err);
        if (cmd == "check") return cmd_check(rest, err);
        if (cmd == "test") return cmd_test(rest, out, err);
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
    } catch (const std::exception &e) {
        err << "loom: internal error: " << e.what() << "\n";
        return 3;
    } catch (...) {
        err << "loom: internal error: unknown exception\n";
        return 3;
    }
}

}  // namespace loom
