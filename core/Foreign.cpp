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

std::vector<std::string> foreign_link(const std::vector<std::shared_ptr<const ForeignFn>> &fs) {
    std::vector<std::string> out;
    std::set<std::string> seen;
    for (const auto &f : fs)
        for (const std::string &l : f->link)
            if (seen.insert(l).second)
                out.push_back(l);
    return out;
}

std::string foreign_call(const ForeignFn &f, const std::vector<std::string> &args) {
    std::vector<std::string> types(f.size_names.size(), "int64_t");
    for (const ForeignArg &p : f.params)
        types.push_back(std::string(p.array() ? "const " : "") + c_type_name(p.elem) + (p.array() ? " *" : ""));
    if (!f.returns_scalar())
        for (const ForeignArg &r : f.rets)
            types.push_back(std::string(c_type_name(r.elem)) + " *");
    std::string s = f.symbol + "(";
    for (size_t i = 0; i < args.size(); i++)
        s += (i ? ", (" : "(") + types.at(i) + ")" + args[i];
    s += ")";
    return f.returns_scalar() ? "(" + std::string(c_type_name(f.rets[0].elem)) + ")" + s : s;
}

} // namespace loom
