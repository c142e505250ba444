-- A polymorphic function whose result size is a sum of sizes.
-- ==
-- input { [1, 2] [3, 4, 5] } output { [1, 2, 3, 4, 5] 5i64 }
def join 't [n] [m] (a: [n]t) (b: [m]t) : [n + m]t = a ++ b
def main (a: []i32) (b: []i32) = let c = join a b in (c, length c)
