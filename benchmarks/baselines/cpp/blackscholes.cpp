// Black–Scholes call prices (benchmarks/blackscholes.fut), same CND approximation.
#include "common.h"

#include <cmath>

static inline float cnd(float d) {
    const float a1 = 0.31938153f, a2 = -0.356563782f, a3 = 1.781477937f, a4 = -1.821255978f,
                a5 = 1.330274429f, rsqrt2pi = 0.39894228040143267794f;
    float k = 1 / (1 + 0.2316419f * std::fabs(d));
    float c = rsqrt2pi * std::exp(-0.5f * d * d) * (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))));
    return d > 0 ? 1 - c : c;
}

int main(int argc, char **argv) {
    return bench_main(argc, argv, [](const std::vector<Array> &in) {
        const float *s = in[0].as<float>(), *x = in[1].as<float>(), *t = in[2].as<float>();
        float r = in[3].scalar<float>(), v = in[4].scalar<float>();
        int64_t n = in[0].size();
        Array res(" f32", {n});
        float *out = res.as<float>();
#pragma omp parallel for simd schedule(static)
        for (int64_t i = 0; i < n; ++i) {
            float sqrt_t = std::sqrt(t[i]);
            float d1 = (std::log(s[i] / x[i]) + (r + 0.5f * v * v) * t[i]) / (v * sqrt_t);
            float d2 = d1 - v * sqrt_t;
            out[i] = s[i] * cnd(d1) - x[i] * std::exp(-r * t[i]) * cnd(d2);
        }
        return std::vector<Array>{res};
    });
}
