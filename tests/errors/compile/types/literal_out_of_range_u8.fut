-- An unsuffixed literal inferred as u8 must fit in u8 (300u8 would wrap, but 300 : u8 is rejected).
-- ==
-- error: [Oo]ut of (bounds|range)|[Ll]iteral|[Oo]verflow|fit|[Rr]ange|[Bb]ound

def main : u8 = 300
