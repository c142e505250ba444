-- reverse.
-- ==
-- input { [1, 2, 3] } output { [3, 2, 1] }
-- input { empty([0]i32) } output { empty([0]i32) }
def main (xs: []i32) = reverse xs
