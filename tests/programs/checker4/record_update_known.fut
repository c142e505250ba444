-- Record updates whose record type is known (an annotation or a lambda whose
-- argument is inferred from the mapped array) are accepted.
-- ==
-- input { 7 } output { [1, 1] 5 }
def upd (r: {x: i32, y: i32}) = r with x = 2
def main (a: i32) =
  let rs = [{x = a, y = 2}, {x = 3, y = a}]
  let rs2 = map (\r -> r with x = 1) rs
  let f = \(r: {x: i32, y: i32}) -> r with y = 5
  in (map (.x) rs2, (f (upd {x = 1, y = 2})).y)
