"""JAX baselines of the benchmarks (benchmarks/*.fut): one jax.jit-compiled function each.

Same algorithms, element types and argument order as numpy_impl.py (the reference); most
are numpy_impl's own functions traced with xp=jax.numpy, so XLA sees the same whole-array
program and fuses what it can.  Arguments that fix shapes or trip counts (mandelbrot's
width and height, the step counts, the histogram's bin count) are static.  Three need
their own version, since jit wants fixed shapes: mandelbrot (masked updates instead of
compacting the live pixels), kmeans and histogram (bincount needs a static length).
benchmarks/run.py passes arrays already on the device and scalars as NumPy scalars, and
excludes the first (compiling) call from the times.
"""

import functools

import jax
import jax.numpy as jnp
from jax import lax

import numpy_impl


def _traced(name, static=()):
    """numpy_impl's function `name` with xp = jax.numpy, jit-compiled."""
    fn = getattr(numpy_impl, name)
    return jax.jit(lambda *args: fn(jnp, *args), static_argnums=static)


saxpy = _traced("saxpy")
saxpy_sum = _traced("saxpy_sum")
blackscholes = _traced("blackscholes")
nbody = _traced("nbody", static=(0,))
prefixsum = _traced("prefixsum")
stencil = _traced("stencil", static=(0,))
sort = _traced("sort")


@jax.jit
def argmin(xs):  # its own: the index stays in JAX's integer type (int32 without x64)
    i = jnp.argmin(xs)
    return (xs[i], i)


@jax.jit
def vecmat(a, v):
    return (jnp.matmul(v, a, precision=lax.Precision.HIGHEST),)


@jax.jit
def dot(xs, ys):
    # HIGHEST: no TF32 rounding of the operands, as in the other implementations.
    return (jnp.vdot(xs, ys, precision=lax.Precision.HIGHEST),)


@functools.partial(jax.jit, static_argnums=(0, 1))
def mandelbrot(w, h, limit):
    """Every pixel iterates `limit` times; escaped ones keep their z and stop counting."""
    f32 = jnp.float32
    cr = f32(-2) + f32(3) * jnp.arange(w, dtype=f32) / f32(w)
    ci = f32(-1.5) + f32(3) * jnp.arange(h, dtype=f32) / f32(h)
    cr, ci = jnp.meshgrid(cr, ci)

    def step(_, state):
        zr, zi, counts = state
        live = zr * zr + zi * zi < f32(4)
        return (jnp.where(live, zr * zr - zi * zi + cr, zr), jnp.where(live, f32(2) * zr * zi + ci, zi),
                counts + live.astype(jnp.int32))

    z = jnp.zeros((int(h), int(w)), f32)
    return (lax.fori_loop(0, limit, step, (z, z, jnp.zeros((int(h), int(w)), jnp.int32)))[2],)


@jax.jit
def kmeans(xs, ys, cx, cy):
    k = cx.shape[0]
    d = (xs[:, None] - cx[None, :]) ** 2 + (ys[:, None] - cy[None, :]) ** 2
    nearest = jnp.argmin(d, axis=1)  # the first minimum, as NumPy's
    sx = jax.ops.segment_sum(xs, nearest, num_segments=k)
    sy = jax.ops.segment_sum(ys, nearest, num_segments=k)
    c = jax.ops.segment_sum(jnp.ones_like(xs), nearest, num_segments=k)
    safe = jnp.where(c == 0, jnp.float32(1), c)
    return (jnp.where(c == 0, cx, sx / safe), jnp.where(c == 0, cy, sy / safe))


@functools.partial(jax.jit, static_argnums=(0,))
def histogram(bins, xs):
    return (jnp.bincount(xs % xs.dtype.type(bins), length=int(bins)).astype(jnp.int32),)


@functools.partial(jax.jit, static_argnums=(0,))
def groupby(bins, keys, vals):
    """Sums (in f32: JAX runs without 64-bit types here) and counts by segment_sum; the
    smallest value of each key (segment_min), then the smallest index holding it."""
    b = int(bins)
    k = keys % keys.dtype.type(bins)
    n = vals.shape[0]
    sums = jax.ops.segment_sum(vals, k, num_segments=b)
    counts = jax.ops.segment_sum(jnp.ones_like(k), k, num_segments=b)
    mean = jnp.where(counts > 0, sums / jnp.maximum(counts, 1), jnp.nan).astype(jnp.float32)
    low = jax.ops.segment_min(vals, k, num_segments=b)
    cand = jnp.where(vals == low[k], jnp.arange(n), n)
    at = jax.ops.segment_min(cand, k, num_segments=b)
    return (mean, jnp.where(at == n, -1, at))


@jax.jit
def spmv(lens, cols, vals, x):
    """segment_sum over each product's row; the rows from the lengths by a repeat with a
    static total (jit needs it: the number of non-zeros)."""
    n = lens.shape[0]
    rows = jnp.repeat(jnp.arange(n), lens, total_repeat_length=cols.shape[0])
    return (jax.ops.segment_sum(vals * x[cols], rows, num_segments=n),)
