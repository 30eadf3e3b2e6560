count: 0
photos> count
count: 0
photos> count +
count: 1
photos> count 5
count: 5
photos> fetch
Fetched 5 photos.
▸ 1  2Tr0D_iV2WQ  Hot air balloons over a valley    Anna García         ♥ 101
  2  CDA5yLnU5qR  Autumn Leaves On A Forest Path    Anna García         ♥ 42
  3  WJAFXn85P28  glass building reflecting clouds  Ines García         ♥ 70
  4  p4BlJ6DLpdE  A Bowl Of Ramen With Egg          Chloé Dubois        ♥ 26
  5  3OyPTWKEVZX  brown wheat field under white c…  Noah Moreau         ♥ 1,587
● ○ ○ ○ ○  1/5
photos> next
▸ 2  CDA5yLnU5qR  Autumn Leaves On A Forest Path    Anna García         ♥ 42
○ ● ○ ○ ○  2/5
photos> page 3
▸ 3  WJAFXn85P28  glass building reflecting clouds  Ines García         ♥ 70
○ ○ ● ○ ○  3/5
photos> open 2
Photo 2 of 5
  id           CDA5yLnU5qR
  description  Autumn Leaves On A Forest Path
  author       Anna García (@annagarcia94)
  likes        ♥ 42
  size         7952 × 5304
  url          https://images.unsplash.com/photo-1583147393076-2275caeebff8?ixid=M3wCc0jKe7cvz5IyFqB7&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 2> edit
Move photo 2 to which position? (1…5)
  1  [2]  3  4  5
Type 'move N' to save it, or 'cancel'.
photos/detail 2/index> move 4
Photo 4 of 5
  id           CDA5yLnU5qR
  description  Autumn Leaves On A Forest Path
  author       Anna García (@annagarcia94)
  likes        ♥ 42
  size         7952 × 5304
  url          https://images.unsplash.com/photo-1583147393076-2275caeebff8?ixid=M3wCc0jKe7cvz5IyFqB7&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 4> back
Moved photo 2 to position 4.
  1  2Tr0D_iV2WQ  Hot air balloons over a valley    Anna García         ♥ 101
  2  WJAFXn85P28  glass building reflecting clouds  Ines García         ♥ 70
  3  p4BlJ6DLpdE  A Bowl Of Ramen With Egg          Chloé Dubois        ♥ 26
▸ 4  CDA5yLnU5qR  Autumn Leaves On A Forest Path    Anna García         ♥ 42
  5  3OyPTWKEVZX  brown wheat field under white c…  Noah Moreau         ♥ 1,587
○ ○ ○ ● ○  4/5
photos> state --json
{"stack":["collection"],"count":5,"photos":["2Tr0D_iV2WQ","WJAFXn85P28","p4BlJ6DLpdE","CDA5yLnU5qR","3OyPTWKEVZX"],"page":4,"source":"embedded","layout":"list"}
