-- A constant cannot refer to itself (there is no earlier definition of it).
-- ==
-- error: Unknown name `xs`
def xs : []i32 = map (+ 1) xs
def main = xs
