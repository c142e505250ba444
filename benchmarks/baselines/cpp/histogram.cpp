// Histogram (benchmarks/histogram.fut): per-thread private bins, merged at the end.
#include "common.h"

int main(int argc, char **argv) {
    return bench_main(argc, argv, [](const std::vector<Array> &in) {
        int64_t bins = in[0].scalar<int64_t>();
        const int32_t *xs = in[1].as<int32_t>();
        int64_t n = in[1].size();
        int threads = omp_get_max_threads();
        std::vector<int32_t> part((size_t)(threads * bins), 0);
#pragma omp parallel
        {
            int32_t *h = &part[(size_t)(omp_get_thread_num() * bins)];
#pragma omp for schedule(static)
            for (int64_t i = 0; i < n; ++i) h[((int64_t)xs[i]) % bins] += 1;
        }
        Array r(" i32", {bins});
        int32_t *out = r.as<int32_t>();
        for (int64_t b = 0; b < bins; ++b) {
            int32_t s = 0;
            for (int t = 0; t < threads; ++t) s += part[(size_t)(t * bins + b)];
            out[b] = s;
        }
        return std::vector<Array>{r};
    });
}
