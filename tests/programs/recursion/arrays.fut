-- Recursive functions over arrays: the result's size comes from the recursion.
-- ==
-- input { [1, 2, 3, 4, 5] } output { 15 [5, 4, 3, 2, 1] [1, 2, 3, 4, 5, 5, 4, 3, 2, 1] }
-- input { empty([0]i32) } output { 0 empty([0]i32) empty([0]i32) }
def sum_rec [n] (xs: [n]i32) : i32 =
  if n == 0 then 0 else xs[0] + sum_rec xs[1:]

def rev_rec [n] (xs: [n]i32) : [n]i32 =
  if n == 0 then xs else (rev_rec xs[1:] ++ [xs[0]]) :> [n]i32

def mirror (xs: []i32) : []i32 =
  if length xs == 0 then xs else [xs[0]] ++ mirror xs[1:] ++ [xs[0]]

def main (xs: []i32) = (sum_rec xs, rev_rec xs, mirror xs)
