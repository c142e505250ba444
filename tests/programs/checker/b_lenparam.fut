-- Checker stress (inference/sizes/uniqueness): b_lenparam.fut
-- ==
-- input { 3i64 } output { [[0i64,0i64,0i64],[1i64,1i64,1i64],[2i64,2i64,2i64]] }
def main n = map (\i -> replicate n i) (iota n)
