-- A projection applied to a literal, whose type is still open (a numeric type): the
-- message describes both as they were before they met.
-- ==
-- error: Cannot unify a record with field `a` with a numeric type: argument 1 \(one value would be a record with field `a` and a numeric type\)

def main = (.a) 5
