-- A type ascription must respect uniqueness: a non-unique parameter is not `*[]i32`.
-- ==
-- error: This value is ascribed the unique type `\*\[\]i32`, but it aliases `x`, which may not be consumed

def main (x: []i32) = x : *[]i32
