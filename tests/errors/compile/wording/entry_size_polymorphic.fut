-- An entry point whose result size is not determined by its arguments.
-- ==
-- error: size-polymorphic

def main [n] (x: i32) : [n]i32 = replicate n x
