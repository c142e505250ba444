// The smallest f32 and its first index (benchmarks/argmin.fut): each thread's chunk, then
// the chunks' results in order (a later chunk wins only with a smaller value).
#include "common.h"

#include <limits>

int main(int argc, char **argv) {
    return bench_main(argc, argv, [](const std::vector<Array> &in) {
        const float *xs = in[0].as<float>();
        int64_t n = in[0].size();
        int threads = omp_get_max_threads();
        std::vector<float> best((size_t)threads, std::numeric_limits<float>::infinity());
        std::vector<int64_t> at((size_t)threads, -1);
#pragma omp parallel num_threads(threads)
        {
            int t = omp_get_thread_num();
            float b = std::numeric_limits<float>::infinity();
            int64_t a = -1;
            for (int64_t i = chunk_begin(n, t, threads); i < chunk_begin(n, t + 1, threads); ++i)
                if (xs[i] < b) {
                    b = xs[i];
                    a = i;
                }
            best[(size_t)t] = b;
            at[(size_t)t] = a;
        }
        Array v(" f32", {}), i(" i64", {});
        float &b = *v.as<float>();
        int64_t &a = *i.as<int64_t>();
        b = std::numeric_limits<float>::infinity();
        a = -1;
        for (int t = 0; t < threads; ++t)
            if (best[(size_t)t] < b) {
                b = best[(size_t)t];
                a = at[(size_t)t];
            }
        return std::vector<Array>{v, i};
    });
}
