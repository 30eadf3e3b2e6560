count: 0
photos> count 3
count: 3
photos> fetch
Fetched 3 photos.
▸ 1  2Tr0D_iV2WQ  Hot air balloons over a valley    Anna García         ♥ 101
  2  CDA5yLnU5qR  Autumn Leaves On A Forest Path    Anna García         ♥ 42
  3  WJAFXn85P28  glass building reflecting clouds  Ines García         ♥ 70
● ○ ○  1/3
photos> open 2
Photo 2 of 3
  id           CDA5yLnU5qR
  description  Autumn Leaves On A Forest Path
  author       Anna García (@annagarcia94)
  likes        ♥ 42
  size         7952 × 5304
  url          https://images.unsplash.com/photo-1583147393076-2275caeebff8?ixid=M3wCc0jKe7cvz5IyFqB7&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 2> back
Photo 2 stays at position 2.
  1  2Tr0D_iV2WQ  Hot air balloons over a valley    Anna García         ♥ 101
▸ 2  CDA5yLnU5qR  Autumn Leaves On A Forest Path    Anna García         ♥ 42
  3  WJAFXn85P28  glass building reflecting clouds  Ines García         ♥ 70
○ ● ○  2/3
photos> open
Photo 2 of 3
  id           CDA5yLnU5qR
  description  Autumn Leaves On A Forest Path
  author       Anna García (@annagarcia94)
  likes        ♥ 42
  size         7952 × 5304
  url          https://images.unsplash.com/photo-1583147393076-2275caeebff8?ixid=M3wCc0jKe7cvz5IyFqB7&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 2> back
Photo 2 stays at position 2.
  1  2Tr0D_iV2WQ  Hot air balloons over a valley    Anna García         ♥ 101
▸ 2  CDA5yLnU5qR  Autumn Leaves On A Forest Path    Anna García         ♥ 42
  3  WJAFXn85P28  glass building reflecting clouds  Ines García         ♥ 70
○ ● ○  2/3
photos> state --json
{"stack":["collection"],"count":3,"photos":["2Tr0D_iV2WQ","CDA5yLnU5qR","WJAFXn85P28"],"page":2,"source":"embedded","layout":"list"}
