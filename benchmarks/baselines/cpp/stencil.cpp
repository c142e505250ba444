// 2-D 5-point Jacobi stencil with clamped edges (benchmarks/stencil.fut): rows in
// parallel, two buffers swapped between steps.
#include "common.h"

int main(int argc, char **argv) {
    return bench_main(argc, argv, [](const std::vector<Array> &in) {
        int32_t steps = in[0].scalar<int32_t>();
        int64_t n = in[1].shape[0], m = in[1].shape[1];
        Array a(" f32", {n, m}), b(" f32", {n, m});
        std::memcpy(a.bytes.get(), in[1].bytes.get(), a.nbytes());
        for (int32_t s = 0; s < steps; ++s) {
            const float *g = a.as<float>();
            float *o = b.as<float>();
#pragma omp parallel for schedule(static)
            for (int64_t i = 0; i < n; ++i) {
                const float *row = g + i * m;
                const float *up = g + std::max<int64_t>(0, i - 1) * m;
                const float *down = g + std::min<int64_t>(n - 1, i + 1) * m;
                float *orow = o + i * m;
                orow[0] = (row[0] + up[0] + down[0] + row[0] + row[std::min<int64_t>(m - 1, 1)]) * 0.2f;
#pragma omp simd
                for (int64_t j = 1; j < m - 1; ++j)
                    orow[j] = (row[j] + up[j] + down[j] + row[j - 1] + row[j + 1]) * 0.2f;
                if (m > 1) orow[m - 1] = (row[m - 1] + up[m - 1] + down[m - 1] + row[m - 2] + row[m - 1]) * 0.2f;
            }
            std::swap(a, b);
        }
        return std::vector<Array>{a};
    });
}
