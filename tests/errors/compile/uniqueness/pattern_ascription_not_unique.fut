-- A pattern's ascription must respect uniqueness too: neither a non-unique parameter
-- nor a top-level array is `*[]i32`.
-- ==
-- error: ascribed the unique type `\*\[\]i32`, but it aliases `x`

def main (x: []i32) = let y : *[]i32 = x in y
