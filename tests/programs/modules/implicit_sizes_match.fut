-- Members whose sizes are implicit (`[]` in their parameters) meet module types that
-- name them, or leave them anonymous, and a parametric module uses them.
-- ==
-- input { [1, 2] } output { [2, 3] 2i64 [7, 8] [3, 4] }
-- input { empty([0]i32) } output { empty([0]i32) 0i64 empty([0]i32) empty([0]i32) }

module type T = {
  val f [n] : [n]i32 -> [n]i32
  val g : []i32 -> i64
  val h [n] [m] : [n]i32 -> [m]i32 -> [n]i32
}

module M : T = {
  def f (xs: []i32) = map (+ 1) xs
  def g (xs: []i32) = length xs
  def h (xs: []i32) (ys: []i32) = map (+ i32.sum ys) xs
}

module P (X: T) = { def twice (xs: []i32) = X.f (X.f xs) }

module Q = P M

def main (xs: []i32) = (M.f xs, M.g xs, M.h xs [1, 2, 3], Q.twice xs)
