-- A module's functions and operators used as backtick operators and in sections, by
-- their qualified names, through an alias and after `open` (each is the member's
-- definition on every backend).
-- ==
-- input { 1 } output { 21 31 41 [11, 12] [11] 3 [2] [4] }
-- input { -5 } output { 15 25 35 [5, 12] [-49] -15 [-10] [-20] }
module M = {
  def add (a: i32) (b: i32) = a + b * 10
  def (+^) (a: i32) (b: i32) = a * b
}
module N = M
open M
entry main (x: i32) =
  (x `add` 2, x `N.add` 3, x `M.add` 4,
   map (`N.add` 1) [x, 2], map (1 `add`) [x], reduce (N.+^) 1 [x, 3], map (N.+^ 2) [x], map (x +^) [4])
