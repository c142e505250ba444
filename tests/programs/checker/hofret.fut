-- Checker stress (inference/sizes/uniqueness): hofret.fut
-- ==
-- input { 3 } output { 8 }
def adder (x: i32) : i32 -> i32 = \y -> x + y
def main (x: i32) = adder 5 x
