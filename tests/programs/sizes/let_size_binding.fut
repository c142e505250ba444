-- Binding the size of a filter's result with let [k].
-- ==
-- input { [5, 6, 7, 8] } output { 2i64 [6, 8] }
def main (xs: []i32) =
  let [k] (evens: [k]i32) = filter (\x -> x % 2 == 0) xs
  in (k, evens)
