-- Checker stress (inference/sizes/uniqueness): rec.fut
-- ==
-- input { 2 } output { 3 5 }
def mk x = {a = x, b = x + 3}
def main (x: i32) = let r = mk x in (r.a + 1, r.b)
