// Stream compaction of f32 (benchmarks/filter.fut): each thread counts the kept values of
// its chunk, the counts' exclusive scan places the chunks, then each copies its own.
#include "common.h"

int main(int argc, char **argv) {
    return bench_main(argc, argv, [](const std::vector<Array> &in) {
        const float *xs = in[0].as<float>();
        int64_t n = in[0].size();
        int threads = omp_get_max_threads();
        std::vector<int64_t> at((size_t)threads + 1, 0);
#pragma omp parallel num_threads(threads)
        {
            int t = omp_get_thread_num();
            int64_t b = chunk_begin(n, t, threads), e = chunk_begin(n, t + 1, threads), c = 0;
#pragma omp simd reduction(+ : c)
            for (int64_t i = b; i < e; ++i) c += xs[i] > 0.5f;
            at[(size_t)t + 1] = c;
        }
        for (int t = 1; t <= threads; ++t) at[(size_t)t] += at[(size_t)t - 1];
        Array r(" f32", {at[(size_t)threads]});
        float *out = r.as<float>();
#pragma omp parallel num_threads(threads)
        {
            int t = omp_get_thread_num();
            int64_t o = at[(size_t)t];
            for (int64_t i = chunk_begin(n, t, threads); i < chunk_begin(n, t + 1, threads); ++i)
                if (xs[i] > 0.5f) out[o++] = xs[i];
        }
        return std::vector<Array>{r};
    });
}
