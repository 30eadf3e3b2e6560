count: 0
photos> count 3
count: 3
photos> fetch
Fetched 3 photos.
▸ 1  [..]
...
● ○ ○  1/3
photos> open 2
Photo 2 of 3
  id           [..]
  description  [..]
...
  url          https://images.unsplash.com/photo-[..]&w=1080&fit=max
photos/detail 2> move 3
Move photo 2 to which position? (1…3)
  1  [2]  3
Photo 3 of 3
...
photos/detail 3> back
Moved photo 2 to position 3.
...
▸ 3  [..]
○ ○ ●  3/3
photos> state --json
{"stack":["collection"],"count":3,"photos":[[..]],"page":3,"source":"embedded","layout":"list"}
