-- A Loom name with an apostrophe is no C name: name the C function after `=`.
-- ==
-- error: `f'` is not a C function name

foreign "<math.h>" def f' (x: f64): f64
def main (x: f64) = f' x
