-- The libraries after the header are linker arguments: `-lname`, `-Ldir` or a file.
-- ==
-- error: `m` is not a library: write `-lname`, `-Ldir` or a library file

foreign "<math.h>" "m" def cbrt (x: f64): f64
def main (x: f64) = cbrt x
