-- A function returning a tuple containing a unique array.
-- ==
-- input { [4, 5] } output { [4, 50] 5 }
def upd (xs: *[]i32) : (*[]i32, i32) =
  let old = xs[1]
  in (xs with [1] = old * 10, old)
def main (xs: *[]i32) = upd xs
