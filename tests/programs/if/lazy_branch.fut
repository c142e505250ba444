-- Only the chosen branch is evaluated: the other would be out of bounds.
-- ==
-- input { empty([0]i32) } output { 0 }
-- input { [5, 6] } output { 5 }
def main (xs: []i32) = if length xs == 0 then 0 else xs[0]
