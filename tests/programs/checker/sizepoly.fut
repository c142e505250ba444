-- Checker stress (inference/sizes/uniqueness): sizepoly.fut
-- ==
-- input { [1,2,3] [4,5] } output { 3i64 2i64 }
def len [n] 't (_: [n]t) : i64 = n
def main (a: []i32) (b: []i32) = (len a, len b)
