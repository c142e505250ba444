#include "runtime/cpu/Foreign.h"

#include "runtime/cpu/ObjectCache.h"

#include <mutex>
#include <sstream>

namespace loom::runtime {

namespace {

std::string thunk_source(const ForeignFn &f) {
    std::vector<std::string> args;
    for (size_t i = 0; i < f.params.size(); i++)
        args.push_back("*(const " + std::string(c_type_name(f.params[i])) + " *)a[" +
                       std::to_string(i) + "]");
    // What generated code provides before foreign code (runtime/cpu/loom_cpu_rt.h).
    return "#include <stdint.h>\n#include <stdbool.h>\n" + foreign_code(f, false) +
           "#line 1 \"<loom: the call of `" + f.name + "`>\"\n" +
           "extern \"C\" void loom_foreign_thunk(const void *const *a, void *r) {\n"
           "    *(" + c_type_name(f.ret) + " *)r = " + foreign_call(f, args) + ";\n}\n";
}

/** The compiler's error lines (all of its output when it names none). */
std::string error_lines(const std::string &output) {
    std::istringstream in(output);
    std::string line, out;
    while (std::getline(in, line))
        if (line.find("error:") != std::string::npos)
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
        o = load_object(thunk_source(f), 0);
    } catch (const HostCompileError &e) {
        throw CompileError(f.loc, "the C code of foreign function `" + f.name +
                                      "` does not compile:\n" + error_lines(e.output));
    }
    void *t = o.so->symbol("loom_foreign_thunk");
    f.thunk.store(t, std::memory_order_release);
    return reinterpret_cast<ForeignThunk>(t);
}

PrimValue call_foreign(const ForeignFn &f, const PrimValue *args) {
    uint64_t slots[16], ret = 0; // the checker allows 16 parameters
    const void *ptrs[16];
    for (size_t i = 0; i < f.params.size() && i < 16; i++) {
        put_c_scalar(args[i], &slots[i]);
        ptrs[i] = &slots[i];
    }
    foreign_thunk(f)(ptrs, &ret);
    return get_c_scalar(f.ret, &ret);
}

} // namespace loom::runtime
