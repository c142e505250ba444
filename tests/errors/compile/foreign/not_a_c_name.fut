-- The C name given after `=` must be a C identifier.
-- ==
-- error: `cube root` is not a C function name

foreign "<math.h>" def cube_root (x: f64): f64 = "cube root"
def main (x: f64) = cube_root x
