-- i16 arithmetic wraps around.
-- ==
-- input { 32767i16 1i16 } output { -32768i16 32767i16 }
-- input { 200i16 200i16 } output { 400i16 -25536i16 }
def main (x: i16) (y: i16) = (x + y, x * y)
