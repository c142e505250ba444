-- Particle filter (Rodinia particlefilter style): systematic resampling by binary search in a scanned CDF, Gaussian reweighting with effective sample size, and a full filter step; f64.
-- ==
-- entry: resample
-- "uniform 8"
-- input { 0.5f64 [1.0f64, 1.0f64, 1.0f64, 1.0f64, 1.0f64, 1.0f64, 1.0f64, 1.0f64] }
-- output { [0i64, 1i64, 2i64, 3i64, 4i64, 5i64, 6i64, 7i64] }
-- "skewed 6"
-- input { 0.35f64 [0.05f64, 0.5f64, 0.0f64, 0.2f64, 0.05f64, 0.2f64] }
-- output { [1i64, 1i64, 1i64, 3i64, 3i64, 5i64] }
-- "one particle"
-- input { 0.7f64 [2.5f64] }
-- output { [0i64] }
-- "all weight on last"
-- input { 0.1f64 [0.0f64, 0.0f64, 0.0f64, 3.0f64] }
-- output { [3i64, 3i64, 3i64, 3i64] }
-- "empty"
-- input { 0.5f64 empty([0]f64) }
-- output { empty([0]i64) }
-- "random 40"
-- input { 0.123f64 [0.148f64, 0.267f64, 0.11f64, 0.737f64, 2.127f64, 5.529f64, 0.616f64, 0.372f64, 0.182f64, 0.482f64, 0.417f64, 0.216f64, 0.083f64, 0.243f64, 0.224f64, 2.071f64, 3.062f64, 0.47f64, 1.615f64, 0.929f64, 0.016f64, 1.879f64, 2.049f64, 3.072f64, 0.657f64, 0.013f64, 0.725f64, 0.303f64, 1.627f64, 1.687f64, 2.655f64, 4.077f64, 2.316f64, 0.501f64, 1.928f64, 0.194f64, 0.705f64, 0.585f64, 1.496f64, 2.392f64] }
-- output { [1i64, 4i64, 4i64, 5i64, 5i64, 5i64, 5i64, 5i64, 7i64, 11i64, 15i64, 15i64, 16i64, 16i64, 17i64, 18i64, 19i64, 21i64, 22i64, 22i64, 23i64, 23i64, 24i64, 26i64, 28i64, 29i64, 29i64, 30i64, 30i64, 31i64, 31i64, 31i64, 32i64, 32i64, 34i64, 34i64, 36i64, 38i64, 39i64, 39i64] }
-- entry: update
-- "update 5 particles"
-- input { 1.0f64 0.5f64 [-1.0f64, 0.5f64, 1.0f64, 1.5f64, 3.0f64] [0.2f64, 0.2f64, 0.2f64, 0.2f64, 0.2f64] }
-- output { [0.00015153712862453304f64, 0.2739855559180397f64, 0.45172581390667144f64, 0.2739855559180397f64, 0.00015153712862453304f64] 2.8233240604705667f64 }
-- "update one particle"
-- input { -2.0f64 1.0f64 [4.0f64] [1.0f64] }
-- output { [1.0f64] 1.0f64 }
-- "update 20 particles"
-- input { 0.7f64 1.5f64 [1.14f64, 0.009f64, -1.177f64, -3.891f64, 2.049f64, -1.721f64, 0.598f64, 0.164f64, 3.74f64, 2.352f64, -2.311f64, -0.525f64, 2.074f64, -2.666f64, -0.785f64, 0.455f64, -3.232f64, -2.471f64, -3.408f64, 0.574f64] [0.05f64, 0.05f64, 0.05f64, 0.05f64, 0.05f64, 0.05f64, 0.05f64, 0.05f64, 0.05f64, 0.05f64, 0.05f64, 0.05f64, 0.05f64, 0.05f64, 0.05f64, 0.05f64, 0.05f64, 0.05f64, 0.05f64, 0.05f64] }
-- output { [0.09374063976970877f64, 0.08800971012696605f64, 0.04472964514183015f64, 0.0009045785063694492f64, 0.06531056516219884f64, 0.02660385259321892f64, 0.09763558619636865f64, 0.09180901395860065f64, 0.01255181341982411f64, 0.05336133841731991f64, 0.013050944205668656f64, 0.07011114842456964f64, 0.06432999705425241f64, 0.007891498490947101f64, 0.05994958983298662f64, 0.09656488354444362f64, 0.0031514410279140743f64, 0.01047567643264096f64, 0.0023011442151449108f64, 0.09751693347902655f64] 13.103726743310434f64 }
-- entry: step
-- "step 5 particles"
-- input { 1.0f64 0.5f64 0.41f64 [-1.0f64, 0.5f64, 1.0f64, 1.5f64, 3.0f64] [0.2f64, 0.2f64, 0.2f64, 0.2f64, 0.2f64] }
-- output { [0.5f64, 1.0f64, 1.0f64, 1.0f64, 1.5f64] 0.9999999999999998f64 [0, 1, 3, 1, 0] }
-- "step 20 particles"
-- input { 0.7f64 1.5f64 0.77f64 [1.14f64, 0.009f64, -1.177f64, -3.891f64, 2.049f64, -1.721f64, 0.598f64, 0.164f64, 3.74f64, 2.352f64, -2.311f64, -0.525f64, 2.074f64, -2.666f64, -0.785f64, 0.455f64, -3.232f64, -2.471f64, -3.408f64, 0.574f64] [0.05f64, 0.05f64, 0.05f64, 0.05f64, 0.05f64, 0.05f64, 0.05f64, 0.05f64, 0.05f64, 0.05f64, 0.05f64, 0.05f64, 0.05f64, 0.05f64, 0.05f64, 0.05f64, 0.05f64, 0.05f64, 0.05f64, 0.05f64] }
-- output { [1.14f64, 1.14f64, 0.009f64, -1.177f64, 2.049f64, 2.049f64, 0.598f64, 0.598f64, 0.164f64, 0.164f64, 2.352f64, -0.525f64, -0.525f64, 2.074f64, -0.785f64, -0.785f64, 0.455f64, -3.232f64, 0.574f64, 0.574f64] 0.43976919050488206f64 [2, 1, 1, 0, 2, 0, 2, 2, 0, 1, 0, 2, 1, 0, 2, 1, 1, 0, 0, 2] }
-- "step 32 particles negative"
-- input { -3.0f64 0.8f64 0.05f64 [-2.842f64, -0.607f64, -1.829f64, -1.142f64, -2.126f64, -0.872f64, -2.155f64, -3.473f64, -0.226f64, -0.53f64, 1.4f64, -2.213f64, -2.87f64, -4.171f64, -7.789f64, -3.963f64, -1.27f64, -3.328f64, -5.892f64, -1.088f64, -2.887f64, -2.542f64, -2.647f64, -2.202f64, -1.288f64, -4.602f64, -2.341f64, -2.763f64, -0.295f64, -3.553f64, 0.456f64, -1.088f64] [0.163f64, 0.942f64, 0.862f64, 0.799f64, 0.729f64, 0.705f64, 0.13f64, 0.151f64, 0.371f64, 0.619f64, 0.846f64, 0.498f64, 0.324f64, 0.671f64, 0.957f64, 0.537f64, 0.606f64, 0.361f64, 0.778f64, 0.232f64, 0.703f64, 0.297f64, 0.708f64, 0.552f64, 0.842f64, 0.61f64, 0.916f64, 0.506f64, 0.114f64, 0.978f64, 0.792f64, 0.84f64] }
-- output { [-2.842f64, -1.829f64, -1.829f64, -2.126f64, -2.126f64, -3.473f64, -2.213f64, -2.87f64, -2.87f64, -4.171f64, -3.963f64, -1.27f64, -3.328f64, -2.887f64, -2.887f64, -2.887f64, -2.542f64, -2.542f64, -2.647f64, -2.647f64, -2.647f64, -2.202f64, -1.288f64, -2.341f64, -2.341f64, -2.341f64, -2.763f64, -2.763f64, -2.763f64, -3.553f64, -3.553f64, -3.553f64] -2.761423558278952f64 [1, 0, 2, 0, 2, 0, 0, 1, 0, 0, 0, 1, 2, 1, 0, 1, 1, 1, 0, 0, 3, 2, 3, 1, 1, 0, 3, 3, 0, 3, 0, 0] }

-- Normalised cumulative distribution of the weights.
def cdf [n] (w: [n]f64) : [n]f64 =
  let total = f64.sum w
  in scan (+) 0 (map (/ total) w)

-- First index whose CDF value reaches u (the last index if none does).
def search [n] (c: [n]f64) (u: f64) : i64 =
  let (lo, _) = loop (lo, hi) = (0i64, n - 1) while lo < hi do
                  let mid = (lo + hi) / 2
                  in if c[mid] >= u then (lo, mid) else (mid + 1, hi)
  in lo

-- Systematic resampling: n evenly spaced pointers (j + u) / n, each mapped
-- to the particle whose CDF interval holds it.
def systematic [n] (u: f64) (w: [n]f64) : [n]i64 =
  let c = cdf w
  in map (\j -> search c ((f64.i64 j + u) / f64.i64 n)) (iota n)

entry resample [n] (u: f64) (w: [n]f64) : [n]i64 = systematic u w

-- Multiply the weights by a Gaussian likelihood of the observation,
-- normalise, and report the effective sample size 1 / sum w^2.
def reweight [n] (obs: f64) (sigma: f64) (xs: [n]f64) (w: [n]f64) : ([n]f64, f64) =
  let lik = map2 (\x wi -> wi * f64.exp (-0.5 * ((x - obs) / sigma) ** 2)) xs w
  let total = f64.sum lik
  let nw = map (/ total) lik
  in (nw, 1 / f64.sum (map (\v -> v * v) nw))

entry update [n] (obs: f64) (sigma: f64) (xs: [n]f64) (w: [n]f64) : ([n]f64, f64) =
  reweight obs sigma xs w

-- A whole filter step: reweight, estimate the state as the weighted mean,
-- resample the particles (gather) and count each particle's copies with a histogram.
entry step [n] (obs: f64) (sigma: f64) (u: f64) (xs: [n]f64) (w: [n]f64) : ([n]f64, f64, [n]i32) =
  let (nw, _) = reweight obs sigma xs w
  let est = f64.sum (map2 (*) nw xs)
  let idx = systematic u nw
  let copies = hist (+) 0i32 n idx (replicate n 1)
  in (map (\i -> xs[i]) idx, est, copies)
