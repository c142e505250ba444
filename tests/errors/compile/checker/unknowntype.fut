-- Checker must reject: unknowntype.fut
-- ==
-- error: .
def main (x: foo) = x
