// The logistic map (benchmarks/foreign.fut): the loop of benchmarks/foreign.h in place.
#include "common.h"

int main(int argc, char **argv) {
    return bench_main(argc, argv, [](const std::vector<Array> &in) {
        const float *x = in[0].as<float>();
        int64_t n = in[0].size();
        Array r(" f32", {n});
        float *out = r.as<float>();
#pragma omp parallel for simd schedule(static)
        for (int64_t i = 0; i < n; ++i) {
            float v = x[i];
            for (int k = 0; k < 64; k++) v = 2.5f * v * (1.0f - v);
            out[i] = v;
        }
        return std::vector<Array>{r};
    });
}
