// N-body (benchmarks/nbody.fut): direct O(n²) accelerations, then the update, per step.
#include "common.h"

#include <cmath>

int main(int argc, char **argv) {
    return bench_main(argc, argv, [](const std::vector<Array> &in) {
        int32_t steps = in[0].scalar<int32_t>();
        float dt = in[1].scalar<float>(), eps = in[2].scalar<float>(), eps2 = eps * eps;
        int64_t n = in[3].size();
        const float *m = in[6].as<float>();
        // Results: x, y, z, vx, vy, vz (fresh arrays, the inputs stay as they are).
        std::vector<Array> st;
        for (int k : {3, 4, 5, 7, 8, 9}) {
            Array a(" f32", {n});
            std::memcpy(a.bytes.get(), in[(size_t)k].bytes.get(), a.nbytes());
            st.push_back(a);
        }
        float *x = st[0].as<float>(), *y = st[1].as<float>(), *z = st[2].as<float>();
        float *vx = st[3].as<float>(), *vy = st[4].as<float>(), *vz = st[5].as<float>();
        for (int32_t s = 0; s < steps; ++s) {
            // Velocities first (every body reads the old positions), then positions.
#pragma omp parallel for schedule(static)
            for (int64_t i = 0; i < n; ++i) {
                float ax = 0, ay = 0, az = 0;
#pragma omp simd reduction(+ : ax, ay, az)
                for (int64_t j = 0; j < n; ++j) {
                    float dx = x[j] - x[i], dy = y[j] - y[i], dz = z[j] - z[i];
                    float d2 = dx * dx + dy * dy + dz * dz + eps2;
                    float inv = 1 / std::sqrt(d2);
                    float f = m[j] * inv * inv * inv;
                    ax += f * dx;
                    ay += f * dy;
                    az += f * dz;
                }
                vx[i] += ax * dt;
                vy[i] += ay * dt;
                vz[i] += az * dt;
            }
#pragma omp parallel for simd schedule(static)
            for (int64_t i = 0; i < n; ++i) {
                x[i] += vx[i] * dt;
                y[i] += vy[i] * dt;
                z[i] += vz[i] * dt;
            }
        }
        return st;
    });
}
