// The header of the C library of stats.fut in C++ (tests/cli/run.sh, compiled with
// -Wall -Wextra -Werror): arrays read through const pointers, as entries take them.
#include "stats.h"

int64_t total(stats_context *ctx, const stats_i32_1d *xs) {
    const int64_t n = stats_shape_i32_1d(ctx, xs)[0];
    int32_t out[8];
    if (n > 8 || stats_values_i32_1d(ctx, xs, out) != 0)
        return -1;
    int64_t sum = 0;
    for (int64_t i = 0; i < n; i++)
        sum += out[i];
    return sum;
}
