-- A constructor pattern whose payload does not fit the scrutinee's type.
-- ==
-- error: cannot match

def main (x: #foo f64) = match x case #foo -> true
