-- A module type must be declared before it is used.
-- ==
-- error: Unknown module type `monoid`

module M : monoid = { def x : i32 = 1 }
def main (x: i32) = x
