-- Only a parametric module can be applied.
-- ==
-- error: not parametric

module M = { def x : i32 = 1 }
module N = { def y : i32 = 2 }
module G = M N
def main (x: i32) = x
