-- filter inside a loop: repeatedly drop the smallest element.
-- ==
-- input { [5, 1, 4, 2, 3] 2 } output { [5, 4, 3] }
def main (xs: []i32) (k: i32) =
  loop ys = xs for _i < k do
    let m = reduce i32.min i32.highest ys
    in filter (!= m) ys
