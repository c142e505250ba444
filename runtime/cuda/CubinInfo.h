/** \file
 * What each kernel of a cubin uses of an SM, read from the cubin itself (its ELF
 * sections), so it is known without a GPU and for cubins from the kernel cache: the
 * registers a thread, the static shared memory a block and the stack frame a thread (local
 * memory: register spills and arrays indexed at run time).  `:cuda` and `loom compile
 * --emit stats` show them; occupancy and spills follow from them.
 */
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace loom::runtime {

struct KernelUse {
    std::string name;  ///< the function's symbol (extern "C": the kernel's name)
    int registers = 0; ///< a thread's
    /** A block's shared memory as the cubin lays it out: its static __shared__ variables
     * and, from sm_80 on, the 1 KiB the system reserves in every block that uses any. */
    int64_t shared_bytes = 0;
    int64_t stack_bytes = 0; ///< a thread's stack frame (0: no local memory)
};

/** The kernels (.text.NAME sections) of `cubin`, by name.  Never throws: a
 * truncated or foreign file gives what could be read (possibly nothing). */
std::vector<KernelUse> cubin_usage(const std::string &cubin);

} // namespace loom::runtime
