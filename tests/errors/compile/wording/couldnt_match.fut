-- A body whose type differs from the declared return type.
-- ==
-- error: Couldn.t match expected type

def main (x: i32) : bool = x
