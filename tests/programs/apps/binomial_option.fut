-- Binomial-tree (Cox-Ross-Rubinstein) pricing of European/American options, many options in parallel (f64).
-- ==
-- entry: main
-- "european 6 options 50 steps"
-- input { 50i32 false [100.0f64, 100.0f64, 90.0f64, 110.0f64, 42.0f64, 100.0f64] [100.0f64, 100.0f64, 100.0f64, 100.0f64, 40.0f64, 120.0f64] [0.05f64, 0.05f64, 0.03f64, 0.08f64, 0.1f64, 0.02f64] [0.2f64, 0.2f64, 0.35f64, 0.25f64, 0.2f64, 0.5f64] [1.0f64, 1.0f64, 0.5f64, 2.0f64, 0.5f64, 0.25f64] [true, false, false, true, false, true] }
-- output { [10.41069154073259f64, 5.533633990803794f64, 14.185929114261027f64, 29.413779920623142f64, 0.8106872779744879f64, 3.8580140639892666f64] }
-- "american 6 options 50 steps"
-- input { 50i32 true [100.0f64, 100.0f64, 90.0f64, 110.0f64, 42.0f64, 100.0f64] [100.0f64, 100.0f64, 100.0f64, 100.0f64, 40.0f64, 120.0f64] [0.05f64, 0.05f64, 0.03f64, 0.08f64, 0.1f64, 0.02f64] [0.2f64, 0.2f64, 0.35f64, 0.25f64, 0.2f64, 0.5f64] [1.0f64, 1.0f64, 0.5f64, 2.0f64, 0.5f64, 0.25f64] [true, false, false, true, false, true] }
-- output { [10.41069154073259f64, 6.073727985724883f64, 14.42376770497368f64, 29.413779920623142f64, 0.9107598851634562f64, 3.8580140639892666f64] }
-- "single step"
-- input { 1i32 false [100.0f64] [100.0f64] [0.05f64] [0.2f64] [1.0f64] [true] }
-- output { [12.162284964623941f64] }
-- "zero steps is intrinsic value"
-- input { 0i32 true [100.0f64, 100.0f64, 90.0f64, 110.0f64, 42.0f64, 100.0f64] [100.0f64, 100.0f64, 100.0f64, 100.0f64, 40.0f64, 120.0f64] [0.05f64, 0.05f64, 0.03f64, 0.08f64, 0.1f64, 0.02f64] [0.2f64, 0.2f64, 0.35f64, 0.25f64, 0.2f64, 0.5f64] [1.0f64, 1.0f64, 0.5f64, 2.0f64, 0.5f64, 0.25f64] [true, false, false, true, false, true] }
-- output { [0.0f64, 0.0f64, 10.0f64, 10.0f64, 0.0f64, 0.0f64] }
-- "no options"
-- input { 10i32 true empty([0]f64) empty([0]f64) empty([0]f64) empty([0]f64) empty([0]f64) empty([0]bool) }
-- output { empty([0]f64) }
-- entry: premium
-- "puts 40 steps"
-- input { 40i32 [100.0f64, 100.0f64, 90.0f64, 110.0f64, 42.0f64, 100.0f64] [100.0f64, 100.0f64, 100.0f64, 100.0f64, 40.0f64, 120.0f64] [0.05f64, 0.05f64, 0.03f64, 0.08f64, 0.1f64, 0.02f64] [0.2f64, 0.2f64, 0.35f64, 0.25f64, 0.2f64, 0.5f64] [1.0f64, 1.0f64, 0.5f64, 2.0f64, 0.5f64, 0.25f64] }
-- output { [0.5460528444763257f64, 0.5460528444763257f64, 0.24279277922033415f64, 1.0564869255071878f64, 0.10267632620905576f64, 0.11782852099685215f64] }
-- "puts 3 steps"
-- input { 3i32 [100.0f64, 100.0f64, 90.0f64, 110.0f64, 42.0f64, 100.0f64] [100.0f64, 100.0f64, 100.0f64, 100.0f64, 40.0f64, 120.0f64] [0.05f64, 0.05f64, 0.03f64, 0.08f64, 0.1f64, 0.02f64] [0.2f64, 0.2f64, 0.35f64, 0.25f64, 0.2f64, 0.5f64] [1.0f64, 1.0f64, 0.5f64, 2.0f64, 0.5f64, 0.25f64] }
-- output { [0.33274634459372443f64, 0.33274634459372443f64, 0.1325878774577589f64, 0.8140608747844542f64, 0.11151544112191536f64, 0.26100937707798977f64] }

type option = {spot: f64, strike: f64, rate: f64, vol: f64, expiry: f64, is_call: bool}

def payoff (o: option) (s: f64) : f64 =
  if o.is_call then f64.max (s - o.strike) 0.0 else f64.max (o.strike - s) 0.0

-- Cox-Ross-Rubinstein tree: the value array shrinks by one node per step of
-- backward induction; American options compare with immediate exercise.
def price (american: bool) (steps: i64) (o: option) : f64 =
  let dt = o.expiry / f64.i64 steps
  let u = f64.exp (o.vol * f64.sqrt dt)
  let d = 1.0 / u
  let growth = f64.exp (o.rate * dt)
  let p = (growth - d) / (u - d)
  let disc = 1.0 / growth
  let asset (i: i64) (j: i64) = o.spot * u ** f64.i64 j * d ** f64.i64 (i - j)
  let leaves = tabulate (steps + 1) (\j -> payoff o (asset steps j))
  let values =
    loop v = leaves for k < steps do
      let i = steps - 1 - k
      in tabulate (i + 1) (\j ->
           let cont = disc * (p * v[j + 1] + (1.0 - p) * v[j])
           in if american then f64.max cont (payoff o (asset i j)) else cont)
  in values[0]

def mk_options [n] (spot: [n]f64) (strike: [n]f64) (rate: [n]f64)
                   (vol: [n]f64) (expiry: [n]f64) (is_call: [n]bool) : [n]option =
  map (\i -> {spot = spot[i], strike = strike[i], rate = rate[i], vol = vol[i],
              expiry = expiry[i], is_call = is_call[i]})
      (iota n)

def main [n] (steps: i32) (american: bool) (spot: [n]f64) (strike: [n]f64) (rate: [n]f64)
             (vol: [n]f64) (expiry: [n]f64) (is_call: [n]bool) : [n]f64 =
  map (price american (i64.i32 steps)) (mk_options spot strike rate vol expiry is_call)

-- Early-exercise premium of puts: American minus European price.
entry premium [n] (steps: i32) (spot: [n]f64) (strike: [n]f64) (rate: [n]f64)
                  (vol: [n]f64) (expiry: [n]f64) : [n]f64 =
  let opts = mk_options spot strike rate vol expiry (replicate n false)
  in map2 (-) (map (price true (i64.i32 steps)) opts) (map (price false (i64.i32 steps)) opts)
