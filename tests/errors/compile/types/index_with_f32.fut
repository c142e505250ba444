-- An index is an integer (of any integer type); a float is not one.
-- ==
-- error: index must be an integer

def main (xs: []i32) (x: f32) = xs[x]
