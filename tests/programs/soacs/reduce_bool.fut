-- reduce over booleans with && and ||.
-- ==
-- input { [true, true, false] } output { false true }
-- input { empty([0]bool) } output { true false }
def main (xs: []bool) = (reduce (&&) true xs, reduce (||) false xs)
