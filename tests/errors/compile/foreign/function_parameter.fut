-- A foreign function takes scalars and arrays of them: not a function.
-- ==
-- error: parameter of foreign function `apply` is `f64 -> f64`.*scalars.*arrays of them

foreign "<math.h>" def apply (g: f64 -> f64) (x: f64): f64
def main (x: f64) = apply (+ 1) x
