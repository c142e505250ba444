// Reads the register counts and frame sizes the CUDA ELF keeps in its `.nv.info` section
// (attributes of the form {format, attribute, size, data}; the two read here carry
// {symbol index, value}) and the sizes of the `.nv.shared.NAME` sections.
#include "runtime/cuda/CubinInfo.h"

#include <algorithm>
#include <cstring>
#include <map>

#include <elf.h>

namespace loom::runtime {

namespace {

// .nv.info attribute formats and the attributes read (as cuobjdump names them).
constexpr uint8_t EIFMT_SVAL = 0x04; ///< a 16-bit size, then that many bytes
constexpr uint8_t EIATTR_FRAME_SIZE = 0x11;
constexpr uint8_t EIATTR_REGCOUNT = 0x2f;

/** Bounds-checked reads of the file's bytes. */
struct Bytes {
    const std::string &b;
    bool has(uint64_t off, uint64_t n) const { return off <= b.size() && n <= b.size() - off; }
    template <class T> bool read(uint64_t off, T &out) const {
        if (!has(off, sizeof(T)))
            return false;
        std::memcpy(&out, b.data() + off, sizeof(T));
        return true;
    }
    std::string str(uint64_t table, uint64_t table_size, uint64_t at) const {
        if (at >= table_size || !has(table, table_size))
            return "";
        const char *s = b.data() + table + at;
        return std::string(s, strnlen(s, table_size - at));
    }
};

} // namespace

std::vector<KernelUse> cubin_usage(const std::string &cubin) {
    Bytes in{cubin};
    Elf64_Ehdr eh;
    if (!in.read(0, eh) || std::memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 ||
        eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_shentsize < sizeof(Elf64_Shdr))
        return {};
    std::vector<Elf64_Shdr> sh(eh.e_shnum);
    for (size_t i = 0; i < sh.size(); i++)
        if (!in.read(eh.e_shoff + i * eh.e_shentsize, sh[i]))
            return {};
    if (eh.e_shstrndx >= sh.size())
        return {};
    const Elf64_Shdr &names = sh[eh.e_shstrndx];
    auto section_name = [&](const Elf64_Shdr &s) {
        return in.str(names.sh_offset, names.sh_size, s.sh_name);
    };

    std::vector<KernelUse> out;
    std::map<std::string, size_t> by_name;
    auto kernel = [&](const std::string &name) -> KernelUse & {
        auto [it, fresh] = by_name.emplace(name, out.size());
        if (fresh)
            out.push_back(KernelUse{name});
        return out[it->second];
    };
    const Elf64_Shdr *symtab = nullptr, *info = nullptr;
    for (const Elf64_Shdr &s : sh) {
        std::string n = section_name(s);
        if (n.rfind(".text.", 0) == 0)
            kernel(n.substr(6));
        else if (n.rfind(".nv.shared.", 0) == 0 && n != ".nv.shared.reserved.0")
            kernel(n.substr(11)).shared_bytes = (int64_t)s.sh_size;
        else if (n == ".nv.info")
            info = &s;
        else if (s.sh_type == SHT_SYMTAB)
            symtab = &s;
    }
    if (info && symtab && symtab->sh_link < sh.size()) {
        const Elf64_Shdr &strtab = sh[symtab->sh_link];
        auto symbol = [&](uint32_t index) {
            Elf64_Sym sym;
            if (!in.read(symtab->sh_offset + (uint64_t)index * sizeof(Elf64_Sym), sym))
                return std::string();
            return in.str(strtab.sh_offset, strtab.sh_size, sym.st_name);
        };
        // Within the file whatever the header says (a damaged size must not loop for long).
        const uint64_t end =
            in.has(info->sh_offset, info->sh_size) ? info->sh_offset + info->sh_size : 0;
        for (uint64_t p = info->sh_offset; p + 4 <= end;) {
            uint8_t fmt = 0, attr = 0;
            uint16_t size = 0;
            in.read(p, fmt);
            in.read(p + 1, attr);
            in.read(p + 2, size);
            uint64_t data = p + 4;
            p = fmt == EIFMT_SVAL ? data + size : data; // other formats: the value in `size`
            uint32_t sym = 0, value = 0;
            if (fmt != EIFMT_SVAL || size < 8 || !in.read(data, sym) || !in.read(data + 4, value))
                continue;
            auto it = by_name.find(symbol(sym));
            if (it == by_name.end())
                continue;
            if (attr == EIATTR_REGCOUNT)
                out[it->second].registers = (int)value;
            else if (attr == EIATTR_FRAME_SIZE)
                out[it->second].stack_bytes = value;
        }
    }
    std::sort(out.begin(), out.end(),
              [](const KernelUse &a, const KernelUse &b) { return a.name < b.name; });
    return out;
}

} // namespace loom::runtime
