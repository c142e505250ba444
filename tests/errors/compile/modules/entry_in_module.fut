-- An entry point is declared at the top level, not inside a module.
-- ==
-- error: must be declared at the top level

module M = { entry f (x: i32) = x + 1 }
def main (x: i32) = M.f x
