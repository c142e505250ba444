-- A type abbreviation used as an entry point parameter type.
-- ==
-- input { true } output { false }
type flag = bool
def main (b: flag) : flag = !b
