-- A polymorphic operator, a function applied in backticks and a polymorphic constant
-- whose bodies build values of their type parameters that no argument carries
-- (`#none : option a`, `[] : []a`): each use's type arguments reach them.  The compiled
-- backends lost an operator's (and a constant's) instantiation, a compiler limitation
-- ("values of type a are not supported yet") where the interpreter ran.
-- ==
-- entry: infix
-- input { 5 } output { 6 }
-- input { -5 } output { -1 }
-- entry: sections
-- input { 5 } output { 12 -5 }
-- input { 0 } output { -1 1 }
-- entry: backtick
-- input { 3 } output { 3i64 0i64 }
-- input { 0 } output { 0i64 0i64 }
-- entry: constants
-- input { 5 } output { 5 0i64 2i64 }
-- input { -5 } output { 7 0i64 2i64 }
-- entry: empties
-- input { 0i64 } output { empty([0]i32) empty([0]u8) empty([0]f32) empty([0]bool) }
-- input { 2i64 } output { [3, 3] [1u8, 1u8] empty([0]f32) [true, true] }
-- entry: in_module
-- input { 4f32 } output { 8f32 }
-- input { -4f32 } output { 0f32 }

type option 'a = #none | #some a

def get 'a (d: a) (o: option a) : a = match o case #some x -> x case #none -> d

def (|>>) 'a (o: option a) (f: a -> a) : option a =
  match o
  case #some x -> #some (f x)
  case #none -> #none

def some_if 'a (b: bool) (x: a) : option a = if b then #some x else #none

entry infix (x: i32) : i32 =
  get (-1) (some_if (x > 0) x |>> (\y -> y + 1))

entry sections (x: i32) : (i32, i32) =
  let o = some_if (x > 0) x
  in (get (-1) ((|>> (\y -> y * 2 + 2)) o), get 1 ((o |>>) (\y -> y - 5 - x)))

def copies 'a (x: a) (n: i64) : []a = if n > 0 then replicate n x else []

entry backtick (x: i32) : (i64, i64) =
  (length (true `copies` i64.i32 x), length ((1f32, 'c') `copies` 0))

def none 'a : option a = #none
def nil 't : []t = []

entry constants (x: i32) : (i32, i64, i64) =
  (get 7 (if x > 0 then #some x else none), length (nil : []f32), length ((nil : [][2]u8) ++ [[1, 2], [3, 4]]))

def (<<>) 'a (x: a) (n: i64) : []a = copies x n

entry empties (n: i64) : ([]i32, []u8, []f32, []bool) =
  (3 <<> n, (<<> n) 1u8, copy (nil : []f32), true `copies` n)

module opt = {
  def (<|>) 'a (a: option a) (b: option a) : option a =
    match a case #some _ -> a case #none -> b
  def empty 'a : option a = #none
}

entry in_module (x: f32) : f32 =
  opt.(get 0 (some_if (x > 0) (x * 2) <|> empty <|> empty))
