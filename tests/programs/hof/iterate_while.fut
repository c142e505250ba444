-- The prelude's iterate_while and iterate_until.
-- ==
-- input { 1 } output { 128 128 }
def main (x: i32) = (iterate_while (< 100) (* 2) x, iterate_until (>= 100) (* 2) x)
