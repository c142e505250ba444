#include "core/Files.h"

#include <filesystem>
#include <fstream>

namespace loom {

std::string read_stream(std::istream &in) {
    std::string out;
    char buf[1 << 16];
    while (in.read(buf, sizeof buf) || in.gcount() > 0)
        out.append(buf, (size_t)in.gcount());
    return out;
}

bool read_file(const std::string &path, std::string &out) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) return false;  // opens, with a bogus size
    std::ifstream f(path, std::ios::binary | std::ios::ate);
    if (!f) return false;
    out.clear();
    // The size up front where the file has one (not a pipe), then whatever follows it.
    if (std::streamoff size = f.tellg(); size > 0 && f.seekg(0)) {
        out.resize((size_t)size);
        f.read(out.data(), size);
        out.resize((size_t)f.gcount());
        if (f.bad()) return false;
        f.clear();
    } else {
        f.clear();
        f.seekg(0);
        f.clear();
    }
    out += read_stream(f);
    return !f.bad();
}

std::optional<std::string> read_regular_file(const std::string &path, std::string &out) {
    const std::string head = "cannot read `" + path + "`";
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return head + ": no such file";
    if (!std::filesystem::is_regular_file(path, ec)) return head + ": not a file";
    if (!read_file(path, out)) return head;
    return std::nullopt;
}

}  // namespace loom
