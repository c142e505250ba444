-- Arrays of u8 with wrap-around sum.
-- ==
-- input { [200u8, 100u8] } output { 44u8 }
def main (xs: []u8) = u8.sum xs
