-- A function returning a top-level value of a type parameter's sum (which may hold
-- arrays): the message says what it is, not "a top-level array".
-- ==
-- error: aliases the free variable `none` \(a top-level value that may hold arrays\): `f` must return a `copy`

type option 'a = #none | #some a
def none 'a : option a = #none
def f 'a (b: bool) (x: a) : option a = if b then #some x else none
entry main (x: i32) = match f true x case #some y -> y case #none -> 0
