// dlopen/dlsym wrapper (see SharedObject.h).
#include "runtime/cpu/SharedObject.h"

#include "core/Diagnostic.h"

#include <dlfcn.h>

namespace loom::runtime {

SharedObject::SharedObject(const std::filesystem::path &path) {
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
