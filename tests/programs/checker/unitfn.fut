-- Checker stress (inference/sizes/uniqueness): unitfn.fut
-- ==
-- input { 3 } output { 3 }
def f () = 0
def main x = x + f ()
