-- Arrays of booleans, counted.
-- ==
-- input { [true, false, true, true] } output { 3 }
def main (bs: []bool) = i32.sum (map i32.bool bs)
