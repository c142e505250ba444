-- Maps of reductions over rows (segmented reductions): on the GPU, a warp per row when
-- rows have 32 elements or more, lanes folding every 32nd element for commutative
-- operators and contiguous chunks in order for the others, else a thread per row.  Short and long rows, a
-- non-commutative operator, a reduction of a map, an argmin over tuples.
-- ==
-- entry: sums
-- input { 0i64 40i64 } output { empty([0]i32) }
-- input { 3i64 0i64 } output { [0i32, 0i32, 0i32] }
-- input { 5i64 7i64 } output { [1i32, -14i32, -6i32, 2i32, 10i32] }
-- input { 9i64 33i64 } output { [-2i32, -15i32, -5i32, 5i32, 15i32, 25i32, -11i32, -1i32, -14i32] }
-- input { 4i64 1000i64 } output { [-12i32, -7i32, -2i32, 3i32] }

def rows (n: i64) (m: i64) : [n][m]i32 =
  tabulate_2d n m (\i j -> i32.i64 ((i * 31 + j * 7 + i * j) % 23) - 11)

entry sums (n: i64) (m: i64) : [n]i32 =
  map (\r -> reduce (+) 0 r) (rows n m)

-- ==
-- entry: squares
-- input { 0i64 40i64 } output { empty([0]i32) }
-- input { 3i64 0i64 } output { [0i32, 0i32, 0i32] }
-- input { 5i64 7i64 } output { [347i32, 256i32, 328i32, 310i32, 248i32] }
-- input { 9i64 33i64 } output { [1460i32, 1381i32, 1441i32, 1525i32, 1357i32, 1397i32, 1461i32, 1457i32, 1454i32] }
-- input { 4i64 1000i64 } output { [44064i32, 43949i32, 43954i32, 44033i32] }

entry squares (n: i64) (m: i64) : [n]i32 =
  map (\r -> reduce (+) 0 (map (\x -> x * x) r)) (rows n m)

-- ==
-- entry: affine
-- input { 0i64 40i64 } output { empty([0]i64) }
-- input { 3i64 0i64 } output { [0i64, 0i64, 0i64] }
-- input { 5i64 7i64 } output { [-8521i64, -1810i64, 1658i64, -6512i64, 682i64] }
-- input { 9i64 33i64 } output { [-21666054447928302i64, -4596915469908201i64, 4215239068392819i64, -16558931859295243i64, 1737206440799639i64, 9380824485516065i64, -14961908890401991i64, -7362309588808745i64, 10797655941938194i64] }
-- input { 4i64 1000i64 } output { [1902396389414478852i64, -8440621575421025803i64, -6876135503731579348i64, 3219591759133425597i64] }

-- (a, b) . (c, d) = (a * d + c, b * d): associative, not commutative
entry affine (n: i64) (m: i64) : [n]i64 =
  map (\r -> let (x, _) = reduce (\(a, b) (c, d) -> (a * d + c, b * d)) (0i64, 1i64)
                                 (map (\x -> (i64.i32 x, 3i64)) r)
             in x) (rows n m)

-- ==
-- entry: argmins
-- input { 2i64 3i64 } output { [0i64, 2i64] }
-- input { 6i64 45i64 } output { [0i64, 22i64, 11i64, 16i64, 18i64, 12i64] }

entry argmins (n: i64) (m: i64) : [n]i64 =
  map (\r -> let (_, j) = reduce (\(x, i) (y, j) -> if y < x || (y == x && j < i) then (y, j) else (x, i))
                                 (i32.highest, -1) (zip r (iota m))
             in j) (rows n m)
