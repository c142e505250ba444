"""NumPy baselines of the benchmarks (benchmarks/*.fut), one function per benchmark.

Each function takes the array module `xp` first and then the entry point's arguments
(NumPy scalars and arrays, as benchmarks/run.py generates them) and returns a tuple of
results.  They are written in idiomatic whole-array style with the same algorithm and
the same element types as the Loom programs; `xp` lets an array library with NumPy's API
(CuPy) reuse them.  They also serve as the reference the runner checks the other
implementations against.
"""


def dot(xp, xs, ys):
    return (xp.dot(xs, ys),)


def argmin(xp, xs):
    i = xp.argmin(xs)
    return (xs[i], i.astype(xp.int64))


def saxpy(xp, a, xs, ys):
    return (a * xs + ys,)


def foreign(xp, xs):
    x = xs.copy()
    for _ in range(64):
        x = xs.dtype.type(2.5) * x * (xs.dtype.type(1) - x)
    return (x,)


def saxpy_sum(xp, a, xs, ys):
    return (xp.sum(a * xs + ys),)


def vecmat(xp, a, v):
    return (v @ a,)


def _cnd(xp, d):
    a1, a2, a3, a4, a5 = (xp.float32(c) for c in
                          (0.31938153, -0.356563782, 1.781477937, -1.821255978, 1.330274429))
    rsqrt2pi = xp.float32(0.39894228040143267794)
    k = xp.float32(1) / (xp.float32(1) + xp.float32(0.2316419) * xp.abs(d))
    c = rsqrt2pi * xp.exp(xp.float32(-0.5) * d * d) * (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))))
    return xp.where(d > 0, xp.float32(1) - c, c)


def blackscholes(xp, spot, strike, years, r, v):
    sqrt_t = xp.sqrt(years)
    d1 = (xp.log(spot / strike) + (r + xp.float32(0.5) * v * v) * years) / (v * sqrt_t)
    d2 = d1 - v * sqrt_t
    return (spot * _cnd(xp, d1) - strike * xp.exp(-r * years) * _cnd(xp, d2),)


def mandelbrot(xp, w, h, limit):
    """Iterates only the pixels that have not escaped yet (compacting them each step)."""
    f32 = xp.float32
    cr = f32(-2) + f32(3) * xp.arange(w, dtype=f32) / f32(w)
    ci = f32(-1.5) + f32(3) * xp.arange(h, dtype=f32) / f32(h)
    cr, ci = [a.ravel() for a in xp.meshgrid(cr, ci)]
    counts = xp.zeros(int(w) * int(h), dtype=xp.int32)
    idx = xp.arange(int(w) * int(h))
    zr = xp.zeros_like(cr)
    zi = xp.zeros_like(ci)
    for _ in range(int(limit)):
        live = zr * zr + zi * zi < f32(4)
        idx, zr, zi, cr, ci = idx[live], zr[live], zi[live], cr[live], ci[live]
        if idx.size == 0:
            break
        counts[idx] += 1
        zr, zi = zr * zr - zi * zi + cr, f32(2) * zr * zi + ci
    return (counts.reshape(int(h), int(w)),)


def nbody(xp, steps, dt, eps, xs, ys, zs, ms, vxs, vys, vzs):
    """All pairwise interactions at once as n×n matrices (j along the rows' axis)."""
    eps2 = eps * eps
    for _ in range(int(steps)):
        dx = xs[None, :] - xs[:, None]
        dy = ys[None, :] - ys[:, None]
        dz = zs[None, :] - zs[:, None]
        inv = xp.float32(1) / xp.sqrt(dx * dx + dy * dy + dz * dz + eps2)
        s = ms[None, :] * inv * inv * inv
        vxs = vxs + (s * dx).sum(axis=1) * dt
        vys = vys + (s * dy).sum(axis=1) * dt
        vzs = vzs + (s * dz).sum(axis=1) * dt
        xs, ys, zs = xs + vxs * dt, ys + vys * dt, zs + vzs * dt
    return (xs, ys, zs, vxs, vys, vzs)


def kmeans(xp, xs, ys, cx, cy):
    k = cx.shape[0]
    d = (xs[:, None] - cx[None, :]) ** 2 + (ys[:, None] - cy[None, :]) ** 2
    nearest = xp.argmin(d, axis=1)  # the first minimum: ties go to the lower index
    sx = xp.bincount(nearest, weights=xs, minlength=k).astype(xp.float32)
    sy = xp.bincount(nearest, weights=ys, minlength=k).astype(xp.float32)
    c = xp.bincount(nearest, minlength=k).astype(xp.float32)
    safe = xp.where(c == 0, xp.float32(1), c)
    return (xp.where(c == 0, cx, sx / safe), xp.where(c == 0, cy, sy / safe))


def histogram(xp, bins, xs):
    return (xp.bincount(xs % xs.dtype.type(bins), minlength=int(bins)).astype(xp.int32),)


def groupby(xp, bins, keys, vals):
    """Sums (in f64) and counts by bincount; each key's smallest value's index by sorting
    the rows by key, then value (a stable sort: the first of equal values first)."""
    b = int(bins)
    k = keys % keys.dtype.type(bins)
    sums = xp.bincount(k, weights=vals.astype(xp.float64), minlength=b)
    counts = xp.bincount(k, minlength=b)
    mean = xp.where(counts > 0, sums / xp.maximum(counts, 1), xp.nan).astype(xp.float32)
    order = xp.lexsort(xp.stack([vals, k.astype(vals.dtype)]))
    first = xp.minimum(xp.searchsorted(k[order], xp.arange(b, dtype=k.dtype)), k.size - 1)
    return (mean, xp.where(counts > 0, order[first], -1).astype(xp.int64))


def prefixsum(xp, xs):
    return (xp.cumsum(xs, dtype=xp.int32),)


def filter(xp, xs):  # the benchmark's name: Python's filter is not used here
    return (xs[xs > xs.dtype.type(0.5)],)


def stencil(xp, steps, grid):
    g = grid
    for _ in range(int(steps)):
        p = xp.pad(g, 1, mode="edge")
        g = (p[1:-1, 1:-1] + p[:-2, 1:-1] + p[2:, 1:-1] + p[1:-1, :-2] + p[1:-1, 2:]) * xp.float32(0.2)
    return (g,)


def spmv(xp, lens, cols, vals, x):
    """Each product's row (a repeat of the row numbers by their lengths), then the sums
    per row by bincount (in f64)."""
    rows = xp.repeat(xp.arange(lens.shape[0]), lens)
    return (xp.bincount(rows, weights=vals * x[cols], minlength=lens.shape[0]).astype(xp.float32),)


def sort(xp, xs):
    return (xp.sort(xs),)
