-- Checker must reject: recordwrongtype.fut
-- ==
-- error: .
def f (r: {a: i32}) = r.a
def main (x: f32) = f {a = x}
