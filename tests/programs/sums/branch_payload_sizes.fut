-- Branches that construct one constructor with payloads of different sizes: the
-- result's payload has an unknown size (Note [Constraint sizes]).  The checker kept
-- one branch's size, and compiled code failed a size check on the other's (`Value of
-- shape [3] cannot match shape of type [2]`).  In an array literal, the rows holding
-- another constructor take the payload sizes of one holding it, known when the program
-- runs where a row's constructor is (Note [Unheld payloads in arrays]): `[#none, #some
-- xs]` failed a size check in compiled code.
-- ==
-- input { [1i64, 2i64, 3i64] } output { [2i64, 3i64, 4i64] }
-- input { empty([0]i64) } output { [0i64, 1i64] }
-- entry: in_if
-- input { true } output { 3i64 }
-- input { false } output { 1i64 }
-- entry: literal
-- input { [1i64, -2i64, 3i64] } output { [-1i64, 4i64, -1i64] }
-- input { [-1i64] } output { [-1i64, 0i64, -1i64] }
-- entry: literal_in_tuples
-- input { [1i64, 2i64] } output { [-1i64, 3i64] }
-- entry: literal_dynamic
-- input { [1i64, -2i64] } output { [1i64, -1i64, 1i64, -1i64] }
-- input { [-1i64, 5i64] } output { [-1i64, -1i64, -1i64, 5i64] }

type~ aopt = #some ([]i64) | #none

def bump (x: aopt) =
  (match x
   case #some v -> #some (map (+ 1) v)
   case #none -> #some (iota 2)) : aopt

entry main (xs: []i64) =
  match bump (if length xs > 0 then #some xs else #none)
  case #some ys -> ys
  case #none -> []

entry in_if (b: bool) =
  let o = (if b then #some (iota 3) else #some (iota 2)) : aopt
  in match o case #some ys -> i64.sum ys case #none -> -1

def pos (xs: []i64) = filter (> 0) xs

def totals (os: [](#some ([]i64) | #none)) =
  map (\o -> match o case #some ys -> i64.sum ys case #none -> -1) os

entry literal (xs: []i64) =
  totals ([#none, #some (pos xs), #none] : [](#some ([]i64) | #none))

entry literal_in_tuples (xs: []i64) =
  let ps = [((#none : aopt), 1i32), (#some (pos xs), 2)]
  in totals (map (.0) ps)

-- Which rows hold #some is known only at run time.
entry literal_dynamic (xs: []i64) =
  let o = (if xs[0] > 0 then #some (pos xs) else #none) : aopt
  let p = (if xs[0] > 0 then #none else #some [xs[1]]) : aopt
  in totals ([o, #none, (if xs[0] > 0 then #some [1] else #none), p] : [](#some ([]i64) | #none))
