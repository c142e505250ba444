/** \file
 * The CUDA backend: CUDA C++ for an optimised function (CodegenCuda.cpp, kernel shapes
 * described there), compiled to a cubin by NVRTC through the kernel cache (CudaEntry.cpp).
 * NVRTC works without a GPU, so generation and compilation are checked everywhere; running
 * needs the CUDA driver (runtime/cuda/CudaDriver.h).
 *
 * The host program (CodegenCudaHost.cpp: the scalar code between kernels, residency,
 * launches) is C++ built by the host compiler into a shared object with the CPU ABI; it
 * reaches the device only through the DevApi table of runtime/cuda/CudaDevice.h, bound for
 * each call, so it runs on the CUDA driver (driver_program) or, in tests, on a fake.
 */
#pragma once

#include "compiler/Pipeline.h"
#include "runtime/cuda/CudaDevice.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace loom::runtime {
class SharedObject;
}

namespace loom::cuda {

/** How the host passes one parameter of a __global__ function. */
struct KernelArg {
    enum class Kind {
        Var,     ///< a host variable: a scalar by value, an array as Buf (device-valid)
        Out,     ///< an array the statement binds (`var`), allocated on the device
        Scratch, ///< a temporary device buffer shared by the kernel's launches
        Blocks,  ///< int64_t: the number of blocks G of the kernel's main launch
    };
    Kind kind = Kind::Var;
    int var = -1;        ///< Var/Out; Scratch: the scalar read back from it after the launch
    std::string scratch; ///< Scratch: the buffer's name
    std::string elem;    ///< Scratch: its element type (C)
    char count = 'G';    ///< Scratch: its length: 'w' rows, 'G' blocks, 'N' the grid's
                         ///< threads, 'T' scan tiles, '1', or 'E': `length`
    std::string length;  ///< Scratch of count 'E': its length, an expression of the host program
    bool zero = false;   ///< Scratch: zeroed before the kernel's first launch
    static KernelArg of(Kind k, int var = -1) {
        KernelArg a;
        a.kind = k;
        a.var = var;
        return a;
    }
};
/** Threads of a block of the kernels launched as GridKind::ScanBlock or Tiles (stencil
 * tiles, transposes), except single-pass scans (scan_threads). */
inline constexpr int scan_block = 256;
/** Threads of a single-pass scan's block (but a plain 4-byte copy's: ScanTuning): on an
 * H100 (i32, 10^8 rows, 16 rows a thread) 512 reached 80% of the copy bandwidth, as CUB
 * does, against 75% for 256. */
inline constexpr int scan_threads = 512;
/** How a single-pass scan's tiles wait on one another and move (the defaults below, CUB's
 * waits for 4-byte scans on sm_90).  `copy32`, a scan of a plain 4-byte array as vec
 * below describes, takes the best measured for it instead: vec, registers, warp stripes,
 * 256 threads of up to 32 rows, 4 blocks an SM (on an H100, 2026-11-27, i32 prefix sum at
 * 10^8: 0.318-0.323 ms in three sweeps, 84-86% of the copy, against 0.332-0.335 ms for
 * the earlier 512 threads of 16 rows, block stripes and 3 blocks an SM; 128 threads of 32
 * rows and 8 blocks 0.327-0.329; 512 of 32 and 2 blocks 0.356; 24 rows 0.344-0.350).
 * The environment overrides them when code is generated, for tuning sweeps on a GPU
 * (docs/gpu.md):
 *  - launch_order ($LOOM_CUDA_SCAN_ORDER=launch or atomic): tile b is block b of a grid
 *    of one block per tile, as CUB does (blocks start in index order, so a tile waits
 *    only for tiles already started); else tiles are claimed from an atomic counter by
 *    an occupancy-sized grid, which needs no such order;
 *  - wait_ns ($LOOM_CUDA_SCAN_WAIT_NS): the sleep after a tile publishes its aggregate,
 *    before it reads the earlier tiles' status (they have likely published their
 *    prefixes by then: one round of look-back, less traffic on the status words);
 *  - poll_ns ($LOOM_CUDA_SCAN_POLL_NS): the sleep between reads of a status not yet set;
 *  - registers ($LOOM_CUDA_SCAN_KEEP=shared or registers): whether a thread keeps its rows
 *    of a staged tile in registers between its two folds (and strides the block's rows by
 *    the constant `threads`), as CUB and the hand-written harness of docs/benchmarks.md
 *    do, or reads them from shared memory twice (the default: 32 registers, 4 blocks an
 *    SM on an H100, against 52 and 2 for registers; i32 prefix sum at 10^8 on an H100,
 *    2026-11-27: 0.379 ms shared, 0.602 registers, 0.369 registers with min_blocks 3);
 *  - min_blocks ($LOOM_CUDA_SCAN_MIN_BLOCKS): blocks an SM should hold, the second
 *    argument of __launch_bounds__ (0: none; for copy32 1024 threads' worth, which keeps
 *    the registers variant from spilling: without it, 128 threads of 32 rows took 0.441 ms);
 *  - vec ($LOOM_CUDA_SCAN_VEC=1): a staged tile that is a plain copy of a 4- or 8-byte
 *    input array, scanned into its output (one accumulator, no map), moves between global
 *    and shared memory 16 bytes a thread at a time, at 32-bit offsets from the tile's
 *    start, when the tile is full and its input and output start 16-byte aligned (else
 *    the rows one at a time, as without it): fewer, wider memory instructions and no
 *    64-bit row arithmetic.  On an H100 (i32, 10^8 rows) it gains nothing alone (0.375 ms,
 *    the default's 0.374-0.380), but with registers and min_blocks 3 takes 0.343-0.345 ms,
 *    79-80% of the copy (those two without it: 0.369). */
struct ScanTuning {
    bool launch_order = true;
    int wait_ns = 1200, poll_ns = 600;
    bool registers = false;
    int min_blocks = 0;
    bool vec = false;
    /** The block's threads ($LOOM_CUDA_SCAN_THREADS, a multiple of 32 from 64 to 1024). */
    int threads = scan_threads;
    /** The most rows a thread takes from a tile ($LOOM_CUDA_SCAN_ITEMS): scan_items. */
    int most_items = 16;
    /** ($LOOM_CUDA_SCAN_STRIPES=warp or block) whether each warp moves its own threads'
     * rows of a staged tile between global and shared memory, coalesced, and waits only
     * for itself (__syncwarp), as CUB's warp-transposed loads and stores do (CUB's sm_90
     * choice for 4-byte scans: 128 threads of 24 rows), or the whole block moves the tile
     * in stripes of the block's size and waits at a block barrier (other scans: on an
     * H100, warp stripes alone, 512 threads of 16 rows, took 0.353 ms against 0.334). */
    bool warp_stripes = false;
    /** ($LOOM_CUDA_SCAN_CACHE=stream) vec's 16-byte accesses with streaming cache hints
     * (__ldcs, __stcs: each row is read and written once, so it need not stay in L2 and
     * push out the tiles' status words); not yet timed on a GPU. */
    bool stream = false;
    /** ($LOOM_CUDA_SCAN_LATE=1) a staged tile publishes its aggregate as soon as the block
     * has it, and its threads fold their rows from their prefixes within the tile before
     * warp 0 looks back (while the earlier tiles finish) instead of after; the tile's
     * prefix is then combined into each row as it is written out (one more operator
     * application a row, off the look-back's critical path); not yet timed on a GPU. */
    bool late = false;
    /** ($LOOM_CUDA_SCAN_SHARED_KB, 8 to 200) the most shared memory a block's staged tile
     * takes (scan_items): 32 KiB by default; past 40 KiB the staging is dynamic shared
     * memory (a kernel's static shared memory stops at 48 KiB), its size in the module's
     * `loom_dsmem_<kernel>`, which the runtime passes at launch.  Not yet timed. */
    int shared_kb = 32;
    /** ($LOOM_CUDA_SCAN_ASYNC=1) tiles claimed from the atomic counter (launch_order off)
     * by a grid of resident blocks, each block copying its next tile into a second
     * shared-memory buffer (cp.async: no registers held) as soon as it claims it, at the
     * start of the current tile, so that its loads are in flight through the current
     * tile's fold, look-back and write-out.  With one tile a block, each block's loads
     * are in flight only in its first phase of about 11 us a tile on an H200 (estimated
     * from 23 waves of blocks in 0.263 ms, not measured by phase): too few bytes in flight
     * to keep an SM's memory busy whenever fewer than about two of its blocks are loading
     * (Little's law: 4.1 TB/s times about a microsecond is 31 KiB an SM).  The tile is
     * staged unpadded (lrt::swizzled) for the 16-byte copies.  Only for the plain 4-byte
     * scans' shape (vec, registers, warp stripes; else ignored); not yet timed on a GPU.
     * (Loading the next tile into registers instead measured 56-62% of the copy, in
     * commit af80c38: twice the registers, half the blocks.) */
    bool async = false;
};
/** Rows each thread of a single-pass scan takes from its tile (a tile is tune.threads times
 * as many rows): when the tile is staged in shared memory, the largest power of 2 up to
 * tune.most_items that lets the tile's accumulators (acc_bytes a row) fit in tune.shared_kb
 * KiB; else
 * 8.  Larger tiles keep the look-back short (at full bandwidth fewer tiles finish per
 * microsecond, so fewer are still unpublished when a tile looks back); on an H100, 16
 * measured best for i32 in blocks of 256 without registers (8: 0.74 ms, 16: 0.54, 32:
 * 0.62 at 10^8), 32 with them (above). */
int scan_items(size_t acc_bytes, bool staged, const ScanTuning &tune);
ScanTuning scan_tuning(bool copy32);
/** How many rows a column kernel's loop over a chunk's rows is unrolled by
 * ($LOOM_CUDA_COLUMN_UNROLL, 1 to 16, for tuning; 1: no pragma): 4, so that a thread has
 * several rows' loads in flight.  On an H100 (2026-11-27, vecmat at 16384×16384 f32, a
 * thread per column and chunk of 1024 rows): 1 took 0.435-0.441 ms (82-83% of the copy;
 * cuBLAS's sgemv through CuPy 0.393-0.402), 4 0.377 (96-98%), 8 0.376. */
int column_unroll();
/** How many rows a thread of a map of plain 1-D arrays (or of a fused scatter into a 1-D
 * array, since the thirty-ninth session: not yet timed) loads before it computes any
 * ($LOOM_CUDA_MAP_UNROLL, 1 to 8): 2.  In NVRTC's PTX for saxpy one row at a time is
 * unrolled by 4, but each row's two loads follow the last row's store (it may alias
 * them); unrolled, a thread's loads all come before its stores.  On an H200 (2026-12-04,
 * saxpy at 10^8, f32): one row took 0.330-0.332 ms (87-88% of the copy; dot, loads
 * alone, 102%), 2 rows 0.304-0.309 (95-96%), 4 0.320, 8 0.322; Black-Scholes 0.606 with
 * 1, 0.597 with 2, 0.609 with 4. */
int map_unroll();
/** Grid shapes: G blocks of B (occupancy), G blocks of KernelDesc::block threads, one
 * such block per tile (a scan's, or a stencil's), one block of B, one thread, or the grid
 * of the kernel's first launch. */
enum class GridKind { Occupancy, ScanBlock, Tiles, OneBlock, OneThread, Same };

struct Launch {
    std::string fn;
    GridKind grid = GridKind::Occupancy;
    std::vector<KernelArg> args;
    bool can_fail = false; ///< may record a failure in `loom_err`
    /** Has loops that poll for the host's stop (LOOM_POLL), which records one too. */
    bool polls = false;
    /** Its threads' work is bounded by sizes the host knows (bounded_work): it may run
     * after a kernel whose failure is not read yet (loom_cuda_host_rt.h, `unchecked`). */
    bool bounded = true;
    /** The iterations of KernelDesc::steps_loop it runs: more than 1, launched instead of
     * the launch before it while that many are left (a stencil's steps fused). */
    int steps = 1;
};

struct KernelDesc {
    std::string name; ///< k0, k1, ... (passes/Kernels.h)
    std::string kind;
    std::vector<std::string> launches; ///< `k0<<<grid>>>(args)`, one per __global__, in order
    std::vector<Launch> calls;         ///< the same launches for the host program
    /** The threads the main launch wants (C++ over host variables), when not one per row
     * of the SOAC (2-D maps: one per element; tiled ones: 256 per tile). */
    std::string threads;
    /** Scan kernels: rows per tile; a scan over w rows has max(1, ceil(w / tile)) tiles,
     * each with a status word. */
    int64_t tile = 0;
    /** Threads per block of a ScanBlock or Tiles grid. */
    int block = scan_block;
    const ir::Stm *stm = nullptr;
    /** The host for loop whose whole body is this kernel, when it has a multi-step launch. */
    const ir::LoopExp *steps_loop = nullptr;
};

struct CudaCode {
    std::string source;       ///< one self-contained CUDA C++ translation unit
    std::string emu_wrappers; ///< `<k>__emu` launchers for the emulator (after source)
    std::vector<SrcLoc> locs; ///< location table: `loom_err.loc` and host failures index it
    std::vector<KernelDesc> kernels;
    std::string host_source;  ///< the host program (C++ for the host compiler)
    std::string host_shown;   ///< its generated part (after the runtimes' text)
    /** The kernels (of passes::find_kernels) the host program runs on the host's cores
     * instead, and why: they call a recursive function, or this generator cannot express
     * them yet (a CompilerLimitation's message). */
    std::map<std::string, std::string> on_host;
    /** The report's list of the kernels of the function generated (kernel_reports), which
     * is the entry's after split_rows_in made some screma several kernels. */
    std::vector<compiler::KernelReport> found;
};

/** Generates the CUDA and the host program for `m.functions[0]`; the module's other
 * functions (recursive ones) run on the host, and so do the kernels that call them
 * (passes::KernelInfo::calls) and those it cannot express (CudaCode::on_host). */
CudaCode generate_code(const ir::Module &m);
/** What `:cuda` and `loom compile --emit code` show: the CUDA (runtime header included),
 * then the host program's generated part in a comment-delimited section. */
std::string generate(const ir::Module &m);
/** Adds the host program to `code` (CodegenCudaHost.cpp; used by generate_code). */
void generate_host(const ir::Module &m, CudaCode &code);

struct CudaBuild {
    CudaCode code;
    std::string arch;   ///< sm_XY compiled for
    std::string cubin;  ///< path in the kernel cache
    std::shared_ptr<runtime::SharedObject> host; ///< the compiled host program
    /** Under $LOOM_CUDA_EMULATE=1: the CUDA built as host C++ (no cubin). */
    std::shared_ptr<runtime::SharedObject> emulated;
    compiler::EntryReport report;
};

/** Generates, compiles the CUDA with NVRTC (or finds the cubin in the cache) and the host
 * program with the host compiler (through the same cache); the report's kernels get the
 * cubin's cache status.  Throws CompileError with NVRTC's log on failure, or when NVRTC is
 * unavailable.  Under $LOOM_CUDA_EMULATE=1 the CUDA is built by the host compiler for the
 * emulator instead (runtime/cuda/EmuDevice.h; no NVRTC needed). */
CudaBuild compile(compiler::Optimised opt);

/** What each GPU function of `code`'s kernels uses of an SM (registers, shared memory,
 * stack; not the runtime's fills), read from its cubin, compiled by NVRTC for this
 * machine's GPU (or sm_90) through the kernel cache.  Throws CompileError when NVRTC is
 * unavailable or fails. */
std::vector<runtime::KernelUse> kernel_usage(const CudaCode &code, const std::string &entry);

/** An entry point whose host program runs on a DeviceProgram. */
class CudaEntry : public compiler::CompiledEntry {
public:
    CudaEntry(CudaBuild b, const ir::Module &m, std::shared_ptr<runtime::DeviceProgram> dev);
    ~CudaEntry() override; ///< frees the arguments' device copies it keeps itself
    Value call(const std::vector<Value> &args,
               const std::atomic<bool> *interrupt = nullptr) const override;
    /** The transfers, launches and device time of the last call. */
    runtime::TransferStats last_run() const;
    Transfers last_transfers() const override;
    /** Device copies of arrays kept after the last call: the device's for every entry
     * (shared), or this entry's of its last call's arguments. */
    size_t kept_args() const;

private:
    std::shared_ptr<runtime::DeviceProgram> dev_;
    /** The entry's parameters and results without its body: how arguments are flattened
     * for the host program and its flat results grouped. */
    ir::Function signature_;
    /** The host program's flat results (a tuple) from its flat arguments, adopted (their
     * device copies kept). */
    Value call_flat(const std::vector<Value> &flat, const std::atomic<bool> *interrupt) const;
    std::shared_ptr<compiler::CompiledEntry> host_; ///< the host program through the CPU ABI
    std::shared_ptr<runtime::SharedObject> so_;
    void (*bind_)(const runtime::DevApi *) = nullptr;
    mutable std::mutex mutex_;
    mutable runtime::TransferStats last_;
    /** The last call's arguments on the device, where the device keeps no arrays for
     * every entry (DeviceProgram::shared_arrays). */
    mutable runtime::ArgCache args_;
    runtime::ArgCache &arrays() const {
        runtime::ArgCache *shared = dev_->shared_arrays();
        return shared ? *shared : args_;
    }
};

/** compile(), then the entry point on the GPU; CompileError with the no-driver message
 * where no CUDA device is usable. */
std::shared_ptr<compiler::CompiledEntry> build(compiler::Optimised opt);

} // namespace loom::cuda
