// The structure of an optimised program (see Structure.h).
#include "compiler/passes/Structure.h"

#include "compiler/passes/Rewrite.h"

namespace loom::passes {

namespace {

void count(const ir::Body &b, const std::string &path, std::map<std::string, int> &paths) {
    for (const ir::Stm &s : b.stms) {
        std::string p = path + "/" + ir::exp_kind_name(s.exp->kind);
        ++paths[p];
        for (const ir::Body *nested : nested_bodies(*s.exp))
            count(*nested, p, paths);
    }
}

}  // namespace

std::map<std::string, int> structure_paths(const ir::Module &m) {
    std::map<std::string, int> paths;
    for (const ir::Function &f : m.functions)
        count(f.body, "", paths);
    return paths;
}

int structure_count(const std::map<std::string, int> &paths, const std::string &key) {
    int n = 0;
    for (const auto &[path, k] : paths)
        if (key.empty() ? false
            : key[0] == '/' ? path == key
                            : path.size() > key.size() && path.compare(path.size() - key.size(), key.size(), key) == 0 &&
                                  path[path.size() - key.size() - 1] == '/')
            n += k;
    return n;
}

}  // namespace loom::passes
