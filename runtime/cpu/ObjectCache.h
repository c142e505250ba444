/** \file
 * C++ sources built into shared objects, once: a source is looked up in this process's
 * loaded objects, then in the kernel cache on disk, and only then compiled by the host
 * compiler.  The cpu backend's entries, the cuda backend's host programs and emulated
 * kernels, and the interpreter's foreign-function thunks are all built here.
 */
#pragma once

#include "core/Diagnostic.h"
#include "runtime/cpu/SharedObject.h"

#include <memory>
#include <string>
#include <vector>

namespace loom::runtime {

/** A source the host compiler refused: the first lines of its diagnostics.  Callers that
 * built the text themselves say whose bug it is. */
class HostCompileError : public InternalError {
public:
    explicit HostCompileError(std::string head)
        : InternalError("the generated C++ does not compile (a bug in the cpu backend):\n" + head),
          output(std::move(head)) {}
    std::string output;
};

/** A C++ source built into a shared object (`status`: memory | disk | compiled).  Its
 * first `prelude_size` bytes are runtime text that other sources share: the host
 * compiler reads them from a precompiled header when one is built.  `opt`: optimisation
 * flags other than the cpu backend's (host_compiler_flags).  Throws HostCompileError. */
struct LoadedObject {
    std::shared_ptr<SharedObject> so;
    std::string status;
    double compile_ms = 0;
};
LoadedObject load_object(const std::string &source, size_t prelude_size,
                         const std::vector<std::string> &link = {}, const std::string &opt = {});

/** Forgets this process's loaded objects (those in use stay loaded), so that the next
 * load_object of a source finds it on disk or compiles it: the kernel cache cleared. */
void forget_loaded_objects();

} // namespace loom::runtime
