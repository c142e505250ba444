-- `val` specifies a value only in a module type; a definition is `def`.
-- ==
-- error: only valid in a module type

val f : i32 -> i32
def main (x: i32) = x
