-- Checker must reject: entryho.fut
-- ==
-- error: .
def main (f: i32 -> i32) = f 1
