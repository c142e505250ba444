/** \file
 * C libraries of a program's entry points (CpuBackend.h, generate_library): one C++
 * translation unit holding the runtime, each entry point's generated code in a
 * namespace of its own (these in an anonymous namespace: see Note [Nothing but the C
 * API is exported]), and the C API over them, generated here for the entries' types;
 * and its C header.  The C functions check and unpack their arguments as Loom does
 * (the interpreter's size check, interpreter/EntryArgs.cpp), call the entry, and word a
 * failure as Loom does, with the location and the source line rendered now.
 */
#include "compiler/backend/cpu/CpuGen.h"
#include "frontend/Type.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <sstream>

namespace loom::cpu {

namespace {

/** The C type of a primitive type; null for f16 (no C type of its own). */
const char *c_type(PrimType t) {
    return t == PrimType::F16 ? nullptr : clike::CLikeGen::ctype(t);
}

/** A C string literal of `s` (octal escapes: safe before any character). */
std::string c_string(const std::string &s) {
    std::string r = "\"";
    for (unsigned char ch : s) {
        if (ch == '"' || ch == '\\') {
            r += '\\';
            r += (char)ch;
        } else if (ch == '\n') {
            r += "\\n";
        } else if (ch < 32 || ch >= 127) {
            char b[5];
            std::snprintf(b, sizeof b, "\\%03o", ch);
            r += b;
        } else {
            r += (char)ch;
        }
    }
    return r + "\"";
}

/** `s` safe inside a C comment: a space breaks a star-slash (which would end it), a
 * slash-star (-Wcomment) and the trigraph ??/ (a line splice where trigraphs are on:
 * -Wtrigraphs). */
std::string comment_text(const std::string &s) {
    std::string r;
    for (char ch : s) {
        const char last = r.empty() ? 0 : r.back();
        if ((last == '*' && ch == '/') || (last == '/' && ch == '*') ||
            (ch == '/' && r.size() >= 2 && r.compare(r.size() - 2, 2, "??") == 0))
            r += ' ';
        r += ch;
    }
    return r;
}

/** `text` without its lines `#include <...>`, which are appended to `includes`: the
 * runtimes' system headers, included before the runtimes are put in an anonymous
 * namespace. */
std::string hoist_includes(const std::string &text, std::string &includes) {
    std::istringstream lines(text);
    std::string rest;
    for (std::string l; std::getline(lines, l);)
        (l.rfind("#include <", 0) == 0 ? includes : rest) += l + "\n";
    return rest;
}

/** A value the C API passes: a primitive (rank 0) or an array of primitives. */
struct CVal {
    PrimType elem;
    int rank;
    TypePtr type; ///< the source type (for its sizes and the header's comments)
};

/** `t` as a CVal, or why the C API cannot pass it. */
std::optional<CVal> c_val(const TypePtr &t, std::string &why) {
    TypePtr e = t && t->kind == Type::Kind::Array ? t->elem : t;
    if (!e || e->kind != Type::Kind::Prim) {
        why = "the C API passes primitives and arrays of primitives";
        return std::nullopt;
    }
    if (!c_type(e->prim)) {
        why = "f16 has no C type";
        return std::nullopt;
    }
    if (t->rank() > 8) {
        why = "more than 8 dimensions";
        return std::nullopt;
    }
    return CVal{e->prim, t->rank(), t};
}

class Library {
public:
    Library(std::string prefix, std::string file) : p_(std::move(prefix)), file_(std::move(file)) {}

    /** Adds entry point `name` (its optimised module o, its `-- |` comment doc). */
    void entry(const std::string &name, const compiler::Optimised &o, int index, const std::string &doc) {
        const ir::Function &f = o.module.functions.at(0);
        std::vector<CVal> ins, outs;
        for (size_t i = 0; i < f.source_params.size(); i++)
            ins.push_back(need(f, f.source_params[i], "parameter `" + f.source_param_names.at(i) + "`"));
        std::vector<TypePtr> rets;
        if (f.source_ret && f.source_ret->kind == Type::Kind::Tuple)
            rets = f.source_ret->elems;
        else
            rets.push_back(f.source_ret);
        for (const TypePtr &t : rets)
            outs.push_back(need(f, t, "result", f.source_ret));
        if (ins.size() != f.params.size() || outs.size() != f.ret.size() || !o.constant_args.empty())
            throw InternalError("C library: entry point `" + name + "` does not map one to one to its IR");
        for (const CVal &v : ins)
            if (v.rank)
                arrays_.insert({v.elem, v.rank});
        for (const CVal &v : outs)
            if (v.rank)
                arrays_.insert({v.elem, v.rank});

        const std::string ns = "e" + std::to_string(index);
        for (const auto &ff : o.module.foreign)
            if (std::find(foreign_.begin(), foreign_.end(), ff) == foreign_.end())
                foreign_.push_back(ff);
        CpuCode code = CpuGen(f, &o.module, "cpu library").run_in_namespace(ns);
        entries_ << code.source;
        // Locations as Loom renders them: "file:line:col" and what follows the message.
        std::vector<SrcLoc> locs = code.locs;
        locs.push_back(f.loc); // the entry's own: its arguments' size check, allocations
        std::string pre = "static const char *const " + ns + "_pre[] = {", post = "static const char *const " + ns + "_post[] = {";
        for (const SrcLoc &l : locs) {
            std::string whole = render_diagnostic(l, "runtime error", "");
            const std::string head = l.str() + ": runtime error: ";
            pre += "\n    " + c_string(l.str()) + ",";
            post += "\n    " + c_string(whole.substr(std::min(whole.size(), head.size()))) + ",";
        }
        entries_ << pre << "};\n" << post << "};\n";
        const int nlocs = (int)code.locs.size();
        const std::string entry_pre = ns + "_pre[" + std::to_string(nlocs) + "]",
                          entry_post = ns + "_post[" + std::to_string(nlocs) + "]";

        // The C function: results first, then the arguments.
        std::vector<std::string> in_names;
        for (size_t i = 0; i < ins.size(); i++)
            in_names.push_back(c_name(f.source_param_names[i], i));
        std::string sig = "int " + p_ + "_entry_" + name + "(struct " + p_ + "_context *ctx";
        for (size_t j = 0; j < outs.size(); j++)
            sig += ", " + c_decl(outs[j], true) + "out" + std::to_string(j);
        for (size_t i = 0; i < ins.size(); i++)
            sig += ", " + c_decl(ins[i], false) + in_names[i];
        sig += ")";
        entry_names_.push_back(p_ + "_entry_" + name);
        std::string shown = "entry " + name;
        for (size_t i = 0; i < ins.size(); i++)
            shown += " (" + f.source_param_names[i] + ": " + type_to_string(ins[i].type) + ")";
        shown += " : " + type_to_string(f.source_ret);
        header_ << "\n/* " << comment_text(shown) << "\n * (" << comment_text(f.loc.str()) << ")";
        std::istringstream lines(doc);
        for (std::string l; std::getline(lines, l);)
            header_ << "\n *" << (l.empty() ? "" : " ") << comment_text(l);
        header_ << " */\n" << sig << ";\n";

        std::ostringstream &c = wrappers_;
        c << "\nextern \"C\" " << sig << " {\n";
        c << "    if (!ctx) return 1;\n";
        std::string nulls;
        for (size_t j = 0; j < outs.size(); j++)
            nulls += std::string(nulls.empty() ? "" : " || ") + "!out" + std::to_string(j);
        for (size_t i = 0; i < ins.size(); i++)
            if (ins[i].rank)
                nulls += std::string(nulls.empty() ? "" : " || ") + "!" + in_names[i];
        if (!nulls.empty())
            c << "    if (" << nulls << ")\n        return lib::fail(ctx, \"" << p_ << "_entry_" << name
              << ": a null pointer argument\");\n";
        size_checks(c, f, ins, in_names, name, entry_pre, entry_post);
        const size_t nargs = f.size_params.size() + f.params.size();
        c << "    lrt::Val args_[" << std::max<size_t>(nargs, 1) << "] = {};\n";
        c << "    uint64_t slots_[" << std::max<size_t>(nargs, 1) << "] = {};\n";
        size_t k = 0;
        for (const ir::Param &s : f.size_params) {
            std::string value = "0";
            for (size_t i = 0; i < f.params.size() && value == "0"; i++)
                for (int d = 0; d < f.params[i].type.rank(); d++) {
                    const ir::SubExp &dim = f.params[i].type.dims[(size_t)d];
                    if (!dim.is_const && dim.var.id == s.var.id) {
                        value = in_names[i] + "->shape[" + std::to_string(d) + "]";
                        break;
                    }
                }
            c << "    { const int64_t n = " << value << "; std::memcpy(&slots_[" << k << "], &n, 8); args_[" << k
              << "].data = &slots_[" << k << "]; }\n";
            k++;
        }
        for (size_t i = 0; i < ins.size(); i++, k++) {
            const std::string &in = in_names[i];
            if (ins[i].rank)
                c << "    args_[" << k << "] = lib::arg(" << in << ");\n";
            else
                c << "    std::memcpy(&slots_[" << k << "], &" << in << ", sizeof " << in << "); args_[" << k
                  << "].data = &slots_[" << k << "];\n";
        }
        c << "    lrt::Val res_[" << std::max<size_t>(outs.size(), 1) << "] = {};\n";
        c << "    uint64_t rslots_[" << std::max<size_t>(outs.size(), 1) << "] = {};\n";
        c << "    int64_t rshapes_[" << std::max<size_t>(outs.size(), 1) << "][8] = {};\n";
        for (size_t j = 0; j < outs.size(); j++)
            c << "    res_[" << j << "] = lrt::Val{&rslots_[" << j << "], rshapes_[" << j << "], nullptr};\n";
        c << "    if (lib::call(ctx, " << ns << "::loom_entry, args_, res_, " << ns << "_pre, " << ns << "_post, "
          << nlocs << ") != 0)\n        return 1;\n";
        // Arrays first: if one cannot be made, none is given and every block is released;
        // the caller's outputs are written only on success.
        std::string fails, frees;
        for (size_t j = 0; j < outs.size(); j++) {
            if (!outs[j].rank)
                continue;
            const std::string r = "r" + std::to_string(j) + "_";
            c << "    " << array_name(outs[j]) << " *" << r << " = lib::result<" << array_name(outs[j]) << ">(ctx, res_["
              << j << "], " << outs[j].rank << ", sizeof(" << c_type(outs[j].elem) << "));\n";
            fails += std::string(fails.empty() ? "" : " || ") + "!" + r;
            frees += "        lib::array_free(" + r + ");\n";
        }
        if (!fails.empty())
            c << "    if (" << fails << ") {\n" << frees << "        return 1;\n    }\n";
        for (size_t j = 0; j < outs.size(); j++)
            if (outs[j].rank)
                c << "    *out" << j << " = r" << j << "_;\n";
            else
                c << "    std::memcpy(out" << j << ", &rslots_[" << j << "], sizeof *out" << j << ");\n";
        c << "    return 0;\n}\n";
    }

    /** The header, and the source: the header's declarations come first in it, so the
     * C++ compiler holds every definition to the signature C callers see. */
    LibraryCode finish() const {
        const std::string guard = upper(p_) + "_LOOM_H", ctx = "struct " + p_ + "_context *ctx";
        const std::string ctx_new = "struct " + p_ + "_context *" + p_ + "_context_new(void)",
                          ctx_free = "void " + p_ + "_context_free(" + ctx + ")",
                          ctx_threads = "void " + p_ + "_context_set_threads(" + ctx + ", int threads)",
                          ctx_error = "const char *" + p_ + "_context_error(" + ctx + ")";
        std::ostringstream h, s;
        h << "/* The C API of the entry points of " << comment_text(file_) << ", generated by Loom\n"
          << " * (`loom compile --emit library`; docs/library.md).  Link with -l" << p_ << ".\n"
          << " * Every function that can fail returns 0, or 1 with the failure (with its source\n"
          << " * location) in " << p_ << "_context_error.  Arrays are row-major; an entry's result\n"
          << " * arrays are the caller's, to free. */\n"
          << "#ifndef " << guard << "\n#define " << guard << "\n\n#include <stdbool.h>\n#include <stdint.h>\n\n"
          << "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n"
          << "struct " << p_ << "_context;\n"
          << "/* A context: entry points run on its threads (all cores by default, and after\n"
          << " * set_threads with 0 or less). */\n"
          << ctx_new << ";\n" << ctx_free << ";\n" << ctx_threads << ";\n"
          << "/* The last failure's message; NULL once an entry point has succeeded since. */\n"
          << ctx_error << ";\n";
        s << "\n// ---- the C API\n"
          << "extern \"C\" " << ctx_new << " { return lib::context_new<" << p_ << "_context>(); }\n"
          << "extern \"C\" " << ctx_free << " { delete ctx; }\n"
          << "extern \"C\" " << ctx_threads << " { if (ctx) ctx->threads = threads > 0 ? threads : lib::default_threads(); }\n"
          << "extern \"C\" " << ctx_error << " { return ctx && ctx->failed ? ctx->error.c_str() : nullptr; }\n";
        std::vector<std::string> exports = {p_ + "_context_new", p_ + "_context_free", p_ + "_context_set_threads",
                                            p_ + "_context_error"};
        for (const auto &[elem, rank] : arrays_) {
            const std::string a = "struct " + array_name({elem, rank, nullptr}), t = c_type(elem),
                              suf = suffix(elem, rank);
            for (const char *fn : {"_new_", "_values_", "_shape_", "_free_"})
                exports.push_back(p_ + fn + suf);
            std::string dims, shape;
            for (int k = 0; k < rank; k++) {
                dims += ", int64_t dim" + std::to_string(k);
                shape += std::string(k ? ", " : "") + "dim" + std::to_string(k);
            }
            const std::string make = a + " *" + p_ + "_new_" + suf + "(" + ctx + ", const " + t + " *data" + dims + ")",
                              values = "int " + p_ + "_values_" + suf + "(" + ctx + ", const " + a + " *arr, " + t + " *data)",
                              shape_of = "const int64_t *" + p_ + "_shape_" + suf + "(" + ctx + ", const " + a + " *arr)",
                              free = "int " + p_ + "_free_" + suf + "(" + ctx + ", " + a + " *arr)";
            h << "\n/* Arrays of " << rank << " dimension" << (rank > 1 ? "s" : "") << " of " << prim_name(elem)
              << ": `new` copies the elements, `values` copies them out. */\n"
              << a << ";\n" << make << ";\n" << values << ";\n" << shape_of << ";\n" << free << ";\n";
            s << "extern \"C\" " << make << " {\n"
              << "    const int64_t shape[] = {" << shape << "};\n"
              << "    if (!ctx) return nullptr;\n"
              << "    return lib::array_new<" << array_name({elem, rank, nullptr}) << ">(ctx, data, shape, " << rank
              << ", sizeof(" << t << "));\n}\n"
              << "extern \"C\" " << values << " {\n"
              << "    if (!ctx) return 1;\n"
              << "    if (!arr) return lib::fail(ctx, \"" << p_ << "_values_" << suf << ": a null pointer argument\");\n"
              << "    const int64_t n = lib::array_count(arr, " << rank << ");\n"
              << "    if (n == 0) return 0;\n"
              << "    if (!data) return lib::fail(ctx, \"" << p_ << "_values_" << suf << ": a null pointer argument\");\n"
              << "    std::memcpy(data, arr->data, (size_t)n * sizeof(" << t << "));\n"
              << "    return 0;\n}\n"
              << "extern \"C\" " << shape_of << " {\n"
              << "    if (!arr) { lib::fail(ctx, \"" << p_ << "_shape_" << suf << ": a null pointer argument\"); return nullptr; }\n"
              << "    return arr->shape;\n}\n"
              << "extern \"C\" " << free << " { (void)ctx; lib::array_free(arr); return 0; }\n";
        }
        h << header_.str() << "\n#ifdef __cplusplus\n}\n#endif\n\n#endif\n";
        // See Note [Nothing but the C API is exported].
        std::string includes;
        const std::string runtime = hoist_includes(cpu_runtime_text() + "\n" + cpu_library_text(), includes);
        std::ostringstream src;
        src << "/* The C library of " << comment_text(file_) << ", generated by Loom (`loom compile --emit library`). */\n"
            << includes << "\nnamespace {\n" << runtime << "\n} // namespace\n\n"
            << "#pragma GCC visibility push(default)\n" << h.str() << "#pragma GCC visibility pop\n\n"
            << "struct " << p_ << "_context : lib::Context {};\n";
        for (const auto &[elem, rank] : arrays_)
            src << "struct " << array_name({elem, rank, nullptr}) << " : lib::Array {};\n";
        src << foreign_code(foreign_, false) << "namespace {\n" << entries_.str() << "} // namespace\n" << s.str()
            << wrappers_.str();
        exports.insert(exports.end(), entry_names_.begin(), entry_names_.end());
        return {h.str(), src.str(), foreign_link(foreign_), exports};
    }

private:
    std::string p_, file_;
    std::set<std::pair<PrimType, int>> arrays_;
    std::vector<std::shared_ptr<const ForeignFn>> foreign_; ///< called by any entry
    std::vector<std::string> entry_names_; ///< the C functions of the entries
    std::ostringstream header_, entries_, wrappers_;

    static std::string upper(std::string s) {
        for (char &ch : s)
            ch = (char)std::toupper((unsigned char)ch);
        return s;
    }
    static std::string suffix(PrimType elem, int rank) {
        return std::string(prim_name(elem)) + "_" + std::to_string(rank) + "d";
    }
    std::string array_name(const CVal &v) const { return p_ + "_" + suffix(v.elem, v.rank); }
    /** A declaration's type part: `const struct p_f32_1d *`, `float `, `float *` (out). */
    std::string c_decl(const CVal &v, bool out) const {
        if (v.rank)
            return out ? "struct " + array_name(v) + " **" : "const struct " + array_name(v) + " *";
        return std::string(c_type(v.elem)) + (out ? " *" : " ");
    }
    /** The C parameter of source parameter `name` (the i-th): `in_name`, or `in<i>` for a
     * pattern or a name that is no C identifier. */
    static std::string c_name(const std::string &name, size_t i) {
        bool ok = !name.empty();
        for (char ch : name)
            ok = ok && (std::isalnum((unsigned char)ch) || ch == '_');
        return ok ? "in_" + name : "in" + std::to_string(i);
    }
    /** `t` as a CVal, or the limitation that `what` (of type `whole`, `t` or a tuple
     * holding `t`) cannot be passed. */
    static CVal need(const ir::Function &f, const TypePtr &t, const std::string &what, TypePtr whole = nullptr) {
        std::string why;
        if (std::optional<CVal> v = c_val(t, why))
            return *v;
        if (!whole)
            whole = t;
        if (whole != t)
            why = "its element `" + type_to_string(t) + "`: " + why;
        throw CompilerLimitation(f.loc, "entry point `" + f.name + "` has no C API: its " + what + " is of type `" +
                                            type_to_string(whole) + "` (" + why + ")");
    }

    /** The interpreter's check of the arguments' sizes (interpreter/EntryArgs.cpp), with
     * its messages: a size named twice must agree, a constant one must be met. */
    void size_checks(std::ostringstream &c, const ir::Function &f, const std::vector<CVal> &ins,
                     const std::vector<std::string> &in_names, const std::string &name, const std::string &pre,
                     const std::string &post) {
        std::map<std::string, std::pair<std::string, std::string>> known; // size -> C value, origin
        auto fail = [&](const std::string &actual, const std::string &arg, int k, const std::string &but) {
            c << "        return lib::fail(ctx, std::string(" << pre << ") + \": runtime error: entry point `" << name
              << "`: argument `" << arg << "` has size \" + std::to_string(" << actual << ") + \" in dimension " << k
              << ", but " << but << " + " << post << ");\n";
        };
        for (size_t i = 0; i < ins.size(); i++) {
            const std::string &in = in_names[i], &arg = f.source_param_names[i];
            if (!ins[i].rank) {
                if (is_int(ins[i].elem))
                    known[arg] = {"(int64_t)" + in, "argument `" + arg + "`"};
                continue;
            }
            for (int d = 0; d < ins[i].rank; d++) {
                const Dim &dim = ins[i].type->shape[(size_t)d];
                const std::string actual = in + "->shape[" + std::to_string(d) + "]";
                if (dim.kind == Dim::Kind::Const) {
                    c << "    if (" << actual << " != " << dim.value << ")\n";
                    fail(actual, arg, d + 1, "its type says " + std::to_string(dim.value) + "\"");
                } else if (dim.kind == Dim::Kind::Var) {
                    auto it = known.find(dim.name);
                    if (it == known.end()) {
                        known[dim.name] = {actual, "dimension " + std::to_string(d + 1) + " of `" + arg + "`"};
                        continue;
                    }
                    c << "    if (" << actual << " != " << it->second.first << ")\n";
                    fail(actual, arg, d + 1,
                         "`" + dim.name + "` = \" + std::to_string(" + it->second.first + ") + \" from " +
                             it->second.second + "\"");
                }
            }
        }
    }
};

/** A C identifier from a file's stem: letters, digits and `_`, not starting with a digit. */
std::string c_identifier(const std::string &stem) {
    std::string r;
    for (char ch : stem)
        r += std::isalnum((unsigned char)ch) ? ch : '_';
    if (r.empty() || std::isdigit((unsigned char)r[0]))
        r = "_" + r;
    return r;
}

} // namespace

std::string library_prefix(const std::string &file) {
    std::string stem = file;
    if (size_t slash = stem.find_last_of('/'); slash != std::string::npos)
        stem = stem.substr(slash + 1);
    if (size_t dot = stem.find_last_of('.'); dot != std::string::npos && dot > 0)
        stem = stem.substr(0, dot);
    return c_identifier(stem);
}

LibraryCode generate_library(const Program &prog, const std::vector<LibraryEntry> &entries,
                             const std::string &prefix, const std::string &file) {
    Library lib(prefix, file);
    for (size_t i = 0; i < entries.size(); i++)
        lib.entry(entries[i].name, compiler::optimise(prog, entries[i].name), (int)i, entries[i].doc);
    return lib.finish();
}

} // namespace loom::cpu

// Note [Nothing but the C API is exported]
//
// A program may link several Loom libraries, and C++ code of its own.  Each library's
// runtime (lrt::, lib::) and entries (e0::loom_entry, ...) have the same names in every
// library, so, were they external, the dynamic loader would bind every library's calls
// to the first library loaded (wrong results, or a crash), and a program linking two
// libraries' sources statically would not link (or would mix two runtimes).  So the
// runtime and the entries sit in an anonymous namespace (internal linkage: nothing of
// them is seen outside the translation unit), with the runtimes' system headers
// included first, outside it.  The shared object is built with the C API's functions as
// its exports (LibraryCode::exports, runtime::compile_shared_object): compiled with
// -fvisibility=hidden and -fvisibility-inlines-hidden, which hides what remains (the C
// types' implicit members, the foreign functions, the standard library's template
// instances), the header's declarations, under `visibility push(default)`, keeping the
// C API visible; and linked with a version script naming those functions, which makes
// local what no attribute reaches (OpenMP's lock of `omp critical(lrt_err)`, a static
// of libstdc++'s inline code, the linker's own `_end` and such).  tests/cli/run.sh
// checks the shared object's dynamic symbols and links two libraries into one program,
// dynamically and statically.

