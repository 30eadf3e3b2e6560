count: 0
photos> count 6
count: 6
photos> fetch
Fetched 6 photos.
▸ 1  2Tr0D_iV2WQ  Hot air balloons over a valley    Anna García         ♥ 101
  2  CDA5yLnU5qR  Autumn Leaves On A Forest Path    Anna García         ♥ 42
  3  WJAFXn85P28  glass building reflecting clouds  Ines García         ♥ 70
  4  p4BlJ6DLpdE  A Bowl Of Ramen With Egg          Chloé Dubois        ♥ 26
  5  3OyPTWKEVZX  brown wheat field under white c…  Noah Moreau         ♥ 1,587
  6  RrUsiJ50Yr-  Desert dunes at dusk.             Ewa Lindqvist       ♥ 54
● ○ ○ ○ ○ ○  1/6
photos> open 1
Photo 1 of 6
  id           2Tr0D_iV2WQ
  description  Hot air balloons over a valley
  author       Anna García (@annagarcia94)
  likes        ♥ 101
  size         4000 × 6000
  url          https://images.unsplash.com/photo-1543470037843-4b920a7beea2?ixid=M3wpf0XfjGFqNHvEVKGO&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 1> move 6
Move photo 1 to which position? (1…6)
  [1]  2  3  4  5  6
Photo 6 of 6
  id           2Tr0D_iV2WQ
  description  Hot air balloons over a valley
  author       Anna García (@annagarcia94)
  likes        ♥ 101
  size         4000 × 6000
  url          https://images.unsplash.com/photo-1543470037843-4b920a7beea2?ixid=M3wpf0XfjGFqNHvEVKGO&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 6> move 3
Move photo 6 to which position? (1…6)
  1  2  3  4  5  [6]
Photo 3 of 6
  id           2Tr0D_iV2WQ
  description  Hot air balloons over a valley
  author       Anna García (@annagarcia94)
  likes        ♥ 101
  size         4000 × 6000
  url          https://images.unsplash.com/photo-1543470037843-4b920a7beea2?ixid=M3wpf0XfjGFqNHvEVKGO&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 3> move 4
Move photo 3 to which position? (1…6)
  1  2  [3]  4  5  6
Photo 4 of 6
  id           2Tr0D_iV2WQ
  description  Hot air balloons over a valley
  author       Anna García (@annagarcia94)
  likes        ♥ 101
  size         4000 × 6000
  url          https://images.unsplash.com/photo-1543470037843-4b920a7beea2?ixid=M3wpf0XfjGFqNHvEVKGO&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 4> back
Moved photo 1 to position 4.
  1  CDA5yLnU5qR  Autumn Leaves On A Forest Path    Anna García         ♥ 42
  2  WJAFXn85P28  glass building reflecting clouds  Ines García         ♥ 70
  3  p4BlJ6DLpdE  A Bowl Of Ramen With Egg          Chloé Dubois        ♥ 26
▸ 4  2Tr0D_iV2WQ  Hot air balloons over a valley    Anna García         ♥ 101
  5  3OyPTWKEVZX  brown wheat field under white c…  Noah Moreau         ♥ 1,587
  6  RrUsiJ50Yr-  Desert dunes at dusk.             Ewa Lindqvist       ♥ 54
○ ○ ○ ● ○ ○  4/6
photos> open 6
Photo 6 of 6
  id           RrUsiJ50Yr-
  description  Desert dunes at dusk.
  author       Ewa Lindqvist (@ewalindqvist)
  likes        ♥ 54
  size         4000 × 6000
  url          https://images.unsplash.com/photo-1589051108846-d164e949368f?ixid=M3wHlUnMElLQf2DCPwzX&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 6> move 1
Move photo 6 to which position? (1…6)
  1  2  3  4  5  [6]
Photo 1 of 6
  id           RrUsiJ50Yr-
  description  Desert dunes at dusk.
  author       Ewa Lindqvist (@ewalindqvist)
  likes        ♥ 54
  size         4000 × 6000
  url          https://images.unsplash.com/photo-1589051108846-d164e949368f?ixid=M3wHlUnMElLQf2DCPwzX&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 1> back
Moved photo 6 to position 1.
▸ 1  RrUsiJ50Yr-  Desert dunes at dusk.             Ewa Lindqvist       ♥ 54
  2  CDA5yLnU5qR  Autumn Leaves On A Forest Path    Anna García         ♥ 42
  3  WJAFXn85P28  glass building reflecting clouds  Ines García         ♥ 70
  4  p4BlJ6DLpdE  A Bowl Of Ramen With Egg          Chloé Dubois        ♥ 26
  5  2Tr0D_iV2WQ  Hot air balloons over a valley    Anna García         ♥ 101
  6  3OyPTWKEVZX  brown wheat field under white c…  Noah Moreau         ♥ 1,587
● ○ ○ ○ ○ ○  1/6
photos> state --json
{"stack":["collection"],"count":6,"photos":["RrUsiJ50Yr-","CDA5yLnU5qR","WJAFXn85P28","p4BlJ6DLpdE","2Tr0D_iV2WQ","3OyPTWKEVZX"],"page":1,"source":"embedded","layout":"list"}
