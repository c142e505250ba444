-- A short tour of Loom (Futhark's core language), run by the README's quick start:
--
--   echo '[1, 2, 3, 4, 5]' | ./build/loom run examples/tour.fut
--
-- It prints the sum of squares, the running maximum of the input and
-- the positions of the even numbers.

-- | Sum of squares: a map fused into a reduction by the compiler.
def sum_squares [n] (xs: [n]i32) : i32 =
  reduce (+) 0 (map (\x -> x * x) xs)

-- | Running maximum, with an inclusive scan.
def running_max [n] (xs: [n]i32) : [n]i32 =
  scan i32.max i32.lowest xs

-- | The indices of the even elements, with filter.
def even_positions [n] (xs: [n]i32) : []i64 =
  filter (\i -> xs[i] % 2 == 0) (iota n)

-- ==
-- input { [1, 2, 3, 4, 5] }
-- output { 55 [1, 2, 3, 4, 5] [1i64, 3i64] }
-- input { empty([0]i32) }
-- output { 0 empty([0]i32) empty([0]i64) }
entry main [n] (xs: [n]i32) : (i32, [n]i32, []i64) =
  (sum_squares xs, running_max xs, even_positions xs)
