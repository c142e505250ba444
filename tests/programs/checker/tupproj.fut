-- Checker stress (inference/sizes/uniqueness): tupproj.fut
-- ==
-- input { 1 } output { 3 }
def main x = let t = (x, x + 1) in t.0 + t.1 : i32
