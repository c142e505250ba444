-- Checker must reject: ifbranches.fut
-- ==
-- error: .
def main (b: bool) = if b then 1i32 else 2i64
