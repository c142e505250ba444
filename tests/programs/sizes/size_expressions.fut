-- Sizes given by expressions: `xs ++ ys` has size n + m, `replicate (n + 1) x`
-- has size n + 1, `flatten` n * m, `tail` n - 1, and a top-level constant is a size;
-- the same expression twice is the same size.
-- ==
-- entry: concat_twice
-- input { [1, 2] [3] } output { [2, 4, 6] }
-- input { empty([0]i32) empty([0]i32) } output { empty([0]i32) }
-- entry: replicate_twice
-- input { 2i64 } output { [3, 3, 3] }
-- entry: tail_init
-- input { [1, 4, 9, 16] } output { [3, 5, 7] }
-- input { [5] } output { empty([0]i32) }
-- entry: flat_twice
-- input { [[1, 2], [3, 4]] } output { [1, 4, 9, 16] }
-- entry: by_constant
-- input { 7 } output { [7, 8] }
-- entry: through_function
-- input { [1, 2] [3, 4, 5] } output { [2, 4, 6, 8, 10] }
-- entry: constant_folded
-- input { [1, 2] [3] [4, 5, 6] } output { [5, 7, 9] }

def two : i64 = 2

def cat [n] [m] (xs: [n]i32) (ys: [m]i32) : [n + m]i32 = xs ++ ys

entry concat_twice [n] [m] (xs: [n]i32) (ys: [m]i32) = map2 (+) (xs ++ ys) (xs ++ ys)

entry replicate_twice (n: i64) = map2 (+) (replicate (n + 1) 1i32) (replicate (n + 1) 2)

entry tail_init [n] (xs: [n]i32) = map2 (-) (tail xs) (init xs)

entry flat_twice [n] [m] (xs: [n][m]i32) = map2 (*) (flatten xs) (flatten xs)

entry by_constant (x: i32) : [two]i32 =
  let a : [two]i32 = replicate two x
  in map2 (+) a (map i32.i64 (iota two))

entry through_function [n] [m] (xs: [n]i32) (ys: [m]i32) = map2 (+) (cat xs ys) (xs ++ ys)

-- [2] ++ [1] is [3], the size of zs.
entry constant_folded (xs: [2]i32) (ys: [1]i32) (zs: [3]i32) = map2 (+) (xs ++ ys) zs
