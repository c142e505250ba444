-- Black–Scholes prices of European call options, with the polynomial approximation of
-- the cumulative normal distribution used by the CUDA SDK sample.  One map whose body
-- is a long chain of scalar arithmetic.
-- ==
-- nobench input { [100f32] [100f32] [1f32] 0.02f32 0.30f32 }
-- output { [12.821564f32] }
-- nobench input { [30f32, 50f32] [40f32, 40f32] [0.5f32, 2f32] 0.02f32 0.30f32 }
-- output { [0.3253f32, 14.56657f32] }
-- notest random input { [1000000]f32 [1000000]f32 [1000000]f32 0.02f32 0.30f32 }

def cnd (d: f32) : f32 =
  let a1 = 0.31938153f32
  let a2 = -0.356563782f32
  let a3 = 1.781477937f32
  let a4 = -1.821255978f32
  let a5 = 1.330274429f32
  let rsqrt2pi = 0.39894228040143267794f32
  let k = 1 / (1 + 0.2316419 * f32.abs d)
  let c = rsqrt2pi * f32.exp (-0.5 * d * d) * (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))))
  in if d > 0 then 1 - c else c

def call_price (r: f32) (v: f32) (s: f32) (x: f32) (t: f32) : f32 =
  let sqrt_t = f32.sqrt t
  let d1 = (f32.log (s / x) + (r + 0.5 * v * v) * t) / (v * sqrt_t)
  let d2 = d1 - v * sqrt_t
  in s * cnd d1 - x * f32.exp (-r * t) * cnd d2

entry main [n] (spot: [n]f32) (strike: [n]f32) (years: [n]f32) (r: f32) (v: f32) : [n]f32 =
  map3 (call_price r v) spot strike years
