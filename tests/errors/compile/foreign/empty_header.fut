-- A foreign function names the file or system header its C function is in.
-- ==
-- error: needs a header

foreign "" def cbrt (x: f64): f64
def main (x: f64) = cbrt x
