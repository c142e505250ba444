-- A member with one size where its module type specifies two (`xs` and `ys` are one
-- implicit size, as map2 needs) does not match, as in Futhark.
-- ==
-- error: module `M`'s `h` is of type `\[d₀\]i32 -> \[d₀\]i32 -> \*\[d₀\]i32`, but its module type specifies `\[n\]i32 -> \[m\]i32 -> \[n\]i32`

module type T = { val h [n] [m] : [n]i32 -> [m]i32 -> [n]i32 }

module M : T = { def h (xs: []i32) (ys: []i32) = map2 (+) xs ys }

def main (xs: []i32) = M.h xs [1, 2, 3]
