/** \file
 * Kernel extraction: which statements of a function become kernels, in the form both code
 * generators consume.
 *
 * A kernel is a SOAC statement (Map, Reduce, Scan, Screma, Filter, Scatter, Hist) at host
 * level: in the function body, or in the body of a host-level `loop` or `if`.  SOACs inside
 * a kernel's lambdas run sequentially inside it (on the CPU that is always the better
 * choice; the CUDA backend may later flatten more).  A Map whose lambda is a reduction (or
 * scan) over its row is a *segmented* reduction (scan): one segment per row.  Kernels are
 * numbered k0, k1, ... in the order of a pre-order walk, the names both the code and the
 * stats use.
 */
#pragma once

#include "compiler/ir/IR.h"

#include <functional>
#include <string>
#include <vector>

namespace loom::passes {

struct KernelInfo {
    std::string name;               ///< "k0", "k1", ...
    std::string kind;               ///< map, reduce, scan, redomap, scanomap, screma,
                                    ///< segmented reduce, segmented scan, filter, scatter, hist
    std::vector<std::string> fused; ///< source SOACs combined into it, in program order
    const ir::Stm *stm = nullptr;   ///< the statement (owned by the function)
    /** Its code calls a function of the module (a recursive source function): the cuda
     * backend runs it on the host (a GPU thread's stack is too small for the
     * interpreter's depth of recursion). */
    bool calls = false;
    /** Its code calls a foreign function only the host can run (ForeignFn::host_only: on
     * arrays, or from a library): the cuda backend runs it on the host. */
    bool foreign_host = false;
};

/** True for the expression kinds that become kernels at host level. */
bool is_soac(const ir::Exp &e);

/** The kernels of `f`, in the numbering the code generators use. */
std::vector<KernelInfo> find_kernels(const ir::Function &f);

} // namespace loom::passes
