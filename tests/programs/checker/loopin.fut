-- Checker stress (inference/sizes/uniqueness): loopin.fut
-- ==
-- input { [1,2,3] } output { 6 }
def main (xs: []i32) = loop acc = 0 for x in xs do acc + x
