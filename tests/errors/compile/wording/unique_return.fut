-- Returning a non-unique parameter as a unique result.
-- ==
-- error: Unique-typed return value of .* is aliased to .*, which is not consumable

def main (xs: []i32) : *[]i32 = xs
