-- Monte Carlo with integer-hash / xorshift / LCG generators: estimating pi and pricing an Asian call.
-- ==
-- entry: main
-- "1000 points"
-- input { 12345u32 1000i64 }
-- output { 797i64 3.188f64 }
-- "4096 points other seed"
-- input { 3735928559u32 4096i64 }
-- output { 3230i64 3.154296875f64 }
-- "single point"
-- input { 7u32 1i64 }
-- output { 1i64 4.0f64 }
-- "no points"
-- input { 42u32 0i64 }
-- output { 0i64 0.0f64 }
-- entry: pi_streams
-- "64 streams x 50"
-- input { 2024u64 64i64 50i32 }
-- output { 2533i64 3.16625f64 }
-- "one stream"
-- input { 99u64 1i64 500i32 }
-- output { 402i64 3.216f64 }
-- "zero draws"
-- input { 5u64 8i64 0i32 }
-- output { 0i64 0.0f64 }
-- "max seed"
-- input { 18446744073709551615u64 16i64 16i32 }
-- output { 214i64 3.34375f64 }
-- entry: asian
-- "at the money"
-- input { 1u64 200i64 12i32 100.0f64 100.0f64 0.05f64 0.2f64 1.0f64 }
-- output { 4.806253928838652f64 101.66828834509252f64 }
-- "in the money high vol"
-- input { 77u64 150i64 24i32 120.0f64 100.0f64 0.03f64 0.45f64 0.5f64 }
-- output { 18.94507870660779f64 117.74184361362674f64 }
-- "zero steps is discounted intrinsic"
-- input { 3u64 10i64 0i32 110.0f64 100.0f64 0.05f64 0.3f64 2.0f64 }
-- output { 9.048374180359595f64 110.0f64 }
-- "no paths"
-- input { 3u64 0i64 5i32 100.0f64 90.0f64 0.05f64 0.2f64 1.0f64 }
-- output { 0.0f64 0.0f64 }

-- Integer hash (Wellons' lowbias32): a counter-based RNG for u32 streams.
def hash32 (x: u32) : u32 =
  let x = x ^ (x >> 16)
  let x = x * 0x7feb352d
  let x = x ^ (x >> 15)
  let x = x * 0x846ca68b
  in x ^ (x >> 16)

def unit_u32 (x: u32) : f64 = f64.u32 x / 4294967296.0

-- Counter-based: point i uses the hashes of counters 2i and 2i+1.
def point (seed: u32) (i: i64) : (f64, f64) =
  let k = hash32 seed
  let c = u32.i64 (2 * i)
  in (unit_u32 (hash32 (k ^ c)), unit_u32 (hash32 (k ^ (c + 1))))

def in_circle ((x, y): (f64, f64)) : bool = x * x + y * y <= 1.0

def estimate (hits: i64) (n: i64) : f64 =
  if n == 0 then 0.0 else 4.0 * f64.i64 hits / f64.i64 n

-- Number of hits and the resulting estimate of pi.
def main (seed: u32) (n: i64) : (i64, f64) =
  let hits = map (point seed) (iota n)
             |> map (\p -> if in_circle p then 1i64 else 0i64)
             |> reduce (+) 0
  in (hits, estimate hits n)

-- xorshift64*: every one of `threads` streams draws `per_thread` points in a loop.
def xorshift64 (s: u64) : u64 =
  let s = s ^ (s >> 12)
  let s = s ^ (s << 25)
  in s ^ (s >> 27)

def splitmix64 (z: u64) : u64 =
  let z = z + 0x9e3779b97f4a7c15
  let z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
  let z = (z ^ (z >> 27)) * 0x94d049bb133111eb
  in z ^ (z >> 31)

def draw (s: u64) : (u64, f64) =
  let s' = xorshift64 s
  in (s', f64.u64 ((s' * 0x2545f4914f6cdd1d) >> 11) / 9007199254740992.0)

entry pi_streams (seed: u64) (threads: i64) (per_thread: i32) : (i64, f64) =
  let count (t: i64) : i64 =
    let s0 = splitmix64 (seed + u64.i64 t) | 1
    let (_, hits) =
      loop (s, hits) = (s0, 0i64) for _i < per_thread do
        let (s, x) = draw s
        let (s, y) = draw s
        in (s, if in_circle (x, y) then hits + 1 else hits)
    in hits
  let hits = i64.sum (map count (iota threads))
  in (hits, estimate hits (threads * i64.i32 per_thread))

-- Arithmetic-average Asian call under geometric Brownian motion.  Each path
-- uses a 64-bit LCG with Box-Muller normals; the average includes the spot.
-- Returns the discounted mean payoff and the mean path average.
entry asian (seed: u64) (paths: i64) (steps: i32) (spot: f64) (strike: f64)
            (rate: f64) (vol: f64) (expiry: f64) : (f64, f64) =
  let lcg (s: u64) : u64 = s * 6364136223846793005 + 1442695040888963407
  let dt = if steps == 0 then 0.0 else expiry / f64.i32 steps
  let drift = (rate - 0.5 * vol * vol) * dt
  let diffusion = vol * f64.sqrt dt
  let path (p: i64) : (f64, f64) =
    let s0 = splitmix64 (seed ^ u64.i64 p)
    let (_, _, total) =
      loop (s, price, total) = (s0, spot, spot) for _i < steps do
        let s1 = lcg s
        let s2 = lcg s1
        let u1 = (f64.u64 (s1 >> 11) + 1.0) / 9007199254740992.0
        let u2 = f64.u64 (s2 >> 11) / 9007199254740992.0
        let z = f64.sqrt (-2.0 * f64.log u1) * f64.cos (2.0 * f64.pi * u2)
        let price = price * f64.exp (drift + diffusion * z)
        in (s2, price, total + price)
    let avg = total / f64.i32 (steps + 1)
    in (f64.max (avg - strike) 0.0, avg)
  let (payoffs, avgs) = unzip (map path (iota paths))
  let mean xs = if paths == 0 then 0.0 else f64.sum xs / f64.i64 paths
  in (f64.exp (-rate * expiry) * mean payoffs, mean avgs)
