// Running the host compiler (see HostCompiler.h).
#include "runtime/cpu/HostCompiler.h"

#include "core/Command.h"
#include "runtime/KernelCache.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>
#include <vector>

#include <unistd.h>

namespace loom::runtime {

std::string host_compiler() {
    const char *cxx = std::getenv("LOOM_CXX");
    return cxx && *cxx ? cxx : "g++";
}

namespace {
std::string resolve_command(const std::string &cmd);
}

std::string host_compiler_flags(const std::string &opt) {
    static const std::string gold = resolve_command("ld.gold").empty() ? "" : " -fuse-ld=gold";
    const char *env = std::getenv("LOOM_CPU_CXXFLAGS");
    std::string o = !opt.empty() ? opt : env && *env ? env : "-O3 -march=native";
    return "-std=c++20 " + o + " -fopenmp -fPIC -shared -ffp-contract=off -fno-math-errno" + gold;
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
                run_command(cmd + " --version", out);
                return std::make_pair(file, out.substr(0, out.find('\n')));
            });
    });
    return version;
}

HostCompileResult compile_shared_object(const std::filesystem::path &source,
                                        const std::filesystem::path &out,
                                        const std::filesystem::path &prelude,
                                        const std::vector<std::string> &link,
                                        const std::vector<std::string> &exports,
                                        const std::string &opt) {
    auto t0 = std::chrono::steady_clock::now();
    HostCompileResult r;
    std::string cmd = host_compiler() + " " + host_compiler_flags(opt) +
                      (prelude.empty() ? "" : " -include " + shell_quote(prelude.string())) + " -o " +
                      shell_quote(out.string()) + " " + shell_quote(source.string());
    for (const std::string &l : link)
        cmd += " " + shell_quote(l);
    std::filesystem::path script;
    if (!exports.empty()) {
        script = out.string() + ".exports";
        std::ofstream f(script, std::ios::binary);
        f << "{\n  global:\n";
        for (const std::string &e : exports)
            f << "    " << e << ";\n";
        f << "  local: *;\n};\n";
        if (!f.flush()) {
            r.output = "cannot write " + script.string();
            return r;
        }
        cmd += " -fvisibility=hidden -fvisibility-inlines-hidden -Wl,--version-script=" +
               shell_quote(script.string());
    }
    r.ok = run_command(cmd, r.output) == 0;
    if (!script.empty()) {
        std::error_code ec;
        std::filesystem::remove(script, ec);
    }
    r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

std::optional<std::filesystem::path> precompiled_prelude(const std::string &prelude, const std::string &opt) {
    namespace fs = std::filesystem;
    if (std::getenv("LOOM_NO_PCH"))
        return std::nullopt;
    fs::path root = KernelCache::global().beside("pch");
    if (root.empty())
        return std::nullopt;
    std::string key = KernelCache::key({prelude, host_compiler_flags(opt), host_compiler_version()});
    fs::path dir = root / key, header = dir / "loom_rt.h";
    std::error_code ec;
    if (fs::exists(dir / "loom_rt.h.gch", ec)) {
        fs::last_write_time(dir, fs::file_time_type::clock::now(), ec); // used: kept longest
        return header;
    }
    // One build per prelude and process; across processes, a build younger than two
    // minutes (its temporary directory) is left to finish.
    static std::mutex mutex;
    static std::set<std::string> started;
    std::lock_guard<std::mutex> lock(mutex);
    if (!started.insert(key).second)
        return std::nullopt;
    fs::path tmp = root / (key + ".building"), failed = root / (key + ".failed");
    // A failed build is not tried again by every process, but after a day (or a clear).
    if (auto t = fs::last_write_time(failed, ec);
        !ec && fs::file_time_type::clock::now() - t < std::chrono::hours(24))
        return std::nullopt;
    if (auto t = fs::last_write_time(tmp, ec); !ec) {
        if (fs::file_time_type::clock::now() - t < std::chrono::minutes(2))
            return std::nullopt;
        fs::remove_all(tmp, ec);
    }
    fs::create_directories(root, ec);
    // At most four headers (18-25 MB each) stay: older compilers' and flags' go.
    std::vector<std::pair<fs::file_time_type, fs::path>> kept;
    for (auto it = fs::directory_iterator(root, ec); !ec && it != fs::directory_iterator();
         it.increment(ec))
        if (it->path().extension() != ".building")
            kept.emplace_back(it->last_write_time(ec), it->path());
    std::sort(kept.rbegin(), kept.rend());
    for (size_t i = 3; i < kept.size(); i++)
        fs::remove_all(kept[i].second, ec);
    if (!fs::create_directory(tmp, ec) || ec)
        return std::nullopt; // another process just began
    {
        std::ofstream out(tmp / "loom_rt.h", std::ios::binary);
        out << prelude;
        if (!out)
            return std::nullopt;
    }
    // In a session of its own, so the REPL's Ctrl-C (to its process group) spares it.
    std::string t = shell_quote(tmp.string()), h = shell_quote((tmp / "loom_rt.h").string());
    std::string build = host_compiler() + " " + host_compiler_flags(opt) + " -x c++-header -o " +
                        shell_quote((tmp / "loom_rt.h.gch").string()) + " " + h + " && mv -T " + t +
                        " " + shell_quote(dir.string()) + " || touch " + shell_quote(failed.string()) +
                        "; rm -rf " + t;
    std::string cmd = "setsid sh -c " + shell_quote(build) + " </dev/null >/dev/null 2>&1 &";
    if (std::system(cmd.c_str()) != 0)
        fs::remove_all(tmp, ec);
    return std::nullopt;
}

} // namespace loom::runtime
