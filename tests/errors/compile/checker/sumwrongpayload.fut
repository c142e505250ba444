-- Checker must reject: sumwrongpayload.fut
-- ==
-- error: .
type t = #a i32 | #b
def main (x: f32) : t = #a x
