-- An unsuffixed literal inferred as i8 must fit in i8.
-- ==
-- error: [Oo]ut of (bounds|range)|[Ll]iteral|[Oo]verflow|fit|[Rr]ange|[Bb]ound

def main (x: i8) = x + 200
