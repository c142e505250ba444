-- A foreign function declares its result type.
-- ==
-- error: expected `:` and the result type of the foreign function

foreign "<math.h>" def cbrt (x: f64)
def main (x: f64) = cbrt x
