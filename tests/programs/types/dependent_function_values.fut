-- A function of a dependent type (`(k: i64) -> [k]f32 -> f32`) passed, returned and
-- declared under another name for its parameter: the names are the types' own.
-- ==
-- input { [1f32, 2f32, 3.5f32] } output { 6.5f32 6.5f32 6.5f32 }
type^ fn 'p = (k: i64) -> [k]p -> p
def s k (ys: [k]f32) = f32.sum ys
def app (f: (j: i64) -> [j]f32 -> f32) (xs: []f32) = f (length xs) xs
def same (x: fn f32) : fn f32 = x
def mk : (k: i64) -> [k]f32 -> f32 = s
entry main (xs: []f32) = (app s xs, same (\k (ys: [k]f32) -> f32.sum ys) (length xs) xs, mk (length xs) xs)
