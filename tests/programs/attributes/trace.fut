-- Attributes do not change what a program computes: `#[trace]`, `#[trace(tag)]` and the
-- prelude's `trace` (which the interpreter prints and compiled code leaves out), and
-- attributes Loom ignores, in SOACs, loops and on whole definitions' bodies.
-- ==
-- input { [1, 2, 3] 4i64 } output { [3, 5, 7] 15 6i64 }
-- input { empty([0]i32) 0i64 } output { empty([0]i32) 0 0i64 }
-- random input { [1000]i32 100i64 } auto output
def double (x: i32) = #[trace] (x * 2)

entry main (xs: []i32) (n: i64) =
  let ys = map (\x -> #[trace(elem)] double x + 1) xs
  let s = #[sequential] #[unroll] loop s = 0 for y in ys do s + trace y
  let t = #[noinline] #[trace(total)] i64.sum (#[incremental_flattening(no_intra)] map (\i -> i) (iota n))
  in (ys |> trace, s, t)
