-- Count occurrences of a character in a string passed as bytes.
-- ==
-- input { [104u8, 101u8, 108u8, 108u8, 111u8] } output { 2 }
-- input { empty([0]u8) } output { 0 }
def main (s: []u8) : i32 = map (\c -> if c == 'l' then 1 else 0) s |> i32.sum
