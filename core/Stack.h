/** \file
 * The interpreter and the checker recurse on the C++ stack.  Evaluation runs on a thread
 * with a large stack (run_with_big_stack), and deep recursion is caught before it
 * overflows (StackGuard) and reported as an error instead of a crash.
 */
#pragma once

#include <functional>

namespace loom {

/** Runs `f` on a thread with a 1 GiB stack (reserved, committed only as used) and waits
 * for it; exceptions thrown by `f` are rethrown in the caller.  Each calling thread has
 * one such thread, kept until it exits, so every call runs on the same thread; a call
 * made there runs inline.  Falls back to running inline when no thread can be made. */
void run_with_big_stack(const std::function<void()> &f);

/** Knows how far the current thread's stack may grow.  `exhausted()` is true when fewer
 * than `margin` bytes remain below the caller's frame. */
class StackGuard {
public:
    /** Reads the bounds of the calling thread's stack. */
    void reset(unsigned long margin = 512 * 1024);
    bool exhausted() const {
        char probe;
        return limit_ && &probe < limit_;
    }

private:
    const char *limit_ = nullptr;
};

}  // namespace loom
