// SAXPY (benchmarks/saxpy.fut): a * x + y into a new array.
#include "common.h"

int main(int argc, char **argv) {
    return bench_main(argc, argv, [](const std::vector<Array> &in) {
        float a = in[0].scalar<float>();
        const float *x = in[1].as<float>(), *y = in[2].as<float>();
        int64_t n = in[1].size();
        Array r(" f32", {n});
        float *out = r.as<float>();
#pragma omp parallel for simd schedule(static)
        for (int64_t i = 0; i < n; ++i) out[i] = a * x[i] + y[i];
        return std::vector<Array>{r};
    });
}
