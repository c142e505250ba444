/* C functions that tests/programs/foreign calls from Loom: plain C of scalars, which the
   cpu backend and the interpreter's thunks compile as C++ and NVRTC as device code. */
#include <math.h>
#include <stdint.h>
#include <stdbool.h>

static int64_t gcd64(int64_t a, int64_t b) {
    if (a < 0) a = -a;
    if (b < 0) b = -b;
    while (b != 0) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static uint32_t mix32(uint32_t x) {
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

static double smoothstep(double lo, double hi, double x) {
    double t = (x - lo) / (hi - lo);
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return t * t * (3 - 2 * t);
}

static float lerpf(float a, float b, float t) { return a + t * (b - a); }

static bool in_unit_disc(double x, double y) { return x * x + y * y <= 1.0; }

static int8_t saturate8(int32_t x) { return (int8_t)(x < -128 ? -128 : x > 127 ? 127 : x); }

static uint16_t swap16(uint16_t x) { return (uint16_t)((x << 8) | (x >> 8)); }

/* CUDA's own instruction on the GPU (NVRTC defines __CUDACC_RTC__), a loop elsewhere. */
static uint64_t popcount64(uint64_t x) {
#ifdef __CUDACC_RTC__
    return (uint64_t)__popcll(x);
#else
    uint64_t n = 0;
    for (; x; x &= x - 1) n++;
    return n;
#endif
}
