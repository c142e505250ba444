-- `twin` does not promise that its two results are separate arrays (they are the
-- same one), so updating `lo` in place makes `hi` unusable.  Futhark: "Using result
-- of applying "twin", but this was consumed".
-- ==
-- error: Using `hi`, which aliases the result of applying `twin`.*consumed

def twin (n: i64) : ([]i64, []i64) =
  let xs = iota n
  in (xs, xs)

def main (n: i64) =
  let (lo, hi) = twin n
  let lo[0] = 7
  in (lo, hi)
