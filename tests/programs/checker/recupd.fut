-- Checker stress (inference/sizes/uniqueness): recupd.fut
-- ==
-- input { 2 } output { 2 7 }
def main (x: i32) = let r = {a = x, b = 0} let r = r with b = 7 in (r.a, r.b)
