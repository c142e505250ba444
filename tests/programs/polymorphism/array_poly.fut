-- A polymorphic function over arrays of any element type.
-- ==
-- input { [1, 2, 3] [true, false] } output { 3 false }
def last_elem 't [n] (xs: [n]t) : t = xs[n - 1]
def main (xs: []i32) (bs: []bool) = (last_elem xs, last_elem bs)
