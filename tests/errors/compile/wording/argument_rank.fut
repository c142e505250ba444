-- A one-dimensional array passed for a two-dimensional parameter.
-- ==
-- error: Argument of type .* passed for parameter of type

def f [m][n] (x: [m][n]i32) = 0
def main (xs: []i32) = f xs
