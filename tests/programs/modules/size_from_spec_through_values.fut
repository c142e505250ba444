-- Functions whose size parameter occurs only in a size expression (`[n]` in
-- `[(n - 1) / nbs + 1]`), as the containers library's bitsets are written:
-- * passed as a value (`flip B.member set`), the call happens inside another function,
--   so the size is read off the instantiated type where the name is used;
-- * mapped (`map (B.singleton n) xs`), each row's size uses the module's
--   `def nbs = i64.i32 I.num_bits`, a constant known before the map, so the rows are
--   regular on every backend (the structure count fails where they are not).
-- ==
-- entry: members
-- input { 20i64 [0i64, 3i64, 19i64] [0i64, 1i64, 3i64, 19i64, 20i64, -1i64] }
-- output { [true, false, true, true, false, false] }
-- input { 5i64 empty([0]i64) [0i64, 4i64] }
-- output { [false, false] }
-- entry: singletons
-- structure { Screma 1 }
-- input { 20i64 [0i64, 9i64, 19i64] }
-- output { [[1u8, 0u8, 0u8], [0u8, 2u8, 0u8], [0u8, 0u8, 8u8]] }
-- input { 20i64 [21i64] }
-- output { [[0u8, 0u8, 0u8]] }

module type bitset = {
  type bitset [n]
  val nbs : i64
  val empty : (n: i64) -> bitset[(n - 1) / nbs + 1]
  val singleton : (n: i64) -> i64 -> bitset[(n - 1) / nbs + 1]
  val insert [n] : i64 -> bitset[(n - 1) / nbs + 1] -> bitset[(n - 1) / nbs + 1]
  val member [n] : i64 -> bitset[(n - 1) / nbs + 1] -> bool
  val words [n] : bitset[(n - 1) / nbs + 1] -> [(n - 1) / nbs + 1]u8
}

module mk_bitset (I: integral) : bitset = {
  def nbs = i64.i32 I.num_bits
  type bitset [n] = [n]I.t

  def empty (n: i64) : bitset[(n - 1) / nbs + 1] = replicate ((n - 1) / nbs + 1) (I.i64 0)

  def insert [n] (i: i64) (s: bitset[(n - 1) / nbs + 1]) : bitset[(n - 1) / nbs + 1] =
    if i < 0 || i >= n then s
    else copy s with [i / nbs] = I.set_bit (i32.i64 (i % nbs)) s[i / nbs] 1

  def singleton (n: i64) (i: i64) : bitset[(n - 1) / nbs + 1] = insert i (empty n)

  def member [n] (i: i64) (s: bitset[(n - 1) / nbs + 1]) : bool =
    i >= 0 && i < n && I.get_bit (i32.i64 (i % nbs)) s[i / nbs] == 1

  def words [n] (s: bitset[(n - 1) / nbs + 1]) : [(n - 1) / nbs + 1]u8 = map (u8.i64 <-< I.to_i64) s
}

module B = mk_bitset u8

entry members (n: i64) (xs: []i64) (queries: []i64) : []bool =
  let set = loop s = B.empty n for x in xs do B.insert x s
  in map (flip B.member set) queries

entry singletons (n: i64) (xs: []i64) = map B.words (map (B.singleton n) xs)
