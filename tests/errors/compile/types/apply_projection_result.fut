-- Applying a tuple's component (a number) to another: a field projection (`t.0`) checked
-- as an applied function (found by the fuzzer: the error's location was read from the
-- replaced name node after it was freed; test_typecheck checks the location).
-- ==
-- error: Cannot apply .* not a function type
def main x = let t = (x, x + 1) in t.0 t.1 : i32
