-- The lambda promises a unique result, but returns its non-unique parameter `row`.
-- Futhark: "Unique-typed return value is aliased to "row", which is not consumable."
-- ==
-- error: Unique-typed return value of the lambda is aliased to `row`

def main (rows: [][]i32) = map (\(row: []i32) : *[]i32 -> row) rows
