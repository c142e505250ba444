-- Checker must reject: mismatch.fut
-- ==
-- error: i32|i64|[Uu]nify|type
def main (x: i32) : i64 = x
