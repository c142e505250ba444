// SAXPY then sum (benchmarks/saxpy_sum.fut): one OpenMP sum reduction, no intermediate.
#include "common.h"

int main(int argc, char **argv) {
    return bench_main(argc, argv, [](const std::vector<Array> &in) {
        float a = *in[0].as<float>();
        const float *x = in[1].as<float>(), *y = in[2].as<float>();
        int64_t n = in[1].size();
        float sum = 0;
#pragma omp parallel for simd reduction(+ : sum) schedule(static)
        for (int64_t i = 0; i < n; ++i) sum += a * x[i] + y[i];
        Array r(" f32", {});
        *r.as<float>() = sum;
        return std::vector<Array>{r};
    });
}
