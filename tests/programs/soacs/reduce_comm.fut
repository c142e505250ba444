-- reduce_comm with a commutative operator.
-- ==
-- input { [1, 2, 3, 4] } output { 24 }
-- input { empty([0]i32) } output { 1 }
def main (xs: []i32) = reduce_comm (*) 1 xs
