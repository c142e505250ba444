-- Insertion sort with loops and in-place updates.
-- ==
-- input { [5, 2, 9, 1, 5, 6] } output { [1, 2, 5, 5, 6, 9] }
-- input { empty([0]i32) } output { empty([0]i32) }
-- input { [3, 2, 1] } output { [1, 2, 3] }
def main [n] (xs: [n]i32) =
  loop a = copy xs for k < n - 1 do
    let i = k + 1
    let (a, _) =
      loop (a, j) = (a, i) while j > 0 && a[j - 1] > a[j] do
        let t = a[j]
        let a[j] = a[j - 1]
        let a[j - 1] = t
        in (a, j - 1)
    in a
