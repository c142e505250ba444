-- Sieve of Eratosthenes counting primes below n.
-- ==
-- input { 30i64 } output { 10 }
-- input { 2i64 } output { 0 }
-- input { 100i64 } output { 25 }
def main (n: i64) =
  let is_prime = map (>= 2) (iota n)
  let is_prime =
    loop p = is_prime for i in 2..<n do
      if p[i] && i * i < n
      then let js = map (\k -> i * i + k * i) (iota ((n - 1 - i * i) / i + 1))
           in scatter p js (map (const false) js)
      else p
  in i32.sum (map i32.bool is_prime)
