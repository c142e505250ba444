-- Checker must reject: boolarith.fut
-- ==
-- error: .
def main (x: bool) = x + true
