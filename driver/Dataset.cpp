#include "driver/Dataset.h"

#include "core/Files.h"
#include "core/Gzip.h"
#include "driver/RandomInput.h"
#include "frontend/Frontend.h"


#include <algorithm>
#include <filesystem>
#include <limits>

namespace loom {

namespace {

namespace fs = std::filesystem;

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

/** Whether a value fits a parameter type (element type and rank; sizes, constant ones
 * included, are checked by the entry call: interpreter/EntryArgs.h). */
bool value_fits(const Value &v, const TypePtr &t) {
    if (!t) return true;
    if (t->kind == Type::Kind::Prim) return v.is_prim() && v.prim().type == t->prim;
    if (t->kind == Type::Kind::Array && t->elem && t->elem->kind == Type::Kind::Prim)
        return v.is_prim_array() && v.elem_prim() == t->elem->prim && v.rank() == t->rank();
    return true;
}

/** The values of a data file beside the program (Futhark's text or binary format, or
 * one `.npy` array; gzipped where its name ends in `.gz`). */
std::vector<ReadValue> read_data_file(const std::string &program, const std::string &name, const char *what) {
    fs::path p = fs::path(program).parent_path() / name;
    std::string data;
    if (!read_file(p.string(), data)) throw DataError("cannot read " + std::string(what) + " file `" + p.string() + "`");
    fs::path inner = p;
    if (p.extension() == ".gz") {
        std::string plain;
        if (std::optional<std::string> why = gunzip(data, p.string(), plain)) throw DataError(*why);
        data = std::move(plain);
        inner = p.stem();
    }
    if (inner.extension() != ".npy") return read_values(data, p.string());
    ReadValue rv;
    rv.value = read_npy(data, p.string());
    return {std::move(rv)};
}

}  // namespace

Program load_program(const std::string &path, const std::string &text) {
    Program prog = parse_program(make_source(path, text));
    CheckedEnvPtr env = prelude_env();
    check_program(prog, env);
    return prog;
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

std::string not_an_entry(const FunDef &fn) {
    auto has_func = [](const TypePtr &t) {
        return t && type_any(t, false, [](const Type &x) { return x.kind == Type::Kind::Func; });
    };
    bool poly = !fn.inferred_type_params.empty();
    for (const TypeParam &tp : fn.type_params) poly |= tp.kind != TypeParam::Kind::Size;
    // Futhark's rules for entry points: values in, values out, one type for each.
    std::string why = poly ? "is polymorphic" : has_func(fn.ret) ? "returns a function" : "";
    for (const auto &p : fn.params)
        if (why.empty() && has_func(p->type)) why = "takes a function";
    return why.empty() ? "" : "`" + fn.name + "` " + why + ": it cannot be called as an entry point";
}

bool runs_on(const TestCase &c, compiler::Backend b) {
    if (c.input_kind == TestCase::InputKind::Script) return false;
    if (c.tagged(std::string("no_") + compiler::backend_name(b))) return false;
    return b != compiler::Backend::Interp || !c.has_tag("compiled");
}

void compile_slot(const Program &prog, const std::string &entry, compiler::Backend b, CompiledSlot &slot) {
    try {
        slot.entry = compiler::compile_entry(prog, entry, b);
    } catch (const CompilerLimitation &e) {
        slot.limitation_loc = e.loc();
        slot.problem = e.message();
    } catch (const LocatedError &e) {
        slot.problem = e.loc().known() ? e.render() : e.message();
    } catch (const std::exception &e) {
        slot.problem = std::string("internal error: ") + e.what();
    } catch (...) {
        slot.problem = "internal error: unknown exception";
    }
}

std::vector<Value> entry_arguments(const FunDef &fn, const std::vector<ReadValue> &vals) {
    if (vals.size() != fn.params.size())
        throw DataError("entry point `" + fn.name + "` takes " + std::to_string(fn.params.size()) +
                        " argument(s), but " + std::to_string(vals.size()) + " value(s) were given");
    std::vector<Value> args;
    for (size_t i = 0; i < vals.size(); ++i) {
        TypePtr pt = fn.params[i]->type;
        Value v = vals[i].value;
        if (auto p = elem_prim_of(pt)) v = adapt_value(vals[i], *p);
        if (!value_fits(v, pt))
            throw DataError("argument " + std::to_string(i + 1) + " of `" + fn.name + "` must be " +
                            type_to_string(pt) + ", but the value given is " + value_type_string(v));
        args.push_back(std::move(v));
    }
    return args;
}

std::vector<Value> result_values(const Value &r) {
    if (r.kind() == Value::Kind::Tuple) return r.elems();
    return {r};
}

std::vector<ReadValue> read_located(const std::string &text, const SrcLoc &loc, const std::string &name) {
    std::string padded(loc.line > 1 ? (size_t)loc.line - 1 : 0, '\n');
    padded.append(loc.col > 1 ? (size_t)loc.col - 1 : 0, ' ');
    padded += text;
    return read_values(padded, name);
}

CaseData load_case(const std::string &path, const FunDef &fn, const TestCase &c) {
    std::vector<ReadValue> inputs;
    switch (c.input_kind) {
    case TestCase::InputKind::File: inputs = read_data_file(path, c.input, "input"); break;
    case TestCase::InputKind::Random:
        inputs = random_inputs(c.input, c.input_loc, path, random_input_seed(c.input, c.input_loc.line));
        break;
    case TestCase::InputKind::Values: inputs = read_located(c.input, c.input_loc, path); break;
    case TestCase::InputKind::Script: throw DataError("FutharkScript inputs (`script input`) are not supported");
    }
    CaseData d;
    d.args = entry_arguments(fn, inputs);
    if (c.expect == TestCase::Expect::Output)
        d.expected = c.output_file ? read_data_file(path, c.output, "output")
                                   : read_located(c.output, c.output_loc, path);
    return d;
}

std::string try_load_case(const std::string &path, const FunDef &fn, const TestCase &c, CaseData &out) {
    try {
        out = load_case(path, fn, c);
        return "";
    } catch (const CompileError &e) {
        return "bad test values:\n" + e.render();
    } catch (const DataError &e) {
        return e.what();
    }
}

std::string abbreviate(const std::string &s, size_t n) {
    return s.size() <= n ? s : s.substr(0, n) + " ...";
}

std::string compare_results(const std::vector<ReadValue> &expected, const std::vector<Value> &actual) {
    if (actual.size() != expected.size()) {
        std::string got;
        for (const Value &v : actual) got += "\n  " + abbreviate(value_to_string(v));
        return "expected " + std::to_string(expected.size()) + " value(s), got " + std::to_string(actual.size()) +
               ":" + got;
    }
    for (size_t i = 0; i < actual.size(); ++i) {
        Value exp = expected[i].value;
        try {
            if (auto p = elem_prim_of(actual[i])) exp = adapt_value(expected[i], *p);
        } catch (const CompileError &) {
            // Keep the default-typed value; the comparison below reports the mismatch.
        }
        if (!values_match_expected(exp, actual[i], test_float_tolerance))
            return "value " + std::to_string(i + 1) + " differs\nexpected: " + abbreviate(value_to_string(exp)) +
                   "\nactual:   " + abbreviate(value_to_string(actual[i]));
    }
    return "";
}

std::vector<ReadValue> as_read(const std::vector<Value> &values) {
    std::vector<ReadValue> out;
    for (const Value &v : values) {
        ReadValue rv;
        rv.value = v;
        out.push_back(std::move(rv));
    }
    return out;
}

std::string dataset_name(const TestCase &c, int index) {
    // As futhark bench names them: a case's own name, a data file's path (less `.gz`),
    // random input's types, else the number (from 0) and the values.
    if (!c.name.empty()) return c.name;
    if (c.input_kind == TestCase::InputKind::File)
        return c.input.size() > 3 && c.input.compare(c.input.size() - 3, 3, ".gz") == 0
                   ? c.input.substr(0, c.input.size() - 3) : c.input;
    std::string what;
    // The input's words on one line, as futhark bench shows them.
    bool space = false;
    for (char ch : c.input) {
        bool blank = ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r';
        if (blank) space = !what.empty();
        else {
            if (space) what += ' ';
            space = false;
            what += ch;
        }
    }
    if (what.size() > 40) {  // cut between words
        size_t cut = what.rfind(' ', 40);
        what = what.substr(0, cut == std::string::npos || cut < 20 ? 40 : cut) + " ...";
    }
    if (c.input_kind == TestCase::InputKind::Random) return what;
    return "#" + std::to_string(index - 1) + " (\"" + what + "\")";
}

}  // namespace loom
