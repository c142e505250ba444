-- Operators accessed through the module namespace.
-- ==
-- input { 7 2 } output { 9 5 14 3 1 3 1 }
def main (x: i32) (y: i32) =
  (i32.(+) x y, i32.(-) x y, i32.(*) x y, i32.(/) x y, i32.(%) x y, i32.(//) x y, i32.(%%) x y)
