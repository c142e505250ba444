-- An unsuffixed literal must fit the type it is given.
-- ==
-- error: Literal out of bounds

def main : u8 = 300
