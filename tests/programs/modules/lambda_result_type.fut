-- A parametric module written as a lambda with a result module type: the `->` after
-- the result type is the lambda's, not a parametric module type's.
-- ==
-- input { 4 } output { 6 }
module type mt = { type t val f : t -> t }

module twice = \(P: mt) : (mt with t = P.t) -> {
  type t = P.t
  def f (x: t) = P.f (P.f x)
}

module inc = twice { type t = i32 def f (x: i32) = x + 1 }

def main (x: i32) = inc.f x
