// Group by key (benchmarks/groupby.fut): per-thread private sums (f64), counts and
// smallest values with their index, merged at the end in thread order (a thread's rows
// come after the previous thread's, so the first of equal values wins).
#include "common.h"

#include <limits>

int main(int argc, char **argv) {
    return bench_main(argc, argv, [](const std::vector<Array> &in) {
        const int64_t bins = in[0].scalar<int64_t>();
        const int32_t *keys = in[1].as<int32_t>();
        const float *vals = in[2].as<float>();
        const int64_t n = in[1].size();
        const int threads = omp_get_max_threads();
        const size_t all = (size_t)(threads * bins);
        std::vector<double> sums(all, 0.0);
        std::vector<int64_t> counts(all, 0), at(all, -1);
        std::vector<float> low(all, std::numeric_limits<float>::infinity());
#pragma omp parallel
        {
            const size_t t = (size_t)(omp_get_thread_num() * bins);
#pragma omp for schedule(static)
            for (int64_t i = 0; i < n; ++i) {
                const size_t b = t + (size_t)((int64_t)keys[i] % bins);
                sums[b] += vals[i];
                counts[b] += 1;
                if (vals[i] < low[b]) { // rows in order: a later equal value never wins
                    low[b] = vals[i];
                    at[b] = i;
                }
            }
        }
        Array mean(" f32", {bins}), first(" i64", {bins});
        float *m = mean.as<float>();
        int64_t *f = first.as<int64_t>();
        for (int64_t b = 0; b < bins; ++b) {
            double s = 0;
            int64_t c = 0, j = -1;
            float lo = std::numeric_limits<float>::infinity();
            for (int t = 0; t < threads; ++t) {
                const size_t k = (size_t)(t * bins + b);
                s += sums[k];
                c += counts[k];
                if (low[k] < lo) {
                    lo = low[k];
                    j = at[k];
                }
            }
            m[b] = (float)(s / (double)c);
            f[b] = j;
        }
        return std::vector<Array>{mean, first};
    });
}
