-- Checker must reject: freealias.fut
-- ==
-- error: .
def global = [1,2,3]
def f (x: i32) : []i32 = global
def main (x: i32) = f x
