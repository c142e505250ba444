"""PyTorch baselines of the benchmarks (benchmarks/*.fut), one function per benchmark.

Same algorithms, element types and argument order as numpy_impl.py (the reference), in
idiomatic eager PyTorch: each operation is its own kernel launch with its intermediates
in device memory.  benchmarks/run.py passes arrays as tensors already on the device and
scalars as Python numbers, and times the `torch` column eagerly and the `torch-compile`
column through torch.compile of the same functions.

Where NumPy's version cannot be written with PyTorch's operations (mandelbrot compacts
the live pixels with boolean indexing, which would synchronise every step), the function
computes the same result with fixed-shape masked updates instead.
"""

import torch

DEVICE = "cuda"  # where mandelbrot creates its arrays (run.py sets it)


def dot(xs, ys):
    return (torch.dot(xs, ys),)


def argmin(xs):  # the first index of the smallest, as documented
    i = torch.argmin(xs)
    return (xs[i], i)


def saxpy(a, xs, ys):
    return (a * xs + ys,)


def saxpy_sum(a, xs, ys):
    return ((a * xs + ys).sum(),)


def vecmat(a, v):
    return (v @ a,)  # cuBLAS's sgemv (no TF32: matmul's default keeps f32)


def _cnd(d):
    a1, a2, a3, a4, a5 = 0.31938153, -0.356563782, 1.781477937, -1.821255978, 1.330274429
    k = 1.0 / (1.0 + 0.2316419 * d.abs())
    c = 0.39894228040143267794 * torch.exp(-0.5 * d * d) * (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))))
    return torch.where(d > 0, 1.0 - c, c)


def blackscholes(spot, strike, years, r, v):
    sqrt_t = torch.sqrt(years)
    d1 = (torch.log(spot / strike) + (r + 0.5 * v * v) * years) / (v * sqrt_t)
    d2 = d1 - v * sqrt_t
    return (spot * _cnd(d1) - strike * torch.exp(-r * years) * _cnd(d2),)


def mandelbrot(w, h, limit):
    """Every pixel iterates `limit` times; escaped ones keep their z and stop counting."""
    f = dict(dtype=torch.float32, device=DEVICE)
    cr = -2.0 + 3.0 * torch.arange(w, **f) / float(w)
    ci = -1.5 + 3.0 * torch.arange(h, **f) / float(h)
    ci, cr = torch.meshgrid(ci, cr, indexing="ij")
    zr, zi = torch.zeros_like(cr), torch.zeros_like(ci)
    counts = torch.zeros((h, w), dtype=torch.int32, device=DEVICE)
    for _ in range(limit):
        live = zr * zr + zi * zi < 4.0
        counts += live
        zr, zi = torch.where(live, zr * zr - zi * zi + cr, zr), torch.where(live, 2.0 * zr * zi + ci, zi)
    return (counts,)


def nbody(steps, dt, eps, xs, ys, zs, ms, vxs, vys, vzs):
    eps2 = eps * eps
    for _ in range(steps):
        dx = xs[None, :] - xs[:, None]
        dy = ys[None, :] - ys[:, None]
        dz = zs[None, :] - zs[:, None]
        inv = 1.0 / torch.sqrt(dx * dx + dy * dy + dz * dz + eps2)
        s = ms[None, :] * inv * inv * inv
        vxs = vxs + (s * dx).sum(dim=1) * dt
        vys = vys + (s * dy).sum(dim=1) * dt
        vzs = vzs + (s * dz).sum(dim=1) * dt
        xs, ys, zs = xs + vxs * dt, ys + vys * dt, zs + vzs * dt
    return (xs, ys, zs, vxs, vys, vzs)


def kmeans(xs, ys, cx, cy):
    k = cx.shape[0]
    d = (xs[:, None] - cx[None, :]) ** 2 + (ys[:, None] - cy[None, :]) ** 2
    nearest = torch.argmin(d, dim=1)  # the first minimum, as NumPy's
    sx = torch.zeros(k, dtype=xs.dtype, device=xs.device).index_add_(0, nearest, xs)
    sy = torch.zeros(k, dtype=ys.dtype, device=ys.device).index_add_(0, nearest, ys)
    c = torch.bincount(nearest, minlength=k).to(xs.dtype)
    safe = torch.where(c == 0, torch.ones_like(c), c)
    return (torch.where(c == 0, cx, sx / safe), torch.where(c == 0, cy, sy / safe))


def histogram(bins, xs):
    return (torch.bincount((xs % bins).long(), minlength=bins).to(torch.int32),)


def groupby(bins, keys, vals):
    """Sums (in f64) and counts with index_add_ and bincount; the smallest value of each key
    (scatter_reduce amin), then the smallest index of the rows holding it."""
    k = (keys % bins).long()
    dev, n = vals.device, vals.shape[0]
    sums = torch.zeros(bins, dtype=torch.float64, device=dev).index_add_(0, k, vals.double())
    counts = torch.bincount(k, minlength=bins)
    mean = torch.where(counts > 0, sums / counts.clamp(min=1),
                       torch.full_like(sums, float("nan"))).float()
    low = torch.full((bins,), float("inf"), device=dev).scatter_reduce(0, k, vals, "amin")
    idx = torch.arange(n, device=dev)
    cand = torch.where(vals == low[k], idx, torch.full_like(idx, n))
    at = torch.full((bins,), n, dtype=torch.long, device=dev).scatter_reduce(0, k, cand, "amin")
    return (mean, torch.where(at == n, torch.full_like(at, -1), at))


def prefixsum(xs):
    return (torch.cumsum(xs, 0, dtype=torch.int32),)


def filter(xs):  # boolean indexing: a count, then the kept values (one synchronisation)
    return (xs[xs > 0.5],)


def stencil(steps, grid):
    g = grid
    for _ in range(steps):
        p = torch.nn.functional.pad(g[None, None], (1, 1, 1, 1), mode="replicate")[0, 0]
        g = (p[1:-1, 1:-1] + p[:-2, 1:-1] + p[2:, 1:-1] + p[1:-1, :-2] + p[1:-1, 2:]) * 0.2
    return (g,)


def spmv(lens, cols, vals, x):
    """The products summed into their rows with index_add_ (rows: repeat_interleave)."""
    rows = torch.repeat_interleave(torch.arange(lens.shape[0], device=lens.device), lens)
    out = torch.zeros(lens.shape[0], dtype=vals.dtype, device=vals.device)
    return (out.index_add_(0, rows, vals * x[cols]),)


def sort(xs):
    return (torch.sort(xs).values,)
