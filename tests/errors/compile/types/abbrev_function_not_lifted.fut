-- A type abbreviation of a function type must be declared `type^`.
-- ==
-- error: Non-lifted type abbreviations may not contain functions

type fn = i32 -> i32
def main (x: i32) = x
