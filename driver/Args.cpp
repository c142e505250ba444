#include "driver/Args.h"

#include "core/Files.h"
#include "runtime/cuda/CudaDriver.h"

#include <algorithm>
#include <filesystem>
#include <regex>
#include <sstream>

namespace loom {

namespace {

namespace fs = std::filesystem;

/** Whether a file has a `-- ==` line (the start of a futhark-test block). */
bool has_test_block(const std::string &path) {
    std::string text;
    if (!read_file(path, text)) return true;  // let the runner report it
    static const std::regex block_start(R"((^|\n)--[ \t]*==[ \t]*(\r?\n|$))");
    return std::regex_search(text, block_start);
}

}  // namespace

bool ArgReader::is(const std::string &name) const {
    const std::string &a = args[i];
    return a == name || (a.size() > name.size() && a.compare(0, name.size() + 1, name + "=") == 0);
}

std::string ArgReader::value_of(const std::string &name) {
    const std::string &a = args[i];
    if (a.size() > name.size()) return a.substr(name.size() + 1);
    if (i + 1 >= args.size()) throw UsageError{"option " + name + " needs a value", 2};
    return args[++i];
}

compiler::Backend parse_backend_arg(const std::string &b) {
    if (b == "auto") return compiler::auto_backend();
    std::optional<compiler::Backend> parsed = compiler::parse_backend(b);
    if (!parsed) throw UsageError{"unknown backend `" + b + "` (expected interp, cpu, cuda or auto)", 2};
    return *parsed;
}

void add_backends(const std::string &list, std::vector<compiler::Backend> &backends) {
    std::stringstream ss(list);
    std::string name;
    while (std::getline(ss, name, ',')) {
        compiler::Backend b = parse_backend_arg(name);
        if (b == compiler::Backend::Cuda)
            if (auto why = runtime::cuda_unavailable())
                throw UsageError{"backend `cuda`: " + *why + " (`loom compile --backend cuda` checks the CUDA)", 2};
        if (std::find(backends.begin(), backends.end(), b) == backends.end()) backends.push_back(b);
    }
}

std::vector<std::string> program_files(const std::vector<std::string> &paths, std::vector<std::string> &missing) {
    std::vector<std::string> files;
    for (const std::string &p : paths) {
        std::error_code ec;
        if (fs::is_directory(p, ec)) {
            std::vector<std::string> found;
            for (auto it = fs::recursive_directory_iterator(p, ec); !ec && it != fs::recursive_directory_iterator();
                 it.increment(ec)) {
                if (!it->is_regular_file(ec)) continue;
                auto ext = it->path().extension();
                // A .loom file may also be a REPL script: it is a test only with a test block.
                if (ext == ".fut" || (ext == ".loom" && has_test_block(it->path().string())))
                    found.push_back(it->path().string());
            }
            std::sort(found.begin(), found.end());
            files.insert(files.end(), found.begin(), found.end());
        } else if (fs::exists(p, ec)) {
            files.push_back(p);
        } else {
            missing.push_back(p);
        }
    }
    return files;
}

}  // namespace loom
