-- Anonymous sizes in parameter types are inferred (they may unify with each
-- other), as in Futhark's own tests: `map2` on two `[]i32` parameters is fine.
-- ==
-- input { [4,2,1] [5,6,3] } output { [9,8,4] [4,2,1] }
def f (xs: []i32) (ys: []i32) = map2 (+) xs ys
def g (xs: []i32) : []i32 = xs
def main (xs: []i32) (ys: []i32) = (f xs ys, g xs)
