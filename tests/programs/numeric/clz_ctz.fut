-- clz and ctz count leading and trailing zero bits.
-- ==
-- input { 1 } output { 31 0 }
-- input { 8 } output { 28 3 }
-- input { 0 } output { 32 32 }
-- input { -1 } output { 0 0 }
def main (x: i32) = (i32.clz x, i32.ctz x)
