-- u8.sum wraps; u8.maximum and u8.minimum.
-- ==
-- input { [200u8, 100u8, 7u8] } output { 51u8 200u8 7u8 }
def main (xs: []u8) = (u8.sum xs, u8.maximum xs, u8.minimum xs)
