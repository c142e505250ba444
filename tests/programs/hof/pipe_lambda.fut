-- Piping a value into a lambda.
-- ==
-- input { 6 } output { 42 }
def main (x: i32) = x |> (\y -> y * 7)
