// Sparse matrix-vector product (benchmarks/spmv.fut) in compressed rows: the row offsets
// (an exclusive scan of the lengths, sequential: one pass over n), then one dot product
// per row, rows split between threads.
#include "common.h"

int main(int argc, char **argv) {
    return bench_main(argc, argv, [](const std::vector<Array> &in) {
        const int64_t *lens = in[0].as<int64_t>(), *cols = in[1].as<int64_t>();
        const float *vals = in[2].as<float>(), *x = in[3].as<float>();
        int64_t n = in[0].size();
        std::vector<int64_t> off((size_t)n + 1, 0);
        for (int64_t i = 0; i < n; ++i) off[(size_t)i + 1] = off[(size_t)i] + lens[i];
        Array r(" f32", {n});
        float *out = r.as<float>();
#pragma omp parallel for schedule(static)
        for (int64_t i = 0; i < n; ++i) {
            float s = 0;
            for (int64_t k = off[(size_t)i]; k < off[(size_t)i + 1]; ++k) s += vals[k] * x[cols[k]];
            out[i] = s;
        }
        return std::vector<Array>{r};
    });
}
