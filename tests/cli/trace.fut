-- `#[trace]`, `#[trace(tag)]` and `trace`: the interpreter prints each value with its
-- place (or tag) on stderr as it is evaluated; stdout keeps only the results.
def double (x: i32) = #[trace] (x * 2)
entry main (xs: []i32) = map (\x -> #[trace(elem)] double x + 1) xs |> trace
entry fails (x: i32) = let y = #[trace] (x + 1) in y + 10 / x
