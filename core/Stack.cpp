#include "core/Stack.h"

#include <exception>
#include <pthread.h>

namespace loom {

void run_with_big_stack(const std::function<void()> &f) {
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0) return f();
    pthread_attr_setstacksize(&attr, size_t(1) << 30);
    struct Ctx {
        const std::function<void()> *f;
        std::exception_ptr error;
    } ctx{&f, nullptr};
    auto body = [](void *p) -> void * {
        auto *c = static_cast<Ctx *>(p);
        try {
            (*c->f)();
        } catch (...) {
            c->error = std::current_exception();
        }
        return nullptr;
    };
    pthread_t th;
    int rc = pthread_create(&th, &attr, body, &ctx);
    pthread_attr_destroy(&attr);
    if (rc != 0) return f();
    pthread_join(th, nullptr);
    if (ctx.error) std::rethrow_exception(ctx.error);
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
