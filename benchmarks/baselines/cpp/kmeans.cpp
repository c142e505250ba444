// One k-means step (benchmarks/kmeans.fut): nearest centroid per point (ties to the lower
// index), per-thread partial sums and counts, merged, then the means.
#include "common.h"

int main(int argc, char **argv) {
    return bench_main(argc, argv, [](const std::vector<Array> &in) {
        const float *xs = in[0].as<float>(), *ys = in[1].as<float>();
        const float *cx = in[2].as<float>(), *cy = in[3].as<float>();
        int64_t n = in[0].size(), k = in[2].size();
        int threads = omp_get_max_threads();
        std::vector<float> sx((size_t)(threads * k), 0), sy((size_t)(threads * k), 0);
        std::vector<int32_t> cnt((size_t)(threads * k), 0);
#pragma omp parallel
        {
            int t = omp_get_thread_num();
            float *px = &sx[(size_t)(t * k)], *py = &sy[(size_t)(t * k)];
            int32_t *pc = &cnt[(size_t)(t * k)];
#pragma omp for schedule(static)
            for (int64_t i = 0; i < n; ++i) {
                float best = __builtin_inff();
                int64_t bi = k;
                for (int64_t c = 0; c < k; ++c) {
                    float dx = xs[i] - cx[c], dy = ys[i] - cy[c];
                    float d = dx * dx + dy * dy;
                    if (d < best) {
                        best = d;
                        bi = c;
                    }
                }
                px[bi] += xs[i];
                py[bi] += ys[i];
                pc[bi] += 1;
            }
        }
        Array rx(" f32", {k}), ry(" f32", {k});
        for (int64_t c = 0; c < k; ++c) {
            float tx = 0, ty = 0;
            int32_t tc = 0;
            for (int t = 0; t < threads; ++t) {
                tx += sx[(size_t)(t * k + c)];
                ty += sy[(size_t)(t * k + c)];
                tc += cnt[(size_t)(t * k + c)];
            }
            rx.as<float>()[c] = tc == 0 ? cx[c] : tx / (float)tc;
            ry.as<float>()[c] = tc == 0 ? cy[c] : ty / (float)tc;
        }
        return std::vector<Array>{rx, ry};
    });
}
