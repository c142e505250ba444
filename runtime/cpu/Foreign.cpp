#include "runtime/cpu/Foreign.h"

#include <mutex>
#include <sstream>

namespace loom::runtime {

namespace {

// The thunk's slots: the sizes, then the parameters (a scalar's C representation, or an
// array's first element), then the results' pointers unless one scalar is returned.
std::string thunk_source(const ForeignFn &f) {
    std::vector<std::string> args;
    size_t i = 0;
    auto slot = [&] { return "a[" + std::to_string(i++) + "]"; };
    for (size_t k = 0; k < f.size_names.size(); k++)
        args.push_back("*(const int64_t *)" + slot());
    for (const ForeignArg &p : f.params)
        args.push_back(p.array() ? slot() : "*(const " + std::string(c_type_name(p.elem)) + " *)" + slot());
    if (!f.returns_scalar())
        for (size_t k = 0; k < f.rets.size(); k++)
            args.push_back(slot());
    std::string call = foreign_call(f, args);
    // What generated code provides before foreign code (runtime/cpu/loom_cpu_rt.h).
    return "#include <stdint.h>\n#include <stdbool.h>\n" + foreign_code(f, false) +
           "#line 1 \"<loom: the call of `" + f.name + "`>\"\n" +
           "extern \"C\" void loom_foreign_thunk(void *const *a, void *r) {\n    " +
           (f.returns_scalar() ? "*(" + std::string(c_type_name(f.rets[0].elem)) + " *)r = " + call
                               : "(void)r, " + call) +
           ";\n}\n";
}

/** The compiler's and the linker's error lines (all of the output when it names none). */
std::string error_lines(const std::string &output) {
    std::istringstream in(output);
    std::string line, out;
    while (std::getline(in, line))
        if ((line.find("error:") != std::string::npos || line.find("ld: ") != std::string::npos) &&
            line.rfind("collect2:", 0) != 0)
            out += (out.empty() ? "  " : "\n  ") + line;
    return out.empty() ? output : out;
}

std::mutex thunk_mutex;

} // namespace

ForeignThunk foreign_thunk(const ForeignFn &f) {
    if (void *t = f.thunk.load(std::memory_order_acquire))
        return reinterpret_cast<ForeignThunk>(t);
    std::lock_guard<std::mutex> lock(thunk_mutex);
    if (void *t = f.thunk.load(std::memory_order_acquire))
        return reinterpret_cast<ForeignThunk>(t);
    LoadedObject o;
    try {
        o = load_object(thunk_source(f), 0, f.link);
    } catch (const HostCompileError &e) {
        throw CompileError(f.loc, "the C code of foreign function `" + f.name +
                                      "` does not compile or link:\n" + error_lines(e.output));
    } catch (const InternalError &e) { // dlopen: a symbol no library defines
        std::string why = e.what();
        if (size_t u = why.find("undefined symbol"); u != std::string::npos)
            why = why.substr(u);
        throw CompileError(f.loc, "foreign function `" + f.name + "` does not load: " + why +
                                      " (name the libraries it needs after the header: `foreign \"h\" "
                                      "\"-lname\" def`)");
    }
    void *t = o.so->symbol("loom_foreign_thunk");
    f.thunk.store(t, std::memory_order_release);
    return reinterpret_cast<ForeignThunk>(t);
}

LoadedObject load_with_foreign(const std::string &source, size_t prelude_size,
                               const std::vector<std::shared_ptr<const ForeignFn>> &fs,
                               const std::string &opt) {
    try {
        return load_object(source, prelude_size, foreign_link(fs), opt);
    } catch (const HostCompileError &e) {
        if (fs.empty())
            throw;
        throw CompileError(fs[0]->loc, "the program's foreign C does not compile with the code Loom "
                                       "generates around it:\n" + error_lines(e.output));
    }
}

PrimValue call_foreign(const ForeignFn &f, const PrimValue *args) {
    uint64_t slots[16], ret = 0; // scalars only: at most 16 parameters (the checker)
    void *ptrs[16];
    for (size_t i = 0; i < f.params.size() && i < 16; i++) {
        put_c_scalar(args[i], &slots[i]);
        ptrs[i] = &slots[i];
    }
    foreign_thunk(f)(ptrs, &ret);
    return get_c_scalar(f.rets.at(0).elem, &ret);
}

std::vector<Value> call_foreign(const ForeignFn &f, const std::vector<Value> &args, const SrcLoc &loc) {
    // The sizes, from the array arguments' shapes (which must agree where they share one).
    std::vector<int64_t> sizes(f.size_names.size(), -1);
    for (size_t i = 0; i < f.params.size(); i++)
        for (size_t d = 0; d < f.params[i].dims.size(); d++) {
            int k = f.params[i].dims[d];
            int64_t n = args.at(i).shape().at(d);
            if (sizes[k] >= 0 && sizes[k] != n)
                throw RuntimeError(loc, "foreign function `" + f.name + "`: size `" + f.size_names[k] +
                                            "` is " + std::to_string(sizes[k]) + " and " +
                                            std::to_string(n) + " in its arguments");
            sizes[k] = n;
        }
    const size_t n_slots = sizes.size() + f.params.size() + f.rets.size();
    std::vector<uint64_t> slots(n_slots);
    std::vector<void *> ptrs(n_slots);
    size_t s = 0;
    for (int64_t n : sizes) {
        slots[s] = (uint64_t)n;
        ptrs[s] = &slots[s];
        s++;
    }
    for (size_t i = 0; i < f.params.size(); i++, s++) {
        if (f.params[i].array()) {
            ptrs[s] = const_cast<uint8_t *>(args[i].data());
        } else {
            put_c_scalar(args[i].prim(), &slots[s]);
            ptrs[s] = &slots[s];
        }
    }
    std::vector<Value> results;
    for (const ForeignArg &r : f.rets) {
        std::vector<int64_t> shape;
        for (int k : r.dims)
            shape.push_back(sizes[k]);
        results.push_back(r.array() ? Value::prim_array(r.elem, shape) : Value());
    }
    uint64_t ret = 0;
    if (!f.returns_scalar())
        for (size_t j = 0; j < f.rets.size(); j++, s++)
            ptrs[s] = f.rets[j].array() ? (void *)results[j].mutable_data() : (void *)&slots[s];
    foreign_thunk(f)(ptrs.data(), &ret);
    if (f.returns_scalar())
        return {Value(get_c_scalar(f.rets[0].elem, &ret))};
    s = sizes.size() + f.params.size();
    for (size_t j = 0; j < f.rets.size(); j++, s++)
        if (!f.rets[j].array())
            results[j] = Value(get_c_scalar(f.rets[j].elem, &slots[s]));
    return results;
}

} // namespace loom::runtime
