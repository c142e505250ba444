-- A foreign function has one C signature: no type parameters.
-- ==
-- error: foreign function cannot have type parameters

foreign "<math.h>" def id 'a (x: a): a
def main (x: i32) = id x
