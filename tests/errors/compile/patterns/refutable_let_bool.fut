-- `true` as a let pattern could fail to match.
-- ==
-- error: [Rr]efutable|[Pp]attern|[Ii]rrefutable|[Ll]iteral

def main (b: bool) = let true = b in 1
