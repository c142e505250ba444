-- A function whose result is a sum type with unknown other constructors.
-- ==
-- error: Type is ambiguous

def f (x: bool) = #some x
def main (x: bool) = match f x case #some y -> y
