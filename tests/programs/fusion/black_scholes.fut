-- Black-Scholes over arrays: several maps over the same arrays, one kernel.
-- ==
-- structure { Screma 1 Map 0 }
-- input { [30.0, 40.0, 50.0] [35.0, 40.0, 45.0] [0.5, 1.0, 2.0] }
-- output { [1.008378, 5.128634, 11.661283] [5.660122, 4.336581, 4.896808] }
def cnd (d: f64) =
  let k = 1.0 / (1.0 + 0.2316419 * f64.abs d)
  let w = k * (0.31938153 + k * (-0.356563782 + k * (1.781477937 + k * (-1.821255978 + k * 1.330274429))))
  let p = 1.0 - 0.3989422804 * f64.exp (-d * d / 2.0) * w
  in if d < 0.0 then 1.0 - p else p

def main [n] (s: [n]f64) (x: [n]f64) (t: [n]f64) =
  let r = 0.02
  let v = 0.3
  let d1 = map3 (\s x t -> (f64.log (s / x) + (r + v * v / 2.0) * t) / (v * f64.sqrt t)) s x t
  let d2 = map2 (\d1 t -> d1 - v * f64.sqrt t) d1 t
  let calls = map4 (\s x t (d1, d2) -> s * cnd d1 - x * f64.exp (-r * t) * cnd d2) s x t (zip d1 d2)
  let puts = map4 (\s x t (d1, d2) -> x * f64.exp (-r * t) * cnd (-d2) - s * cnd (-d1)) s x t (zip d1 d2)
  in (calls, puts)
