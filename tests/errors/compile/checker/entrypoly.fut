-- Checker must reject: entrypoly.fut
-- ==
-- error: .
def main 'a (x: a) = x
