-- A foreign function takes scalars only: an array parameter.
-- ==
-- error: parameter of foreign function `norm` is `\[3\]f64`.*scalars only

foreign "<math.h>" def norm (v: [3]f64): f64
def main (x: f64) = norm [x, x, x]
