// Mandelbrot escape counts (benchmarks/mandelbrot.fut); rows scheduled dynamically
// because the work per row varies.
#include "common.h"

int main(int argc, char **argv) {
    return bench_main(argc, argv, [](const std::vector<Array> &in) {
        int64_t w = in[0].scalar<int64_t>(), h = in[1].scalar<int64_t>();
        int32_t limit = in[2].scalar<int32_t>();
        Array res(" i32", {h, w});
        int32_t *out = res.as<int32_t>();
#pragma omp parallel for schedule(dynamic, 4)
        for (int64_t y = 0; y < h; ++y) {
            float ci = -1.5f + 3 * (float)y / (float)h;
            for (int64_t x = 0; x < w; ++x) {
                float cr = -2 + 3 * (float)x / (float)w;
                float zr = 0, zi = 0;
                int32_t i = 0;
                while (i < limit && zr * zr + zi * zi < 4) {
                    float nzr = zr * zr - zi * zi + cr;
                    zi = 2 * zr * zi + ci;
                    zr = nzr;
                    ++i;
                }
                out[y * w + x] = i;
            }
        }
        return std::vector<Array>{res};
    });
}
