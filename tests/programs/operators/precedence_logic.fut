-- && binds tighter than ||, and ! binds tighter than both.
-- ==
-- input { true false } output { true true false }
-- input { false false } output { false true true }
def main (a: bool) (b: bool) = (a || b && false, !a || true, !a && !b)
