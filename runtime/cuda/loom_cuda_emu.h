/** \file
 * The CUDA emulator ($LOOM_CUDA_EMULATE=1, runtime/cuda/EmuDevice.h): the generated CUDA
 * compiled as host C++ by the host compiler.  Pasted at the top of the translation unit,
 * after `#define LOOM_CUDA_EMU 1` and before the device runtime (loom_cuda_rt.h), so it is
 * compiled once per object: it defines the CUDA keywords and built-ins the generated code
 * uses, and runs kernels through `loom_emu_launch`.
 *
 * Execution: the blocks of a launch run one after another on the calling OS thread (a
 * single-pass scan's look-back only waits for earlier tiles, which are then done); the
 * threads of a block are fibers (made with ucontext, switched with _setjmp/_longjmp, which
 * leave the signal mask alone: swapcontext sets it, two system calls a switch) switched
 * round-robin, each running until it
 * waits at `__syncthreads` (released when every live thread of the block is there), at a
 * warp shuffle (two warp barriers: write, then read, released when every live thread of
 * the warp is there), spins on a flag (`loom_emu_spin`), or exits (returns, or
 * `lrt::stop()`: exited threads are not waited for).  Between barriers the threads run
 * in thread order or in reverse, alternately (a race on shared memory shows one way or the
 * other).  No thread able to go on is a deadlock, and a fault (SIGSEGV, SIGBUS, SIGFPE)
 * in a thread is an invalid access, and a launch still running after its time limit
 * (threads looping through barriers, or a loop without end) is stopped at a barrier or at
 * a loop's poll (LOOM_POLL), as is a launch whose stop flag is set (Ctrl-C): either way the
 * launch fails with a message, it does not hang or crash (unless a fault came after
 * memory was corrupted).  `__shared__` variables are
 * statics (one block at a time), atomics are plain read-modify-writes (one thread at a
 * time).  EmuDevice runs one emulated call at a time, so the globals here need no locks.
 */
// Emulated kernels are checked, not timed: compile them quickly (whatever the host
// compiler's flags; no FMA contraction either way).
#pragma GCC optimize("O1")
// Jumps between the threads' stacks are what _FORTIFY_SOURCE's longjmp check forbids.
#undef _FORTIFY_SOURCE
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <math.h> // the float overloads of sqrt, exp, ... in the global namespace, as NVRTC has them
#include <setjmp.h>
#include <signal.h>
#include <sys/mman.h>
#include <time.h>
#include <ucontext.h>

// ------------------------------------------------------------------ keywords
#define __global__
#define __device__
#define __host__
#define __noinline__ __attribute__((noinline))
#define __forceinline__ inline __attribute__((always_inline))
#define __launch_bounds__(...)
#define __shared__ static
// One block at a time: a static buffer as large as an SM's shared memory can be.
#define LOOM_DYN_SHARED(name) static unsigned char name[232448] __attribute__((aligned(16)))
#define __align__(n) __attribute__((aligned(n)))

struct uint3 {
    unsigned x, y, z;
};
typedef uint3 dim3;
uint3 threadIdx, blockIdx;
dim3 blockDim, gridDim;
constexpr int warpSize = 32;

// ------------------------------------------------------------------ bit casts
template <class To, class From> inline To loom_emu_bits(From x) {
    static_assert(sizeof(To) == sizeof(From), "bit cast of different sizes");
    To r;
    memcpy(&r, &x, sizeof r);
    return r;
}
inline float __int_as_float(int x) { return loom_emu_bits<float>(x); }
inline int __float_as_int(float x) { return loom_emu_bits<int>(x); }
inline float __uint_as_float(unsigned x) { return loom_emu_bits<float>(x); }
inline unsigned __float_as_uint(float x) { return loom_emu_bits<unsigned>(x); }
inline double __longlong_as_double(long long x) { return loom_emu_bits<double>(x); }
inline long long __double_as_longlong(double x) { return loom_emu_bits<long long>(x); }

inline void __threadfence() { __asm__ __volatile__("" ::: "memory"); }
inline void __threadfence_block() {
    __asm__ __volatile__("" ::: "memory");
}

// ------------------------------------------------------------------ atomics
// One thread runs at a time and switches only at barriers: plain read-modify-writes.
template <class T, class U> inline T atomicAdd(T *p, U v) {
    T old = *p;
    *p = (T)(old + (T)v);
    return old;
}
template <class T, class U> inline T atomicSub(T *p, U v) {
    T old = *p;
    *p = (T)(old - (T)v);
    return old;
}
template <class T, class U> inline T atomicExch(T *p, U v) {
    T old = *p;
    *p = (T)v;
    return old;
}
template <class T, class U> inline T atomicMax(T *p, U v) {
    T old = *p;
    if ((T)v > old) *p = (T)v;
    return old;
}
template <class T, class U> inline T atomicMin(T *p, U v) {
    T old = *p;
    if ((T)v < old) *p = (T)v;
    return old;
}
template <class T, class U, class V> inline T atomicCAS(T *p, U cmp, V v) {
    T old = *p;
    if (old == (T)cmp) *p = (T)v;
    return old;
}

// ------------------------------------------------------------------ the scheduler
namespace loom_emu {

enum State : int { Ready, AtSync, AtWarp, Spinning, Done };

constexpr size_t stack_bytes = 256 * 1024;
/** The guard page below each thread's stack. */
constexpr size_t guard_bytes = 4096;
constexpr int max_threads = 1024;
/** Spins in a row with no thread reaching a barrier or exiting: a flag no one will set. */
constexpr long max_spins = 1 << 20;

/** A 16-byte asynchronous copy to shared memory (lrt::copy_async16) not yet landed: its
 * bytes, read when issued, are written when the thread waits for its group, so a read of
 * the destination before the wait sees the old bytes, as it may on a GPU. */
struct AsyncCopy {
    void *dst;
    unsigned char bytes[16];
    unsigned group;
};
constexpr int max_async = 64; ///< a thread's copies in flight

struct Fiber {
    ucontext_t ctx;        ///< its start (makecontext), entered once
    jmp_buf at;            ///< where it waits at a barrier
    char *stack = nullptr; ///< stack_bytes above a guard page, mapped for a launch
    State state = Done;
    bool started = false;
    AsyncCopy async[max_async]; ///< its copies in flight, in issue order
    int nasync = 0;
    unsigned groups = 0; ///< its groups committed
};

Fiber fibers[max_threads];
jmp_buf sched; ///< the scheduler, waiting for the running thread to stop
int cur = 0, nthreads = 0;
bool backward = false;            ///< the order the threads run in until the next barrier
volatile sig_atomic_t in_fiber = 0, fault = 0; ///< a fault in a thread: its signal
void (*kernel)(void **) = nullptr;
void **kargs = nullptr;
double deadline = 0; ///< CLOCK_MONOTONIC seconds when the launch is stopped
const bool *stop = nullptr; ///< set (Ctrl-C): the launch stops after the running thread
bool stopped = false;       ///< the launch stopped for `stop`

double now() {
    timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
uint64_t slots[max_threads]; ///< shuffle values, by thread

/** Back to the scheduler in state `s` (the current thread stops here until released). */
__attribute__((noinline)) void yield(State s) {
    fibers[cur].state = s;
    if (_setjmp(fibers[cur].at) == 0) _longjmp(sched, 1);
}

void fiber_main() {
    kernel(kargs);
    fibers[cur].state = Done;
    _longjmp(sched, 1);
}

/** Runs thread i until it stops: at a barrier, a spin, its end or a fault. */
__attribute__((noinline)) void resume(int i) {
    if (_setjmp(sched) != 0) return;
    Fiber &f = fibers[i];
    if (!f.started) {
        f.started = true;
        setcontext(&f.ctx); // its first run: one system call a thread and launch
    }
    _longjmp(f.at, 1);
}

/** Thread i ready to start.  Its stack and start context are made once and kept until
 * loom_emu_release (a switch never writes the context, so it starts afresh each time). */
bool make_fiber(int i) {
    Fiber &f = fibers[i];
    if (!f.stack) {
        void *m = mmap(nullptr, stack_bytes + guard_bytes, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (m == MAP_FAILED) return false;
        mprotect(m, guard_bytes, PROT_NONE); // an overflow faults instead of corrupting a neighbour
        f.stack = (char *)m + guard_bytes;
        getcontext(&f.ctx);
        f.ctx.uc_stack.ss_sp = f.stack;
        f.ctx.uc_stack.ss_size = stack_bytes;
        f.ctx.uc_link = nullptr;
        makecontext(&f.ctx, fiber_main, 0);
    }
    f.state = Ready;
    f.started = false;
    f.nasync = 0; // a stopped thread's copies never land
    f.groups = 0;
    return true;
}

/** Releases the threads of each warp whose live threads all wait at a shuffle; else the
 * block's threads when all live ones wait at __syncthreads.  False: no one can go on. */
bool release() {
    bool any = false;
    for (int w = 0; w < nthreads; w += 32) {
        int end = w + 32 < nthreads ? w + 32 : nthreads, live = 0, waiting = 0;
        for (int i = w; i < end; i++) {
            live += fibers[i].state != Done;
            waiting += fibers[i].state == AtWarp;
        }
        if (waiting > 0 && waiting == live) {
            for (int i = w; i < end; i++)
                if (fibers[i].state == AtWarp) fibers[i].state = Ready;
            any = true;
        }
    }
    backward = !backward;
    if (any) return true;
    int live = 0, sync = 0;
    for (int i = 0; i < nthreads; i++) {
        live += fibers[i].state != Done;
        sync += fibers[i].state == AtSync;
    }
    if (sync > 0 && sync == live) {
        for (int i = 0; i < nthreads; i++)
            if (fibers[i].state == AtSync) fibers[i].state = Ready;
        return true;
    }
    return false;
}

/** Appends "; <what>: threads 0-31, 64" for the threads in state s (if any) to `out`. */
void describe(State s, const char *what, char *out, int len) {
    auto add = [&](const char *fmt, auto... xs) {
        size_t used = strlen(out);
        if (used + 1 < (size_t)len) snprintf(out + used, (size_t)len - used, fmt, xs...);
    };
    int first = -1;
    bool any = false;
    for (int i = 0; i <= nthreads; i++) {
        bool in = i < nthreads && fibers[i].state == s;
        if (in && first < 0) first = i;
        if (in || first < 0) continue;
        if (!any) add("; %s: threads ", what);
        add(any ? ", %d" : "%d", first);
        if (i - 1 > first) add("-%d", i - 1);
        any = true;
        first = -1;
    }
}

/** A fault in a thread: back to the scheduler, which fails the launch. */
void on_fault(int sig, siginfo_t *, void *) {
    if (!in_fiber) { // not a kernel's: the default action
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    in_fiber = 0;
    fault = sig;
    _longjmp(sched, 1); // the signal stays blocked: the scheduler unblocks it
}

/** Catches faults in the threads of a launch (on a stack of their own: a thread's stack
 * may be what overflowed); the previous handlers are restored after the launch. */
struct FaultGuard {
    static constexpr int sigs[3] = {SIGSEGV, SIGBUS, SIGFPE};
    struct sigaction old[3];
    stack_t old_stack;
    FaultGuard() {
        static char alt[64 * 1024];
        stack_t st{};
        st.ss_sp = alt;
        st.ss_size = sizeof alt;
        sigaltstack(&st, &old_stack);
        struct sigaction sa{};
        sa.sa_sigaction = on_fault;
        sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
        sigemptyset(&sa.sa_mask);
        for (int k = 0; k < 3; k++) sigaction(sigs[k], &sa, &old[k]);
        fault = 0;
    }
    ~FaultGuard() {
        for (int k = 0; k < 3; k++) sigaction(sigs[k], &old[k], nullptr);
        sigaltstack(&old_stack, nullptr);
    }
};

/** Runs block blockIdx.x to its end; false (with `err`) on a deadlock or a fault. */
bool run_block(char *err, int errlen) {
    backward = blockIdx.x % 2 == 1;
    for (int i = 0; i < nthreads; i++)
        if (!make_fiber(i)) {
            snprintf(err, (size_t)errlen, "cannot map the emulated threads' stacks");
            return false;
        }
    long spins = 0; // in a row, with no thread reaching a barrier or exiting
    for (;;) {
        bool progress = false;
        for (int k = 0; k < nthreads; k++) {
            int i = backward ? nthreads - 1 - k : k;
            if (fibers[i].state != Ready && fibers[i].state != Spinning) continue;
            cur = i;
            threadIdx = {(unsigned)i, 0, 0};
            fibers[i].state = Ready;
            in_fiber = 1;
            resume(i);
            in_fiber = 0;
            if (stop && __atomic_load_n(stop, __ATOMIC_RELAXED)) {
                snprintf(err, (size_t)errlen, "interrupted");
                stopped = true;
                return false;
            }
            if (fault) {
                sigset_t blocked;
                sigemptyset(&blocked);
                sigaddset(&blocked, fault);
                sigprocmask(SIG_UNBLOCK, &blocked, nullptr);
                snprintf(err, (size_t)errlen, "%s in thread %d of block %u",
                         fault == SIGFPE ? "arithmetic fault (SIGFPE)" : "invalid memory access",
                         i, blockIdx.x);
                return false;
            }
            if (fibers[i].state != Spinning) progress = true;
            else spins++;
        }
        if (now() > deadline) {
            snprintf(err, (size_t)errlen,
                     "still running at its time limit (in block %u: threads that loop "
                     "without end?)", blockIdx.x);
            return false;
        }
        if (progress || release()) {
            spins = 0;
            continue;
        }
        if (spins > 0) {
            if (spins <= max_spins) continue;
            snprintf(err, (size_t)errlen,
                     "deadlock in block %u: a thread spins on a flag that no thread will set", blockIdx.x);
            describe(Spinning, "spinning", err, errlen);
            return false;
        }
        int live = 0;
        for (int i = 0; i < nthreads; i++) live += fibers[i].state != Done;
        if (live == 0) return true;
        snprintf(err, (size_t)errlen, "deadlock in block %u of %d threads (%d live)", blockIdx.x,
                 nthreads, live);
        describe(AtSync, "at __syncthreads", err, errlen);
        describe(AtWarp, "at a warp shuffle", err, errlen);
        describe(Done, "exited", err, errlen);
        return false;
    }
}

/** A shuffle: every live thread of the warp writes its value, then reads lane `src`'s (its
 * own when src is outside the warp or has exited), then waits until all have read. */
template <class T> T shuffle(T v, int src);

/** A vote: bit l of the result is lane l's `pred` (live lanes only). */
inline unsigned ballot(int pred) {
    int me = (int)threadIdx.x, base = me & ~31;
    slots[me] = pred != 0;
    yield(AtWarp);
    unsigned r = 0;
    for (int l = 0; l < 32 && base + l < nthreads; l++)
        if (fibers[base + l].state != Done && slots[base + l]) r |= 1u << l;
    yield(AtWarp);
    return r;
}

template <class T> T shuffle(T v, int src) {
    static_assert(sizeof(T) <= 8, "shuffles move at most 8 bytes");
    int me = (int)threadIdx.x, base = me & ~31;
    uint64_t b = 0;
    memcpy(&b, &v, sizeof v);
    slots[me] = b;
    yield(AtWarp);
    T r = v;
    int from = base + src;
    if (src >= 0 && src < 32 && from < nthreads && fibers[from].state != Done) memcpy(&r, &slots[from], sizeof r);
    yield(AtWarp);
    return r;
}

} // namespace loom_emu

inline void __syncthreads() { loom_emu::yield(loom_emu::AtSync); }
inline void __syncwarp(unsigned = 0xffffffffu) { loom_emu::yield(loom_emu::AtWarp); }
template <class T> inline T __shfl_down_sync(unsigned, T v, int d, int = 32) {
    return loom_emu::shuffle(v, (int)(threadIdx.x & 31) + d);
}
template <class T> inline T __shfl_up_sync(unsigned, T v, int d, int = 32) {
    return loom_emu::shuffle(v, (int)(threadIdx.x & 31) - d);
}
template <class T> inline T __shfl_sync(unsigned, T v, int lane, int = 32) {
    return loom_emu::shuffle(v, lane & 31);
}
inline unsigned __ballot_sync(unsigned, int pred) { return loom_emu::ballot(pred); }
inline int __ffs(unsigned x) { return __builtin_ffs((int)x); }
inline int __popc(unsigned x) { return __builtin_popcount(x); }
template <class T> inline T __shfl_xor_sync(unsigned, T v, int m, int = 32) {
    return loom_emu::shuffle(v, (int)(threadIdx.x & 31) ^ m);
}
// 16-byte accesses with streaming cache hints: plain ones here.
struct alignas(16) int4 {
    int x, y, z, w;
};
inline int4 __ldcs(const int4 *p) {
    return *p;
}
inline void __stcs(int4 *p, int4 v) {
    *p = v;
}

/** cp.async's 16 bytes, commit_group and wait_group: see loom_emu::AsyncCopy. */
inline void loom_emu_copy_async16(void *dst, const void *src) {
    loom_emu::Fiber &f = loom_emu::fibers[loom_emu::cur];
    if (f.nasync == loom_emu::max_async) { // full: the oldest lands now (a GPU's may, too)
        memcpy(f.async[0].dst, f.async[0].bytes, 16);
        memmove(&f.async[0], &f.async[1], sizeof f.async[0] * (loom_emu::max_async - 1));
        f.nasync--;
    }
    loom_emu::AsyncCopy &c = f.async[f.nasync++];
    c.dst = dst;
    memcpy(c.bytes, src, 16);
    c.group = f.groups;
}
inline void loom_emu_copy_commit() { loom_emu::fibers[loom_emu::cur].groups++; }
/** Lands the copies of every group but the `pending` latest committed. */
inline void loom_emu_copy_wait(unsigned pending) {
    loom_emu::Fiber &f = loom_emu::fibers[loom_emu::cur];
    int kept = 0;
    for (int i = 0; i < f.nasync; i++) {
        loom_emu::AsyncCopy &c = f.async[i];
        if (c.group + pending < f.groups) memcpy(c.dst, c.bytes, 16);
        else f.async[kept++] = c;
    }
    f.nasync = kept;
}

/** The thread ends here (lrt::stop(), PTX `exit`). */
[[noreturn]] inline void loom_emu_exit() {
    loom_emu::fibers[loom_emu::cur].state = loom_emu::Done;
    _longjmp(loom_emu::sched, 1);
    __builtin_unreachable();
}
/** A thread waits for a flag another thread sets: let the others run first. */
inline void loom_emu_spin() { loom_emu::yield(loom_emu::Spinning); }
/** A loop's poll (LOOM_POLL): back to the scheduler, which stops the launch, once the
 * launch's flag is set or its time is up (a thread looping without end never comes back
 * to it otherwise). */
inline void loom_emu_poll() {
    using namespace loom_emu;
    if ((stop && __atomic_load_n(stop, __ATOMIC_RELAXED)) || now() > deadline) yield(Ready);
}

/** Unmaps the threads' stacks.  The host calls it before another module's launch: each
 * module has its own, and a process loading hundreds of modules (`loom test` of a whole
 * corpus) would otherwise run out of mappings (two a stack: vm.max_map_count, 65530). */
extern "C" void loom_emu_release() {
    using namespace loom_emu;
    for (Fiber &f : fibers)
        if (f.stack) {
            munmap(f.stack - guard_bytes, stack_bytes + guard_bytes);
            f.stack = nullptr;
        }
}
namespace loom_emu {
/** And when the module is unloaded. */
struct ReleaseAtUnload {
    ~ReleaseAtUnload() { loom_emu_release(); }
} release_at_unload;
} // namespace loom_emu

/** Runs `kernel` (a `<name>__emu` wrapper taking cuLaunchKernel's argument pointers) over
 * `grid` blocks of `block` threads, for at most `seconds`, and until *halt (when given)
 * becomes true.  0 when done; 2 when halted; else 1 with a message in `err`. */
extern "C" int loom_emu_launch(void (*kernel)(void **), int64_t grid, int block, void **args,
                               double seconds, const bool *halt, char *err, int errlen) {
    using namespace loom_emu;
    err[0] = 0;
    if (block < 1 || block > max_threads || grid < 1 || grid > 0x7fffffff) {
        snprintf(err, (size_t)errlen, "invalid launch: %lld blocks of %d threads", (long long)grid, block);
        return 1;
    }
    loom_emu::kernel = kernel;
    kargs = args;
    nthreads = block;
    deadline = now() + seconds;
    stop = halt;
    stopped = false;
    FaultGuard guard;
    gridDim = {(unsigned)grid, 1, 1};
    blockDim = {(unsigned)block, 1, 1};
    for (int64_t b = 0; b < grid; b++) {
        blockIdx = {(unsigned)b, 0, 0};
        if (!run_block(err, errlen)) return stopped ? 2 : 1;
    }
    return 0;
}
