-- Checker stress (inference/sizes/uniqueness): u64.fut
-- ==
-- input { 3u64 } output { 4u64 }
def main x = x + 1u64
