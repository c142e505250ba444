-- A literal in a parameter pattern could fail to match.
-- ==
-- error: [Rr]efutable|[Pp]attern|[Ii]rrefutable|[Ll]iteral

def first_if_two (x: i32, 2) = x

def main (x: i32) = first_if_two (x, 2)
