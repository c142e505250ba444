-- The same through a record's field: `r.g` takes `h`, whose parameter is `r`'s type.
-- ==
-- error: occurs check: infinite type

def h r = r.g h
