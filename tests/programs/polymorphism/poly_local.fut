-- Calling a polymorphic function from another polymorphic function.
-- ==
-- input { [1, 2] } output { [1, 2, 1, 2] }
def twice_arr 't (xs: []t) : []t = xs ++ xs
def quad 't (xs: []t) : []t = twice_arr (twice_arr xs)
def main (xs: []i32) = twice_arr xs
