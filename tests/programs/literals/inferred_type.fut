-- Unsuffixed literals take the type their use demands.
-- ==
-- input { 5u16 } output { 6u16 }
-- input { 65535u16 } output { 0u16 }
def main (x: u16) = x + 1
