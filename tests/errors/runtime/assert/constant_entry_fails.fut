-- An entry point without parameters whose value fails: each backend reports the
-- failure at the assertion, as the case expects.
-- ==
-- input { } error: Assertion is false
def main : i32 = assert false 1
