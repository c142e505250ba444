-- A recursive call must pass its functional parameter unchanged.
-- ==
-- error: [Ff]unction|[Hh]igher|[Ll]ifted|[Oo]rder|[Rr]ecurs

def apply_n (f: i32 -> i32) (n: i32) (x: i32) : i32 =
  if n == 0 then x else apply_n (\y -> f (f y)) (n - 1) x

def main (n: i32) = apply_n (\y -> y + 1) n 0
