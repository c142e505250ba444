-- unzip of a non-unique parameter aliases it, so its result may not be returned unique.
-- ==
-- error: [Uu]nique.*alias|not consumable

def firsts [n] (ps: [n](i32, i32)) : *[n]i32 = (unzip ps).0

def main (xs: []i32) = firsts (zip xs xs)
