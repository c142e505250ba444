-- Valid: negative strides run downwards.
-- ==
-- input { [1,2,3,4] } output { [4,3,2,1] [3,2] }

def main (xs: []i32) = (xs[::-1], xs[2:0:-1])
