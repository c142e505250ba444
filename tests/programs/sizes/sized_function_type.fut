-- A higher-order function whose argument preserves the size.
-- ==
-- input { [1, 2, 3] } output { [3, 2, 1] }
def apply [n] (f: [n]i32 -> [n]i32) (xs: [n]i32) : [n]i32 = f xs
def main (xs: []i32) = apply reverse xs
