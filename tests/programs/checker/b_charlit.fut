-- Checker stress (inference/sizes/uniqueness): b_charlit.fut
-- ==
-- input { } output { 97u8 }
def main = 'a' : u8
