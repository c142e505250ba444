-- Suffix array by prefix doubling (rank pairs sorted by the prelude's radix and merge sorts, re-ranked by a scan of key-change flags) and the LCP array by Kasai's sequential loop.
-- ==
-- entry: suffix_array
-- "banana" input { [98u8, 97u8, 110u8, 97u8, 110u8, 97u8] } output { [5i64, 3i64, 1i64, 0i64, 4i64, 2i64] [0i64, 1i64, 3i64, 0i64, 0i64, 2i64] 2 }
-- "empty" input { empty([0]u8) } output { empty([0]i64) empty([0]i64) 0 }
-- "one" input { [122u8] } output { [0i64] [0i64] 1 }
-- "all equal" input { [97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8] } output { [36i64, 35i64, 34i64, 33i64, 32i64, 31i64, 30i64, 29i64, 28i64, 27i64, 26i64, 25i64, 24i64, 23i64, 22i64, 21i64, 20i64, 19i64, 18i64, 17i64, 16i64, 15i64, 14i64, 13i64, 12i64, 11i64, 10i64, 9i64, 8i64, 7i64, 6i64, 5i64, 4i64, 3i64, 2i64, 1i64, 0i64] [0i64, 1i64, 2i64, 3i64, 4i64, 5i64, 6i64, 7i64, 8i64, 9i64, 10i64, 11i64, 12i64, 13i64, 14i64, 15i64, 16i64, 17i64, 18i64, 19i64, 20i64, 21i64, 22i64, 23i64, 24i64, 25i64, 26i64, 27i64, 28i64, 29i64, 30i64, 31i64, 32i64, 33i64, 34i64, 35i64, 36i64] 6 }
-- "bytes" input { [0u8, 255u8, 0u8, 255u8, 128u8, 0u8, 0u8, 255u8, 1u8] } output { [5i64, 0i64, 6i64, 2i64, 8i64, 4i64, 1i64, 7i64, 3i64] [0i64, 1i64, 2i64, 2i64, 0i64, 0i64, 0i64, 1i64, 1i64] 2 }
-- entry: suffix_array_merge
-- "mississippi" input { [109u8, 105u8, 115u8, 115u8, 105u8, 115u8, 115u8, 105u8, 112u8, 112u8, 105u8] } output { [10i64, 7i64, 4i64, 1i64, 0i64, 9i64, 8i64, 6i64, 3i64, 5i64, 2i64] [0i64, 1i64, 1i64, 4i64, 0i64, 0i64, 1i64, 0i64, 2i64, 1i64, 3i64] 3 }
-- "empty" input { empty([0]u8) } output { empty([0]i64) empty([0]i64) 0 }
-- "one" input { [122u8] } output { [0i64] [0i64] 1 }
-- "all equal" input { [97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8, 97u8] } output { [36i64, 35i64, 34i64, 33i64, 32i64, 31i64, 30i64, 29i64, 28i64, 27i64, 26i64, 25i64, 24i64, 23i64, 22i64, 21i64, 20i64, 19i64, 18i64, 17i64, 16i64, 15i64, 14i64, 13i64, 12i64, 11i64, 10i64, 9i64, 8i64, 7i64, 6i64, 5i64, 4i64, 3i64, 2i64, 1i64, 0i64] [0i64, 1i64, 2i64, 3i64, 4i64, 5i64, 6i64, 7i64, 8i64, 9i64, 10i64, 11i64, 12i64, 13i64, 14i64, 15i64, 16i64, 17i64, 18i64, 19i64, 20i64, 21i64, 22i64, 23i64, 24i64, 25i64, 26i64, 27i64, 28i64, 29i64, 30i64, 31i64, 32i64, 33i64, 34i64, 35i64, 36i64] 6 }
-- "binary 45" input { [98u8, 97u8, 98u8, 98u8, 98u8, 97u8, 98u8, 98u8, 97u8, 97u8, 98u8, 98u8, 98u8, 98u8, 97u8, 98u8, 98u8, 98u8, 97u8, 98u8, 97u8, 98u8, 98u8, 98u8, 98u8, 97u8, 97u8, 98u8, 97u8, 97u8, 97u8, 97u8, 97u8, 98u8, 97u8, 98u8, 98u8, 98u8, 98u8, 98u8, 98u8, 97u8, 98u8, 98u8, 98u8] } output { [28i64, 29i64, 30i64, 25i64, 31i64, 8i64, 26i64, 18i64, 32i64, 5i64, 41i64, 14i64, 1i64, 20i64, 9i64, 34i64, 44i64, 27i64, 24i64, 7i64, 17i64, 4i64, 40i64, 13i64, 0i64, 19i64, 33i64, 43i64, 23i64, 6i64, 16i64, 3i64, 39i64, 12i64, 42i64, 22i64, 15i64, 2i64, 38i64, 11i64, 21i64, 37i64, 10i64, 36i64, 35i64] [0i64, 4i64, 3i64, 2i64, 4i64, 3i64, 1i64, 3i64, 7i64, 2i64, 3i64, 4i64, 6i64, 4i64, 6i64, 5i64, 0i64, 1i64, 3i64, 4i64, 2i64, 3i64, 4i64, 5i64, 7i64, 5i64, 6i64, 1i64, 2i64, 5i64, 3i64, 4i64, 5i64, 6i64, 2i64, 3i64, 4i64, 5i64, 6i64, 7i64, 3i64, 5i64, 8i64, 4i64, 5i64] 4 }
-- entry: suffix_gen
-- "gen 4500 over 4" input { 4500i64 3i64 4i64 } output { 10103620i64 12i64 22695210553i64 1772462i64 4 }
-- "gen 333 over 26" input { 333i64 2i64 26i64 } output { 55235i64 3i64 9216134i64 146104i64 2 }

-- One doubling step's re-ranking: sa sorts the suffixes by key; a suffix's
-- new rank counts the key changes before it in sa (a scan of flags).
def rerank [n] (keys: [n]u64) (sa: [n]i64) : ([n]i64, bool) =
  let flags = tabulate n (\j -> j > 0 && keys[sa[j]] != keys[sa[j - 1]])
  let sorted_rank = scan (+) 0 (map i64.bool flags)
  let rank = scatter (replicate n 0) sa sorted_rank
  in (rank, n == 0 || sorted_rank[n - 1] == n - 1)

-- Prefix doubling: after r rounds the ranks order the suffixes by their
-- first 2^r characters; the key of suffix i pairs its rank with that of
-- suffix i+k (+1, 0 past the end) as rank * base + next, base exceeding
-- every next.  `sort_by base keys` sorts iota n by the keys.
def doubling [n] (sort_by: u64 -> [n]u64 -> [n]i64) (s: [n]u8) : ([n]i64, [n]i64, i32) =
  let (sa, rank, _, rounds, _) =
    loop (sa, rank, k, rounds, done) = (iota n, map i64.u8 s, 1, 0, n == 0)
    while !done do
      let base = u64.i64 (reduce i64.max 0 rank) + 2
      let keys = tabulate n (\i ->
                   u64.i64 rank[i] * base + (if i + k < n then u64.i64 rank[i + k] + 1 else 0))
      let sa' = sort_by base keys
      let (rank', done') = rerank keys sa'
      in (sa', rank', k * 2, rounds + 1, done')
  in (sa, rank, rounds)

-- Radix sort on as many low bits as the largest key has.
def by_radix [n] (_base: u64) (keys: [n]u64) : [n]i64 =
  let top = reduce u64.max 0 keys
  let bits = 64 - u64.clz top
  in radix_sort_by_key (\i -> keys[i]) bits u64.get_bit (iota n)

-- Merge sort on the (rank, next rank) pairs, lexicographically.
def by_merge [n] (base: u64) (keys: [n]u64) : [n]i64 =
  let pair i = (keys[i] / base, keys[i] % base)
  in merge_sort_by_key pair (\(a1, b1) (a2, b2) -> a1 < a2 || (a1 == a2 && b1 <= b2)) (iota n)

-- Kasai's LCP: lcp[r] is the longest common prefix of suffixes sa[r] and
-- sa[r-1], walking the suffixes in text order and reusing h - 1.
def kasai [n] (s: [n]u8) (sa: [n]i64) (rank: [n]i64) : [n]i64 =
  let (lcp, _) =
    loop (lcp, h) = (replicate n 0i64, 0i64) for i < n do
      if rank[i] > 0 then
        let j = sa[rank[i] - 1]
        let h = loop h while i + h < n && j + h < n && s[i + h] == s[j + h] do h + 1
        let lcp[rank[i]] = h
        in (lcp, if h > 0 then h - 1 else 0)
      else (lcp, 0)
  in lcp

entry suffix_array [n] (s: [n]u8) : ([n]i64, [n]i64, i32) =
  let (sa, rank, rounds) = doubling by_radix s
  in (sa, kasai s sa rank, rounds)

entry suffix_array_merge [n] (s: [n]u8) : ([n]i64, [n]i64, i32) =
  let (sa, rank, rounds) = doubling by_merge s
  in (sa, kasai s sa rank, rounds)

def mix (x: u64) : u64 =
  let x = x ^ (x >> 33)
  let x = x * 0xff51afd7ed558ccd
  let x = x ^ (x >> 33)
  let x = x * 0xc4ceb9fe1a85ec53
  in x ^ (x >> 33)

-- A generated text of n letters from the first `alpha` of the alphabet:
-- its number of distinct substrings, the longest repeat, a checksum of the
-- suffix array, a weighted checksum of its BWT column and the rounds.
entry suffix_gen (n: i64) (seed: i64) (alpha: i64) : (i64, i64, i64, i64, i32) =
  let s = tabulate n (\i -> u8.u64 (97 + mix (u64.i64 seed * 0x9E3779B97F4A7C15 + u64.i64 i) % u64.i64 alpha))
  let (sa, rank, rounds) = doubling by_radix s
  let lcp = kasai s sa rank
  let bwt = map (\x -> if x > 0 then s[x - 1] else 0) sa
  in (n * (n + 1) / 2 - i64.sum lcp,
      reduce i64.max 0 lcp,
      i64.sum (map2 (*) (iota n) sa),
      i64.sum (map2 (\i c -> i64.u8 c * (i % 7 + 1)) (iota n) bwt),
      rounds)
