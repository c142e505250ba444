-- A literal in a let pattern could fail to match.
-- ==
-- error: [Rr]efutable|[Pp]attern|[Ii]rrefutable|[Ll]iteral

def main (x: i32) = let (1, y) = (x, x) in y
