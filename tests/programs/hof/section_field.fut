-- A field-projection section on records.
-- ==
-- input { [1, 2] } output { [1, 2] }
def main (xs: []i32) = map (.a) (map (\x -> {a = x, b = x * 2}) xs)
