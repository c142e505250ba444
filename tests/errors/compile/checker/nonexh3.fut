-- Checker must reject: nonexh3.fut
-- ==
-- error: .
def main (x: bool) = match (x, x) case (true, _) -> 1 case (_, true) -> 2
