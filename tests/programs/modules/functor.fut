-- A parametric module applied to two modules that match its parameter's module type
-- (one ascribed with `with t = i32`): reduce and scan with the argument's operator.
-- ==
-- input { [1, 2, 3, 4] [1.5f32, -2f32, 7.25f32] } output { 10 [1, 3, 6, 10] 7.25f32 }
-- input { empty([0]i32) empty([0]f32) } output { 0 empty([0]i32) -f32.inf }
module type monoid = {
  type t
  val op : t -> t -> t
  val ne : t
}
module Sum_i32 : monoid with t = i32 = {
  type t = i32
  def op (a: i32) (b: i32) = a + b
  def ne : i32 = 0
}
module Max_f32 = {
  type t = f32
  def op (a: f32) (b: f32) = f32.max a b
  def ne = -f32.inf
}
module Fold (M: monoid) = {
  def fold [n] (xs: [n]M.t) : M.t = reduce M.op M.ne xs
  def scan_all [n] (xs: [n]M.t) : [n]M.t = scan M.op M.ne xs
}
module S = Fold Sum_i32
module X = Fold Max_f32
entry main (xs: []i32) (ys: []f32) = (S.fold xs, S.scan_all xs, X.fold ys)
