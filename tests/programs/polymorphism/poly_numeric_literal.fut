-- A function polymorphic in an array type, used with f64 and u8.
-- ==
-- input { [1.5, 2.5] [1u8, 2u8] } output { [2.5, 1.5] [2u8, 1u8] }
def rev 't (xs: []t) = xs[::-1]
def main (a: []f64) (b: []u8) = (rev a, rev b)
