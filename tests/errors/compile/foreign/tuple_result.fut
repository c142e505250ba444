-- A foreign function returns one scalar: a tuple result.
-- ==
-- error: result of foreign function `sincos` is `\(f64, f64\)`.*scalars only

foreign "<math.h>" def sincos (x: f64): (f64, f64)
def main (x: f64) = (sincos x).0
