-- Only a module name can be opened with `M.(e)`; after an index it is a syntax error
-- (found by the fuzzer: the parser crashed here).
-- ==
-- error: expected a field name
def main (xs: []i32) = xs[1].(0)
