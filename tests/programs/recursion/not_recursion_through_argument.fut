-- A function called from a lambda that a prelude function applies may use that prelude
-- function itself: `g` uses `tabulate` inside `tabulate`'s argument.  That is no
-- recursion (the compiler inlines it; it said "recursive functions whose result has
-- type a are not supported yet"), nor is a chain of them (the sorts library's merge
-- sort: a merge of blocks made by `tabulate` inside a `tabulate`).
-- ==
-- input { 3i64 } output { [[1f32, 1f32], [1f32, 1f32], [1f32, 1f32]] [[0i64, 1i64], [0i64, 2i64], [0i64, 3i64]] }
-- structure { Apply 0 }

def g 'a (x: a) (n: i64) : [n]a = tabulate n (\_ -> x)
def h (k: i64) (n: i64) : [n]i64 = tabulate n (\i -> i * k) |> map (\x -> (g x 1)[0])

entry main (m: i64) = (tabulate m (\_ -> g 1f32 2), tabulate m (\i -> h (i + 1) 2))
