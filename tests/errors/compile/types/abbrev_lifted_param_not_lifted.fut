-- A lifted type parameter (`'^a`, which may be a function) makes the abbreviation lifted.
-- ==
-- error: Non-lifted type abbreviations may not contain functions

type box '^a = (a, i32)
def main (x: i32) = x
