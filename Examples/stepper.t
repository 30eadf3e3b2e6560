count: 0
photos> count -
count: 0 (the minimum)
photos> count +
count: 1
photos> count +
count: 2
photos> count -
count: 1
photos> count 29
count: 29
photos> count +
count: 30
photos> count +
count: 30 (the maximum)
photos> count 0
count: 0
photos> fetch
Nothing to fetch: the count is 0. Type 'count +' or 'count N' first.
photos> help count
usage: count [+|-|N]
  show how many photos to fetch, step it with + or -, or set it (0…30)
example: count +
