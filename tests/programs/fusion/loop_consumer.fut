-- A producer outside a loop and its consumer inside: fused only inside the body.
-- ==
-- input { [1, 2, 3] 3 } output { 36 }
def main (xs: []i32) (n: i32) =
  let ys = map (* 2) xs
  in loop s = 0 for i < n do s + reduce (+) 0 (map (+ i) ys) - i * 3
