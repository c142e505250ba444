-- A numeric module sealed by a module type: its type is abstract outside, and its
-- built-in operators (`A.+`, infix and as a section) are still f64's own.
-- ==
-- input { 3 } output { 7i64 6i64 true }
-- input { -4 } output { 0i64 -8i64 false }
module A : {
  type t
  val + : t -> t -> t
  val < : t -> t -> bool
  val i32 : i32 -> t
  val to_i64 : t -> i64
} = f64
entry main (x: i32) =
  (A.to_i64 (A.i32 x A.+ A.i32 4),
   A.to_i64 (reduce (A.+) (A.i32 0) (map A.i32 [x, x])),
   A.i32 0 A.< A.i32 x)
