-- Checker stress (inference/sizes/uniqueness): loopwhile.fut
-- ==
-- input { 1 } output { 128 }
def main (x: i32) = loop x while x < 100 do x * 2
