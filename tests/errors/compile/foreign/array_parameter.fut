-- An array parameter's sizes are the function's size parameters (C receives them): not a
-- constant.
-- ==
-- error: parameter of foreign function `norm` is `\[3\]f64`.*one of its size parameters

foreign "<math.h>" def norm (v: [3]f64): f64
def main (x: f64) = norm [x, x, x]
