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
photos> open 2
Photo 2 of 5
  id           CDA5yLnU5qR
  description  Autumn Leaves On A Forest Path
  author       Anna García (@annagarcia94)
  likes        ♥ 42
  size         7952 × 5304
  url          https://images.unsplash.com/photo-1583147393076-2275caeebff8?ixid=M3wCc0jKe7cvz5IyFqB7&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 2> next
Photo 3 of 5
  id           WJAFXn85P28
  description  glass building reflecting clouds
  author       Ines García (@ines_garcia)
  likes        ♥ 70
  size         6000 × 4000
  url          https://images.unsplash.com/photo-1502895219752-7057502e8539?ixid=M3w0ICYhd9MLhnlAC98s&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 3> next
Photo 4 of 5
  id           p4BlJ6DLpdE
  description  A Bowl Of Ramen With Egg
  author       Chloé Dubois (@chloe_dubois)
  likes        ♥ 26
  size         7952 × 5304
  url          https://images.unsplash.com/photo-1614808354037-2b59d5642872?ixid=M3wF44bFG3YeGq5svt9k&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 4> next
Photo 5 of 5
  id           3OyPTWKEVZX
  description  brown wheat field under white clouds
  author       Noah Moreau (@noahmoreau46)
  likes        ♥ 1,587
  size         4000 × 4000
  url          https://images.unsplash.com/photo-1550864530071-62c569d71e87?ixid=M3wlclfRU8UZC6Z8gjYx&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 5> next
Already at the last photo of the collection (5 of 5).
photos/detail 5> prev
Photo 4 of 5
  id           p4BlJ6DLpdE
  description  A Bowl Of Ramen With Egg
  author       Chloé Dubois (@chloe_dubois)
  likes        ♥ 26
  size         7952 × 5304
  url          https://images.unsplash.com/photo-1614808354037-2b59d5642872?ixid=M3wF44bFG3YeGq5svt9k&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 4> move 1
Move photo 4 to which position? (1…5)
  1  2  3  [4]  5
Photo 1 of 5
  id           p4BlJ6DLpdE
  description  A Bowl Of Ramen With Egg
  author       Chloé Dubois (@chloe_dubois)
  likes        ♥ 26
  size         7952 × 5304
  url          https://images.unsplash.com/photo-1614808354037-2b59d5642872?ixid=M3wF44bFG3YeGq5svt9k&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 1> next
Photo 2 of 5
  id           2Tr0D_iV2WQ
  description  Hot air balloons over a valley
  author       Anna García (@annagarcia94)
  likes        ♥ 101
  size         4000 × 6000
  url          https://images.unsplash.com/photo-1543470037843-4b920a7beea2?ixid=M3wpf0XfjGFqNHvEVKGO&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 2> back
Moved photo 4 to position 1.
  1  p4BlJ6DLpdE  A Bowl Of Ramen With Egg          Chloé Dubois        ♥ 26
▸ 2  2Tr0D_iV2WQ  Hot air balloons over a valley    Anna García         ♥ 101
  3  CDA5yLnU5qR  Autumn Leaves On A Forest Path    Anna García         ♥ 42
  4  WJAFXn85P28  glass building reflecting clouds  Ines García         ♥ 70
  5  3OyPTWKEVZX  brown wheat field under white c…  Noah Moreau         ♥ 1,587
○ ● ○ ○ ○  2/5
photos> state --json
{"stack":["collection"],"count":5,"photos":["p4BlJ6DLpdE","2Tr0D_iV2WQ","CDA5yLnU5qR","WJAFXn85P28","3OyPTWKEVZX"],"page":2,"source":"embedded","layout":"list"}
