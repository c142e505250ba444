/** \file
 * The compiler pipeline: typed AST -> core IR -> passes -> kernels -> a backend, and the
 * report every front end shows (`loom compile --emit stats`, the REPL's summary line,
 * the Jupyter kernel's display).
 *
 *   lower (compiler/Lower.h) -> simplify -> eliminate bounds checks -> fuse -> simplify
 *   -> eliminate bounds checks -> find kernels -> generate code (compiler/backend/<b>)
 *
 * The verifier runs after every pass when `verify_each_pass` is set (tests, debug builds).
 */
#pragma once

#include "compiler/ir/IR.h"
#include "compiler/passes/BoundsCheck.h"
#include "compiler/passes/Fusion.h"
#include "compiler/passes/Kernels.h"
#include "compiler/passes/Simplify.h"
#include "core/Value.h"
#include "frontend/AST.h"
#include "runtime/cuda/CubinInfo.h"

#include <nlohmann/json_fwd.hpp>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace loom::compiler {

enum class Backend { Interp, Cpu, Cuda };
std::optional<Backend> parse_backend(std::string_view name); ///< "interp", "cpu", "cuda"
const char *backend_name(Backend b);

struct KernelReport {
    std::string name;               ///< k0, k1, ... (passes/Kernels.h)
    std::string kind;               ///< map, redomap, segmented reduce, ...
    std::vector<std::string> fused; ///< source SOACs fused into it
    std::string cache = "none";     ///< memory | disk | compiled | none (not built)
    double compile_ms = 0;          ///< when compiled now
    /** cuda: its GPU functions (k0, k0_final, ...) and what each uses of an SM, from the
     * cubin (empty under the emulator). */
    std::vector<runtime::KernelUse> functions;
    /** cuda: why it runs on the host's cores instead (it calls a recursive function, or
     * the cuda generator cannot express it yet); empty when it runs on the GPU. */
    std::string on_host;
};

struct EntryReport {
    std::string entry;
    std::string backend;
    std::vector<KernelReport> kernels;
    passes::SimplifyStats simplify;
    passes::BoundsStats bounds; ///< summed over both rounds; `kept` is what is left
    passes::FusionStats fusion;
    /// Reductions and scans made ones of scalars (Scalarize), and of indices (ChooseRows).
    int rows_scalarized = 0, rows_chosen = 0;
    double lower_ms = 0, passes_ms = 0, codegen_ms = 0, compile_ms = 0;
    /** cuda: how long the build waited for the process's CUDA context to start (a
     * once-per-process cost, kept apart from compiling). */
    double device_start_ms = 0;
};
/** The JSON object `loom compile --emit stats` prints for one entry point. */
nlohmann::json report_json(const EntryReport &r);
/** The report's list of kernels (passes::find_kernels' list): names, kinds, what each fused. */
std::vector<KernelReport> kernel_reports(const std::vector<passes::KernelInfo> &kernels);

struct PipelineOptions {
    bool verify_each_pass = false;
    bool fuse = true;
    bool simplify = true;
    bool eliminate_bounds_checks = true;
    /** Top-level constants to take as arguments rather than compute (compiler/Lower.h,
     * ConstantArgs): the session's values, computed once. */
    std::function<bool(const FunDef &)> constants_as_args;
    /** Array literals of constants as arguments (passes/LiftLiterals.h): the session's
     * evaluations, so that new literal values reuse the compiled code. */
    bool lift_literals = false;
};

/** An entry point lowered and optimised: the IR every code generator consumes. */
struct Optimised {
    ir::Module module; ///< one function, named after the entry point
    EntryReport report;
    /** Whether the entry had a sequential loop as lowered, before the simplifier made it
     * straight-line (`loop x = 0 for i < n do x + 1`): the interpreter would run it. */
    bool lowered_with_loop = false;
    /** The constants (PipelineOptions::constants_as_args) the entry takes after its own
     * arguments, in order. */
    std::vector<FunDefPtr> constant_args;
    /** The lifted literals' values (PipelineOptions::lift_literals), the entry's last
     * arguments: the built entry passes them itself. */
    std::vector<Value> literal_args;
};

/** Lowers entry `entry` of the checked program `prog` and runs the passes.  Throws
 * CompilerLimitation for constructs the compiler does not handle. */
Optimised optimise(const Program &prog, const std::string &entry, const PipelineOptions &opts = {});

/** An entry point built for a backend, ready to call any number of times. */
class CompiledEntry {
public:
    virtual ~CompiledEntry() = default;
    /** Calls the entry with source-level arguments (as Interpreter::call takes them) and
     * returns the source-level result (a tuple for several results).  Throws RuntimeError
     * with the interpreter's message and location for failed run-time checks, and
     * loom::Interrupted (core/Diagnostic.h) when *interrupt becomes true. */
    virtual Value call(const std::vector<Value> &args,
                       const std::atomic<bool> *interrupt = nullptr) const = 0;
    /** Host<->device traffic of the last call (the cuda backend; zeros elsewhere). */
    struct Transfers {
        int64_t uploads = 0, upload_bytes = 0, downloads = 0, download_bytes = 0;
        double transfer_ms = 0, device_ms = 0;
    };
    virtual Transfers last_transfers() const { return {}; }
    EntryReport report;   ///< kernels with their cache status, timings
    /** The top-level constants whose values `call` takes after the entry's own arguments
     * (Optimised::constant_args). */
    std::vector<FunDefPtr> constant_args;
    std::string ir_text;  ///< the optimised IR
    std::string code;     ///< the generated source (C++ or CUDA)
};

/** Builds an optimised entry for backend `b` (Cpu or Cuda).  Throws CompilerLimitation,
 * or CompileError when the backend is unavailable. */
std::shared_ptr<CompiledEntry> build(Optimised o, Backend b);

/** optimise() then build(). */
std::shared_ptr<CompiledEntry> compile_entry(const Program &prog, const std::string &entry,
                                             Backend b, const PipelineOptions &opts = {});

/** Whether compiling can pay off: the optimised function has a kernel or a loop, or had
 * a loop as lowered (which the interpreter would run, however little is left of it).
 * Straight-line scalar code runs as fast on the interpreter as the host compiler
 * takes to start, so `auto`, and the session on every backend, interpret it. */
bool worth_compiling(const Optimised &o);

/** What `auto` compiles for: cuda where a GPU is usable, else cpu. */
Backend auto_backend();

} // namespace loom::compiler
