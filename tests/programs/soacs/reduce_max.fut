-- reduce with max and the lowest value as neutral element.
-- ==
-- input { [3, -1, 7, 2] } output { 7 }
-- input { empty([0]i32) } output { -2147483648 }
def main (xs: []i32) = reduce i32.max i32.lowest xs
