// Dot product of two f32 vectors (benchmarks/dot.fut): an OpenMP sum reduction.
#include "common.h"

int main(int argc, char **argv) {
    return bench_main(argc, argv, [](const std::vector<Array> &in) {
        const float *x = in[0].as<float>(), *y = in[1].as<float>();
        int64_t n = in[0].size();
        float sum = 0;
#pragma omp parallel for simd reduction(+ : sum) schedule(static)
        for (int64_t i = 0; i < n; ++i) sum += x[i] * y[i];
        Array r(" f32", {});
        *r.as<float>() = sum;
        return std::vector<Array>{r};
    });
}
