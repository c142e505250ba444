-- Checker stress (inference/sizes/uniqueness): suminfer.fut
-- ==
-- input { 3 } output { 18 }
def f x = match x case #foo a -> a * 2 case #bar -> 0
def main (x: i32) = f (#foo x) + f (#foo (x+3)) + f #bar
