/* Two C libraries of Loom programs, stats.fut's and geom.fut's, in one program
 * (tests/cli/run.sh links them in both orders, and statically): each library runs its
 * own entry points, and its own runtime. */
#include "geom.h"
#include "stats.h"

#include <stdio.h>

int main(void) {
    struct stats_context *s = stats_context_new();
    struct geom_context *g = geom_context_new();

    float xs[] = {1, 2, 3}, ys[] = {4, 5, 6}, d = 0;
    struct stats_f32_1d *a = stats_new_f32_1d(s, xs, 3), *b = stats_new_f32_1d(s, ys, 3);
    if (stats_entry_dot(s, &d, a, b))
        printf("stats: %s\n", stats_context_error(s));
    printf("stats dot %g\n", d);

    double v[] = {3, 4}, n = 0, e = 0;
    struct geom_f64_1d *gv = geom_new_f64_1d(g, v, 2);
    if (geom_entry_norm2(g, &n, gv))
        printf("geom: %s\n", geom_context_error(g));
    printf("geom norm2 %g\n", n);

    int64_t p[] = {1, 4, 9, 16}, ds[3], len = 0;
    struct geom_i64_1d *ps = geom_new_i64_1d(g, p, 4), *dd = NULL;
    if (geom_entry_diffs(g, &dd, &len, ps) || geom_values_i64_1d(g, dd, ds))
        printf("geom: %s\n", geom_context_error(g));
    else
        printf("geom diffs %lld %lld %lld (%lld)\n", (long long)ds[0], (long long)ds[1], (long long)ds[2],
               (long long)len);

    int64_t w[] = {10, 20, 30}, q = 0;
    struct stats_i64_1d *ws = stats_new_i64_1d(s, w, 3);
    if (stats_entry_pick(s, &q, ws, 1))
        printf("stats: %s\n", stats_context_error(s));
    printf("stats pick %lld\n", (long long)q);
    if (geom_entry_at(g, &e, gv, 5))
        printf("geom: %s\n", geom_context_error(g));

    stats_free_i64_1d(s, ws);
    stats_free_f32_1d(s, a);
    stats_free_f32_1d(s, b);
    geom_free_f64_1d(g, gv);
    geom_free_i64_1d(g, ps);
    geom_free_i64_1d(g, dd);
    stats_context_free(s);
    geom_context_free(g);
    return 0;
}
