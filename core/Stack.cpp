#include "core/Stack.h"

#include <condition_variable>
#include <exception>
#include <mutex>
#include <utility>
#include <pthread.h>

namespace loom {

namespace {

thread_local bool on_big_stack = false;

/** A thread with a 1 GiB stack (reserved, committed only as used) that runs its owner's
 * jobs one at a time, for as long as the owning thread lives.  One per caller, not a
 * fresh thread per call: OpenMP gives each new thread a new team of workers while the
 * last one's still spin, and a 0.15 ms kernel took 0.6-7 ms evaluated in the REPL. */
class BigStackThread {
public:
    BigStackThread() {
        pthread_attr_t attr;
        if (pthread_attr_init(&attr) != 0) return;
        pthread_attr_setstacksize(&attr, size_t(1) << 30);
        started_ = pthread_create(&thread_, &attr, &BigStackThread::main, this) == 0;
        pthread_attr_destroy(&attr);
    }
    ~BigStackThread() {
        if (!started_) return;
        {
            std::lock_guard<std::mutex> lock(mutex_);
            quit_ = true;
        }
        wake_.notify_all();
        pthread_join(thread_, nullptr);
    }
    bool started() const { return started_; }

    /** Runs `f` there and waits; what it throws is rethrown here. */
    void run(const std::function<void()> &f) {
        std::unique_lock<std::mutex> lock(mutex_);
        job_ = &f;
        error_ = nullptr;
        wake_.notify_all();
        wake_.wait(lock, [&] { return job_ == nullptr; });
        if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
    }

private:
    static void *main(void *p) {
        auto *self = static_cast<BigStackThread *>(p);
        on_big_stack = true;
        std::unique_lock<std::mutex> lock(self->mutex_);
        for (;;) {
            self->wake_.wait(lock, [&] { return self->job_ || self->quit_; });
            if (!self->job_) return nullptr;
            lock.unlock();
            std::exception_ptr error;
            try {
                (*self->job_)();
            } catch (...) {
                error = std::current_exception();
            }
            lock.lock();
            self->error_ = error;
            self->job_ = nullptr;
            self->wake_.notify_all();
        }
    }

    pthread_t thread_{};
    bool started_ = false;
    std::mutex mutex_;
    std::condition_variable wake_;
    const std::function<void()> *job_ = nullptr;
    std::exception_ptr error_;
    bool quit_ = false;
};

}  // namespace

void run_with_big_stack(const std::function<void()> &f) {
    if (on_big_stack) return f();  // nested: already there
    thread_local BigStackThread thread;
    if (!thread.started()) return f();
    thread.run(f);
}

void StackGuard::reset(unsigned long margin) {
    limit_ = nullptr;
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) != 0) return;
    void *addr = nullptr;
    size_t size = 0;
    if (pthread_attr_getstack(&attr, &addr, &size) == 0 && size > 2 * margin)
        limit_ = static_cast<const char *>(addr) + margin;
    pthread_attr_destroy(&attr);
}

}  // namespace loom
