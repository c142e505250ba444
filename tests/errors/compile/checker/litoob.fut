-- Checker must reject: litoob.fut
-- ==
-- error: .
def main (x: u8) = x + 300
