#include "core/Foreign.h"

#include <set>

namespace loom {

std::string foreign_code(const ForeignFn &f, bool device) {
    if (f.system()) // the CUDA emulator (runtime/cuda/loom_cuda_emu.h) is host C++
        return device ? "#ifdef LOOM_CUDA_EMU\n#include " + f.header + "\n#endif\n"
                      : "#include " + f.header + "\n";
    std::string name;
    for (char c : f.header) {
        if (c == '"' || c == '\\')
            name += '\\';
        name += c;
    }
    std::string text = f.text;
    if (!text.empty() && text.back() != '\n')
        text += '\n';
    return "#line 1 \"" + name + "\"\n" + text;
}

std::string foreign_code(const std::vector<std::shared_ptr<const ForeignFn>> &fs, bool device) {
    std::string out;
    std::set<std::string> seen;
    for (const auto &f : fs)
        if (seen.insert(f->system() ? f->header : f->path).second)
            out += foreign_code(*f, device);
    // Later diagnostics must not be charged to the user's file.
    return out.empty() ? out
                       : "// ---- foreign code\n" + out + "#line 1 \"<loom-generated>\"\n";
}

std::string foreign_call(const ForeignFn &f, const std::vector<std::string> &args) {
    std::string s = "(" + std::string(c_type_name(f.ret)) + ")" + f.symbol + "(";
    for (size_t i = 0; i < args.size(); i++)
        s += (i ? ", (" : "(") + std::string(c_type_name(f.params.at(i))) + ")" + args[i];
    return s + ")";
}

} // namespace loom
