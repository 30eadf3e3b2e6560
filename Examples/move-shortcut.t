count: 0
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
photos> open 5
Photo 5 of 5
  id           3OyPTWKEVZX
  description  brown wheat field under white clouds
  author       Noah Moreau (@noahmoreau46)
  likes        ♥ 1,587
  size         4000 × 4000
  url          https://images.unsplash.com/photo-1550864530071-62c569d71e87?ixid=M3wlclfRU8UZC6Z8gjYx&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 5> move 1
Move photo 5 to which position? (1…5)
  1  2  3  4  [5]
Photo 1 of 5
  id           3OyPTWKEVZX
  description  brown wheat field under white clouds
  author       Noah Moreau (@noahmoreau46)
  likes        ♥ 1,587
  size         4000 × 4000
  url          https://images.unsplash.com/photo-1550864530071-62c569d71e87?ixid=M3wlclfRU8UZC6Z8gjYx&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 1> back
Moved photo 5 to position 1.
▸ 1  3OyPTWKEVZX  brown wheat field under white c…  Noah Moreau         ♥ 1,587
  2  2Tr0D_iV2WQ  Hot air balloons over a valley    Anna García         ♥ 101
  3  CDA5yLnU5qR  Autumn Leaves On A Forest Path    Anna García         ♥ 42
  4  WJAFXn85P28  glass building reflecting clouds  Ines García         ♥ 70
  5  p4BlJ6DLpdE  A Bowl Of Ramen With Egg          Chloé Dubois        ♥ 26
● ○ ○ ○ ○  1/5
photos> open 2
Photo 2 of 5
  id           2Tr0D_iV2WQ
  description  Hot air balloons over a valley
  author       Anna García (@annagarcia94)
  likes        ♥ 101
  size         4000 × 6000
  url          https://images.unsplash.com/photo-1543470037843-4b920a7beea2?ixid=M3wpf0XfjGFqNHvEVKGO&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 2> move 9
Move photo 2 to which position? (1…5)
  1  [2]  3  4  5
Type 'move N' to save it, or 'cancel'.
[An error occurred] An invalid value was passed: 9 is not a position; choose a position from 1 to 5.
photos/detail 2/index> state --json
{"stack":["collection","detail","index-edit"],"count":5,"photos":["3OyPTWKEVZX","2Tr0D_iV2WQ","CDA5yLnU5qR","WJAFXn85P28","p4BlJ6DLpdE"],"page":2,"source":"embedded","layout":"list","index":2}
photos/detail 2/index> move 3
Photo 3 of 5
  id           2Tr0D_iV2WQ
  description  Hot air balloons over a valley
  author       Anna García (@annagarcia94)
  likes        ♥ 101
  size         4000 × 6000
  url          https://images.unsplash.com/photo-1543470037843-4b920a7beea2?ixid=M3wpf0XfjGFqNHvEVKGO&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 3> back
Moved photo 2 to position 3.
  1  3OyPTWKEVZX  brown wheat field under white c…  Noah Moreau         ♥ 1,587
  2  CDA5yLnU5qR  Autumn Leaves On A Forest Path    Anna García         ♥ 42
▸ 3  2Tr0D_iV2WQ  Hot air balloons over a valley    Anna García         ♥ 101
  4  WJAFXn85P28  glass building reflecting clouds  Ines García         ♥ 70
  5  p4BlJ6DLpdE  A Bowl Of Ramen With Egg          Chloé Dubois        ♥ 26
○ ○ ● ○ ○  3/5
photos> state --json
{"stack":["collection"],"count":5,"photos":["3OyPTWKEVZX","CDA5yLnU5qR","2Tr0D_iV2WQ","WJAFXn85P28","p4BlJ6DLpdE"],"page":3,"source":"embedded","layout":"list"}
