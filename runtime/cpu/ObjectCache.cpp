#include "runtime/cpu/ObjectCache.h"

#include "runtime/KernelCache.h"
#include "runtime/cpu/HostCompiler.h"

#include <unistd.h>

#include <fstream>
#include <mutex>
#include <optional>
#include <random>
#include <unordered_map>

namespace loom::runtime {

namespace {

/** This process's loaded objects by cache key (the "memory" level of the cache). */
std::mutex loaded_mutex;
std::unordered_map<std::string, std::shared_ptr<SharedObject>> &loaded() {
    static std::unordered_map<std::string, std::shared_ptr<SharedObject>> m;
    return m;
}

/** Compiles `source` (its prelude from a precompiled header when there is one) and stores
 * it in the cache; returns the stored path. */
std::filesystem::path compile(const std::string &key, const std::string &source,
                              size_t prelude_size, const std::vector<std::string> &link, const std::string &opt,
                              double &ms) {
    namespace fs = std::filesystem;
    std::random_device rd;
    fs::path dir = fs::temp_directory_path() /
                   ("loom-cpu-" + std::to_string(getpid()) + "-" + std::to_string(rd()));
    fs::create_directories(dir);
    fs::path src = dir / "entry.cpp", so = dir / "entry.so";
    auto write = [&](std::string_view text) {
        std::ofstream out(src);
        out << text;
    };
    HostCompileResult r;
    std::optional<fs::path> pch;
    if (prelude_size > 0)
        pch = precompiled_prelude(source.substr(0, prelude_size), opt);
    if (pch) {
        write(std::string_view(source).substr(prelude_size));
        r = compile_shared_object(src, so, *pch, link, {}, opt);
    }
    if (!r.ok) { // no header yet, or one the compiler refused: the whole text
        double pch_ms = r.ms;
        write(source);
        r = compile_shared_object(src, so, {}, link, {}, opt);
        r.ms += pch_ms;
    }
    ms = r.ms;
    if (!r.ok) {
        std::string head;
        size_t pos = 0;
        for (int i = 0; i < 20 && pos < r.output.size(); i++) {
            size_t nl = r.output.find('\n', pos);
            if (nl == std::string::npos)
                nl = r.output.size();
            head += r.output.substr(pos, nl - pos + 1);
            pos = nl + 1;
        }
        std::error_code ec;
        fs::remove_all(dir, ec);
        throw HostCompileError(head);
    }
    fs::path stored = KernelCache::global().store(key, "so", so);
    if (stored == so) { // the cache is unusable: keep a private copy to load
        fs::path keep = fs::temp_directory_path() / ("loom-cpu-" + key + ".so");
        std::error_code ec;
        fs::copy_file(so, keep, fs::copy_options::overwrite_existing, ec);
        stored = keep;
    }
    std::error_code ec;
    fs::remove_all(dir, ec);
    return stored;
}

} // namespace

void forget_loaded_objects() {
    std::lock_guard<std::mutex> lock(loaded_mutex);
    loaded().clear();
}

LoadedObject load_object(const std::string &source, size_t prelude_size,
                         const std::vector<std::string> &link, const std::string &opt) {
    std::string flags = host_compiler_flags(opt);
    for (const std::string &l : link)
        flags += " " + l;
    std::string key = KernelCache::key({source, flags, host_compiler_version()});
    std::shared_ptr<SharedObject> so;
    std::string status;
    double compile_ms = 0;
    {
        std::lock_guard<std::mutex> lock(loaded_mutex);
        auto it = loaded().find(key);
        if (it != loaded().end()) {
            so = it->second;
            status = "memory";
            KernelCache::global().note_memory_hit();
        }
    }
    if (!so) {
        if (auto p = KernelCache::global().lookup(key, "so")) {
            so = std::make_shared<SharedObject>(*p);
            status = "disk";
        } else {
            so = std::make_shared<SharedObject>(compile(key, source, prelude_size, link, opt, compile_ms));
            status = "compiled";
        }
        std::lock_guard<std::mutex> lock(loaded_mutex);
        loaded().emplace(key, so);
    }
    return {so, status, compile_ms};
}

} // namespace loom::runtime
