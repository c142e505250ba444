-- Checker stress (inference/sizes/uniqueness): poly1.fut
-- ==
-- input { [1,2,3] } output { [1,2,3] [true,false] }
def id 'a (x: a) = x
def main (xs: []i32) = (id xs, id [true, false])
