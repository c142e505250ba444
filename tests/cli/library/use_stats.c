/* Uses the C library `loom compile stats.fut --emit library` builds (tests/cli/run.sh):
 * each entry point, a size mismatch, an index out of bounds, a fixed size not met, new
 * arrays too large or from null pointers, reads through const pointers and of empty
 * arrays, outputs left as they were on a failure, and every array freed (run under
 * valgrind where it is installed). */
#include "stats.h"

#include <stdio.h>

#define CHECK(call)                                                                       \
    do {                                                                                  \
        if (call) {                                                                       \
            printf("failed: %s\n", stats_context_error(ctx));                             \
            return 1;                                                                     \
        }                                                                                 \
    } while (0)

int main(void) {
    struct stats_context *ctx = stats_context_new();
    stats_context_set_threads(ctx, 2);

    float xs[] = {1, 2, 3}, ys[] = {4, 5, 6};
    struct stats_f32_1d *a = stats_new_f32_1d(ctx, xs, 3), *b = stats_new_f32_1d(ctx, ys, 3),
                        *short_b = stats_new_f32_1d(ctx, ys, 2);
    float d;
    CHECK(stats_entry_dot(ctx, &d, a, b));
    printf("dot %g\n", d);
    if (stats_entry_dot(ctx, &d, a, short_b))
        printf("%s\n", stats_context_error(ctx));
    printf("a failure leaves the output: %g\n", d);

    int32_t v[] = {5, -2, 9, 1};
    struct stats_i32_1d *vs = stats_new_i32_1d(ctx, v, 4), *sums, *order;
    int32_t lo, hi, out[4];
    CHECK(stats_entry_summary(ctx, &lo, &hi, &sums, vs));
    const struct stats_i32_1d *csums = sums; /* read through a const pointer */
    CHECK(stats_values_i32_1d(ctx, csums, out));
    printf("min %d max %d sums %d %d %d %d (%lld)\n", lo, hi, out[0], out[1], out[2], out[3],
           (long long)stats_shape_i32_1d(ctx, csums)[0]);
    CHECK(stats_entry_sorted(ctx, &order, vs));
    CHECK(stats_values_i32_1d(ctx, order, out));
    printf("sorted %d %d %d %d\n", out[0], out[1], out[2], out[3]);

    double m[] = {1, 2, 3, 4, 5, 6}, mo[6];
    struct stats_f64_2d *mat = stats_new_f64_2d(ctx, m, 2, 3), *scaled;
    CHECK(stats_entry_scale(ctx, &scaled, 0.5, mat));
    CHECK(stats_values_f64_2d(ctx, scaled, mo));
    const int64_t *sh = stats_shape_f64_2d(ctx, scaled);
    printf("scaled %gx%g: %g %g %g %g %g %g\n", (double)sh[0], (double)sh[1], mo[0], mo[1], mo[2], mo[3], mo[4], mo[5]);

    int64_t w[] = {10, 20, 30}, r;
    struct stats_i64_1d *ws = stats_new_i64_1d(ctx, w, 3);
    CHECK(stats_entry_pick(ctx, &r, ws, 2));
    printf("pick %lld, no error: %d\n", (long long)r, stats_context_error(ctx) == NULL);
    if (stats_entry_pick(ctx, &r, ws, 7))
        printf("%s\n", stats_context_error(ctx));

    uint8_t bytes[] = {1, 2, 3, 4};
    struct stats_u8_1d *four = stats_new_u8_1d(ctx, bytes, 4), *three = stats_new_u8_1d(ctx, bytes, 3), *rev;
    if (stats_entry_three(ctx, &rev, four))
        printf("%s\n", stats_context_error(ctx));
    CHECK(stats_entry_three(ctx, &rev, three));
    CHECK(stats_values_u8_1d(ctx, rev, bytes));
    printf("three %d %d %d\n", bytes[0], bytes[1], bytes[2]);

    bool flags[] = {true, false, true}, back[3];
    struct stats_bool_1d *fs = stats_new_bool_1d(ctx, flags, 3), *same;
    CHECK(stats_entry_same(ctx, &same, fs));
    stats_free_bool_1d(ctx, fs); /* the result is a copy: still readable */
    CHECK(stats_values_bool_1d(ctx, same, back));
    printf("same %d %d %d\n", back[0], back[1], back[2]);

    if (!stats_new_i32_1d(ctx, NULL, 2))
        printf("%s\n", stats_context_error(ctx));
    /* Element and byte counts past 2^63: a failure, not an array. */
    if (!stats_new_f64_2d(ctx, m, (int64_t)1 << 40, (int64_t)1 << 40))
        printf("%s\n", stats_context_error(ctx));
    if (!stats_new_i64_1d(ctx, w, (int64_t)1 << 61))
        printf("%s\n", stats_context_error(ctx));
    /* No elements: a null pointer reads and writes none. */
    struct stats_i32_1d *empty = stats_new_i32_1d(ctx, NULL, 0);
    CHECK(!empty);
    CHECK(stats_values_i32_1d(ctx, empty, NULL));
    printf("empty: %lld elements\n", (long long)stats_shape_i32_1d(ctx, empty)[0]);
    if (stats_values_i32_1d(ctx, sums, NULL))
        printf("%s\n", stats_context_error(ctx));
    if (!stats_shape_i32_1d(ctx, NULL))
        printf("%s\n", stats_context_error(ctx));
    stats_free_i32_1d(ctx, empty);

    struct stats_i64_1d *huge = NULL;
    if (stats_entry_ones(ctx, &huge, (int64_t)1 << 61))
        printf("%s\n", stats_context_error(ctx));
    printf("a failure leaves the output: %s\n", huge ? "changed" : "NULL");

    /* 0 threads: the default again (one per hardware thread). */
    stats_context_set_threads(ctx, 0);
    CHECK(stats_entry_dot(ctx, &d, a, b));
    printf("dot %g\n", d);

    stats_free_f32_1d(ctx, a);
    stats_free_f32_1d(ctx, b);
    stats_free_f32_1d(ctx, short_b);
    stats_free_i32_1d(ctx, vs);
    stats_free_i32_1d(ctx, sums);
    stats_free_i32_1d(ctx, order);
    stats_free_f64_2d(ctx, mat);
    stats_free_f64_2d(ctx, scaled);
    stats_free_i64_1d(ctx, ws);
    stats_free_u8_1d(ctx, four);
    stats_free_u8_1d(ctx, three);
    stats_free_u8_1d(ctx, rev);
    stats_free_bool_1d(ctx, same);
    stats_context_free(ctx);
    return 0;
}
