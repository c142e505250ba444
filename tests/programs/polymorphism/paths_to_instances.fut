-- Polymorphic functions that build values of their type parameters (#none, [], scatter and reduce_by_index destinations, sums in loop state) reached through pipes, composition, partial application, sections, SOACs, records of functions, local functions and sizes.
-- ==
-- entry: pipes
-- input { 3 } output { 3 5u8 3i64 }
-- input { -3 } output { 0 5u8 0i64 }
-- entry: composition
-- input { [1, 2] } output { [7i8, 7i8] 0i64 2i64 }
-- input { empty([0]i32) } output { empty([0]i8) 0i64 0i64 }
-- entry: partial
-- input { 2i64 } output { [1.5f32, 1.5f32] 5u8 0i64 2i64 }
-- input { 0i64 } output { empty([0]f32) 5u8 0i64 0i64 }
-- entry: sections
-- input { [1, 2] [3] 2i64 } output { [1, 2, 3] [3, 1, 2] 2i64 0i64 2i64 }
-- input { empty([0]i32) empty([0]i32) 0i64 } output { empty([0]i32) empty([0]i32) 0i64 0i64 0i64 }
-- entry: soacs
-- input { [1, -2, 3] } output { [1, 0, 3] [-1i8, -1i8, -1i8] [1, -2, 3] }
-- input { empty([0]i32) } output { empty([0]i32) empty([0]i8) empty([0]i32) }
-- entry: records_of_functions
-- input { [1, 2, 3] } output { [1, 3] 2i64 6 3i64 }
-- input { [2, 4] } output { empty([0]i32) 0i64 6 2i64 }
-- input { empty([0]i32) } output { empty([0]i32) 0i64 0 0i64 }
-- entry: sum_state
-- input { [[1, 5], [3, 2]] } output { [5, 3] 5 }
-- input { [[-1, -5]] } output { [-1] -1 }
-- input { empty([0][2]i32) } output { empty([0]i32) -7 }
-- entry: destinations
-- input { [0i64, 2i64, 0i64] [5, 1, 7] } output { [7, -1, 1] [7, 1, 5] [12, 0, 1] [1, 1, 1] }
-- input { empty([0]i64) empty([0]i32) } output { [-1, -1, -1] [-1, -1, -1] [0, 0, 0] [1, 1, 1] }
-- entry: local_functions
-- input { [1, 2, 3] } output { [3, 2, 1] [2.0, 4.0, 6.0] 3i64 1 3 }
-- input { empty([0]i32) } output { empty([0]i32) empty([0]f64) 0i64 2147483647 -2147483648 }
-- entry: sizes_and_types
-- input { [1, 2, 3, 4] 3i64 } output { [3, 7] [[1, 3], [2, 4]] 3i64 0i64 }
-- input { empty([0]i32) 0i64 } output { empty([0]i32) empty([2][0]i32) 0i64 0i64 }

type option 'a = #none | #some a

def get 'a (d: a) (o: option a) : a = match o case #some x -> x case #none -> d
def some_if 'a (b: bool) (x: a) : option a = if b then #some x else #none
def nothing 'a 'b (_: a) : option b = #none
def nothing2 'a 'b (_: a) (_: i64) : option b = #none
def nil_of 'a 'b (_: a) : []b = []
def copies 'a (n: i64) (x: a) : []a = if n > 0 then replicate n x else []

-- The element types of `nothing`'s and `copies`'s results come from what the pipe feeds.
entry pipes (x: i32) : (i32, u8, i64) =
  (x |> some_if (x > 0) |> get 0,
   get 5u8 <| nothing <| x,
   i64.i32 x |> (\n -> copies n 'c') |> length)

entry composition (xs: []i32) : ([]i8, i64, i64) =
  let f = nothing >-> get 7i8
  let g = length <-< (nil_of : i32 -> []f32)
  let h = (\(n: i64) -> copies n true) >-> length
  in (map f xs, g 1, h (length xs))

entry partial (n: i64) : ([]f32, u8, i64, i64) =
  let rep = copies n
  let none_of_one = nothing2 1i32
  let zero = copies 0
  let rep_pairs = copies n
  in (rep 1.5f32, get 5u8 (none_of_one n), length (zero (1i8, 'c')), length (rep_pairs (n, [1u16])))

def (+++) [n] [m] 't (a: [n]t) (b: [m]t) : [n + m]t = a ++ b

entry sections (xs: []i32) (ys: []i32) (n: i64) : ([]i32, []i32, i64, i64, i64) =
  let app = (+++ xs)
  let left = (n `copies`)
  let right = (`copies` 'x')
  in (xs +++ ys, app ys, length (left 2.5f64), length (right 0), length ((+++) (left 1.0) []))

def apply_all 'a 'b (f: a -> option b) (xs: []a) : []option b = map f xs

entry soacs (xs: []i32) : ([]i32, []i8, []i32) =
  (map (get 0) (map2 some_if (map (> 0) xs) xs),
   apply_all nothing xs |> map (get (-1)),
   map2 get xs (map (nothing2 'c') (map i64.i32 xs)))

type^ ops 'a 'b = {keep: a -> option b, zero: b}

def run_ops 'a 'b (o: ops a b) (xs: []a) : ([]b, i64) =
  let kept = filter (\y -> match y case #some _ -> true case #none -> false) (map o.keep xs)
  in (map (get o.zero) kept, length kept)

entry records_of_functions (xs: []i32) : ([]i32, i64, i32, i64) =
  let (odd, n) = run_ops {keep = \x -> some_if (x % 2 == 1) x, zero = 0} xs
  let fs = (reduce (+) 0, length)
  in (odd, n, fs.0 xs, fs.1 xs)

def first_max [m] 'a (gt: a -> a -> bool) (xs: [m]a) : option a =
  loop acc = #none for x in xs do
    match acc
    case #none -> #some x
    case #some y -> if gt x y then #some x else acc

entry sum_state (xss: [][]i32) : ([]i32, i32) =
  (map (first_max (>) >-> get 0) xss, get (-7) (first_max (>) (flatten xss)))

def omax 'a (gt: a -> a -> bool) (x: option a) (y: option a) : option a =
  match (x, y)
  case (#some a, #some b) -> if gt a b then x else y
  case (#none, _) -> y
  case (_, #none) -> x

def hist_max 'a [n] (gt: a -> a -> bool) (k: i64) (is: [n]i64) (vs: [n]a) : [k]option a =
  reduce_by_index (replicate k #none) (omax gt) #none is (map (\v -> #some v) vs)

def scatter_some 'a [n] (k: i64) (is: [n]i64) (vs: [n]a) : [k]option a =
  scatter (replicate k #none) is (map (\v -> #some v) vs)

def hist2 't (add: t -> t -> t) (mul: t -> t -> t) (z: t) (o: t) (is: []i64) (vs: []t) : ([]t, []t) =
  unzip (reduce_by_index (replicate 3 (z, o)) (\(a, b) (c, d) -> (add a c, mul b d)) (z, o) is
                         (zip vs (map (\_ -> o) vs)))

entry destinations (is: []i64) (vs: []i32) : ([]i32, []i32, []i32, []i32) =
  let (sums, prods) = hist2 (+) (*) 0 1 is vs
  in (map (get (-1)) (hist_max (>) 3 is vs), map (get (-1)) (scatter_some 3 (map (2 -) (indices is)) vs), sums, prods)

entry local_functions (xs: []i32) : ([]i32, []f64, i64, i32, i32) =
  let rev [n] 't (ys: [n]t) : [n]t = ys[::-1]
  let twice 't (f: t -> t -> t) (ys: []t) : []t = map (\y -> f y y) ys
  let fill 't (x: t) : []t = replicate (length xs) x
  let best 't (gt: t -> t -> bool) (z: t) (ys: []t) : t = reduce (\a b -> if gt a b then a else b) z ys
  in (rev xs, twice (+) (map f64.i32 xs), length (fill (true, 'c')),
      best (<) i32.highest xs, best (>) i32.lowest xs)

def pairs2 [n] 't (xs: [n * 2]t) : [n][2]t = unflatten xs
def sum_rows [n] [m] 't (add: t -> t -> t) (z: t) (xss: [n][m]t) : [n]t = map (reduce add z) xss
def tabulate_with '~a (f: i64 -> a) (n: i64) : (i64, a) = (n, f n)

entry sizes_and_types (xs: []i32) (n: i64) : ([]i32, [][]i32, i64, i64) =
  let k = length xs / 2
  let p = pairs2 (xs :> [k * 2]i32)
  let (m, arr) = tabulate_with (\i -> filter (> i) (iota i)) n
  in (sum_rows (+) 0 p, transpose p, m, length arr)
