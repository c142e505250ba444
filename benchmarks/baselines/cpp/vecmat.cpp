// Vector-matrix product v·A (benchmarks/vecmat.fut): each thread sums its rows, scaled,
// into a row of its own (vectorised along the row), then the threads' rows are added.
#include "common.h"

int main(int argc, char **argv) {
    return bench_main(argc, argv, [](const std::vector<Array> &in) {
        const float *a = in[0].as<float>(), *v = in[1].as<float>();
        int64_t n = in[0].shape[0], m = in[0].shape[1];
        int threads = omp_get_max_threads();
        std::vector<float> part((size_t)threads * (size_t)m, 0.0f);
#pragma omp parallel num_threads(threads)
        {
            int t = omp_get_thread_num();
            float *acc = part.data() + (size_t)t * (size_t)m;
            for (int64_t i = chunk_begin(n, t, threads); i < chunk_begin(n, t + 1, threads); ++i) {
                const float *row = a + i * m;
                const float x = v[i];
#pragma omp simd
                for (int64_t j = 0; j < m; ++j)
                    acc[j] += row[j] * x;
            }
        }
        Array r(" f32", {m});
        float *out = r.as<float>();
#pragma omp parallel for simd schedule(static)
        for (int64_t j = 0; j < m; ++j) {
            float s = 0;
            for (int t = 0; t < threads; ++t)
                s += part[(size_t)t * (size_t)m + (size_t)j];
            out[j] = s;
        }
        return std::vector<Array>{r};
    });
}
