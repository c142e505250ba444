-- `//` and `%%` are the prelude's `integral` operations, as in Futhark: on a float they
-- are a type error (they were accepted, then failed at run time, and a compiled kernel's
-- failure ended the whole process).
-- ==
-- error: Cannot unify an integer type with type `f32`: argument 1 of `//`

def main (x: f32) = x // 2f32
