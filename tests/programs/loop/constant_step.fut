-- A loop that adds the same integer in every iteration is a multiplication (Futhark's
-- loops/loop18), which wraps as the additions do; one that carries a value along
-- unchanged gives back its initial value.  Neither leaves a loop.
-- ==
-- structure { Loop 0 }
-- input { 10i16 3i64 } output { 100i16 37i64 10i16 }
-- input { 300i16 3i64 } output { 24464i16 907i64 300i16 }
-- input { -4i16 3i64 } output { 0i16 7i64 -4i16 }

def main (x: i16) (c: i64) =
  let (acc, k, same) = loop (acc, k, same) = (0, 7, x) for _i < x do (acc + x, c + k, same)
  in (acc, k, same)
