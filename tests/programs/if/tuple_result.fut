-- Both branches produce a tuple.
-- ==
-- input { 3 4 } output { 4 3 }
-- input { 5 1 } output { 5 1 }
def main (a: i32) (b: i32) = if a < b then (b, a) else (a, b)
