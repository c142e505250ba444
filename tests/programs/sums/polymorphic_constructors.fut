-- Sum constructors at a polymorphic type compile on every backend.
-- ==
-- entry: first_even
-- input { [1, 3, 4, 6] } output { true 4 }
-- input { [1, 3] } output { false 0 }
-- input { empty([0]i32) } output { false 0 }
-- entry: either_pick
-- input { true 2.5 7 } output { 2.5 0 }
-- input { false 2.5 7 } output { 0.0 7 }
-- entry: nested
-- input { [5, 2, 8] } output { 8 }
-- input { empty([0]i32) } output { -1 }

type opt 'a = #some a | #none
type either 'a 'b = #left a | #right b

def find 'a (p: a -> bool) (xs: []a) : opt a =
  loop acc = #none for x in xs do
    match acc
    case #some _ -> acc
    case #none -> if p x then #some x else #none

def pick 'a 'b (b: bool) (x: a) (y: b) : either a b = if b then #left x else #right y

def map_opt 'a 'b (f: a -> b) (o: opt a) : opt b =
  match o
  case #some x -> #some (f x)
  case #none -> #none

def maximum_opt 'a (gt: a -> a -> bool) (xs: []a) : opt a =
  loop acc = #none for x in xs do
    match acc
    case #none -> #some x
    case #some y -> if gt x y then #some x else acc

entry first_even (xs: []i32) =
  match find (\x -> x % 2 == 0) xs
  case #some x -> (true, x)
  case #none -> (false, 0)

entry either_pick (b: bool) (x: f64) (y: i32) =
  match pick b x y
  case #left a -> (a, 0)
  case #right c -> (0.0, c)

entry nested (xs: []i32) =
  match map_opt (\(x: (i32, i64)) -> x.0) (maximum_opt (\a b -> a.0 > b.0) (zip xs (indices xs)))
  case #some x -> x
  case #none -> -1
