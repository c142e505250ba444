-- An array of values made by a constructor whose sum type is not known yet shows the
-- constructors it has, not `?` (here `#just` without its payload, as the containers
-- library's maybe_test writes it).
-- ==
-- error: Cannot unify type `\[\]\(#just \| \.\.\.\) -> \?` with type `\[\]\(#just i64 \| #nothing\)

type maybe 'a = #just a | #nothing
def first (x: maybe i64) (_: maybe i64) = x
def main (xs: []i64) = xs |> map (\_ -> #just) |> reduce first #nothing
