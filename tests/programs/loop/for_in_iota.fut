-- A for-in loop over an iota reads no array: an element of an iota is its index, so the
-- compiled loop makes none (`structure`); a negative size is still an error.
-- ==
-- input { 5i64 } output { 4i64 }
-- input { 0i64 } output { 0i64 }
-- input { -1i64 } error: Range 0\.\.1\.\.<-1 is invalid
-- structure { Iota 0 }
def main (n: i64) =
  let xs = iota n
  in loop a = 0 for x in xs do a ^ x
