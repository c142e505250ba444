-- User option and either sum types with polymorphic combinators, user operators (>>=, >=>, <|>, >>|), pipes and composition, arrays of options through map, filter, scan and non-commutative reductions.
-- ==
-- entry: pipeline
-- "mixed" input { [10, 7, -7, 100, 5, 300, -151, 0, 9] [3, 0, 2, 1, -1, 2, -3, 5, -4] } output { [10, -1, -11, -1, -14, -1, 151, 1, -8] 6 10 151 [10, 10, -11, -11, -14, -14, 151, 1, -8] [10, -11, -14, 151, 1, -8] }
-- "empty" input { empty([0]i32) empty([0]i32) } output { empty([0]i32) 0 -999 -2147483648 empty([0]i32) empty([0]i32) }
-- "one absent" input { [4] [0] } output { [-1] 0 -999 -2147483648 [0] empty([0]i32) }
-- "extremes" input { [-2147483648, 2147483647] [1, -1] } output { [-1, -1] 0 -999 -2147483648 [0, 0] empty([0]i32) }
-- "random" input { [124, -166, -129, -106, -128, 120, 147, 32, -185, -163, -68, -27, 48, -9, -95, -137, 76, 93, -187, -155, -20, -44, 155, 6, -32, -28, 66, 34, -131, 95, 102, 182] [3, -2, -2, 1, 1, 2, 3, -2, 4, -4, -4, 4, 4, -2, -3, -2, -4, 4, 1, 1, -2, 0, -3, 2, 0, -4, -2, 2, 0, -1, -2, -4] } output { [124, -1, -1, -1, -1, -1, 148, -47, -140, 121, 52, -20, 37, 13, 94, -1, -56, 70, -1, -1, 31, -1, -1, 10, -1, 22, -98, 52, -1, -1, -1, -137] 18 124 148 [124, 124, 124, 124, 124, 124, 148, -47, -140, 121, 52, -20, 37, 13, 94, 94, -56, 70, 70, 70, 31, 31, 31, 10, 10, 22, -98, 52, 52, 52, 52, -137] [124, 148, -47, -140, 121, 52, -20, 37, 13, 94, -56, 70, 31, 10, 22, -98, 52, -137] }
-- entry: validate
-- "errors" input { [0, 1, 2, 0, 1, 2, 3, 0] [16.0, 1.0, 4.0, 2.0, 20.0, 0.5, 1.0, 12000.0] } output { [0, 0, 0, 0, 0, 0, 4, 5] [4.0, 0.0, 0.25, 1.4142135623730951, 2.995732273553991, 2.0, f64.nan, f64.nan] 4 0.0 [6, 0, 0, 0, 1, 1] }
-- "all ok" input { [0, 1, 2, 2] [6.25, 2.718281828459045, -8.0, 0.125] } output { [0, 0, 0, 0] [2.5, 1.0, -0.125, 8.0] 0 11.375 [4, 0, 0, 0, 0, 0] }
-- "empty" input { empty([0]i32) empty([0]f64) } output { empty([0]i32) empty([0]f64) 0 0.0 [0, 0, 0, 0, 0, 0] }
-- "errors only" input { [1, 0, 2] [0.0, -1.0, 0.0] } output { [2, 1, 3] [f64.nan, f64.nan, f64.nan] 2 0.0 [0, 1, 1, 1, 0, 0] }
-- "random" input { [2, 2, 2, 3, 3, 0, 2, 2, 0, 1, 1, 2, 1, 2, 2, 0, 1, 3, 3, 2] [6.194, 7.841, 3.143, 7.104, 8.542, -0.772, 8.197, 2.727, 3.756, -0.244, 6.381, 1.504, 8.454, 1.304, 4.742, 2.796, 5.355, 0.36, 0.163, 6.962] } output { [0, 0, 0, 4, 4, 1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 4, 4, 0] [0.16144656118824668, 0.1275347532202525, 0.31816735602927143, f64.nan, f64.nan, f64.nan, 0.12199585214102722, 0.3667033370003667, 1.9380402472601026, f64.nan, 1.85332482488621, 0.6648936170212766, 2.1346397021445984, 0.7668711656441718, 0.21088148460565162, 1.6721243972862785, 1.6780307038997122, f64.nan, f64.nan, 0.14363688595231255] 4 0.0 [14, 1, 1, 0, 4, 0] }
-- entry: lookup
-- "dup keys" input { [3, 1, 4, 1, 5] [0.5f32, 2.0f32, -1.5f32, 9.0f32, 4.0f32] [1, 2, 5, 3, 1] } output { [2.0f32, f32.nan, 4.0f32, 0.5f32, 2.0f32] [true, false, true, true, true] [0.0f32, 0.0f32, 2.0f32, 1.0f32, 4.0f32] }
-- "no keys" input { empty([0]i32) empty([0]f32) [7, 8] } output { [f32.nan, f32.nan] [false, false] [0.0f32, 0.0f32] }
-- "no queries" input { [2] [3.0f32] empty([0]i32) } output { empty([0]f32) empty([0]bool) empty([0]f32) }
-- "one" input { [-1] [2.5f32] [-1] } output { [2.5f32] [true] [6.25f32] }

type option 'a = #none | #some a
type either 'e 'a = #left e | #right a

def is_some 'a (o: option a) : bool =
  match o
  case #some _ -> true
  case #none -> false

def get_or 'a (d: a) (o: option a) : a =
  match o
  case #some x -> x
  case #none -> d

def map_opt 'a 'b (f: a -> b) (o: option a) : option b =
  match o
  case #some x -> #some (f x)
  case #none -> #none

-- Bind, and Kleisli composition.
def (>>=) 'a 'b (o: option a) (f: a -> option b) : option b =
  match o
  case #some x -> f x
  case #none -> #none

def (>=>) 'a 'b 'c (f: a -> option b) (g: b -> option c) (x: a) : option c = f x >>= g

-- The first present value (associative, not commutative).
def (<|>) 'a (x: option a) (y: option a) : option a =
  match x
  case #some _ -> x
  case #none -> y

def lift2 'a 'b 'c (f: a -> b -> c) (x: option a) (y: option b) : option c =
  x >>= (\a -> map_opt (f a) y)

-- Keeps the larger of two present values.
def opt_max (x: option i32) (y: option i32) : option i32 =
  match (x, y)
  case (#none, _) -> y
  case (_, #none) -> x
  case (#some a, #some b) -> #some (i32.max a b)

def safe_div (y: i32) (x: i32) : option i32 = if y == 0 then #none else #some (x / y)
def in_range (lo: i32) (hi: i32) (x: i32) : option i32 = if x >= lo && x <= hi then #some x else #none

-- x / y, kept if within [-50, 50], then 3q+1; -1 when absent.  Also: how many
-- are present, the first and the largest present ones, the results filled
-- forward by the last present one (0 before any), and the present ones.
entry pipeline [n] (xs: [n]i32) (ys: [n]i32) : ([n]i32, i32, i32, i32, [n]i32, []i32) =
  let chain y = safe_div y >=> in_range (-50) 50 >=> (\q -> #some (q * 3 + 1))
  let rs = map2 (\x y -> chain y x) xs ys
  let count = rs |> map (is_some >-> i32.bool) |> i32.sum
  let first = reduce (<|>) #none rs |> get_or (-999)
  let largest = get_or i32.lowest <| reduce opt_max #none rs
  let filled = scan (flip (<|>)) #none rs |> map (get_or 0)
  let kept = rs |> filter is_some |> map (get_or 0)
  in (map (get_or (-1)) rs, count, first, largest, filled, kept)

def (>>|) 'e 'a 'b (x: either e a) (f: a -> either e b) : either e b =
  match x
  case #left e -> #left e
  case #right v -> f v

def guard 'e 'a (p: a -> bool) (err: e) (x: a) : either e a =
  if p x then #right x else #left err

def either_fold 'e 'a 'b (l: e -> b) (r: a -> b) (x: either e a) : b =
  match x
  case #left e -> l e
  case #right v -> r v

-- Code 0: square root, 1: natural log, 2: reciprocal; results above 100 are
-- errors too.  Error codes: 1 negative, 2 not positive, 3 zero, 4 bad code,
-- 5 too large.
def op_of (code: i32) (v: f64) : either i32 f64 =
  let r = match code
          case 0 -> guard (>= 0) 1 v >>| (\x -> #right (f64.sqrt x))
          case 1 -> guard (> 0) 2 v >>| (f64.log >-> \x -> #right x)
          case 2 -> guard (!= 0) 3 v >>| (\x -> #right (1 / x))
          case _ -> #left 4
  in r >>| guard (<= 100) 5

-- The first error, else the sum (associative, not commutative).
def first_error (a: either i32 f64) (b: either i32 f64) : either i32 f64 =
  match (a, b)
  case (#left _, _) -> a
  case (#right _, #left _) -> b
  case (#right x, #right y) -> #right (x + y)

-- Each value's error code (0: none) and result (NaN on error), the first
-- error (0: none) and the sum of results (0 on error), and a count of each code.
entry validate [n] (codes: [n]i32) (vals: [n]f64) : ([n]i32, [n]f64, i32, f64, [6]i32) =
  let rs = map2 op_of codes vals
  let errs = map (either_fold id (const 0)) rs
  let vs = map (either_fold (const f64.nan) id) rs
  let (e, s) = either_fold (\e -> (e, 0)) (\s -> (0, s)) (reduce first_error (#right 0) rs)
  let hist = reduce_by_index (replicate 6 0) (+) 0 (map i64.i32 errs) (replicate n 1)
  in (errs, vs, e, s, hist)

-- For each query, the value of the first matching key (NaN if none), whether
-- it was found, and the product of two lookups' values where both exist.
entry lookup [m][q] (keys: [m]i32) (vals: [m]f32) (queries: [q]i32) : ([q]f32, [q]bool, [q]f32) =
  let find k = map2 (\k' v -> if k' == k then #some (k', v) else #none) keys vals
               |> reduce (<|>) #none
               |> map_opt (.1)
  let found = map find queries
  let prods = map2 (lift2 (*)) found (rotate 1 found) |> map (get_or 0)
  in (map (get_or f32.nan) found, map is_some found, prods)
