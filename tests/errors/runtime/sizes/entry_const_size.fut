-- A constant size in an entry parameter's type is checked when the entry is called.
-- ==
-- input { [1,2,3] } output { 6 }
-- input { [1,2] } error: entry point `main`: argument `xs` has size 2 in dimension 1, but its type says 3

def main (xs: [3]i32) = xs[0] + xs[1] + xs[2]
