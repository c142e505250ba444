-- A slice step into a field that is not an array.
-- ==
-- error: Cannot index into a value of type `i32`
def main (r: *{x: i32}) = (r with x[0] = 7).x
