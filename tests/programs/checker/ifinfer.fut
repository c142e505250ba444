-- Checker stress (inference/sizes/uniqueness): ifinfer.fut
-- ==
-- input { true } output { 1.0f32 }
def main b = if b then 1f32 else 2
