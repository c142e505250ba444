-- The loop initial value may be omitted when the name is already bound.
-- ==
-- input { 3 } output { 24 }
def main (x: i32) = loop x for i < 3 do x * 2
