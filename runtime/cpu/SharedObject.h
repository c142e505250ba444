/** \file
 * A loaded shared object (dlopen/dlsym), closed when the last owner lets go.
 */
#pragma once

#include <filesystem>
#include <string>

namespace loom::runtime {

class SharedObject {
public:
    /** Loads `path` (RTLD_NOW | RTLD_LOCAL); InternalError with dlerror() on failure. */
    explicit SharedObject(const std::filesystem::path &path);
    ~SharedObject();
    SharedObject(const SharedObject &) = delete;
    SharedObject &operator=(const SharedObject &) = delete;

    /** The address of `name`; InternalError when absent. */
    void *symbol(const std::string &name) const;

private:
    void *handle_ = nullptr;
};

} // namespace loom::runtime
