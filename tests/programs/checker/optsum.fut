-- Checker stress (inference/sizes/uniqueness): optsum.fut
-- ==
-- input { 5 } output { 5 }
type opt 'a = #some a | #none
def get 'a (d: a) (o: opt a) : a = match o case #some x -> x case #none -> d
def main (x: i32) = get 0 (#some x)
