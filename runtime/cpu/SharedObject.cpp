// dlopen/dlsym wrapper (see SharedObject.h).
#include "runtime/cpu/SharedObject.h"

#include "core/Diagnostic.h"

#include <cstdlib>
#include <dlfcn.h>
#include <mutex>

namespace loom::runtime {

SharedObject::SharedObject(const std::filesystem::path &path) {
    // Generated code's OpenMP worker threads may run recursive functions: stacks of
    // 256 MiB (reserved, committed as used) unless the user chose otherwise.  libgomp
    // reads this when the first object that uses it is loaded.
    static std::once_flag stacks;
    std::call_once(stacks, [] { setenv("OMP_STACKSIZE", "256M", 0); });
    handle_ = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle_) {
        const char *e = dlerror();
        throw InternalError("cannot load " + path.string() + ": " + (e ? e : "unknown error"));
    }
}

SharedObject::~SharedObject() {
    if (handle_)
        dlclose(handle_);
}

void *SharedObject::symbol(const std::string &name) const {
    dlerror();
    void *p = dlsym(handle_, name.c_str());
    if (!p)
        throw InternalError("shared object has no symbol " + name);
    return p;
}

} // namespace loom::runtime
