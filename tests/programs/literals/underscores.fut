-- Underscores in numeric literals are ignored.
-- ==
-- input {} output { 1000000 1000i64 3.1415f32 }
def main = (1_000_000, 1_000i64, 3.14_15f32)
