-- Typed holes (`???`): a hole takes any type the checker infers for it (`loom check`
-- and the REPL report it as a warning, "Hole of type: i64"), and evaluating one is a
-- run-time error that names its type, on every backend.  A hole that is not evaluated
-- is no error.

def foo [n] (xs: [n]f32) : i64 = ???

-- A hole of a function type, applied.
def bar [n] (xs: [n]f32) : i64 = ??? xs

-- ==
-- entry: main
-- input { true [1f32, 2f32] }
-- error: Evaluated a typed hole \(`\?\?\?`\) of type i64\.
-- input { false [1f32, 2f32] }
-- error: of type \[n\]f32 -> i64\.
entry main (b: bool) (xs: []f32) : i64 = if b then foo xs else bar xs + 1

-- Holes on a branch not taken, in a map's function and in a loop.
-- ==
-- entry: unevaluated
-- input { [1f32, 2f32] } output { 2i64 [2f32, 3f32] 3f32 }
-- input { empty([0]f32) } output { 0i64 empty([0]f32) 0f32 }
-- input { [-1f32] }
-- error: typed hole
entry unevaluated (xs: []f32) =
  let ys = map (\x -> if x < 0 then ??? else x + 1) xs
  let s = loop s = 0f32 for x in xs do if x > 1000 then ??? else s + x
  in (if length xs > 100 then ??? else length xs, ys, s)

-- A hole of a record type, and one whose type only its use decides.
-- ==
-- entry: records
-- input { 0i32 } output { 0i32 }
-- input { 1i32 }
-- error: of type \{a: i32, b: \[0\]f64\}
entry records (k: i32) : i32 =
  let r : {a: i32, b: []f64} = if k == 0 then {a = 0, b = []} else ???
  in r.a + i32.i64 (length r.b)

-- Holes in a module and in a parametric module's body (checked once for any argument,
-- then at its application; the checker's first pass over such a body once crashed the
-- warnings), and one of an array type of a parameter's size.
module type has_g = { val g : i32 -> i32 }
module F (P: has_g) = { def h (x: i32) : i32 = if x > 0 then P.g x else ??? }
module G = F { def g (x: i32) = x + 1 }
module M = { def f (x: i32) : [2]i32 = if x > 0 then [x, x] else ??? }

-- ==
-- entry: modules
-- input { 3 } output { 4 [3, 3] }
-- input { -3 }
-- error: of type i32\.
entry modules (x: i32) = (G.h x, M.f (i32.abs x))

-- ==
-- entry: sized
-- input { 3i64 }
-- error: of type \[n\]i32\.
entry sized (n: i64) : [n]i32 = ???
