// Running the host compiler (see HostCompiler.h).
#include "runtime/cpu/HostCompiler.h"

#include "runtime/KernelCache.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <sstream>

#include <unistd.h>

namespace loom::runtime {

namespace {

std::string quote(const std::string &s) {
    std::string r = "'";
    for (char c : s)
        r += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return r + "'";
}

/** Runs a shell command, returning its exit status and combined output. */
int run(const std::string &cmd, std::string &output) {
    FILE *p = popen((cmd + " 2>&1").c_str(), "r");
    if (!p) {
        output = "cannot run: " + cmd;
        return -1;
    }
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0)
        output.append(buf, n);
    return pclose(p);
}

} // namespace

std::string host_compiler() {
    const char *cxx = std::getenv("LOOM_CXX");
    return cxx && *cxx ? cxx : "g++";
}

std::string host_compiler_flags() {
    const char *opt = std::getenv("LOOM_CPU_CXXFLAGS");
    std::string o = opt && *opt ? opt : "-O3 -march=native";
    return "-std=c++20 " + o + " -fopenmp -fPIC -shared -ffp-contract=off";
}

namespace {
/** The file `cmd` runs: itself when it names a path, else the first on $PATH; symbolic
 * links resolved (g++ is often one).  "" when not found. */
std::string resolve_command(const std::string &cmd) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (cmd.find('/') != std::string::npos) {
        fs::path p = fs::canonical(cmd, ec);
        return ec ? "" : p.string();
    }
    const char *path = std::getenv("PATH");
    std::stringstream dirs(path ? path : "");
    for (std::string d; std::getline(dirs, d, ':');) {
        fs::path p = fs::path(d.empty() ? "." : d) / cmd;
        if (::access(p.c_str(), X_OK) == 0) {
            fs::path c = fs::canonical(p, ec);
            return ec ? "" : c.string();
        }
    }
    return "";
}
} // namespace

const std::string &host_compiler_version() {
    static std::once_flag once;
    static std::string version;
    std::call_once(once, [] {
        // Remembered beside the cache: running `g++ --version` costs a fresh process more
        // than its whole cache hit.
        const std::string cmd = host_compiler(), file = resolve_command(cmd);
        version = *remembered_version(
            file.empty() ? std::filesystem::path() : KernelCache::global().beside("cxx.id"), file,
            [&]() -> std::optional<std::pair<std::string, std::string>> {
                std::string out;
                run(cmd + " --version", out);
                return std::make_pair(file, out.substr(0, out.find('\n')));
            });
    });
    return version;
}

HostCompileResult compile_shared_object(const std::filesystem::path &source,
                                        const std::filesystem::path &out) {
    auto t0 = std::chrono::steady_clock::now();
    HostCompileResult r;
    std::string cmd = host_compiler() + " " + host_compiler_flags() + " -o " + quote(out.string()) +
                      " " + quote(source.string());
    r.ok = run(cmd, r.output) == 0;
    r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

} // namespace loom::runtime
