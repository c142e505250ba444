-- A foreign function returns scalars, arrays of them, or a tuple of those: not a record.
-- ==
-- error: result of foreign function `polar` is `\{.*\}`.*scalars.*arrays of them

foreign "<math.h>" def polar (x: f64) (y: f64): {r: f64, theta: f64}
def main (x: f64) = (polar x x).r
