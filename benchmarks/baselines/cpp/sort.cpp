// Sorting 32-bit integers (benchmarks/sort.fut): libstdc++'s parallel mode sort (a
// multiway merge sort on OpenMP threads) of a copy of the input.
#include "common.h"

#include <parallel/algorithm>

int main(int argc, char **argv) {
    return bench_main(argc, argv, [](const std::vector<Array> &in) {
        int64_t n = in[0].size();
        Array r(" i32", {n});
        int32_t *out = r.as<int32_t>();
        std::copy(in[0].as<int32_t>(), in[0].as<int32_t>() + n, out);
        __gnu_parallel::sort(out, out + n);
        return std::vector<Array>{r};
    });
}
