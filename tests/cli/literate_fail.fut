-- Directives that fail: each is reported in the document (and on stderr).
def sq (x: i32) = x * x

-- > sq true

-- > :plot2d (iota 3, iota 3)

-- > :img [1, 2, 3]

-- > sq 3
