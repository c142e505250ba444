-- A field the element does not have.
-- ==
-- error: field `z` not in record type
def main (ps: *[]{x: i32}) = (ps with [0].z = 7)[0].x
