/* The logistic map x -> r x (1 - x), iterated 64 times: a C function of scalars that
   benchmarks/foreign.fut calls through Loom's foreign-function interface. */
static float logistic(float r, float x) {
    for (int i = 0; i < 64; i++) x = r * x * (1.0f - x);
    return x;
}
