-- A polymorphic function returning an array of the type parameter.
-- ==
-- input { 3i64 7 } output { [7, 7, 7] [true, true, true] }
def fill 'a (n: i64) (x: a) : [n]a = replicate n x
def main (n: i64) (x: i32) = (fill n x, fill n true)
