-- An array of values made by a constructor whose sum type is not known yet shows the
-- constructors it has, not `?` (here `#just` without its payload, as the containers
-- library's maybe_test writes it); the function's open result is named, not `?`.
-- ==
-- error: Cannot unify type `\[\]\(#just \| \.\.\.\) -> t` with type `\[\]\(#just i64 \| #nothing\) -> #just i64 \| #nothing`: argument 2 of `\|>` \(Couldn't match expected type `#just \| \.\.\.` with actual type `#just i64 \| #nothing`\), where `t` is any type$

type maybe 'a = #just a | #nothing
def first (x: maybe i64) (_: maybe i64) = x
def main (xs: []i64) = xs |> map (\_ -> #just) |> reduce first #nothing
