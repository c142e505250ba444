-- Sections of operators with a unique parameter are fine when the operand
-- they capture goes to an observed parameter.
-- ==
-- input { [5, 6] [7, 8] } output { [1, 6] [2, 8] }

def (<-<) (xs: *[]i32) (i: i32) : *[]i32 = xs with [0] = i

def upd (i: i32) (xs: *[]i32) : *[]i32 = xs with [0] = i

def main (ys: *[]i32) (zs: *[]i32) =
  let a = (<-< 1) ys
  let b = (2 `upd`) zs
  in (a, b)
