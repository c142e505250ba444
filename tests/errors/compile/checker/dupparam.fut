-- Checker must reject: dupparam.fut
-- ==
-- error: .
def f (x: i32) (x: i32) = x
def main (y: i32) = f y y
