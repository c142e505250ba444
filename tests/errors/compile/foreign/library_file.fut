-- A library file named after the header must exist.
-- ==
-- error: no library file `.*no_such_library\.so`

foreign "<math.h>" "no_such_library.so" def cbrt (x: f64): f64
def main (x: f64) = cbrt x
