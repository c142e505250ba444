-- A short unknown name, or one far from every name in scope, gets no suggestion.
-- ==
-- error: Unknown name `qq`$

def main (x: i32) = x + qq
