-- and and or over boolean arrays.
-- ==
-- input { [true, false] } output { false true }
-- input { [true, true] } output { true true }
-- input { empty([0]bool) } output { true false }
def main (bs: []bool) = (and bs, or bs)
