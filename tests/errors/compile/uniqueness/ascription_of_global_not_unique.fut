-- A top-level array is not unique either: ascribing it `*[]i32` would let it be
-- updated in place.
-- ==
-- error: ascribed the unique type `\*\[\]i32`, but it aliases `table`

def table = [1i32, 2, 3]

def main (i: i64) = let t : *[]i32 = table in t with [i] = 0
