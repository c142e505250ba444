// Inclusive prefix sum of i32 (benchmarks/prefixsum.fut): the two-pass parallel scan
// (chunk sums, an exclusive scan of them, then each chunk scanned from its offset).
// Sums wrap around as in Loom (computed in uint32_t).
#include "common.h"

int main(int argc, char **argv) {
    return bench_main(argc, argv, [](const std::vector<Array> &in) {
        const uint32_t *xs = in[0].as<uint32_t>();
        int64_t n = in[0].size();
        Array r(" i32", {n});
        uint32_t *out = r.as<uint32_t>();
        int threads = omp_get_max_threads();
        std::vector<uint32_t> sums((size_t)threads + 1, 0);
#pragma omp parallel num_threads(threads)
        {
            int t = omp_get_thread_num();
            int64_t b = chunk_begin(n, t, threads), e = chunk_begin(n, t + 1, threads);
            uint32_t s = 0;
#pragma omp simd reduction(+ : s)
            for (int64_t i = b; i < e; ++i) s += xs[i];
            sums[(size_t)t + 1] = s;
#pragma omp barrier
#pragma omp single
            for (int i = 1; i <= threads; ++i) sums[(size_t)i] += sums[(size_t)i - 1];
            uint32_t acc = sums[(size_t)t];
            for (int64_t i = b; i < e; ++i) out[i] = acc += xs[i];
        }
        return std::vector<Array>{r};
    });
}
