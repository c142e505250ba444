-- A loop of one iteration is its body, once, with the index 0 (Futhark's loops/loop9);
-- an in-place update in it still leaves the argument as it was.
-- ==
-- input { 3 4 [1, 2, 3] } output { 7 [42, 2, 3] [1, 2, 3] }
-- structure { Loop 0 }

def main (x: i32) (y: i32) (xs: []i32) =
  let a = loop x for i < 1 do x + y + i32.i64 i
  let b = loop ys = copy xs for i < 1 do ys with [i] = 42
  in (a, b, xs)
