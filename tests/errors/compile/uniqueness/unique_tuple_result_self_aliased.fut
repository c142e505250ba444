-- A unique tuple type makes each of its components unique, so they may not be the same
-- array.
-- ==
-- error: aliased to some other component \(components 0 and 1 are both `xs`\)

def f (xs: *[]i32) : *([]i32, []i32) = (xs, xs)
