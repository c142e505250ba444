-- Directives that fail: each is reported in the document (and on stderr).
def sq (x: i32) = x * x

-- > sq true

-- > :video [[[1u32]]];
-- format: webm

-- > :plot2d (iota 3, iota 4)

-- > :gnuplot {xs = (iota 3, iota 3)};
-- plot nope using 1:2

-- > :img [1, 2, 3]

-- > :audio [true]

-- > sq 3
