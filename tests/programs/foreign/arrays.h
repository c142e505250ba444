/* C functions over whole arrays for tests/programs/foreign/arrays.fut: the sizes come
   first, then the parameters (arrays as pointers to their first element, row-major),
   then a pointer to each result unless one scalar is returned. */
#include <stdint.h>

/* A dot product, returned. */
static double dot(int64_t n, const double *x, const double *y) {
    double s = 0;
    for (int64_t i = 0; i < n; i++) s += x[i] * y[i];
    return s;
}

/* y = A x for a row-major m-by-n matrix. */
static void matvec(int64_t m, int64_t n, const float *a, const float *x, float *y) {
    for (int64_t i = 0; i < m; i++) {
        float s = 0;
        for (int64_t j = 0; j < n; j++) s += a[i * n + j] * x[j];
        y[i] = s;
    }
}

/* An exclusive running sum of the elements, and their total: two results. */
static void prefix_total(int64_t n, const int32_t *xs, int32_t scale, int64_t *out, int64_t *total) {
    int64_t s = 0;
    for (int64_t i = 0; i < n; i++) {
        out[i] = s;
        s += (int64_t)xs[i] * scale;
    }
    *total = s;
}

/* The transpose of a rows-by-cols matrix of bytes. */
static void transpose_u8(int64_t rows, int64_t cols, const uint8_t *in, uint8_t *out) {
    for (int64_t i = 0; i < rows; i++)
        for (int64_t j = 0; j < cols; j++) out[j * rows + i] = in[i * cols + j];
}
