-- A type abbreviation with a size parameter.
-- ==
-- input { [1, 2, 3] } output { [3, 2, 1] }
type vec [n] = [n]i32
def rev [n] (v: vec [n]) : vec [n] = reverse v
def main (xs: []i32) = rev xs
