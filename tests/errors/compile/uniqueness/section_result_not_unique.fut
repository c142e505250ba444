-- A user-defined operator's right section: the result of applying it aliases the
-- captured array, so it is not a unique result.
-- ==
-- error: aliased to `xs`

def (<*>) 'a 'b (g: a -> b) (x: a) = g x

def main (xs: []i32) : *[]i32 = (<*> xs) id
