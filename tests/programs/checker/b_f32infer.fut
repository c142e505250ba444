-- Checker stress (inference/sizes/uniqueness): b_f32infer.fut
-- ==
-- input { [1.5f32] } output { [2.5f32] }
def main (xs: []f32) = map (\x -> x + 1) xs
