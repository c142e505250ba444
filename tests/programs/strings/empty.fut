-- The empty string is an empty u8 array.
-- ==
-- input {} output { empty([0]u8) }
def main : []u8 = ""
